// Stage "stem", the light variant: English suffixes for ASCII words, Russian case endings for
// Cyrillic ones.
#include "toolsearch/tokenizer.hpp"
#include "toolsearch/word_list.hpp"

#include <algorithm>

namespace toolsearch {

namespace {

bool is_vowel(char c) { return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u' || c == 'y'; }

// The word being stemmed, edited in place (it only ever gets shorter).
struct Stem {
  char* s;
  size_t n;

  bool ends_with(std::string_view suffix) const {
    return n >= suffix.size() && std::string_view(s + n - suffix.size(), suffix.size()) == suffix;
  }
  char back() const { return s[n - 1]; }
  // A vowel before the last `cut` letters: a real stem would remain.
  bool vowel_before(size_t cut) const { return std::any_of(s, s + n - cut, is_vowel); }
  // After removing -ing/-ed: "runn" -> "run", but keep "ll", "ss", "zz" ("install", "process").
  void undouble() {
    if (n >= 3 && s[n - 1] == s[n - 2] && !is_vowel(s[n - 1]) && s[n - 1] != 'l' && s[n - 1] != 's' &&
        s[n - 1] != 'z') {
      --n;
    }
  }
};

// The case endings of Russian nouns and adjectives, longest first, '|'-separated (UTF-8: two
// bytes a letter). Verb endings are left out: they clash with nouns ("бюджет" is not a verb in
// -ет), and the lexicon lists the verb forms requests use ("удали", "удалить").
constexpr std::string_view kRussianEndings =
    "ого|его|ому|ему|ыми|ими|ями|ами|иях|ией|ием|иям|иев|ьев|"
    "ая|яя|ое|ее|ие|ые|ой|ый|ий|ей|ую|юю|ых|их|ым|им|ом|ем|ах|ях|ам|ям|ов|ев|ью|ия|ья|ье|ии|ию|"
    "а|я|о|е|у|ю|ы|и|ь|й";

// Lowercase Cyrillic letters only (а..я, ё: U+0430..U+0451), which case folding produces.
bool all_cyrillic(const char* s, size_t n) {
  if (n % 2 != 0) return false;
  for (size_t i = 0; i < n; i += 2) {
    const auto lead = static_cast<unsigned char>(s[i]), next = static_cast<unsigned char>(s[i + 1]);
    if (!((lead == 0xD0 && next >= 0xB0 && next <= 0xBF) || (lead == 0xD1 && next >= 0x80 && next <= 0x91))) {
      return false;
    }
  }
  return true;
}

// "файла", "файле", "файлами" -> "файл"; "задачи", "задачу" -> "задач": one ending off, when at
// least three letters remain, so a request's word meets the lexicon's and the catalog's forms.
size_t light_russian_stem_in_place(const char* token, size_t size) {
  if (!all_cyrillic(token, size)) return size;
  const std::string_view word(token, size);
  size_t stem = size;
  any_word_of(kRussianEndings, [&](std::string_view ending) {
    if (size < ending.size() + 6 || word.substr(size - ending.size()) != ending) return false;
    stem = size - ending.size();
    return true;
  });
  return stem;
}

}  // namespace

size_t light_stem_in_place(char* token, size_t size) {
  if (size > 0 && static_cast<unsigned char>(token[0]) >= 0xD0) return light_russian_stem_in_place(token, size);
  if (size <= 3 || !std::all_of(token, token + size, [](char c) { return c >= 'a' && c <= 'z'; })) return size;
  // "setting" and "settings" are configuration, a noun of their own; stemmed, they became "set",
  // which assigns a value and names many tools (Redis's "set" answered "open the settings").
  // Snowball keeps a like list of -ing words it leaves whole ("inning", "outing", "herring").
  const std::string_view word(token, size);
  if (word == "setting" || word == "settings") return 7;
  Stem w{token, size};
  // Plurals and third person.
  if (w.ends_with("sses")) {
    w.n -= 2;
  } else if (w.ends_with("ies") || w.ends_with("ied")) {
    w.n -= 3;
    if (w.n >= 2) {
      w.s[w.n++] = 'y';
    } else {  // "xies": the word was 4 letters, so "xie" fits
      w.s[w.n++] = 'i';
      w.s[w.n++] = 'e';
    }
  } else if (w.ends_with("xes") || w.ends_with("ches") || w.ends_with("shes") || w.ends_with("zes")) {
    w.n -= 2;
  } else if (w.back() == 's' && !w.ends_with("ss") && !w.ends_with("us") && !w.ends_with("is")) {
    --w.n;
  }
  // Verb forms: strip when a real stem (3+ letters with a vowel) remains.
  if (w.ends_with("ing") && w.n >= 6 && w.vowel_before(3)) {
    w.n -= 3;
    w.undouble();
  } else if (w.ends_with("ed") && !w.ends_with("eed") && w.n >= 5 && w.vowel_before(2)) {
    w.n -= 2;
    w.undouble();
  }
  // A final silent e, so "create", "creates", "created" and "creating" meet at "creat".
  if (w.n > 3 && w.back() == 'e' && w.s[w.n - 2] != 'e') --w.n;
  return w.n;
}

std::string light_stem(std::string_view token) {
  std::string s(token);
  s.resize(light_stem_in_place(s.data(), s.size()));
  return s;
}

}  // namespace toolsearch
