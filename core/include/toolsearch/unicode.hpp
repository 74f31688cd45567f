// Code point classification and case folding, shared by the tokenizer, name matching and the
// token estimator (so they agree on what is a letter, a space or CJK).
//
// No ICU: a compact range table and arithmetic case folding cover Latin (Basic, Latin-1,
// Extended-A/B, Extended Additional), Greek, Cyrillic, Armenian and Georgian, plus
// letter/digit classes for Hebrew, Arabic, Devanagari, Thai and the CJK scripts.
#pragma once

#include <string_view>

namespace toolsearch {

/// What a code point is to the tokenizer. Combining marks count as letters so that they never
/// split a word.
enum class CharClass : unsigned char {
  Other,   ///< separator: space, punctuation, symbols, U+FFFD, unassigned ranges
  Letter,  ///< a letter of a space-separated script (Latin, Greek, Cyrillic, Arabic, ...)
  Digit,   ///< 0-9, fullwidth digits and the decimal digits of the scripts above
  Cjk,     ///< Han, Hiragana, Katakana (incl. halfwidth) and Hangul: indexed as bigrams
};
inline CharClass classify(char32_t cp);

/// Han, kana or Hangul: classify(cp) == CharClass::Cjk.
inline bool is_cjk(char32_t cp) { return classify(cp) == CharClass::Cjk; }

/// Unicode white space (ASCII blanks, NEL, NBSP, the U+2000 block, line/paragraph separators,
/// ideographic space), plus the zero-width space and BOM, which only ever separate.
inline bool is_unicode_space(char32_t cp);

/// Simple (one-to-one) Unicode lowercase mapping for the scripts listed above; other code
/// points are returned unchanged.
inline char32_t to_lower(char32_t cp);
/// True when `cp` is an uppercase (or titlecase) letter, i.e. to_lower changes it.
inline bool is_upper(char32_t cp) { return to_lower(cp) != cp; }
/// to_lower plus the foldings that make matching case-insensitive: final sigma to sigma,
/// long s to s, micro sign to mu, fullwidth ASCII (U+FF01..U+FF5E) to ASCII.
inline char32_t fold_char(char32_t cp);

/// The lowercase ASCII letters a Latin letter of U+00C0..U+017F is written with when its
/// diacritics are dropped ("é" -> "e", "ß" -> "ss", "Œ" -> "oe"); empty for any other code
/// point (and for U+00D7 and U+00F7, the multiplication and division signs).
std::string_view latin_ascii(char32_t cp);

// ASCII, most of what tools and queries are written in, is answered inline; the tables for
// the rest live in unicode.cpp.
namespace detail {
CharClass classify_beyond_ascii(char32_t cp);
bool is_unicode_space_beyond_ascii(char32_t cp);
char32_t to_lower_beyond_ascii(char32_t cp);
char32_t fold_char_beyond_ascii(char32_t cp);
}  // namespace detail

inline CharClass classify(char32_t cp) {
  if (cp >= 0x80) return detail::classify_beyond_ascii(cp);
  if (cp - U'0' <= 9u) return CharClass::Digit;
  return ((cp | 0x20u) - U'a' <= 25u) ? CharClass::Letter : CharClass::Other;
}

inline bool is_unicode_space(char32_t cp) {
  if (cp >= 0x80) return detail::is_unicode_space_beyond_ascii(cp);
  return cp == U' ' || (cp >= 0x09 && cp <= 0x0D);
}

inline char32_t to_lower(char32_t cp) {
  if (cp >= 0x80) return detail::to_lower_beyond_ascii(cp);
  return cp - U'A' <= 25u ? cp + 32 : cp;
}

inline char32_t fold_char(char32_t cp) {
  if (cp >= 0x80) return detail::fold_char_beyond_ascii(cp);
  return cp - U'A' <= 25u ? cp + 32 : cp;
}

}  // namespace toolsearch
