#include "toolsearch/tokenizer.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>

namespace toolsearch {
namespace {

bool is_joiner(char32_t c) { return c == U'_' || c == U'-'; }

bool is_word_char(CharClass cls) { return cls == CharClass::Letter || cls == CharClass::Digit; }

}  // namespace

namespace {

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

}  // namespace

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

std::u32string fold_case(std::u32string_view text) {
  std::u32string out(text);
  for (char32_t& c : out) c = fold_char(c);
  return out;
}

std::vector<std::u32string_view> cjk_bigrams(std::u32string_view run) {
  std::vector<std::u32string_view> grams;
  if (run.size() == 1) {
    grams.push_back(run);
    return grams;
  }
  for (size_t i = 0; i + 1 < run.size(); ++i) grams.push_back(run.substr(i, 2));
  return grams;
}

bool is_short_token(std::u32string_view token, size_t min_chars) {
  if (token.empty()) return true;
  if (classify(token[0]) == CharClass::Cjk) return false;
  return token.size() < min_chars;
}

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

AnalyzerStats& AnalyzerStats::operator+=(const AnalyzerStats& o) {
  bytes += o.bytes;
  code_points += o.code_points;
  invalid_bytes += o.invalid_bytes;
  words += o.words;
  identifier_parts += o.identifier_parts;
  whole_identifiers += o.whole_identifiers;
  cjk_grams += o.cjk_grams;
  dropped_short += o.dropped_short;
  stemmed += o.stemmed;
  tokens += o.tokens;
  return *this;
}

Analyzer::Analyzer(AnalyzerOptions options) : options_(std::move(options)) {}

std::vector<std::string> Analyzer::analyze(std::string_view text, AnalyzerStats* stats) const {
  std::vector<std::string> out;
  analyze_into(text, out, stats);
  return out;
}

void Analyzer::analyze_into(std::string_view text, std::vector<std::string>& out,
                            AnalyzerStats* stats) const {
  AnalyzerStats local;
  local.bytes = text.size();
  const DecodedText decoded = decode_utf8(text);
  local.code_points = decoded.text.size();
  local.invalid_bytes = decoded.invalid_bytes;
  std::vector<Word> words;
  split_words_into(decoded.text, words);
  local.words = words.size();
  const size_t before = out.size();

  // Buffers reused across words: a query allocates a handful of times, not per word.
  std::u32string folded;
  std::vector<std::u32string_view> parts;
  auto emit_folded = [&](std::u32string_view token) -> std::string& {
    std::string& s = out.emplace_back();
    for (char32_t c : token) append_utf8(c, s);
    return s;
  };

  for (const Word& word : words) {
    folded.assign(word.text.begin(), word.text.end());
    for (char32_t& c : folded) c = fold_char(c);
    if (word.cjk) {
      if (options_.cjk_bigrams) {
        for (std::u32string_view gram : cjk_bigrams(folded)) {
          emit_folded(gram);
          ++local.cjk_grams;
        }
      } else {
        emit_folded(folded);
        ++local.cjk_grams;
      }
      continue;
    }
    split_identifier_into(word.text, parts);
    local.identifier_parts += parts.size();
    for (std::u32string_view part : parts) {
      // fold_char is one-to-one, so the part's offsets are valid in `folded` too.
      const std::u32string_view folded_part =
          std::u32string_view(folded).substr(static_cast<size_t>(part.data() - word.text.data()), part.size());
      if (is_short_token(folded_part, options_.min_token_chars)) {
        ++local.dropped_short;
        continue;
      }
      std::string& token = emit_folded(folded_part);
      if (options_.stemmer) {
        std::string stem = options_.stemmer(token);
        if (stem.empty()) {
          out.pop_back();  // a stemmer that erases a token drops it, visibly
          ++local.dropped_short;
          continue;
        }
        if (stem != token) {
          ++local.stemmed;
          token = std::move(stem);
        }
      }
    }
    if (options_.keep_whole_identifier && parts.size() >= 2) {
      emit_folded(folded);
      ++local.whole_identifiers;
    }
  }
  local.tokens = out.size() - before;
  if (stats) *stats += local;
}

std::vector<std::string> Analyzer::name_parts(std::string_view text) const {
  std::vector<std::string> out;
  const DecodedText decoded = decode_utf8(text);
  for (const Word& word : split_words(decoded.text)) {
    if (word.cjk) {
      out.push_back(to_utf8(fold_case(word.text)));
      continue;
    }
    for (std::u32string_view part : split_identifier(word.text)) out.push_back(to_utf8(fold_case(part)));
  }
  return out;
}

std::vector<std::string> Analyzer::stage_names() const {
  std::vector<std::string> names = {"decode_utf8", "split_words", "split_identifier", "fold_case"};
  names.push_back(options_.cjk_bigrams ? "cjk_bigrams" : "cjk_runs");
  if (options_.min_token_chars > 1) names.push_back("drop_short");
  if (options_.stemmer) names.push_back("stem");
  return names;
}

}  // namespace toolsearch
