#include "toolsearch/sort_by.hpp"

#include <algorithm>

namespace toolsearch::detail {

void sort_positions(uint32_t* first, uint32_t* last, PositionLess less, const void* context) {
  std::sort(first, last, [less, context](uint32_t a, uint32_t b) { return less(context, a, b); });
}

}  // namespace toolsearch::detail
