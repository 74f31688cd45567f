// Word tables written as one '|'-separated string ("der|die|das"): in the module a string is
// the bytes of its words alone, where an array of string views adds eight bytes a word.
#pragma once

#include <string_view>

namespace toolsearch {

/// Calls `visit(word)` for each word of `list`, in order, until a call returns true; returns
/// whether one did. constexpr, so a table can be checked when it is compiled.
template <class Visit>
constexpr bool any_word_of(std::string_view list, Visit&& visit) {
  while (!list.empty()) {
    const size_t bar = list.find('|');
    if (visit(list.substr(0, bar))) return true;
    list = bar == std::string_view::npos ? std::string_view() : list.substr(bar + 1);
  }
  return false;
}

}  // namespace toolsearch
