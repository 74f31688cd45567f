// Word tables written as one '|'-separated string ("der|die|das"): in the module a string is
// the bytes of its words alone, where an array of string views adds eight bytes a word.
#pragma once

#include <string_view>

namespace toolsearch {

/// Calls `visit(piece)` for each piece of `list` between `separator`s, in order, until a call
/// returns true; returns whether one did. constexpr, so a table can be checked when it is
/// compiled.
template <class Visit>
constexpr bool any_piece_of(std::string_view list, char separator, Visit&& visit) {
  while (!list.empty()) {
    const size_t at = list.find(separator);
    if (visit(list.substr(0, at))) return true;
    list = at == std::string_view::npos ? std::string_view() : list.substr(at + 1);
  }
  return false;
}

/// Calls `visit(word)` for each word of a '|'-separated `list`, as any_piece_of().
template <class Visit>
constexpr bool any_word_of(std::string_view list, Visit&& visit) {
  return any_piece_of(list, '|', visit);
}

}  // namespace toolsearch
