#include "toolsearch/search_index.hpp"

#include "toolsearch/bm25.hpp"
#include "toolsearch/name_match.hpp"
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

double clamp_non_negative(double v) { return std::isfinite(v) && v > 0 ? v : 0.0; }

// Per-thread accumulator reused across queries, so a search allocates no O(catalog) memory.
// Invariant between searches: every score, filter state and mark is zero. A re-entrant
// search (a filter that searches) gets a private buffer instead.
struct Scratch {
  std::vector<double> scores;
  std::vector<uint32_t> touched;  // documents whose score is not zero
  std::vector<uint8_t> allowed;   // filter cache: 0 unknown, 1 allowed, 2 refused
  std::vector<uint32_t> checked;  // documents whose filter state is not zero
  std::vector<uint8_t> mark;      // pruning candidates
  std::vector<uint32_t> marked;   // documents whose mark may be set
  bool busy = false;
};
thread_local Scratch tls_scratch;

class ScratchLease {
 public:
  explicit ScratchLease(size_t size) : scratch_(tls_scratch.busy ? own_ : tls_scratch) {
    scratch_.busy = true;
    if (scratch_.scores.size() < size) {
      scratch_.scores.resize(size, 0.0);
      scratch_.allowed.resize(size, 0);
      scratch_.mark.resize(size, 0);
    }
    scratch_.touched.clear();
    scratch_.checked.clear();
    scratch_.marked.clear();
  }
  ~ScratchLease() {
    for (uint32_t d : scratch_.touched) scratch_.scores[d] = 0.0;
    for (uint32_t d : scratch_.checked) scratch_.allowed[d] = 0;
    for (uint32_t d : scratch_.marked) scratch_.mark[d] = 0;
    scratch_.touched.clear();
    scratch_.checked.clear();
    scratch_.marked.clear();
    scratch_.busy = false;
  }
  ScratchLease(const ScratchLease&) = delete;
  ScratchLease& operator=(const ScratchLease&) = delete;
  Scratch& get() { return scratch_; }

 private:
  Scratch own_;
  Scratch& scratch_;
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
  Bm25Params params;
  Analyzer analyzer;
  size_t doc_count = 0;
  std::array<double, kFieldCount> weights{};
  std::array<double, kFieldCount> avg_len{};

  // Vocabulary and postings (CSR: postings of term t are [post_begin[t], post_begin[t + 1])).
  std::unordered_map<std::string, uint32_t> term_ids;
  std::vector<std::string> terms;
  std::vector<double> idf;
  std::vector<double> max_score;  // per term: its largest posting score (pruning bound)
  // Typo candidates: the lowercase ASCII terms by first letter, each list sorted by length;
  // typo_start[c][L] is where the terms of length >= L begin. A typo is assumed to keep the
  // first letter (the common case), which keeps the scan to one list.
  std::array<std::vector<uint32_t>, 26> typo_terms;
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
  std::unordered_map<std::string, LexiconEntry> lexicon;

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
  std::vector<QueryTerm> query_terms(std::string_view query, std::vector<Expansion>* expansions) const {
    std::vector<QueryTerm> out;
    auto add = [&](const std::string& token, double weight) {
      auto it = term_ids.find(token);
      if (it == term_ids.end()) return false;
      out.push_back({it->second, weight});
      return true;
    };
    const std::vector<std::string> tokens = analyzer.analyze(query);
    // Typos matter in the few words of a keyword query; a long message has words enough, and
    // its names and places would only find look-alikes.
    const bool typos = params.typo_tolerance && tokens.size() <= kMaxTypoQueryTokens;
    for (const std::string& token : tokens) {
      if (auto entry = lexicon.find(token); entry != lexicon.end()) {
        for (uint32_t id : entry->second.terms) out.push_back({id, 1.0});
        if (expansions) expansions->push_back({entry->second.word, entry->second.meaning});
      }
      if (add(token, 1.0) || !typos) continue;
      for (uint32_t near : near_terms(token)) {
        out.push_back({near, kTypoWeight});
        if (expansions) expansions->push_back({token, terms[near] + " (typo)"});
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
  std::vector<uint32_t> near_terms(const std::string& token) const {
    std::vector<uint32_t> found;
    if (token.size() < 3 || token.size() > 32) return found;
    for (char c : token) {
      if (c < 'a' || c > 'z') return found;
    }
    const size_t budget = std::min<size_t>(2, typo_budget(token.size()));
    const std::u32string query(token.begin(), token.end());
    std::vector<size_t> rows;
    std::vector<std::pair<size_t, uint32_t>> scored;
    std::u32string candidate;
    const auto& list = typo_terms[static_cast<size_t>(token[0] - 'a')];
    const auto& starts = typo_start[static_cast<size_t>(token[0] - 'a')];
    if (list.empty()) return found;
    const size_t from = starts[std::min(token.size() - budget, starts.size() - 1)];
    for (size_t k = from; k < list.size(); ++k) {
      const uint32_t t = list[k];
      const std::string& term = terms[t];
      if (term.size() > token.size() + budget) break;  // the bucket list is sorted by length
      candidate.assign(term.begin(), term.end());
      const size_t d = osa_distance(query, candidate, budget, rows);
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
  auto m = std::make_unique<Impl>();
  m->params = params;
  m->params.k1 = clamp_non_negative(params.k1);
  m->params.b = std::min(1.0, clamp_non_negative(params.b));
  const FieldWeights& w = params.weights;
  m->weights = {clamp_non_negative(w.name), clamp_non_negative(w.server), clamp_non_negative(w.description),
                clamp_non_negative(w.param_names), clamp_non_negative(w.param_descriptions)};
  m->analyzer = Analyzer(params.analyzer);

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
      for (const std::string& token : tokens) {
        auto [it, inserted] = m->term_ids.emplace(token, static_cast<uint32_t>(m->terms.size()));
        if (inserted) m->terms.push_back(token);
        keys.push_back((static_cast<uint64_t>(it->second) << 3) | field);
      }
      m->field_len[d][field] += static_cast<uint32_t>(tokens.size());
    };

    add_field(kName, tool.name);
    if (!tool.original_name.empty() && tool.original_name != tool.name) {
      // The unprefixed MCP name adds its whole identifier ("create_issue" inside
      // "mcp_github_create_issue"); its parts are already in the name.
      tokens.clear();
      m->analyzer.analyze_into(tool.original_name, tokens);
      for (const std::string& token : tokens) {
        auto [it, inserted] = m->term_ids.emplace(token, static_cast<uint32_t>(m->terms.size()));
        if (inserted) m->terms.push_back(token);
        const uint64_t key = (static_cast<uint64_t>(it->second) << 3) | kName;
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
  for (size_t t = 0; t < term_count; ++t) {
    const double df = m->post_begin[t + 1] - m->post_begin[t];
    // Never negative, so a term in most documents still counts a little (never against).
    m->idf[t] = bm25::idf(docs, df);
    double best = 0;
    for (uint32_t p = m->post_begin[t]; p < m->post_begin[t + 1]; ++p) {
      m->post_score[p] = m->term_score(m->post_doc[p], m->post_tf[p], m->idf[t], nullptr);
      best = std::max(best, m->post_score[p]);
    }
    m->max_score[t] = best;
  }
  for (const auto& [word, meaning] : m->params.lexicon) {
    const std::vector<std::string> key = m->analyzer.analyze(word);
    if (key.size() != 1 || m->lexicon.count(key[0])) continue;
    Impl::LexiconEntry entry{word, meaning, {}};
    for (const std::string& token : m->analyzer.analyze(meaning)) {
      if (auto it = m->term_ids.find(token); it != m->term_ids.end()) entry.terms.push_back(it->second);
    }
    if (!entry.terms.empty()) m->lexicon.emplace(key[0], std::move(entry));
  }
  for (uint32_t t = 0; t < term_count; ++t) {
    const std::string& term = m->terms[t];
    if (term.size() >= 2 && std::all_of(term.begin(), term.end(), [](char c) { return c >= 'a' && c <= 'z'; })) {
      m->typo_terms[static_cast<size_t>(term[0] - 'a')].push_back(t);
    }
  }
  for (size_t c = 0; c < 26; ++c) {
    std::vector<uint32_t>& list = m->typo_terms[c];
    sort_by(list, [&](uint32_t a, uint32_t b) {
      return m->terms[a].size() < m->terms[b].size() || (m->terms[a].size() == m->terms[b].size() && a < b);
    });
    const size_t longest = list.empty() ? 0 : m->terms[list.back()].size();
    std::vector<size_t>& starts = m->typo_start[c];
    starts.resize(longest + 2);
    size_t from = 0;
    for (size_t len = 0; len < starts.size(); ++len) {
      while (from < list.size() && m->terms[list[from]].size() < len) ++from;
      starts[len] = from;
    }
  }
  return std::shared_ptr<const SearchIndex>(new SearchIndex(std::move(m)));
}

std::vector<SearchHit> SearchIndex::search(std::string_view query, size_t limit, const ToolFilter& filter) const {
  const Impl& m = *impl_;
  std::vector<SearchHit> hits;
  const std::string literal = folded_trimmed(query);
  if (limit == 0 || literal.empty() || m.doc_count == 0) return hits;
  limit = std::min(limit, m.doc_count);

  ScratchLease lease(m.doc_count);
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
  auto add = [&](uint32_t d, double s) {
    if (scores[d] == 0) scratch.touched.push_back(d);
    scores[d] += s;
  };

  // Exact names first, whatever their BM25 rank.
  std::vector<ExactMatch> exact = m.names.exact_matches(query, literal, m.analyzer);
  exact.erase(std::remove_if(exact.begin(), exact.end(), [&](const ExactMatch& e) { return !allowed(e.tool); }),
              exact.end());
  auto is_exact = [&](uint32_t t) {
    return std::any_of(exact.begin(), exact.end(), [t](const ExactMatch& e) { return e.tool == t; });
  };

  // Term at a time, largest possible contribution first. rest[i] bounds what terms i.. can
  // still add to any document. Once it is below the limit-th best allowed score so far, a
  // document not seen yet cannot reach the results, so the remaining terms only update the
  // candidates that still can (MaxScore-style pruning). The results are exactly those of a
  // full evaluation, ties included: a pruned document ends strictly below the cut.
  const std::vector<QueryTerm> terms = m.query_terms(query, nullptr);
  std::vector<double> rest(terms.size() + 1, 0.0);
  for (size_t i = terms.size(); i-- > 0;) rest[i] = rest[i + 1] + m.max_score[terms[i].id] * terms[i].weight;
  // A hair of slack so that rounding in sums never prunes a document that ties.
  auto bound = [](double x) { return x * (1.0 + 1e-12); };
  std::vector<double> best;  // bounded min-heap of scores
  auto kth_best = [&](const std::vector<uint32_t>& docs, bool check_filter) {
    best.clear();
    for (uint32_t d : docs) {
      if (check_filter && !allowed(d)) continue;
      keep_best(best, limit, scores[d], std::greater<double>());
    }
    return best.size() < limit ? 0.0 : best.front();
  };

  size_t next = 0;
  double threshold = 0;
  double max_seen = 0;
  double checked_at = std::numeric_limits<double>::infinity();
  for (; next < terms.size(); ++next) {
    // Each check scans every document touched so far, so check rarely: first when the bound
    // drops below the best score, then when it drops below the last threshold found
    // (thresholds only grow, so that check succeeds) or halves.
    const bool check = next > 0 && rest[next] < max_seen &&
                       (bound(rest[next]) < threshold || rest[next] < 0.5 * checked_at);
    if (check) {
      checked_at = rest[next];
      threshold = kth_best(scratch.touched, true);
      if (bound(rest[next]) < threshold) break;
    }
    const uint32_t term = terms[next].id;
    const double weight = terms[next].weight;
    for (uint32_t p = m.post_begin[term]; p < m.post_begin[term + 1]; ++p) {
      const double s = m.post_score[p] * weight;
      if (s <= 0) continue;
      const uint32_t d = m.post_doc[p];
      add(d, s);
      max_seen = std::max(max_seen, scores[d]);
    }
  }
  if (next < terms.size()) {
    // Candidates are flagged in `mark`. Exact hits join them and are never dropped, so they
    // are shown with their full scores.
    std::vector<uint32_t> candidates;
    auto flag = [&](uint32_t d) {
      if (scratch.mark[d]) return;
      scratch.mark[d] = 1;
      scratch.marked.push_back(d);
      candidates.push_back(d);
    };
    for (uint32_t d : scratch.touched) {
      if (bound(scores[d] + rest[next]) >= threshold && allowed(d)) flag(d);
    }
    for (const ExactMatch& e : exact) flag(e.tool);
    bool sorted = false;
    for (; next < terms.size() && !candidates.empty(); ++next) {
      const uint32_t term = terms[next].id;
      const double weight = terms[next].weight;
      const uint32_t begin = m.post_begin[term];
      const uint32_t end = m.post_begin[term + 1];
      if (end - begin <= 8 * candidates.size()) {
        for (uint32_t p = begin; p < end; ++p) {  // short list: scan it
          const uint32_t d = m.post_doc[p];
          if (scratch.mark[d] && m.post_score[p] > 0) add(d, m.post_score[p] * weight);
        }
      } else {  // few candidates: look each one up (both lists sorted by document)
        if (!sorted) std::sort(candidates.begin(), candidates.end());
        sorted = true;
        auto cursor = m.post_doc.begin() + begin;
        const auto last = m.post_doc.begin() + end;
        for (uint32_t d : candidates) {
          cursor = std::lower_bound(cursor, last, d);
          if (cursor == last) break;
          if (*cursor != d) continue;
          const double s = m.post_score[static_cast<size_t>(cursor - m.post_doc.begin())] * weight;
          if (s > 0) add(d, s);
        }
      }
      // Partial scores only grow, so the limit-th best candidate stays a lower bound of the
      // final cut: drop the candidates that can no longer reach it.
      threshold = std::max(threshold, kth_best(candidates, false));
      const double remaining = rest[next + 1];
      candidates.erase(std::remove_if(candidates.begin(), candidates.end(),
                                      [&](uint32_t d) {
                                        if (bound(scores[d] + remaining) >= threshold || is_exact(d)) return false;
                                        scratch.mark[d] = 0;
                                        return true;
                                      }),
                       candidates.end());
    }
  }

  sort_by(exact, [&](const ExactMatch& a, const ExactMatch& b) {
    if (a.tier != b.tier) return a.tier < b.tier;
    if (a.length != b.length) return a.length > b.length;
    return better({scores[a.tool], a.tool}, {scores[b.tool], b.tool});
  });
  if (exact.size() > limit) exact.resize(limit);
  for (const ExactMatch& e : exact) hits.push_back({e.tool, scores[e.tool], MatchKind::Exact, false, {}, {}});

  // Bounded heap of the best BM25 hits; its front is the worst kept.
  const size_t room = limit - hits.size();
  std::vector<Ranked> heap;
  heap.reserve(room + 1);
  bool any_positive = false;
  for (uint32_t d : scratch.touched) {
    if (!allowed(d)) continue;
    any_positive = true;
    if (room == 0 || is_exact(d)) continue;
    keep_best(heap, room, Ranked{scores[d], d}, better);
  }
  std::sort_heap(heap.begin(), heap.end(), better);
  // Confidence floor: a BM25 hit far below the best one is shown, but flagged weak.
  const double best_score = heap.empty() ? 0.0 : heap.front().score;
  double top_score = best_score;
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
  for (const QueryTerm& qt : m.query_terms(query, &e.expansions)) {
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
      e.terms.push_back({m.terms[term], bm25::kFieldNames[f], m.idf[term], static_cast<double>(m.post_tf[p][f]),
                         m.weights[f], m.length_norm(doc, f), shares[f] * qt.weight, qt.weight});
    }
  }
  sort_by(e.terms, [](const TermContribution& a, const TermContribution& b) {
    if (a.score != b.score) return a.score > b.score;
    return a.term != b.term ? a.term < b.term : a.field < b.field;
  });
  const std::string literal = folded_trimmed(query);
  if (literal.empty()) return e;
  const std::vector<ExactMatch> exact = m.names.exact_matches(query, literal, m.analyzer);
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
