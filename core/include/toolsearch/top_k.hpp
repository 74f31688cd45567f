// The k best of a stream, kept as a heap whose top is the worst kept: the one selection loop
// that BM25 ranking, its pruning threshold and the vector index share.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

namespace toolsearch {

/// Offers `item` to `heap`, which holds at most `k` items; `better(a, b)` says a ranks above b.
template <class T, class Better>
void keep_best(std::vector<T>& heap, size_t k, const T& item, Better better) {
  if (heap.size() < k) {
    heap.push_back(item);
    std::push_heap(heap.begin(), heap.end(), better);
  } else if (k > 0 && better(item, heap.front())) {
    std::pop_heap(heap.begin(), heap.end(), better);
    heap.back() = item;
    std::push_heap(heap.begin(), heap.end(), better);
  }
}

}  // namespace toolsearch
