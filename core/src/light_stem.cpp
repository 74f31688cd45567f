// Stage "stem", the light variant.
#include "toolsearch/tokenizer.hpp"

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

}  // namespace

size_t light_english_stem_in_place(char* token, size_t size) {
  if (size <= 3 || !std::all_of(token, token + size, [](char c) { return c >= 'a' && c <= 'z'; })) return size;
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

std::string light_english_stem(std::string_view token) {
  std::string s(token);
  s.resize(light_english_stem_in_place(s.data(), s.size()));
  return s;
}

}  // namespace toolsearch
