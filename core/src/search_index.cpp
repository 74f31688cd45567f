#include "search_index_data.hpp"

#include "toolsearch/scratch.hpp"
#include "toolsearch/term_dictionary.hpp"
#include "toolsearch/text.hpp"
#include "toolsearch/top_k.hpp"
#include "toolsearch/unicode.hpp"
#include "toolsearch/utf8.hpp"
#include "toolsearch/sort_by.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <utility>

namespace toolsearch {

const char* to_string(MatchKind kind) {
  switch (kind) {
    case MatchKind::Exact: return "exact";
    case MatchKind::Bm25: return "bm25";
    case MatchKind::Substring: return "substring";
    case MatchKind::Semantic: return "semantic";
    case MatchKind::Regex: return "regex";
  }
  return "bm25";
}

namespace {

// Typo candidates count half: a corrected word is weaker evidence than a word as typed...
constexpr double kTypoWeight = 0.5;
// ...unless the word has this many letters (after stemming) and one catalog word is closer to
// it than any other: a long word rarely has two readings, so "deployyment" is "deployment".
// Shorter unknown words are more often real words the catalog lacks: from 6 and 7 letters
// MetaTool dev lost 0.1 to 0.2 points of recall@10 to such fixes, from 8 one query's gold.
constexpr size_t kSureTypoLetters = 8;
// In queries of more tokens than this, only words of kLongQueryTypoLetters+ letters (after
// stemming) are corrected, and by one edit.
constexpr size_t kMaxTypoQueryTokens = 6;
constexpr size_t kLongQueryTypoLetters = 4;
// In a long query (a message), the weight of the lexicon's English synonyms of a word it has:
// the message has words enough of its own, and "changed" read as edit and update at full
// weight let the update tools outrank the one the rest of it describes. Another language's
// words keep 1: there the meaning is all the word says (its requests lost 1.4 points at 0.5).
// Chosen on the two dev splits: Seal-Tools dev 0.9076 -> 0.9089, MetaTool dev 0.6503 -> 0.6516.
constexpr double kLongQueryLexiconWeight = 0.5;
// Lexicon keys are corrected only in words of this many letters: shorter ones land on a
// neighbouring language's word too easily (Portuguese "mand" on "mani", "many").
constexpr size_t kLexiconTypoLetters = 5;
// Only tokens of up to this many letters (after stemming) are taken for abbreviations: a longer
// unknown word is more often a word the catalog lacks than a shortened one.
constexpr size_t kAbbreviationLetters = 6;
// A word the catalog lacks, of this many letters or more, that starts with a catalog word of
// kStemLetters+ letters, is taken for a form of it: "syncronize" for sync, "geocodage" (French,
// once its accents are dropped) for geocode. Measured on both dev splits and the search bench's
// shapes (eval_seal), none losing: MetaTool dev recall@5 0.644 -> 0.650, Seal-Tools dev 0.907 ->
// 0.908, the second and fourth held-out sets +1.0 and +2.5 points; Seal-Tools test, never tuned
// on, -0.1 at recall@10 ("specifically" read as specific). Also matching words that merely begin
// alike ("publi" in "publicar" and "publish") cost Seal-Tools dev 0.3 points.
constexpr size_t kStemTokenLetters = 6;
constexpr size_t kStemLetters = 4;
// search() samples this many documents per hit asked for, to set a floor under the scores
// that can rank.
constexpr size_t kFloorSample = 4;
// Up to this many query terms are sorted by insertion (query_terms).
constexpr size_t kInsertionSortTerms = 256;
// A BM25 hit scoring under this fraction of the best hit is flagged weak.
constexpr double kWeakFraction = 0.2;

using index_data::letters_of;
using index_data::lowercase_ascii;

// `token` with its Latin diacritics dropped ("géocodage" -> "geocodage"), into `out`; false
// when it has none, or has a character that is neither ASCII nor a Latin letter latin_ascii()
// knows (Cyrillic, CJK, symbols).
bool without_diacritics(std::string_view token, std::string& out) {
  // Most unknown words are ASCII (names, ids, values): they are passed over without a copy.
  size_t i = 0;
  while (i < token.size() && static_cast<unsigned char>(token[i]) < 0x80) ++i;
  if (i == token.size()) return false;
  out.assign(token.substr(0, i));
  while (i < token.size()) {
    if (static_cast<unsigned char>(token[i]) < 0x80) {
      out += token[i++];
      continue;
    }
    const std::string_view ascii = latin_ascii(decode_utf8_at(token, i));
    if (ascii.empty()) return false;
    out += ascii;
  }
  return true;  // token[i] was beyond ASCII when the loop began
}

size_t popcount(uint32_t v) {
  size_t n = 0;
  for (; v; v &= v - 1) ++n;
  return n;
}

// Per-thread accumulator reused across queries, so a search allocates no O(catalog) memory.
// Invariant between searches: every score and filter state is zero.
struct Scratch {
  std::vector<double> scores;
  std::vector<uint32_t> touched;  // documents whose score is not zero (sparse searches)
  std::vector<uint8_t> allowed;   // filter cache: 0 unknown, 1 allowed, 2 refused
  std::vector<uint32_t> checked;  // documents whose filter state is not zero
  std::vector<uint32_t> sample;   // documents sampled for search()'s floor...
  std::vector<double> sampled;    // ...and their scores
};

// Lends the thread's Scratch sized for `size` documents and restores the invariant on exit.
class ScoringLease {
 public:
  explicit ScoringLease(size_t size) : size_(size) {
    Scratch& s = lease_.get();
    if (s.scores.size() < size) {
      s.scores.resize(size, 0.0);
      s.allowed.resize(size, 0);
    }
  }
  /// Scores are being added without recording the touched documents: unless the search
  /// zeroes them itself (set_dense(false) after doing so), clear them all on exit.
  void set_dense(bool dense) { dense_ = dense; }
  ~ScoringLease() {
    Scratch& s = lease_.get();
    if (dense_) {
      std::fill(s.scores.begin(), s.scores.begin() + static_cast<std::ptrdiff_t>(size_), 0.0);
    } else {
      for (uint32_t d : s.touched) s.scores[d] = 0.0;
    }
    for (uint32_t d : s.checked) s.allowed[d] = 0;
    s.touched.clear();
    s.checked.clear();
  }
  ScoringLease(const ScoringLease&) = delete;
  ScoringLease& operator=(const ScoringLease&) = delete;
  Scratch& get() { return lease_.get(); }

 private:
  ScratchLease<Scratch> lease_;
  size_t size_;
  bool dense_ = false;
};

// A query as the search path sees it: decoded once, analysed into tokens, then its terms and
// the tools it names.
struct QueryText {
  std::u32string decoded;
  TokenBuffer tokens;
  std::vector<QueryTerm> terms;
  std::vector<ExactMatch> exact;
};

// near_terms' working memory.
struct TypoScratch {
  std::vector<size_t> rows;
  std::vector<std::pair<size_t, uint32_t>> scored;
};

struct Ranked {
  double score;
  uint32_t tool;
};

// The k-th largest of `values` (0-based; k < size), which it reorders: Hoare's quickselect,
// in a few instructions where std::nth_element's instance cost 0.7 KB of the module.
double kth_largest(std::vector<double>& values, size_t k) {
  double* v = values.data();
  auto lo = std::ptrdiff_t{0}, hi = static_cast<std::ptrdiff_t>(values.size()) - 1;
  const auto target = static_cast<std::ptrdiff_t>(k);
  while (lo < hi) {
    const double pivot = v[lo + (hi - lo) / 2];
    std::ptrdiff_t i = lo, j = hi;
    while (i <= j) {
      while (v[i] > pivot) ++i;
      while (v[j] < pivot) --j;
      if (i <= j) std::swap(v[i++], v[j--]);
    }
    // [lo, j] >= pivot >= [i, hi], and anything between equals the pivot.
    if (target <= j) {
      hi = j;
    } else if (target >= i) {
      lo = i;
    } else {
      return v[target];
    }
  }
  return v[target];
}

// Best first: higher score, then catalog order.
bool better(const Ranked& a, const Ranked& b) {
  return a.score > b.score || (a.score == b.score && a.tool < b.tool);
}

}  // namespace

// The longest lexicon phrase that starts at token `i`, longest first; passes its entry to
// `found` and returns its length in tokens (0: none).
template <class Found>
size_t SearchIndex::Impl::phrase_at(const TokenBuffer& tokens, size_t i, Found&& found) const {
  ScratchLease<std::string> key;
  for (size_t n = std::min({analyzed->longest_phrase, kMaxPhraseTokens, tokens.size() - i}); n >= 2; --n) {
    key->assign(tokens[i]);
    for (size_t k = 1; k < n; ++k) key->append(1, kPhraseGlue).append(tokens[i + k]);
    if (const uint32_t entry = lexicon_entry(key.get()); entry != kNoEntry) {
      found(entry);
      return n;
    }
  }
  return 0;
}

// The query's terms with their weights: its own tokens (1), lexicon expansions of its words
// (1: the abbreviation means them; kLongQueryLexiconWeight for English ones in a message) and,
// for a word the catalog does not know, the catalog words within its typo budget (kTypoWeight,
// or 1 for the one closest word of a long token) and the commonest catalog words it begins
// (kTypoWeight).
// Deduplicated, largest possible contribution first (ties by term id): search() and explain()
// add contributions in this order, so their sums agree exactly. `expansions`, when given,
// receives what the lexicon, typos and completions added.
void SearchIndex::Impl::query_terms(const TokenBuffer& tokens, std::vector<Expansion>* expansions,
                                    std::vector<QueryTerm>& out) const {
  out.clear();
  // Typos matter most in the few words of a keyword query. A long message has words enough,
  // and its names and places would only find look-alikes, so there only words of 4+ letters
  // are corrected, by one edit: "can you plese serch the repositry ..." still finds search
  // tools, and a Seal-Tools request's names and values rarely land on a catalog word.
  const bool typos = params.typo_tolerance;
  const bool long_query = tokens.size() > kMaxTypoQueryTokens;
  // A lexicon word's meaning: at full weight as typed (an English word's in a long query at
  // kLongQueryLexiconWeight), times kTypoWeight for `misspelt`.
  const auto expand = [&](uint32_t entry, std::string_view misspelt = {}) {
    const AnalyzedLexicon::Entry& e = analyzed->entries[entry];
    const double full = long_query && !e.language_word ? kLongQueryLexiconWeight : 1.0;
    for (uint32_t id : meaning_terms[e.meaning_id]) out.push_back({id, misspelt.empty() ? full : kTypoWeight * full});
    if (!expansions) return;
    if (misspelt.empty()) {
      expansions->push_back({std::string(e.word), e.meaning});
    } else {
      expansions->push_back({std::string(misspelt), e.meaning + " (typo of " + std::string(e.word) + ")"});
    }
  };
  size_t known_until = 0;  // tokens before this one are lexicon words: never typos
  ScratchLease<std::string> plain;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const std::string_view token = tokens[i];
    if (analyzed->longest_phrase > 0 && analyzed->phrase_heads.find(token) != TermDictionary::kNone) {
      known_until = std::max(known_until, i + phrase_at(tokens, i, expand));
    }
    if (const uint32_t entry = lexicon_entry(token); entry != kNoEntry) {
      expand(entry);
      known_until = std::max(known_until, i + 1);
    }
    if (const uint32_t id = terms.find(token); id != TermDictionary::kNone) {
      out.push_back({id, 1.0});
      continue;
    }
    // A word the catalog lacks as written may be one it has without accents ("café", "résumé",
    // stemmed again once they are dropped); if not, its unaccented form is what typo tolerance
    // reads.
    std::string_view word = token;
    if (without_diacritics(token, plain.get())) {
      if (const Stemmer& stem = analyzer.options().stemmer) plain.get() = stem(plain.get());
      if (const uint32_t id = terms.find(plain.get()); id != TermDictionary::kNone) {
        out.push_back({id, 1.0});
        if (expansions) expansions->push_back({std::string(token), plain.get()});
        continue;
      }
      word = plain.get();
    }
    if (!typos || i < known_until || (long_query && word.size() < kLongQueryTypoLetters)) continue;
    NearTerms near;
    near_terms(word, long_query ? 1 : 2, near);
    const bool sure = near.closest == 1 && word.size() >= kSureTypoLetters;
    for (size_t k = 0; k < near.count; ++k) {
      out.push_back({near.terms[k], sure && k == 0 ? 1.0 : kTypoWeight});
      if (expansions) {
        const char* kind = k < near.typos ? " (typo)" : k < near.typos + near.completions ? " (prefix)" : " (stem)";
        expansions->push_back({std::string(token), std::string(terms[near.terms[k]]) + kind});
      }
    }
    if (near.lexicon_entry != kNoEntry) expand(near.lexicon_entry, token);
  }
  const auto before = [this](const QueryTerm& a, const QueryTerm& b) {
    const double x = max_score[a.id] * a.weight;
    const double y = max_score[b.id] * b.weight;
    return x > y || (x == y && (a.id < b.id || (a.id == b.id && a.weight > b.weight)));
  };
  // A long request has dozens of terms (about 60 in a Seal-Tools one): through sort_by's
  // indirect comparator this sort was a tenth of such a search in wasm (std::sort would cost
  // 1 KB of the module). Past kInsertionSortTerms (only very long queries), sort_by's O(n log n).
  if (out.size() > kInsertionSortTerms) {
    sort_by(out, before);
  } else {
    insertion_sort_by(out, before);
  }
  out.erase(std::unique(out.begin(), out.end(), [](const QueryTerm& a, const QueryTerm& b) { return a.id == b.id; }),
            out.end());
}

size_t SearchIndex::Impl::closest_first(std::vector<std::pair<size_t, uint32_t>>& scored, uint32_t* found) const {
  sort_by(scored, [this](const auto& a, const auto& b) {
    if (a.first != b.first) return a.first < b.first;
    return idf[a.second] < idf[b.second] || (idf[a.second] == idf[b.second] && a.second < b.second);
  });
  const size_t n = std::min(scored.size(), kMaxTypoTerms);
  for (size_t k = 0; k < n; ++k) found[k] = scored[k].second;
  return n;
}

void SearchIndex::Impl::near_terms(std::string_view token, size_t max_edits, NearTerms& out) const {
  if (token.size() < 3 || token.size() > 32 || !lowercase_ascii(token)) return;
  const size_t budget = std::min(max_edits, typo_budget(token.size()));
  const size_t first = static_cast<size_t>(token[0] - 'a');
  ScratchLease<TypoScratch> scratch;
  std::vector<size_t>& rows = scratch->rows;
  std::vector<std::pair<size_t, uint32_t>>& scored = scratch->scored;
  scored.clear();
  const uint32_t token_letters = letters_of(token);
  const auto& list = typo_terms[first];
  const auto& starts = typo_start[first];
  const auto& letters = typo_letters[first];
  for (size_t k = starts[std::min(token.size() - budget, starts.size() - 1)]; k < list.size(); ++k) {
    const uint32_t t = list[k];
    const std::string_view term = terms[t];
    if (term.size() > token.size() + budget) break;  // the bucket list is sorted by length
    // Each edit brings at most one letter into either word that the other lacks.
    if (popcount(token_letters ^ letters[k]) > 2 * budget) continue;
    const size_t d = osa_distance(token, term, budget, rows);
    if (d <= budget) scored.emplace_back(d, t);
  }
  out.typos = out.count = closest_first(scored, out.terms);
  while (out.closest < scored.size() && scored[out.closest].first == scored[0].first) ++out.closest;

  // The lexicon's keys are a few hundred words a letter: a scan of the letter's list, shortest
  // first, from the first key long enough to be in reach (a binary search by length).
  if (token.size() >= kLexiconTypoLetters) {
    size_t lexicon_budget = out.typos > 0 ? scored[0].first : budget;
    const std::vector<uint32_t>& keys = typo_lexicon[first];
    const size_t shortest = token.size() - std::min(token.size(), lexicon_budget);
    const auto from = std::partition_point(keys.begin(), keys.end(),
                                           [&](uint32_t entry) { return analyzed->keys[entry].size() < shortest; });
    for (auto it = from; it != keys.end(); ++it) {
      const uint32_t entry = *it;
      const std::string_view key = analyzed->keys[entry];
      if (key.size() > token.size() + lexicon_budget) break;
      // Another language's word is reached by one edit only: an English word the catalog lacks
      // is two from too many of them ("recent" from Spanish "receta"), while one edit still
      // corrects a request's own typos (Italian "scrkvi" for "scrivi", write).
      const size_t reach = analyzed->entries[entry].language_word ? std::min<size_t>(1, lexicon_budget) : lexicon_budget;
      if (popcount(token_letters ^ letters_of(key)) > 2 * reach) continue;  // as above
      const size_t d = osa_distance(token, key, reach, rows);
      // Only a closer key replaces the one found.
      if (d <= reach && (out.lexicon_entry == kNoEntry || d < lexicon_budget)) {
        out.lexicon_entry = entry;
        lexicon_budget = d;
      }
    }
  }

  // Longer terms that start with the token; their letter sets rule out most before their bytes
  // are read.
  if (token.size() <= kAbbreviationLetters) {
    scored.clear();
    for (size_t k = starts[std::min(token.size() + 1, starts.size() - 1)]; k < list.size(); ++k) {
      if ((token_letters & ~letters[k]) != 0) continue;
      if (terms[list[k]].compare(0, token.size(), token) == 0) scored.emplace_back(0, list[k]);
    }
    out.completions = closest_first(scored, out.terms + out.typos);
    out.count += out.completions;
  }

  // Shorter terms the token starts with, longest first (fewest letters left over), when nothing
  // closer was found: its own prefixes of kStemLetters+ letters, looked up (a prefix of a
  // lowercase ASCII token is a typo candidate whenever the catalog has it).
  if (out.count > 0 || out.lexicon_entry != kNoEntry || token.size() < kStemTokenLetters) return;
  scored.clear();
  for (size_t length = kStemLetters; length < token.size(); ++length) {
    if (const uint32_t id = terms.find(token.substr(0, length)); id != TermDictionary::kNone) {
      scored.emplace_back(token.size() - length, id);
    }
  }
  out.count = closest_first(scored, out.terms);
}

SearchIndex::SearchIndex(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
SearchIndex::~SearchIndex() = default;

size_t SearchIndex::size() const { return impl_->doc_count; }


const AnalyzerOptions& SearchIndex::analyzer_options() const { return impl_->analyzer.options(); }

std::vector<SearchHit> SearchIndex::search(std::string_view query, size_t limit, const ToolFilter& filter,
                                           TokenBuffer* surface) const {
  const Impl& m = *impl_;
  std::vector<SearchHit> hits;
  ScratchLease<QueryText> text;
  decode_utf8_into(query, text->decoded);
  const std::string literal = folded_trimmed(text->decoded);
  text->tokens.clear();
  if (limit == 0 || literal.empty() || m.doc_count == 0) {
    if (surface && !literal.empty()) m.analyzer.analyze_into(text->decoded, text->tokens, surface);
    return hits;
  }
  limit = std::min(limit, m.doc_count);
  hits.reserve(limit);

  ScoringLease lease(m.doc_count);
  Scratch& scratch = lease.get();
  std::vector<double>& scores = scratch.scores;
  auto allowed = [&](uint32_t d) {
    if (!filter) return true;
    uint8_t& state = scratch.allowed[d];
    if (state == 0) {
      state = filter(d) ? 1 : 2;
      scratch.checked.push_back(d);
    }
    return state == 1;
  };

  // Exact names first, whatever their BM25 rank.
  std::vector<ExactMatch>& exact = text->exact;
  m.names.exact_matches(text->decoded, literal, m.analyzer, exact);
  exact.erase(std::remove_if(exact.begin(), exact.end(), [&](const ExactMatch& e) { return !allowed(e.tool); }),
              exact.end());
  auto is_exact = [&](uint32_t t) {
    return std::any_of(exact.begin(), exact.end(), [t](const ExactMatch& e) { return e.tool == t; });
  };

  // Term at a time over every posting of every query term, in query_terms' order (so each
  // score is the same sum, in the same order, that explain() adds). On catalogs of thousands of
  // tools this is cheaper than MaxScore pruning: Seal-Tools test queries have ~27 terms and
  // ~4,000 postings, and the bookkeeping that pruning needs to skip some of them cost more
  // than adding them (tools/eval_seal under callgrind).
  m.analyzer.analyze_into(text->decoded, text->tokens, surface);
  std::vector<QueryTerm>& terms = text->terms;
  m.query_terms(text->tokens, nullptr, terms);
  size_t postings = 0;
  for (const QueryTerm& term : terms) postings += m.post_begin[term.id + 1] - m.post_begin[term.id];
  // Few postings: remember which documents they touch, and visit only those. Many: visit
  // every document, which costs less than remembering most of them.
  const bool dense = postings * 4 >= m.doc_count;
  std::vector<uint32_t>& touched = scratch.touched;
  lease.set_dense(dense);
  for (const QueryTerm& term : terms) {
    const uint32_t* doc = m.post_doc.data() + m.post_begin[term.id];
    const uint32_t* end = m.post_doc.data() + m.post_begin[term.id + 1];
    const double* impact = m.post_score.data() + m.post_begin[term.id];
    const double weight = term.weight;
    // Every impact is > 0 (build() keeps positive postings only), so a zero score is unseen.
    if (dense) {
      for (; doc < end; ++doc, ++impact) scores[*doc] += *impact * weight;
    } else {
      for (; doc < end; ++doc, ++impact) {
        if (scores[*doc] == 0) touched.push_back(*doc);
        scores[*doc] += *impact * weight;
      }
    }
  }

  sort_by(exact, [&](const ExactMatch& a, const ExactMatch& b) {
    if (a.tier != b.tier) return a.tier < b.tier;
    if (a.length != b.length) return a.length > b.length;
    return better({scores[a.tool], a.tool}, {scores[b.tool], b.tool});
  });
  if (exact.size() > limit) exact.resize(limit);
  for (const ExactMatch& e : exact) hits.push_back({e.tool, scores[e.tool], MatchKind::Exact, false, {}, {}});

  // The best BM25 hits, in a bounded heap whose front is the worst kept. Most documents lose
  // to that front at the first comparison, before the filter is asked about them.
  const size_t room = limit - hits.size();
  std::vector<Ranked> heap;
  heap.reserve(room + 1);
  auto ranks_higher = [](const Ranked& a, const Ranked& b) {
    return a.score > b.score || (a.score == b.score && a.tool < b.tool);
  };
  bool any_positive = std::any_of(exact.begin(), exact.end(), [&](const ExactMatch& e) { return scores[e.tool] > 0; });
  if (room > 0) {
    auto offer = [&](const Ranked& candidate) {
      if (heap.size() == room && !ranks_higher(candidate, heap.front())) return;
      if (!allowed(candidate.tool) || is_exact(candidate.tool)) return;
      keep_best(heap, room, candidate, ranks_higher);
    };
    if (dense) {
      // In document order, so a score equal to the worst kept one loses the tie: one
      // comparison rejects most documents. Zeroes each score as it reads it, which replaces
      // the lease's clearing.
      double* score = scores.data();
      const auto n = static_cast<uint32_t>(m.doc_count);
      // A floor under the limit-th best score, from a sample of the documents most likely to
      // rank: those of the query terms that can add the most, in that order, until the sample
      // holds kFloorSample times `limit`. `limit` of them score at least the floor, so no
      // document below it can rank, even when all the exact hits are among them. The floor
      // spares the heap most of the documents that would otherwise enter it before it fills
      // and its worst kept score rises: at hybrid's depth of 50 those were most of the
      // selection's cost. Not with a filter, which may refuse the documents the floor counts on.
      double floor = 0;
      if (!filter) {
        std::vector<uint32_t>& sample = scratch.sample;
        std::vector<double>& sampled = scratch.sampled;
        sample.clear();
        sampled.clear();
        const size_t want = kFloorSample * limit;
        for (const QueryTerm& term : terms) {
          for (uint32_t p = m.post_begin[term.id]; p < m.post_begin[term.id + 1] && sample.size() < want; ++p) {
            const uint32_t d = m.post_doc[p];
            if (score[d] <= 0) continue;  // sampled already (marked by its sign)
            sampled.push_back(score[d]);
            sample.push_back(d);
            score[d] = -score[d];
          }
          if (sample.size() >= want) break;
        }
        for (uint32_t d : sample) score[d] = -score[d];
        if (sampled.size() >= limit) floor = kth_largest(sampled, limit - 1);
      }
      // One comparison a document, which the processor predicts (two, against the floor and
      // the worst kept score apart, mispredicted on every stretch of zero and non-zero scores
      // until the heap filled): scores at or below `cut` are skipped, the floor itself being
      // below it, and the worst kept score once the heap is full.
      double cut = floor > 0 ? std::nextafter(floor, 0.0) : 0.0;
      for (uint32_t d = 0; d < n; ++d) {
        const double s = score[d];
        if (s <= cut) {
          score[d] = 0;
          continue;
        }
        score[d] = 0;
        offer({s, d});
        if (heap.size() == room) cut = std::max(cut, heap.front().score);
      }
      lease.set_dense(false);
    } else {
      for (uint32_t d : touched) offer({scores[d], d});
    }
    any_positive = any_positive || !heap.empty();
  } else {
    any_positive = true;  // the exact hits fill the limit: no fallback is needed
  }
  std::sort_heap(heap.begin(), heap.end(), ranks_higher);
  // Confidence floor: a BM25 hit far below the best one is shown, but flagged weak.
  double top_score = heap.empty() ? 0.0 : heap.front().score;
  for (const SearchHit& h : hits) top_score = std::max(top_score, h.score);
  for (const Ranked& r : heap) hits.push_back({r.tool, r.score, MatchKind::Bm25, r.score < kWeakFraction * top_score, {}, {}});

  if (!any_positive && hits.size() < limit) {
    // Literal fallback on names, for queries BM25 cannot see (fragments such as "gith",
    // or a catalog where every tool shares the query word).
    std::vector<Ranked> near;
    for (uint32_t t = 0; t < m.doc_count; ++t) {
      if (is_exact(t)) continue;
      const double closeness = m.names.substring_closeness(literal, t);
      if (closeness > 0 && allowed(t)) near.push_back({closeness, t});
    }
    sort_by(near, better);
    for (const Ranked& r : near) {
      if (hits.size() >= limit) break;
      hits.push_back({r.tool, 0.0, MatchKind::Substring, true, {}, {}});
    }
  }
  return hits;
}

Result<Explanation> SearchIndex::explain(std::string_view query, size_t tool) const {
  const Impl& m = *impl_;
  if (tool >= m.doc_count) {
    return Status::error(ErrorCode::NotFound, "tool index " + std::to_string(tool) + " is out of range (catalog has " +
                                                  std::to_string(m.doc_count) + " tools)");
  }
  const auto doc = static_cast<uint32_t>(tool);
  Explanation e{tool, MatchKind::Bm25, 0.0, m.analyzer.analyze(query), {}, {}};
  const std::u32string decoded = decode_utf8(query).text;
  TokenBuffer tokens;
  m.analyzer.analyze_into(decoded, tokens);
  std::vector<QueryTerm> terms;
  m.query_terms(tokens, &e.expansions, terms);
  for (const QueryTerm& qt : terms) {
    const uint32_t term = qt.id;
    const auto first = m.post_doc.begin() + m.post_begin[term];
    const auto last = m.post_doc.begin() + m.post_begin[term + 1];
    const auto it = std::lower_bound(first, last, doc);
    if (it == last || *it != doc) continue;
    const size_t p = static_cast<size_t>(it - m.post_doc.begin());
    bm25::FieldValues shares{};
    const double total = m.term_score(doc, m.post_tf[p], m.idf[term], &shares) * qt.weight;
    if (total <= 0) continue;
    e.score += total;  // same terms, order and values as search(): the sums agree exactly
    for (size_t f = 0; f < kFieldCount; ++f) {
      if (m.post_tf[p][f] == 0 || shares[f] <= 0) continue;
      e.terms.push_back({std::string(m.terms[term]), bm25::kFieldNames[f], m.idf[term], static_cast<double>(m.post_tf[p][f]),
                         m.weights[f], m.length_norm(doc, f), shares[f] * qt.weight, qt.weight});
    }
  }
  sort_by(e.terms, [](const TermContribution& a, const TermContribution& b) {
    if (a.score != b.score) return a.score > b.score;
    return a.term != b.term ? a.term < b.term : a.field < b.field;
  });
  const std::string literal = folded_trimmed(decoded);
  if (literal.empty()) return e;
  std::vector<ExactMatch> exact;
  m.names.exact_matches(decoded, literal, m.analyzer, exact);
  if (std::any_of(exact.begin(), exact.end(), [doc](const ExactMatch& x) { return x.tool == doc; })) {
    e.kind = MatchKind::Exact;
  } else if (e.score <= 0 && m.names.substring_closeness(literal, doc) > 0) {
    e.kind = MatchKind::Substring;
  }
  return e;
}

std::vector<std::string> SearchIndex::suggest(std::string_view name, size_t max, const ToolFilter& filter) const {
  return impl_->names.suggest(name, max, filter);
}

}  // namespace toolsearch
