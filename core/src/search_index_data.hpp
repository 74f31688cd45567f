// The index's data, shared by the file that builds it (search_index_build.cpp, compiled for
// size) and the one that searches it (search_index.cpp, compiled for speed in the wasm build).
// Private to core/src.
#pragma once

#include "lexicon_analysis.hpp"

#include "toolsearch/bm25.hpp"
#include "toolsearch/name_match.hpp"
#include "toolsearch/search_index.hpp"
#include "toolsearch/term_dictionary.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace toolsearch {
namespace index_data {

// A typo finds at most this many catalog words.
constexpr size_t kMaxTypoTerms = 3;

using bm25::FieldTf;
using bm25::kFieldCount;
using FieldLengths = std::array<uint32_t, kFieldCount>;

struct QueryTerm {
  uint32_t id;
  double weight;
};

// Typo candidates (and the tokens they correct) are words of lowercase ASCII letters only.
inline bool lowercase_ascii(std::string_view word) {
  for (char c : word) {
    if (c < 'a' || c > 'z') return false;
  }
  return true;
}

// The set of letters a-z in a word, one bit each (typo candidates are all lowercase ASCII).
inline uint32_t letters_of(std::string_view word) {
  uint32_t set = 0;
  for (char c : word) set |= 1u << ((static_cast<unsigned>(c) - 'a') & 31u);
  return set;
}

}  // namespace index_data

using index_data::FieldLengths;
using index_data::FieldTf;
using index_data::QueryTerm;
using index_data::kMaxTypoTerms;
using bm25::kFieldCount;

struct SearchIndex::Impl {
  Bm25Params params;
  Analyzer analyzer;
  size_t doc_count = 0;
  std::array<double, kFieldCount> weights{};
  std::array<double, kFieldCount> avg_len{};

  // Vocabulary and postings (CSR: postings of term t are [post_begin[t], post_begin[t + 1])).
  TermDictionary terms;
  std::vector<double> idf;
  std::vector<double> max_score;  // per term: its largest posting score (pruning bound)
  // Typo candidates: the lowercase ASCII terms by first letter, each list sorted by length;
  // typo_start[c][L] is where the terms of length >= L begin. A typo is assumed to keep the
  // first letter (the common case), which keeps the scan to one list.
  std::array<std::vector<uint32_t>, 26> typo_terms;
  std::array<std::vector<uint32_t>, 26> typo_letters;  // letters_of() of each typo_terms entry
  std::array<std::vector<size_t>, 26> typo_start;
  std::vector<uint32_t> post_begin;
  std::vector<uint32_t> post_doc;
  std::vector<double> post_score;  // query-independent BM25 of (term, doc), precomputed
  std::vector<FieldTf> post_tf;
  std::vector<FieldLengths> field_len;

  // Names, for exact matching, the substring fallback and suggestions.
  NameMatcher names;

  // The lexicon: a query token -> the catalog terms its meaning analyses to. The keys, the
  // entries and their typo candidates are `analyzed`'s, which indexes built with the same
  // lexicon and analyzer share; an index has only what each meaning is in its catalog.
  std::shared_ptr<const AnalyzedLexicon> analyzed;
  std::vector<std::vector<uint32_t>> meaning_terms;  // by AnalyzedLexicon meaning id
  // The entry whose key this is (a word, or a phrase's tokens joined by kPhraseGlue), or
  // kNoEntry when there is none or its meaning is nothing this catalog has.
  uint32_t lexicon_entry(std::string_view key) const {
    const uint32_t entry = analyzed->keys.find(key);
    return entry != TermDictionary::kNone && means_something(entry) ? entry : kNoEntry;
  }
  bool means_something(uint32_t entry) const { return !meaning_terms[analyzed->entries[entry].meaning_id].empty(); }
  // The analysis's typo candidates (entry indices) that mean something here, by first letter,
  // each list sorted by length, then key: a misspelt synonym or foreign word ("fodler",
  // "chaneg") reaches what the word means, as a misspelt catalog word reaches that word.
  std::array<std::vector<uint32_t>, 26> typo_lexicon;
  // The meaning tables from params and the term dictionary. Snapshots do not store them: they
  // follow from what a snapshot does store.
  void build_lexicon();

  /// The parameters as scoring uses them: out-of-range values clamped (search_index_build.cpp).
  void set_params(const Bm25Params& p);

  double length_norm(uint32_t doc, size_t field) const {
    return bm25::length_norm(params.b, field_len[doc][field], avg_len[field]);
  }

  // Score of one term in one document; `shares`, when given, receives each field's part.
  double term_score(uint32_t doc, const FieldTf& tf, double term_idf, bm25::FieldValues* shares) const {
    bm25::FieldValues norms{};
    for (size_t f = 0; f < kFieldCount; ++f) norms[f] = length_norm(doc, f);
    return bm25::term_score(tf, weights, norms, params.k1, term_idf, shares);
  }

  // The query's terms with their weights: its own tokens (1), lexicon expansions of its words
  // (1: the abbreviation means them) and, for a word the catalog does not know, the catalog
  // words within its typo budget, the meaning of the nearest lexicon word and the commonest
  // longer words it begins (kTypoWeight; a long token's one closest word 1).
  // Deduplicated, largest possible contribution first (ties by term id): search() and explain()
  // add contributions in this order, so their sums agree exactly. `expansions`, when given,
  // receives what the lexicon, typos and completions added.
  void query_terms(const TokenBuffer& tokens, std::vector<Expansion>* expansions, std::vector<QueryTerm>& out) const;
  template <class Found>
  size_t phrase_at(const TokenBuffer& tokens, size_t i, Found&& found) const;

  static constexpr uint32_t kNoEntry = ~0u;
  // What a word the catalog does not know may have meant (near_terms).
  struct NearTerms {
    // The typo fixes (`typos` of them: closest, then commoner, first), then the completions
    // (commoner first), or, when there are neither, the stems (longest first): `count` in all.
    uint32_t terms[2 * kMaxTypoTerms];
    size_t typos = 0;
    size_t completions = 0;
    size_t count = 0;
    size_t closest = 0;  // how many terms (found or not) tie at the closest distance
    uint32_t lexicon_entry = kNoEntry;
  };
  // For an unknown, purely alphabetic token of 3+ letters after stemming ("isue" stems to
  // "isu"; digits and shorter tokens are ids, units and abbreviations, not typos):
  // - typo fixes: catalog terms within typo_budget() of the token's length, at most `max_edits`,
  //   closest first, then the commoner term (a typo usually misspells a word the catalog uses
  //   often);
  // - `lexicon_entry`: the closest lexicon key within that budget and no farther than the
  //   closest term (the shortest, then the first in `lexicon` order, among equals), or
  //   kNoEntry; only for tokens of 5+ letters;
  // - completions: for tokens of at most 6 letters, the commonest longer catalog terms that
  //   start with the token ("proj" → "project");
  // - stems, when it found none of the above and the token has 6+ letters: the longest catalog
  //   terms of 4+ letters that the token starts with ("sync" in "syncronize", "geocod" in
  //   "geocodage"): a word of another form, or another language, built on a catalog word.
  // At most kMaxTypoTerms of each.
  void near_terms(std::string_view token, size_t max_edits, NearTerms& out) const;
  // Sorts (distance, term) pairs closest first, then commoner (lower idf), then by id, and
  // copies the first kMaxTypoTerms terms to `found`; returns how many.
  size_t closest_first(std::vector<std::pair<size_t, uint32_t>>& scored, uint32_t* found) const;
};

}  // namespace toolsearch
