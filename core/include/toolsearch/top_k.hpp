// The k best of a stream, kept as a heap whose top is the worst kept: the one selection loop
// that BM25 ranking, its pruning threshold and the vector index share.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

namespace toolsearch {

/// Offers `item` to `heap`, which holds at most `k` items; `better(a, b)` says a ranks above b.
/// The heap is std::push_heap's under `better`, so its front is the worst kept item.
template <class T, class Better>
void keep_best(std::vector<T>& heap, size_t k, const T& item, Better better) {
  if (heap.size() < k) {
    heap.push_back(item);
    std::push_heap(heap.begin(), heap.end(), better);
    return;
  }
  if (k == 0 || !better(item, heap.front())) return;
  // The item replaces the front and sinks to its place: one pass down the heap, where
  // pop_heap then push_heap took two.
  const size_t n = heap.size();
  size_t at = 0;
  for (size_t child = 1; child < n; child = 2 * at + 1) {
    if (child + 1 < n && better(heap[child], heap[child + 1])) ++child;  // the worse child
    if (!better(item, heap[child])) break;
    heap[at] = heap[child];
    at = child;
  }
  heap[at] = item;
}

}  // namespace toolsearch
