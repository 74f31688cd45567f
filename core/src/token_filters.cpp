// Stages "fold_case", "cjk_bigrams" and "drop_short": filters on one word or token.
#include "toolsearch/tokenizer.hpp"

namespace toolsearch {

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

}  // namespace toolsearch
