#include "toolsearch/search_index.hpp"

#include "toolsearch/bm25.hpp"
#include "toolsearch/name_match.hpp"
#include "toolsearch/scratch.hpp"
#include "toolsearch/term_dictionary.hpp"
#include "toolsearch/text.hpp"
#include "toolsearch/top_k.hpp"
#include "toolsearch/sort_by.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <unordered_map>
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

// Typo candidates count half: a corrected word is weaker evidence than a word as typed.
constexpr double kTypoWeight = 0.5;
constexpr size_t kMaxTypoTerms = 3;
// Queries of more tokens than this get no typo tolerance.
constexpr size_t kMaxTypoQueryTokens = 6;
// A BM25 hit scoring under this fraction of the best hit is flagged weak.
constexpr double kWeakFraction = 0.2;

struct QueryTerm {
  uint32_t id;
  double weight;
};

using bm25::FieldTf;
using bm25::kFieldCount;
using bm25::kName;
using bm25::kServer;
using bm25::kDescription;
using bm25::kParamNames;
using bm25::kParamDescriptions;
using FieldLengths = std::array<uint32_t, kFieldCount>;

constexpr size_t kMaxSchemaDepth = 8;
// Parameter names and descriptions, recursively through nested objects and array items.
// nlohmann::json objects iterate in key order, so the text is deterministic.
void collect_params(const nlohmann::json& schema, size_t depth, std::string& names,
                    std::string& descriptions) {
  if (!schema.is_object() || depth > kMaxSchemaDepth) return;
  if (auto props = schema.find("properties"); props != schema.end() && props->is_object()) {
    for (auto it = props->begin(); it != props->end(); ++it) {
      names += it.key();
      names += '\n';
      const nlohmann::json& prop = it.value();
      if (!prop.is_object()) continue;
      if (auto d = prop.find("description"); d != prop.end() && d->is_string()) {
        descriptions += d->get_ref<const std::string&>();
        descriptions += '\n';
      }
      collect_params(prop, depth + 1, names, descriptions);
    }
  }
  if (auto items = schema.find("items"); items != schema.end()) {
    collect_params(*items, depth + 1, names, descriptions);
  }
}

// The set of letters a-z in a word, one bit each (typo candidates are all lowercase ASCII).
uint32_t letters_of(std::string_view word) {
  uint32_t set = 0;
  for (char c : word) set |= 1u << ((static_cast<unsigned>(c) - 'a') & 31u);
  return set;
}

size_t popcount(uint32_t v) {
  size_t n = 0;
  for (; v; v &= v - 1) ++n;
  return n;
}

bool all_finite(const std::vector<double>& values) {
  double sum = 0;  // NaN or infinity anywhere makes the sum non-finite (0 * inf is NaN)
  for (double v : values) sum += v * 0;
  return sum == 0;
}

double clamp_non_negative(double v) { return std::isfinite(v) && v > 0 ? v : 0.0; }

// Per-thread accumulator reused across queries, so a search allocates no O(catalog) memory.
// Invariant between searches: every score and filter state is zero.
struct Scratch {
  std::vector<double> scores;
  std::vector<uint32_t> touched;  // documents whose score is not zero (sparse searches)
  std::vector<uint8_t> allowed;   // filter cache: 0 unknown, 1 allowed, 2 refused
  std::vector<uint32_t> checked;  // documents whose filter state is not zero
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

// A query as the search path sees it: decoded once, then analysed into tokens.
struct QueryText {
  std::u32string decoded;
  TokenBuffer tokens;
};

struct Ranked {
  double score;
  uint32_t tool;
};

// Best first: higher score, then catalog order.
bool better(const Ranked& a, const Ranked& b) {
  return a.score > b.score || (a.score == b.score && a.tool < b.tool);
}

}  // namespace

struct SearchIndex::Impl {
  /// The parameters as scoring uses them: out-of-range values clamped.
  explicit Impl(const Bm25Params& p) : params(p), analyzer(p.analyzer) {
    params.k1 = clamp_non_negative(p.k1);
    params.b = std::min(1.0, clamp_non_negative(p.b));
    const FieldWeights& w = p.weights;
    weights = {clamp_non_negative(w.name), clamp_non_negative(w.server), clamp_non_negative(w.description),
               clamp_non_negative(w.param_names), clamp_non_negative(w.param_descriptions)};
  }

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

  // The lexicon, analysed once: a query token -> the catalog terms its meaning analyses to.
  struct LexiconEntry {
    std::string word;
    std::string meaning;
    std::vector<uint32_t> terms;
  };
  TermDictionary lexicon_tokens;      // the query token of each entry, by entry
  std::vector<LexiconEntry> lexicon;  // in lexicon_tokens' id order

  // The letter sets and length starts of typo_terms[c], once the list is sorted by length.
  void index_typo_list(size_t c) {
    const std::vector<uint32_t>& list = typo_terms[c];
    typo_letters[c].clear();
    for (uint32_t t : list) typo_letters[c].push_back(letters_of(terms[t]));
    const size_t longest = list.empty() ? 0 : terms[list.back()].size();
    std::vector<size_t>& starts = typo_start[c];
    starts.resize(longest + 2);
    size_t from = 0;
    for (size_t len = 0; len < starts.size(); ++len) {
      while (from < list.size() && terms[list[from]].size() < len) ++from;
      starts[len] = from;
    }
  }

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
  // words within its typo budget (kTypoWeight). Deduplicated, largest possible contribution
  // first (ties by term id): search() and explain() add contributions in this order, so their
  // sums agree exactly. `expansions`, when given, receives what the lexicon and typos added.
  std::vector<QueryTerm> query_terms(const TokenBuffer& tokens, std::vector<Expansion>* expansions) const {
    std::vector<QueryTerm> out;
    // Typos matter in the few words of a keyword query; a long message has words enough, and
    // its names and places would only find look-alikes.
    const bool typos = params.typo_tolerance && tokens.size() <= kMaxTypoQueryTokens;
    for (size_t i = 0; i < tokens.size(); ++i) {
      const std::string_view token = tokens[i];
      if (const uint32_t entry = lexicon_tokens.find(token); entry != TermDictionary::kNone) {
        for (uint32_t id : lexicon[entry].terms) out.push_back({id, 1.0});
        if (expansions) expansions->push_back({lexicon[entry].word, lexicon[entry].meaning});
      }
      if (const uint32_t id = terms.find(token); id != TermDictionary::kNone) {
        out.push_back({id, 1.0});
        continue;
      }
      if (!typos) continue;
      for (uint32_t near : near_terms(token)) {
        out.push_back({near, kTypoWeight});
        if (expansions) expansions->push_back({std::string(token), std::string(terms[near]) + " (typo)"});
      }
    }
    sort_by(out, [this](const QueryTerm& a, const QueryTerm& b) {
      const double x = max_score[a.id] * a.weight;
      const double y = max_score[b.id] * b.weight;
      return x > y || (x == y && (a.id < b.id || (a.id == b.id && a.weight > b.weight)));
    });
    out.erase(std::unique(out.begin(), out.end(), [](const QueryTerm& a, const QueryTerm& b) { return a.id == b.id; }),
              out.end());
    return out;
  }

  // Catalog terms within the typo budget of an unknown, purely alphabetic token of 3+ letters
  // after stemming ("isue" stems to "isu"; digits and shorter tokens are ids, units and
  // abbreviations, not typos): at most kMaxTypoTerms, closest first, then the commoner term
  // (a typo usually misspells a word the catalog uses often).
  std::vector<uint32_t> near_terms(std::string_view token) const {
    std::vector<uint32_t> found;
    if (token.size() < 3 || token.size() > 32) return found;
    for (char c : token) {
      if (c < 'a' || c > 'z') return found;
    }
    const size_t budget = std::min<size_t>(2, typo_budget(token.size()));
    std::vector<size_t> rows;
    std::vector<std::pair<size_t, uint32_t>> scored;
    const auto& list = typo_terms[static_cast<size_t>(token[0] - 'a')];
    const auto& starts = typo_start[static_cast<size_t>(token[0] - 'a')];
    if (list.empty()) return found;
    const auto& letters = typo_letters[static_cast<size_t>(token[0] - 'a')];
    const uint32_t token_letters = letters_of(token);
    const size_t from = starts[std::min(token.size() - budget, starts.size() - 1)];
    for (size_t k = from; k < list.size(); ++k) {
      const uint32_t t = list[k];
      const std::string_view term = terms[t];
      if (term.size() > token.size() + budget) break;  // the bucket list is sorted by length
      // Each edit brings at most one letter into either word that the other lacks.
      if (popcount(token_letters ^ letters[k]) > 2 * budget) continue;
      const size_t d = osa_distance(token, term, budget, rows);
      if (d <= budget) scored.emplace_back(d, t);
    }
    sort_by(scored, [this](const auto& a, const auto& b) {
      if (a.first != b.first) return a.first < b.first;
      return idf[a.second] < idf[b.second] || (idf[a.second] == idf[b.second] && a.second < b.second);
    });
    for (size_t k = 0; k < scored.size() && k < kMaxTypoTerms; ++k) found.push_back(scored[k].second);
    return found;
  }
};

SearchIndex::SearchIndex(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
SearchIndex::~SearchIndex() = default;

size_t SearchIndex::size() const { return impl_->doc_count; }

std::shared_ptr<const SearchIndex> SearchIndex::build(const Catalog& catalog, const Bm25Params& params) {
  return build(catalog, params, ToolFilter());
}

std::shared_ptr<const SearchIndex> SearchIndex::build(const Catalog& catalog, const Bm25Params& params,
                                                      const ToolFilter& scope) {
  auto m = std::make_unique<Impl>(params);

  const std::vector<Tool>& tools = catalog.tools();
  const size_t n = tools.size();
  m->doc_count = n;
  m->field_len.assign(n, FieldLengths{});

  struct Record {
    uint32_t term;
    uint32_t doc;
    FieldTf tf;
  };
  std::vector<Record> records;
  std::vector<std::string> tokens;
  std::vector<uint64_t> keys;  // (term << 3) | field, sorted per document
  std::string param_names;
  std::string param_descriptions;

  size_t indexed = 0;  // the documents the statistics are about
  for (size_t d = 0; d < n; ++d) {
    const Tool& tool = tools[d];
    const auto doc = static_cast<uint32_t>(d);
    if (scope && !scope(d)) {
      m->names.add_absent();  // no postings, no length, no name: as if it were not there
      continue;
    }
    ++indexed;
    keys.clear();
    auto add_field = [&](size_t field, std::string_view text) {
      tokens.clear();
      m->analyzer.analyze_into(text, tokens);
      for (const std::string& token : tokens) keys.push_back((static_cast<uint64_t>(m->terms.intern(token)) << 3) | field);
      m->field_len[d][field] += static_cast<uint32_t>(tokens.size());
    };

    add_field(kName, tool.name);
    if (!tool.original_name.empty() && tool.original_name != tool.name) {
      // The unprefixed MCP name adds its whole identifier ("create_issue" inside
      // "mcp_github_create_issue"); its parts are already in the name.
      tokens.clear();
      m->analyzer.analyze_into(tool.original_name, tokens);
      for (const std::string& token : tokens) {
        const uint64_t key = (static_cast<uint64_t>(m->terms.intern(token)) << 3) | kName;
        if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
          keys.push_back(key);
          ++m->field_len[d][kName];
        }
      }
    }
    add_field(kServer, server_of(tool));
    add_field(kDescription, tool.title);
    add_field(kDescription, tool.description);
    param_names.clear();
    param_descriptions.clear();
    collect_params(tool.input_schema, 0, param_names, param_descriptions);
    add_field(kParamNames, param_names);
    add_field(kParamDescriptions, param_descriptions);

    std::sort(keys.begin(), keys.end());
    for (size_t i = 0; i < keys.size();) {
      const auto term = static_cast<uint32_t>(keys[i] >> 3);
      Record rec{term, doc, FieldTf{}};
      while (i < keys.size() && (keys[i] >> 3) == term) {
        uint8_t& tf = rec.tf[keys[i] & 7u];
        if (tf < 255) ++tf;
        ++i;
      }
      records.push_back(rec);
    }

    m->names.add(doc, tool.name, tool.original_name, m->analyzer);
  }

  for (size_t f = 0; f < kFieldCount; ++f) {
    double sum = 0;
    for (const FieldLengths& len : m->field_len) sum += len[f];
    m->avg_len[f] = indexed ? sum / static_cast<double>(indexed) : 0.0;
  }

  // Counting sort of the records by term; documents stay ascending inside each term.
  const size_t term_count = m->terms.size();
  m->post_begin.assign(term_count + 1, 0);
  for (const Record& r : records) ++m->post_begin[r.term + 1];
  for (size_t t = 0; t < term_count; ++t) m->post_begin[t + 1] += m->post_begin[t];
  std::vector<uint32_t> cursor(m->post_begin.begin(), m->post_begin.end() - 1);
  m->post_doc.resize(records.size());
  m->post_tf.resize(records.size());
  m->post_score.resize(records.size());
  for (const Record& r : records) {
    const uint32_t at = cursor[r.term]++;
    m->post_doc[at] = r.doc;
    m->post_tf[at] = r.tf;
  }
  m->idf.resize(term_count);
  m->max_score.resize(term_count);
  const double docs = static_cast<double>(indexed);
  // Postings that score 0 (a term only in fields weighted 0) are dropped as they are scored, so
  // search() adds every posting it reads; df and idf count them all.
  uint32_t kept = 0;
  for (size_t t = 0; t < term_count; ++t) {
    const uint32_t begin = m->post_begin[t];
    const uint32_t end = m->post_begin[t + 1];
    // Never negative, so a term in most documents still counts a little (never against).
    m->idf[t] = bm25::idf(docs, end - begin);
    m->post_begin[t] = kept;
    double best = 0;
    for (uint32_t p = begin; p < end; ++p) {
      const double score = m->term_score(m->post_doc[p], m->post_tf[p], m->idf[t], nullptr);
      if (score <= 0) continue;
      m->post_doc[kept] = m->post_doc[p];
      m->post_tf[kept] = m->post_tf[p];
      m->post_score[kept++] = score;
      best = std::max(best, score);
    }
    m->max_score[t] = best;
  }
  m->post_begin[term_count] = kept;
  m->post_doc.resize(kept);
  m->post_tf.resize(kept);
  m->post_score.resize(kept);
  for (const auto& [word, meaning] : m->params.lexicon) {
    const std::vector<std::string> key = m->analyzer.analyze(word);
    if (key.size() != 1 || m->lexicon_tokens.find(key[0]) != TermDictionary::kNone) continue;
    Impl::LexiconEntry entry{word, meaning, {}};
    for (const std::string& token : m->analyzer.analyze(meaning)) {
      if (const uint32_t id = m->terms.find(token); id != TermDictionary::kNone) entry.terms.push_back(id);
    }
    if (entry.terms.empty()) continue;
    m->lexicon_tokens.intern(key[0]);
    m->lexicon.push_back(std::move(entry));
  }
  for (uint32_t t = 0; t < term_count; ++t) {
    const std::string_view term = m->terms[t];
    if (term.size() >= 2 && std::all_of(term.begin(), term.end(), [](char c) { return c >= 'a' && c <= 'z'; })) {
      m->typo_terms[static_cast<size_t>(term[0] - 'a')].push_back(t);
    }
  }
  for (size_t c = 0; c < 26; ++c) {
    std::vector<uint32_t>& list = m->typo_terms[c];
    sort_by(list, [&](uint32_t a, uint32_t b) {
      return m->terms[a].size() < m->terms[b].size() || (m->terms[a].size() == m->terms[b].size() && a < b);
    });
    m->index_typo_list(c);
  }
  return std::shared_ptr<const SearchIndex>(new SearchIndex(std::move(m)));
}

std::vector<SearchHit> SearchIndex::search(std::string_view query, size_t limit, const ToolFilter& filter) const {
  const Impl& m = *impl_;
  std::vector<SearchHit> hits;
  ScratchLease<QueryText> text;
  decode_utf8_into(query, text->decoded);
  const std::string literal = folded_trimmed(text->decoded);
  if (limit == 0 || literal.empty() || m.doc_count == 0) return hits;
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
  std::vector<ExactMatch> exact = m.names.exact_matches(text->decoded, literal, m.analyzer);
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
  text->tokens.clear();
  m.analyzer.analyze_into(text->decoded, text->tokens);
  const std::vector<QueryTerm> terms = m.query_terms(text->tokens, nullptr);
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
      // Zeroes each score as it reads it: the scan replaces the lease's clearing.
      for (uint32_t d = 0; d < m.doc_count; ++d) {
        const double score = scores[d];
        if (score == 0) continue;
        scores[d] = 0;
        offer({score, d});
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
  for (const QueryTerm& qt : m.query_terms(tokens, &e.expansions)) {
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
  const std::vector<ExactMatch> exact = m.names.exact_matches(decoded, literal, m.analyzer);
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

bool same_index_params(const Bm25Params& a, const Bm25Params& b) {
  const FieldWeights& x = a.weights;
  const FieldWeights& y = b.weights;
  const AnalyzerOptions& p = a.analyzer;
  const AnalyzerOptions& q = b.analyzer;
  const bool same_stemmer = p.stemmer.plain_function() == q.stemmer.plain_function() &&
                            static_cast<bool>(p.stemmer) == static_cast<bool>(q.stemmer) &&
                            (!p.stemmer || p.stemmer.plain_function() != nullptr);
  return a.k1 == b.k1 && a.b == b.b && x.name == y.name && x.server == y.server && x.description == y.description &&
         x.param_names == y.param_names && x.param_descriptions == y.param_descriptions && a.lexicon == b.lexicon &&
         a.typo_tolerance == b.typo_tolerance && p.keep_whole_identifier == q.keep_whole_identifier &&
         p.cjk_bigrams == q.cjk_bigrams && p.min_token_chars == q.min_token_chars && p.stop_words == q.stop_words &&
         same_stemmer;
}

// ---- snapshots (docs/snapshot-format.md) -------------------------------------------------------

void SearchIndex::write(ByteWriter& out) const {
  const Impl& m = *impl_;
  out.u32(static_cast<uint32_t>(m.doc_count));
  for (double avg : m.avg_len) out.f64(avg);
  m.terms.write(out);
  out.array(m.idf);
  out.array(m.max_score);
  out.array(m.post_begin);
  out.array(m.post_doc);
  out.array(m.post_score);
  out.array(m.post_tf);
  out.array(m.field_len);
  for (const std::vector<uint32_t>& list : m.typo_terms) out.array(list);
  out.u32(static_cast<uint32_t>(m.lexicon.size()));
  for (const Impl::LexiconEntry& e : m.lexicon) {
    out.str(e.word);
    out.str(e.meaning);
    out.array(e.terms);
  }
  m.lexicon_tokens.write(out);
  m.names.write(out);
}

std::shared_ptr<const SearchIndex> SearchIndex::read(ByteReader& in, const Bm25Params& params, size_t tools) {
  auto m = std::make_unique<Impl>(params);
  m->doc_count = in.u32();
  for (double& avg : m->avg_len) avg = in.f64();
  m->terms.read(in);
  in.array(m->idf);
  in.array(m->max_score);
  in.array(m->post_begin);
  in.array(m->post_doc);
  in.array(m->post_score);
  in.array(m->post_tf);
  in.array(m->field_len);
  for (std::vector<uint32_t>& list : m->typo_terms) in.array(list);
  if (!in.ok()) return nullptr;
  // Only what could send a read out of bounds is checked; the checksum stands for the rest.
  const size_t terms = m->terms.size();
  const size_t postings = m->post_doc.size();
  if (m->doc_count != tools || m->field_len.size() != tools || m->idf.size() != terms ||
      m->max_score.size() != terms || m->post_begin.size() != terms + 1 || m->post_score.size() != postings ||
      m->post_tf.size() != postings || m->post_begin[0] != 0 || m->post_begin[terms] != postings) {
    in.fail("the keyword index's tables do not agree in size");
    return nullptr;
  }
  for (size_t t = 0; t < terms; ++t) {
    if (m->post_begin[t] > m->post_begin[t + 1]) return in.fail("the postings are out of order"), nullptr;
  }
  for (uint32_t doc : m->post_doc) {
    if (doc >= tools) return in.fail("a posting names no tool"), nullptr;
  }
  // Scores are sorted and heaped: a NaN would break the comparisons' ordering.
  for (const std::vector<double>* values : {&m->idf, &m->max_score, &m->post_score}) {
    if (!all_finite(*values)) return in.fail("a score is not a finite number"), nullptr;
  }
  if (!std::all_of(m->avg_len.begin(), m->avg_len.end(), [](double v) { return std::isfinite(v); })) {
    return in.fail("a field length is not a finite number"), nullptr;
  }
  for (size_t c = 0; c < 26; ++c) {
    for (uint32_t t : m->typo_terms[c]) {
      if (t >= terms) return in.fail("a typo candidate is not a term"), nullptr;
    }
    m->index_typo_list(c);
  }
  m->lexicon.resize(in.count(3 * sizeof(uint32_t)));
  for (Impl::LexiconEntry& e : m->lexicon) {
    e.word = in.str();
    e.meaning = in.str();
    in.array(e.terms);
    for (uint32_t t : e.terms) {
      if (t >= terms) return in.fail("a lexicon entry names no term"), nullptr;
    }
  }
  m->lexicon_tokens.read(in);
  if (in.ok() && m->lexicon_tokens.size() != m->lexicon.size()) in.fail("the lexicon's tables do not agree in size");
  m->names.read(in, tools);
  if (!in.ok()) return nullptr;
  return std::shared_ptr<const SearchIndex>(new SearchIndex(std::move(m)));
}

}  // namespace toolsearch
