// Stages "split_words" and "split_identifier".
#include "toolsearch/tokenizer.hpp"

namespace toolsearch {
namespace {

bool is_joiner(char32_t c) { return c == U'_' || c == U'-'; }

bool is_word_char(CharClass cls) { return cls == CharClass::Letter || cls == CharClass::Digit; }

}  // namespace

void split_words_into(std::u32string_view text, std::vector<Word>& words) {
  words.clear();
  const size_t n = text.size();
  size_t i = 0;
  while (i < n) {
    const CharClass cls = classify(text[i]);
    if (cls == CharClass::Other) {
      ++i;
      continue;
    }
    const size_t start = i;
    if (cls == CharClass::Cjk) {
      while (i < n && classify(text[i]) == CharClass::Cjk) ++i;
      words.push_back({text.substr(start, i - start), true});
      continue;
    }
    size_t end = i;  // one past the last word character
    while (i < n) {
      const char32_t c = text[i];
      if (is_word_char(classify(c))) {
        end = ++i;
      } else if (is_joiner(c)) {
        size_t j = i;
        while (j < n && is_joiner(text[j])) ++j;
        if (j < n && is_word_char(classify(text[j]))) {
          i = j;  // joiners between word characters stay inside the identifier
        } else {
          break;
        }
      } else {
        break;
      }
    }
    words.push_back({text.substr(start, end - start), false});
    i = std::max(i, end);
  }
}

void split_identifier_into(std::u32string_view word, std::vector<std::u32string_view>& parts) {
  parts.clear();
  const size_t n = word.size();
  size_t start = 0;
  auto flush = [&](size_t end) {
    if (end > start) parts.push_back(word.substr(start, end - start));
  };
  for (size_t i = 0; i < n; ++i) {
    const char32_t c = word[i];
    if (is_joiner(c)) {
      flush(i);
      start = i + 1;
      continue;
    }
    if (i == start) continue;
    const char32_t prev = word[i - 1];
    const bool prev_digit = classify(prev) == CharClass::Digit;
    const bool cur_digit = classify(c) == CharClass::Digit;
    bool boundary = prev_digit != cur_digit;
    if (!boundary && !cur_digit && is_upper(c)) {
      if (!is_upper(prev)) {
        boundary = true;  // camelCase: lower -> Upper
      } else if (i + 1 < n && !is_joiner(word[i + 1]) &&
                 classify(word[i + 1]) == CharClass::Letter && !is_upper(word[i + 1])) {
        // End of an acronym: "HTTPResponse" splits before "R". A lone plural "s" after an
        // acronym ("URLs", "IDs") is not the start of a new word.
        const bool plural_s = word[i + 1] == U's' &&
                              (i + 2 == n || is_joiner(word[i + 2]) || is_upper(word[i + 2]) ||
                               classify(word[i + 2]) == CharClass::Digit);
        boundary = !plural_s;
      }
    }
    if (boundary) {
      flush(i);
      start = i;
    }
  }
  flush(n);
}

std::vector<Word> split_words(std::u32string_view text) {
  std::vector<Word> words;
  split_words_into(text, words);
  return words;
}

std::vector<std::u32string_view> split_identifier(std::u32string_view word) {
  std::vector<std::u32string_view> parts;
  split_identifier_into(word, parts);
  return parts;
}

}  // namespace toolsearch
