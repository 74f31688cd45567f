#include "toolsearch/unicode.hpp"

#include <algorithm>
#include <iterator>

namespace toolsearch {
namespace {

struct ClassRange {
  char32_t lo;
  char32_t hi;
  CharClass cls;
};

// Sorted, non-overlapping. Coarse on purpose: a few stray symbols inside a script block count
// as letters, which only ever joins a word, never loses text.
constexpr ClassRange kClassRanges[] = {
    {0x0030, 0x0039, CharClass::Digit},
    {0x0041, 0x005A, CharClass::Letter},
    {0x0061, 0x007A, CharClass::Letter},
    {0x00AA, 0x00AA, CharClass::Letter},
    {0x00B5, 0x00B5, CharClass::Letter},
    {0x00BA, 0x00BA, CharClass::Letter},
    {0x00C0, 0x00D6, CharClass::Letter},
    {0x00D8, 0x00F6, CharClass::Letter},
    {0x00F8, 0x02C1, CharClass::Letter},  // Latin-1, Extended-A/B, IPA, modifier letters
    {0x02C6, 0x02D1, CharClass::Letter},
    {0x02E0, 0x02E4, CharClass::Letter},
    {0x0300, 0x036F, CharClass::Letter},  // combining diacritics join their base letter
    {0x0370, 0x0374, CharClass::Letter},  // Greek (minus its punctuation ; · ΄ ΅)
    {0x0376, 0x037D, CharClass::Letter},
    {0x037F, 0x037F, CharClass::Letter},
    {0x0386, 0x0386, CharClass::Letter},
    {0x0388, 0x03F5, CharClass::Letter},
    {0x03F7, 0x0481, CharClass::Letter},  // Greek, Cyrillic
    {0x0483, 0x052F, CharClass::Letter},
    {0x0531, 0x0556, CharClass::Letter},  // Armenian
    {0x0559, 0x0559, CharClass::Letter},
    {0x0560, 0x0588, CharClass::Letter},
    {0x0591, 0x05BD, CharClass::Letter},  // Hebrew points and letters
    {0x05BF, 0x05BF, CharClass::Letter},
    {0x05C1, 0x05C2, CharClass::Letter},
    {0x05C4, 0x05C5, CharClass::Letter},
    {0x05C7, 0x05C7, CharClass::Letter},
    {0x05D0, 0x05EA, CharClass::Letter},
    {0x05EF, 0x05F2, CharClass::Letter},
    {0x0610, 0x061A, CharClass::Letter},  // Arabic
    {0x0620, 0x065F, CharClass::Letter},
    {0x0660, 0x0669, CharClass::Digit},
    {0x066E, 0x06D3, CharClass::Letter},
    {0x06D5, 0x06DC, CharClass::Letter},
    {0x06DF, 0x06E8, CharClass::Letter},
    {0x06EA, 0x06EF, CharClass::Letter},
    {0x06F0, 0x06F9, CharClass::Digit},
    {0x06FA, 0x06FC, CharClass::Letter},
    {0x0900, 0x0963, CharClass::Letter},  // Devanagari
    {0x0966, 0x096F, CharClass::Digit},
    {0x0971, 0x097F, CharClass::Letter},
    {0x0E01, 0x0E3A, CharClass::Letter},  // Thai
    {0x0E40, 0x0E4E, CharClass::Letter},
    {0x0E50, 0x0E59, CharClass::Digit},
    {0x10A0, 0x10FA, CharClass::Letter},  // Georgian
    {0x10FC, 0x10FF, CharClass::Letter},
    {0x1100, 0x11FF, CharClass::Cjk},     // Hangul Jamo
    {0x1E00, 0x1FBC, CharClass::Letter},  // Latin Extended Additional, Greek Extended
    {0x1FC2, 0x1FCC, CharClass::Letter},
    {0x1FD0, 0x1FDB, CharClass::Letter},
    {0x1FE0, 0x1FEC, CharClass::Letter},
    {0x1FF2, 0x1FFC, CharClass::Letter},
    {0x2C65, 0x2C66, CharClass::Letter},  // ⱥ ⱦ: lowercase of Ⱥ Ⱦ (U+023A, U+023E)
    {0x2D00, 0x2D25, CharClass::Letter},  // Georgian small letters (Nuskhuri)
    {0x2D27, 0x2D27, CharClass::Letter},  // lowercase of U+10C7 and U+10CD: a folded letter
    {0x2D2D, 0x2D2D, CharClass::Letter},  // must stay a letter, or queries typed folded split
    {0x3005, 0x3007, CharClass::Cjk},     // 々 〆 〇
    {0x3041, 0x309F, CharClass::Cjk},     // Hiragana
    {0x30A1, 0x30FA, CharClass::Cjk},     // Katakana (U+30FB middle dot separates)
    {0x30FC, 0x30FF, CharClass::Cjk},
    {0x3131, 0x318E, CharClass::Cjk},     // Hangul compatibility Jamo
    {0x31F0, 0x31FF, CharClass::Cjk},
    {0x3400, 0x4DBF, CharClass::Cjk},     // Han extension A
    {0x4E00, 0x9FFF, CharClass::Cjk},     // Han
    {0xAC00, 0xD7A3, CharClass::Cjk},     // Hangul syllables
    {0xF900, 0xFAFF, CharClass::Cjk},     // Han compatibility
    {0xFF10, 0xFF19, CharClass::Digit},   // fullwidth digits
    {0xFF21, 0xFF3A, CharClass::Letter},  // fullwidth Latin
    {0xFF41, 0xFF5A, CharClass::Letter},
    {0xFF66, 0xFF9F, CharClass::Cjk},     // halfwidth Katakana
    {0x20000, 0x2FA1F, CharClass::Cjk},   // Han extensions B-F, compatibility supplement
    {0x30000, 0x3134F, CharClass::Cjk},   // Han extension G
};

// Lowercase pairs that no arithmetic rule below covers. Sorted by upper.
struct CasePair {
  char16_t upper;
  char16_t lower;
};
constexpr CasePair kIrregularLower[] = {
    {0x0130, 0x0069}, {0x0178, 0x00FF}, {0x0181, 0x0253}, {0x0182, 0x0183}, {0x0184, 0x0185},
    {0x0186, 0x0254}, {0x0187, 0x0188}, {0x0189, 0x0256}, {0x018A, 0x0257}, {0x018B, 0x018C},
    {0x018E, 0x01DD}, {0x018F, 0x0259}, {0x0190, 0x025B}, {0x0191, 0x0192}, {0x0193, 0x0260},
    {0x0194, 0x0263}, {0x0196, 0x0269}, {0x0197, 0x0268}, {0x0198, 0x0199}, {0x019C, 0x026F},
    {0x019D, 0x0272}, {0x019F, 0x0275}, {0x01A0, 0x01A1}, {0x01A2, 0x01A3}, {0x01A4, 0x01A5},
    {0x01A6, 0x0280}, {0x01A7, 0x01A8}, {0x01A9, 0x0283}, {0x01AC, 0x01AD}, {0x01AE, 0x0288},
    {0x01AF, 0x01B0}, {0x01B1, 0x028A}, {0x01B2, 0x028B}, {0x01B3, 0x01B4}, {0x01B5, 0x01B6},
    {0x01B7, 0x0292}, {0x01B8, 0x01B9}, {0x01BC, 0x01BD}, {0x01C4, 0x01C6}, {0x01C5, 0x01C6},
    {0x01C7, 0x01C9}, {0x01C8, 0x01C9}, {0x01CA, 0x01CC}, {0x01CB, 0x01CC}, {0x01F1, 0x01F3},
    {0x01F2, 0x01F3}, {0x01F4, 0x01F5}, {0x01F6, 0x0195}, {0x01F7, 0x01BF}, {0x0220, 0x019E},
    {0x023A, 0x2C65}, {0x023B, 0x023C}, {0x023D, 0x019A}, {0x023E, 0x2C66}, {0x0241, 0x0242},
    {0x0243, 0x0180}, {0x0244, 0x0289}, {0x0245, 0x028C}, {0x037F, 0x03F3}, {0x0386, 0x03AC},
    {0x038C, 0x03CC}, {0x038E, 0x03CD}, {0x038F, 0x03CE}, {0x03CF, 0x03D7}, {0x03F4, 0x03B8},
    {0x03F7, 0x03F8}, {0x03F9, 0x03F2}, {0x03FA, 0x03FB}, {0x03FD, 0x037B}, {0x03FE, 0x037C},
    {0x03FF, 0x037D}, {0x04C0, 0x04CF}, {0x10C7, 0x2D27}, {0x10CD, 0x2D2D}, {0x1E9E, 0x00DF},
};

bool in(char32_t c, char32_t lo, char32_t hi) { return c >= lo && c <= hi; }
bool even(char32_t c) { return (c & 1u) == 0; }

}  // namespace

namespace detail {

CharClass classify_beyond_ascii(char32_t cp) {
  const auto* end = std::end(kClassRanges);
  const auto* it = std::upper_bound(std::begin(kClassRanges), end, cp,
                                    [](char32_t c, const ClassRange& r) { return c < r.lo; });
  if (it == std::begin(kClassRanges)) return CharClass::Other;
  --it;
  return cp <= it->hi ? it->cls : CharClass::Other;
}

char32_t to_lower_beyond_ascii(char32_t c) {
  if (c < 0x100) return (in(c, 0xC0, 0xDE) && c != 0xD7) ? c + 32 : c;
  if (c < 0x2D00) {
    // Irregular pairs first: they are exceptions inside the runs below.
    const auto* end = std::end(kIrregularLower);
    const auto* it = std::lower_bound(std::begin(kIrregularLower), end, c,
                                      [](const CasePair& p, char32_t v) { return p.upper < v; });
    if (it != end && it->upper == c) return it->lower;
  }
  if (c < 0x180) {  // Latin Extended-A: alternating upper/lower pairs
    if ((in(c, 0x100, 0x12F) || in(c, 0x132, 0x137) || in(c, 0x14A, 0x177)) && even(c)) return c + 1;
    if ((in(c, 0x139, 0x148) || in(c, 0x179, 0x17E)) && !even(c)) return c + 1;
    return c;
  }
  if (c < 0x250) {  // Latin Extended-B: the regular runs
    if (in(c, 0x1CD, 0x1DC) && !even(c)) return c + 1;
    if ((in(c, 0x1DE, 0x1EF) || in(c, 0x1F8, 0x21F) || in(c, 0x222, 0x233) || in(c, 0x246, 0x24F)) &&
        even(c)) {
      return c + 1;
    }
    return c;
  }
  if (in(c, 0x370, 0x3FF)) {  // Greek
    if (in(c, 0x391, 0x3AB) && c != 0x3A2) return c + 32;
    if (in(c, 0x388, 0x38A)) return c + 37;
    if ((in(c, 0x370, 0x373) || c == 0x376 || in(c, 0x3D8, 0x3EF)) && even(c)) return c + 1;
    return c;
  }
  if (in(c, 0x400, 0x52F)) {  // Cyrillic and its supplement
    if (c < 0x410) return c + 80;
    if (c < 0x430) return c + 32;
    if ((in(c, 0x460, 0x481) || in(c, 0x48A, 0x4BF) || in(c, 0x4D0, 0x52F)) && even(c)) return c + 1;
    if (in(c, 0x4C1, 0x4CE) && !even(c)) return c + 1;
    return c;
  }
  if (in(c, 0x531, 0x556)) return c + 48;       // Armenian
  if (in(c, 0x10A0, 0x10C5)) return c + 7264;  // Georgian Asomtavruli
  if (in(c, 0x1E00, 0x1EFF)) {                 // Latin Extended Additional (Vietnamese)
    if ((in(c, 0x1E00, 0x1E95) || in(c, 0x1EA0, 0x1EFF)) && even(c)) return c + 1;
    return c;
  }
  if (in(c, 0x1F00, 0x1FAF)) {  // Greek Extended: capitals sit 8 above their small letters
    const char32_t row = (c >> 4) & 0xFu;
    const char32_t col = c & 0xFu;
    if (col < 8) return c;
    if (row == 0x1 || row == 0x4) return col <= 0xD ? c - 8 : c;
    if (row == 0x5) return (col & 1u) ? c - 8 : c;
    if (row == 0x7) return c;
    return c - 8;
  }
  if (in(c, 0xFF21, 0xFF3A)) return c + 32;  // fullwidth Latin
  return c;
}

char32_t fold_char_beyond_ascii(char32_t cp) {
  const char32_t lower = to_lower(cp);
  switch (lower) {
    case 0x017F: return U's';    // long s
    case 0x03C2: return 0x03C3;  // final sigma
    case 0x00B5: return 0x03BC;  // micro sign
    default: break;
  }
  // Fullwidth ASCII, common in Japanese and Chinese text ("ＡＰＩ" matches "api").
  if (in(lower, 0xFF01, 0xFF5E)) return lower - 0xFEE0;
  return lower;
}

bool is_unicode_space_beyond_ascii(char32_t c) {
  return c == 0x85 || c == 0xA0 || c == 0x1680 ||
         (c >= 0x2000 && c <= 0x200B) || c == 0x2028 || c == 0x2029 || c == 0x202F ||
         c == 0x205F || c == 0x3000 || c == 0xFEFF;
}

}  // namespace detail

std::string_view latin_ascii(char32_t cp) {
  // One byte per code point of U+00C0..U+017F, from each letter's Unicode decomposition (its
  // base letter); the letters without one are written in ASCII as Æ ae, Ð d, Ø o, Þ th, ß ss,
  // Ł l, Œ oe, ...: the five written with two letters are coded A, T, S, I and O; '-' is none.
  static constexpr char kBase[] =
      "aaaaaaAceeeeiiiidnooooo-ouuuuyTSaaaaaaAceeeeiiiidnooooo-ouuuuyTy"
      "aaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiiIIjjkkklllllll"
      "lllnnnnnnnnnooooooOOrrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzs";
  if (cp < 0xC0 || cp > 0x17F) return {};
  switch (const char c = kBase[cp - 0xC0]) {
    case '-': return {};
    case 'A': return "ae";
    case 'T': return "th";
    case 'S': return "ss";
    case 'I': return "ij";
    case 'O': return "oe";
    default: return {&kBase[cp - 0xC0], 1};  // the letter itself, viewed in the table
  }
}

}  // namespace toolsearch
