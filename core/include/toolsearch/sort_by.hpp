// One sorting routine for the whole core. std::sort is instantiated per element type and
// comparator, about 1.3 KB of wasm each; sort_by sorts positions with one shared instance and
// then moves the elements into that order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace toolsearch {
namespace detail {

using PositionLess = bool (*)(const void* context, uint32_t a, uint32_t b);

/// std::sort of the positions [first, last) by less(context, a, b); the one instance.
void sort_positions(uint32_t* first, uint32_t* last, PositionLess less, const void* context);

}  // namespace detail

/// Sorts `items` by `less`, a strict weak order. Like std::sort it is not stable, so `less`
/// should break ties down to elements that are interchangeable (every comparator in the core
/// does); then the result is exactly std::sort's. Sizes are limited to 2^32 - 1 elements.
template <class T, class Less>
void sort_by(std::vector<T>& items, Less less) {
  if (items.size() < 2) return;
  struct Context {
    const std::vector<T>& items;
    Less& less;
  } context{items, less};
  std::vector<uint32_t> order(items.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<uint32_t>(i);
  detail::sort_positions(
      order.data(), order.data() + order.size(),
      [](const void* c, uint32_t a, uint32_t b) {
        const Context& x = *static_cast<const Context*>(c);
        return static_cast<bool>(x.less(x.items[a], x.items[b]));
      },
      &context);
  std::vector<T> sorted;
  sorted.reserve(items.size());
  for (uint32_t i : order) sorted.push_back(std::move(items[i]));
  items.swap(sorted);
}

/// Sorts a short `items` in place by insertion, with `less` inlined: for a hot sort of a few
/// dozen elements, where sort_by's comparator, called by pointer once per comparison, costs
/// more in wasm than the sort itself, and no allocation is wanted. O(n^2): keep n small (the
/// caller bounds it). With a `less` that breaks every tie, the order is sort_by's.
template <class T, class Less>
void insertion_sort_by(std::vector<T>& items, Less less) {
  for (size_t i = 1; i < items.size(); ++i) {
    T item = std::move(items[i]);
    size_t j = i;
    for (; j > 0 && less(item, items[j - 1]); --j) items[j] = std::move(items[j - 1]);
    items[j] = std::move(item);
  }
}

}  // namespace toolsearch
