// The pipeline: composes the stages of tokenizer.hpp. The search path analyses every query, so
// the stages run over one decoded buffer into a TokenBuffer, with per-thread working memory.
#include "toolsearch/tokenizer.hpp"

#include "toolsearch/scratch.hpp"
#include "toolsearch/stop_words.hpp"

namespace toolsearch {
namespace {

// The stages' working memory, and (separately, since the string API wraps the buffer API)
// the string API's decoded text and tokens.
struct StageScratch {
  std::u32string folded;
  std::vector<Word> words;
  std::vector<std::u32string_view> parts;
};
struct TextScratch {
  std::u32string decoded;
  TokenBuffer tokens;
};

}  // namespace

Analyzer::Analyzer(AnalyzerOptions options) : options_(std::move(options)) {}

std::vector<std::string> Analyzer::analyze(std::string_view text) const {
  std::vector<std::string> out;
  analyze_into(text, out);
  return out;
}

void Analyzer::analyze_into(std::string_view text, std::vector<std::string>& out) const {
  ScratchLease<TextScratch> scratch;
  TokenBuffer& tokens = scratch->tokens;
  tokens.clear();
  decode_utf8_into(text, scratch->decoded);
  analyze_into(scratch->decoded, tokens);
  for (size_t i = 0; i < tokens.size(); ++i) out.emplace_back(tokens[i]);
}

void Analyzer::analyze_into(std::u32string_view text, TokenBuffer& out, TokenBuffer* surface) const {
  ScratchLease<StageScratch> scratch;
  std::u32string& folded = scratch->folded;
  std::vector<std::u32string_view>& parts = scratch->parts;
  std::vector<char>& chars = out.chars_;
  auto emit = [&](std::u32string_view token) {
    append_utf8(token, chars);
    out.ends_.push_back(static_cast<uint32_t>(chars.size()));
  };
  auto emit_surface = [&](std::string_view token) {
    surface->chars_.insert(surface->chars_.end(), token.begin(), token.end());
    surface->ends_.push_back(static_cast<uint32_t>(surface->chars_.size()));
  };
  const Stemmer::Function plain_stemmer = options_.stemmer.plain_function();

  split_words_into(text, scratch->words);
  for (const Word& word : scratch->words) {
    folded.assign(word.text.begin(), word.text.end());
    for (char32_t& c : folded) c = fold_char(c);
    if (word.cjk) {
      const size_t first = out.ends_.size();
      if (options_.cjk_bigrams) {
        for (std::u32string_view gram : cjk_bigrams(folded)) emit(gram);
      } else {
        emit(folded);
      }
      for (size_t k = first; surface && k < out.ends_.size(); ++k) emit_surface(out[k]);
      continue;
    }
    split_identifier_into(word.text, parts);
    for (std::u32string_view part : parts) {
      // fold_char is one-to-one, so the part's offsets are valid in `folded` too.
      const std::u32string_view folded_part =
          std::u32string_view(folded).substr(static_cast<size_t>(part.data() - word.text.data()), part.size());
      if (is_short_token(folded_part, options_.min_token_chars)) continue;
      const size_t start = chars.size();
      append_utf8(folded_part, chars);
      const std::string_view token(chars.data() + start, chars.size() - start);
      if (options_.stop_words && is_stop_word(token)) {
        chars.resize(start);
        continue;
      }
      if (surface) emit_surface(token);
      if (plain_stemmer == &light_stem) {
        chars.resize(start + light_stem_in_place(chars.data() + start, token.size()));
      } else if (options_.stemmer) {
        const std::string stem = options_.stemmer(token);
        chars.resize(start);
        chars.insert(chars.end(), stem.begin(), stem.end());
      }
      if (chars.size() == start) continue;  // a stemmer that erases a token drops it, visibly
      out.ends_.push_back(static_cast<uint32_t>(chars.size()));
    }
    if (options_.keep_whole_identifier && parts.size() >= 2) emit(folded);
  }
}

std::vector<std::string> Analyzer::name_parts(std::string_view text) const {
  ScratchLease<TextScratch> scratch;
  TokenBuffer& parts = scratch->tokens;
  parts.clear();
  decode_utf8_into(text, scratch->decoded);
  name_parts_into(scratch->decoded, parts);
  std::vector<std::string> out;
  out.reserve(parts.size());
  for (size_t i = 0; i < parts.size(); ++i) out.emplace_back(parts[i]);
  return out;
}

void Analyzer::name_parts_into(std::u32string_view text, TokenBuffer& out) const {
  ScratchLease<StageScratch> scratch;
  std::u32string& folded = scratch->folded;
  auto emit = [&](std::u32string_view part) {
    folded.assign(part.begin(), part.end());
    for (char32_t& c : folded) c = fold_char(c);
    append_utf8(folded, out.chars_);
    out.ends_.push_back(static_cast<uint32_t>(out.chars_.size()));
  };
  split_words_into(text, scratch->words);
  for (const Word& word : scratch->words) {
    if (word.cjk) {
      emit(word.text);
      continue;
    }
    split_identifier_into(word.text, scratch->parts);
    for (std::u32string_view part : scratch->parts) emit(part);
  }
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
