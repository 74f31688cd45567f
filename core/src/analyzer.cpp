// The pipeline: composes the stages of tokenizer.hpp.
#include "toolsearch/tokenizer.hpp"

#include "toolsearch/stop_words.hpp"

namespace toolsearch {

Analyzer::Analyzer(AnalyzerOptions options) : options_(std::move(options)) {}

std::vector<std::string> Analyzer::analyze(std::string_view text) const {
  std::vector<std::string> out;
  analyze_into(text, out);
  return out;
}

void Analyzer::analyze_into(std::string_view text, std::vector<std::string>& out) const {
  const DecodedText decoded = decode_utf8(text);
  std::vector<Word> words;
  split_words_into(decoded.text, words);

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
        }
      } else {
        emit_folded(folded);
      }
      continue;
    }
    split_identifier_into(word.text, parts);
    for (std::u32string_view part : parts) {
      // fold_char is one-to-one, so the part's offsets are valid in `folded` too.
      const std::u32string_view folded_part =
          std::u32string_view(folded).substr(static_cast<size_t>(part.data() - word.text.data()), part.size());
      if (is_short_token(folded_part, options_.min_token_chars)) continue;
      std::string& token = emit_folded(folded_part);
      if (options_.stop_words && is_english_stop_word(token)) {
        out.pop_back();
        continue;
      }
      if (options_.stemmer) {
        std::string stem = options_.stemmer(token);
        if (stem.empty()) {
          out.pop_back();  // a stemmer that erases a token drops it, visibly
          continue;
        }
        token = std::move(stem);
      }
    }
    if (options_.keep_whole_identifier && parts.size() >= 2) {
      emit_folded(folded);
    }
  }
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
  if (options_.stop_words) names.push_back("stop_words");
  if (options_.stemmer) names.push_back("stem");
  return names;
}

}  // namespace toolsearch
