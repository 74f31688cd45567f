// Edit distance and "did you mean": the one place that decides what is close to a typo and
// how the suggestion reads, for config keys, tool names and the bridge.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace toolsearch {

/// ASCII blank: space, tab, newline, carriage return, form feed, vertical tab.
inline bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

/// `text` without leading and trailing ASCII blanks.
std::string_view trim_blanks(std::string_view text);

/// Caller-supplied text made safe to quote in a message: invalid UTF-8 replaced, clipped to
/// `max_bytes` on a code point boundary with "..." appended when cut. Default 128.
std::string echo(std::string_view text, size_t max_bytes = 128);

/// echo() as a JSON string literal: "name".
std::string quoted_echo(std::string_view text, size_t max_bytes = 128);

/// "1 tool", "3 tools".
std::string counted(size_t n, const char* singular, const char* plural);

/// Optimal string alignment distance (Damerau-Levenshtein without repeated edits of a
/// substring) between code point strings, or `max + 1` as soon as it must exceed `max`.
/// Only the band of cells within `max` of the diagonal is computed: O(len * max) time and
/// O(max) memory, so long names cost little against a small typo budget.
/// `rows` is scratch space, reused across calls to spare allocations.
size_t osa_distance(std::u32string_view a, std::u32string_view b, size_t max, std::vector<size_t>& rows);
/// Same, on bytes: for ASCII words, such as the index's typo candidates.
size_t osa_distance(std::string_view a, std::string_view b, size_t max, std::vector<size_t>& rows);

/// The typos tolerated in a word or name of `length` code points: 0 up to 2, 1 up to 5,
/// 2 up to 9, then 3.
size_t typo_budget(size_t length);

/// The candidate a typed key most likely meant, ignoring ASCII case: the shortest candidate
/// containing it (keys of 3+ letters), else the one at the smallest edit distance, if that is at
/// most a third of the key's letters (2 at least) and fewer than half of them; ties go to
/// candidate order. "" when none is close. Time linear in the key's length. The JS API's option
/// checks (js/src/option-keys.js) use the same distance rule.
std::string closest_match(std::string_view typed, const std::vector<std::string>& candidates);

/// What follows "unknown key "k"." in an error: " Did you mean "x"?" for the closest of `keys`,
/// or " Expected one of: a, b." when none is close (as the JS API words it).
std::string key_hint(std::string_view typed, const std::vector<std::string>& keys);

/// " Did you mean "a", "b" or "c"?" (quoted as JSON strings), or "" for no names. `lead` is
/// what precedes "Did you mean" (e.g. " " or "; ").
std::string did_you_mean(const std::vector<std::string>& names, std::string_view lead = " ");

}  // namespace toolsearch
