// Stage "stem", the light variant.
#include "toolsearch/tokenizer.hpp"

#include <algorithm>

namespace toolsearch {

namespace {

bool is_vowel(char c) { return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u' || c == 'y'; }

bool has_vowel(std::string_view s) { return std::any_of(s.begin(), s.end(), is_vowel); }

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// After removing -ing/-ed: "runn" -> "run", but keep "ll", "ss", "zz" ("install", "process").
void undouble(std::string& s) {
  const size_t n = s.size();
  if (n >= 3 && s[n - 1] == s[n - 2] && !is_vowel(s[n - 1]) && s[n - 1] != 'l' &&
      s[n - 1] != 's' && s[n - 1] != 'z') {
    s.pop_back();
  }
}

}  // namespace

std::string light_english_stem(std::string_view token) {
  if (token.size() <= 3 ||
      !std::all_of(token.begin(), token.end(), [](char c) { return c >= 'a' && c <= 'z'; })) {
    return std::string(token);
  }
  std::string s(token);
  // Plurals and third person.
  if (ends_with(s, "sses")) {
    s.resize(s.size() - 2);
  } else if (ends_with(s, "ies") || ends_with(s, "ied")) {
    s.resize(s.size() - 3);
    s += s.size() >= 2 ? "y" : "ie";
  } else if (ends_with(s, "xes") || ends_with(s, "ches") || ends_with(s, "shes") ||
             ends_with(s, "zes")) {
    s.resize(s.size() - 2);
  } else if (s.back() == 's' && !ends_with(s, "ss") && !ends_with(s, "us") && !ends_with(s, "is")) {
    s.pop_back();
  }
  // Verb forms: strip when a real stem (3+ letters with a vowel) remains.
  if (ends_with(s, "ing") && s.size() >= 6 && has_vowel(std::string_view(s).substr(0, s.size() - 3))) {
    s.resize(s.size() - 3);
    undouble(s);
  } else if (ends_with(s, "ed") && !ends_with(s, "eed") && s.size() >= 5 &&
             has_vowel(std::string_view(s).substr(0, s.size() - 2))) {
    s.resize(s.size() - 2);
    undouble(s);
  }
  // A final silent e, so "create", "creates", "created" and "creating" meet at "creat".
  if (s.size() > 3 && s.back() == 'e' && s[s.size() - 2] != 'e') s.pop_back();
  return s;
}

}  // namespace toolsearch
