// Code point classification and case folding, shared by the tokenizer, name matching and the
// token estimator (so they agree on what is a letter, a space or CJK).
//
// No ICU: a compact range table and arithmetic case folding cover Latin (Basic, Latin-1,
// Extended-A/B, Extended Additional), Greek, Cyrillic, Armenian and Georgian, plus
// letter/digit classes for Hebrew, Arabic, Devanagari, Thai and the CJK scripts.
#pragma once

namespace toolsearch {

/// What a code point is to the tokenizer. Combining marks count as letters so that they never
/// split a word.
enum class CharClass : unsigned char {
  Other,   ///< separator: space, punctuation, symbols, U+FFFD, unassigned ranges
  Letter,  ///< a letter of a space-separated script (Latin, Greek, Cyrillic, Arabic, ...)
  Digit,   ///< 0-9, fullwidth digits and the decimal digits of the scripts above
  Cjk,     ///< Han, Hiragana, Katakana (incl. halfwidth) and Hangul: indexed as bigrams
};
CharClass classify(char32_t cp);

/// Han, kana or Hangul: classify(cp) == CharClass::Cjk.
inline bool is_cjk(char32_t cp) { return classify(cp) == CharClass::Cjk; }

/// Unicode white space (ASCII blanks, NEL, NBSP, the U+2000 block, line/paragraph separators,
/// ideographic space), plus the zero-width space and BOM, which only ever separate.
bool is_unicode_space(char32_t cp);

/// Simple (one-to-one) Unicode lowercase mapping for the scripts listed above; other code
/// points are returned unchanged.
char32_t to_lower(char32_t cp);
/// True when `cp` is an uppercase (or titlecase) letter, i.e. to_lower changes it.
bool is_upper(char32_t cp);
/// to_lower plus the foldings that make matching case-insensitive: final sigma to sigma,
/// long s to s, micro sign to mu, fullwidth ASCII (U+FF01..U+FF5E) to ASCII.
char32_t fold_char(char32_t cp);

}  // namespace toolsearch
