// The lexicon as the analyzer sees it: each word's key (its tokens), what it means (the tokens
// of its meaning), and where typo tolerance looks for a misspelt word. Private to core/src.
#pragma once

#include "toolsearch/lexicon.hpp"
#include "toolsearch/term_dictionary.hpp"
#include "toolsearch/tokenizer.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace toolsearch {

// Joins a lexicon phrase's tokens into one key: never inside a token.
constexpr char kPhraseGlue = ' ';
// The most tokens a lexicon phrase may have: a CJK word of 9 characters ("スクリーンショット").
constexpr size_t kMaxPhraseTokens = 8;

// It depends only on the entries and the analyzer's options, and every index built with the
// same lexicon and analyzer (each engine's, each session scope's, each snapshot's) shares one.
struct AnalyzedLexicon {
  struct Entry {
    std::string_view word;  // into `lexicon`, or the built-in entries' static data
    std::string meaning;    // a key two words share means both (their meanings joined)
    uint32_t meaning_id;    // into `meanings`
    bool language_word;     // another language's (is_language_word): a typo's target at one edit only
  };
  Lexicon lexicon;
  AnalyzerOptions options;
  // One per key: words that analyse to nothing or to too many tokens, and cognates, left out;
  // a word whose key an earlier word (in word order) has joins its meaning to that entry's.
  // Their order means nothing: the built-in lexicon's are in its tables' order, others' in
  // word order.
  std::vector<Entry> entries;
  // Each entry's key (its word's tokens joined by kPhraseGlue), by entry index.
  TermDictionary keys;
  std::vector<std::vector<std::string>> meanings;  // the tokens of each distinct meaning
  // The first token of every phrase key, and the most tokens a phrase has: a query token that
  // is no head starts no phrase.
  TermDictionary phrase_heads;
  size_t longest_phrase = 0;
  // Typo candidates among the keys of 4+ lowercase ASCII letters (entry indices), by first
  // letter, sorted by key length, then key: words, not the 2-3 letter abbreviations a short
  // typo would land on. Sorted once here; each index keeps those its catalog uses.
  std::array<std::vector<uint32_t>, 26> typo_entries;
};

/// True when two analyzer options analyse every text alike (a custom stemmer only when it is
/// the same plain function).
bool same_analysis(const AnalyzerOptions& p, const AnalyzerOptions& q);

/// The analysis of `lexicon` under `options`: the last one made on this thread when it is of
/// the same entries and options; for the built-in lexicon under the default options, the one
/// made when the engine was built (lexicon_analysis_data.inc), which saves a fresh module's
/// first index build the analysis of every word (most of its first search's time).
std::shared_ptr<const AnalyzedLexicon> analyzed_lexicon(const Lexicon& lexicon, const AnalyzerOptions& options);

/// The analysis made here, word by word, whatever the lexicon: what the build-time table is
/// made from and checked against.
std::shared_ptr<const AnalyzedLexicon> analyse_lexicon(const Lexicon& lexicon, const AnalyzerOptions& options);

/// The build-time table of the built-in lexicon decoded, or null when it was made from other
/// words than the built-in tables hold now (then analyzed_lexicon() analyses them itself).
std::shared_ptr<const AnalyzedLexicon> built_in_analysis_from_table();

}  // namespace toolsearch
