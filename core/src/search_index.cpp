#include "toolsearch/search_index.hpp"

#include "toolsearch/text.hpp"

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
  }
  return "bm25";
}

namespace {

constexpr size_t kFieldCount = 5;
enum FieldId : size_t { kName = 0, kServer = 1, kDescription = 2, kParamNames = 3, kParamDescriptions = 4 };
constexpr const char* kFieldNames[kFieldCount] = {"name", "server", "description", "param_names",
                                                  "param_descriptions"};

// Term frequency per field, saturated at 255: both search and explain read these same values,
// so a pathological repetition costs precision, never consistency.
using FieldTf = std::array<uint8_t, kFieldCount>;
using FieldLengths = std::array<uint32_t, kFieldCount>;

constexpr size_t kMaxSchemaDepth = 8;
constexpr uint32_t kNoPart = std::numeric_limits<uint32_t>::max();

// The query as one folded UTF-8 string with surrounding blanks removed (for literal matching).
std::string folded_trimmed(std::string_view text) {
  const std::u32string decoded = decode_utf8(text).text;
  size_t begin = 0;
  size_t end = decoded.size();
  while (begin < end && is_unicode_space(decoded[begin])) ++begin;
  while (end > begin && is_unicode_space(decoded[end - 1])) --end;
  std::string out;
  out.reserve(end - begin);
  for (size_t i = begin; i < end; ++i) append_utf8(fold_char(decoded[i]), out);
  return out;
}

std::u32string folded_code_points(std::string_view text) {
  std::u32string out = decode_utf8(text).text;
  for (char32_t& c : out) c = fold_char(c);
  return out;
}

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

uint64_t hash_parts(const uint32_t* parts, size_t n) {
  uint64_t h = 14695981039346656037ull;  // FNV-1a over the part ids
  for (size_t i = 0; i < n; ++i) {
    uint32_t v = parts[i];
    for (int k = 0; k < 4; ++k) {
      h ^= (v & 0xFFu);
      h *= 1099511628211ull;
      v >>= 8;
    }
  }
  return h ^ n;
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

struct ExactMatch {
  uint32_t tool;
  int tier;         // 0: literal name, 1: same part sequence, 2: contained in the query
  uint32_t length;  // parts of the matched name (longer names are more specific)
};

struct NameSeq {
  uint32_t tool;
  std::vector<uint32_t> parts;
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
  std::vector<uint32_t> post_begin;
  std::vector<uint32_t> post_doc;
  std::vector<double> post_score;  // query-independent BM25 of (term, doc), precomputed
  std::vector<FieldTf> post_tf;
  std::vector<FieldLengths> field_len;

  // Names, for exact matching, the substring fallback and suggestions.
  std::vector<std::string> names;
  std::vector<std::string> folded_names;      // UTF-8, folded
  std::vector<std::string> folded_originals;  // empty when equal to the name
  std::vector<std::u32string> name_points;      // folded code points
  std::vector<std::u32string> original_points;  // empty when equal to the name
  std::unordered_map<std::string, std::vector<uint32_t>> literal_names;
  std::unordered_map<std::string, uint32_t> part_ids;
  std::vector<NameSeq> seqs;
  std::unordered_map<uint64_t, std::vector<uint32_t>> seq_by_hash;
  size_t max_name_parts = 0;     // longest name, in parts
  size_t max_literal_bytes = 0;  // longest folded name, in bytes

  double length_norm(uint32_t doc, size_t field) const {
    if (avg_len[field] <= 0) return 1.0;
    return 1.0 - params.b + params.b * field_len[doc][field] / avg_len[field];
  }

  // Score of one term in one document; `shares`, when given, receives each field's part
  // (the shares sum to the result).
  double term_score(uint32_t doc, const FieldTf& tf, double term_idf,
                    std::array<double, kFieldCount>* shares) const {
    const double k1 = params.k1;
    std::array<double, kFieldCount> part{};
    double total = 0;
    if (params.combination == FieldCombination::Bm25F) {
      double pseudo = 0;
      for (size_t f = 0; f < kFieldCount; ++f) {
        if (tf[f] == 0 || weights[f] == 0) continue;
        part[f] = weights[f] * tf[f] / length_norm(doc, f);
        pseudo += part[f];
      }
      if (pseudo > 0) {
        total = term_idf * pseudo * (k1 + 1) / (pseudo + k1);
        for (double& p : part) p = total * p / pseudo;
      }
    } else {
      for (size_t f = 0; f < kFieldCount; ++f) {
        if (tf[f] == 0 || weights[f] == 0) continue;
        part[f] = weights[f] * term_idf * tf[f] * (k1 + 1) / (tf[f] + k1 * length_norm(doc, f));
        total += part[f];
      }
    }
    if (shares) *shares = part;
    return total;
  }

  // Known query terms, deduplicated, largest possible contribution first (ties by term id).
  // search() and explain() add contributions in this order, so their sums agree exactly.
  std::vector<uint32_t> query_terms(const std::vector<std::string>& tokens) const {
    std::vector<uint32_t> ids;
    ids.reserve(tokens.size());
    for (const std::string& token : tokens) {
      if (auto it = term_ids.find(token); it != term_ids.end()) ids.push_back(it->second);
    }
    std::sort(ids.begin(), ids.end(), [this](uint32_t a, uint32_t b) {
      return max_score[a] > max_score[b] || (max_score[a] == max_score[b] && a < b);
    });
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
  }

  uint32_t part_id(const std::string& part) const {
    auto it = part_ids.find(part);
    return it == part_ids.end() ? kNoPart : it->second;
  }

  // Name sequences equal to `parts`, or none when a part is unknown to every name.
  template <class Visit>
  void for_each_equal_seq(const std::vector<std::string>& parts, Visit visit) const {
    if (parts.empty()) return;
    std::vector<uint32_t> ids(parts.size());
    for (size_t i = 0; i < parts.size(); ++i) {
      ids[i] = part_id(parts[i]);
      if (ids[i] == kNoPart) return;
    }
    auto it = seq_by_hash.find(hash_parts(ids.data(), ids.size()));
    if (it == seq_by_hash.end()) return;
    for (uint32_t s : it->second) {
      if (seqs[s].parts == ids) visit(seqs[s]);
    }
  }

  // Tools named by the query. Tier 0: the trimmed query is the name, case-insensitively.
  // Tier 1: the query has the name's part sequence ("Read File" for read_file). Tier 2: one
  // whitespace-delimited chunk of the query spells a name of two or more parts as an
  // identifier ("please use `readFile` on x"). One-part names need tier 0 or 1: a name such
  // as "search" would otherwise hijack every query mentioning the word, and free-text
  // phrases ("get weather") are left to BM25 because they name intentions, not tools.
  // One entry per tool, with its best tier.
  std::vector<ExactMatch> exact_matches(std::string_view query, const std::string& literal) const {
    std::vector<ExactMatch> found;
    if (literal.size() <= max_literal_bytes) {
      if (auto it = literal_names.find(literal); it != literal_names.end()) {
        for (uint32_t t : it->second) found.push_back({t, 0, 0});
      }
    }
    // Chunks end at blanks and at CJK characters, which run into identifiers unspaced
    // ("请使用read_file读取").
    const std::u32string text = decode_utf8(query).text;
    struct Chunk {
      size_t start;
      size_t end;
      bool one_part;  // plain word: letters, no capital after the first (common prose)
    };
    std::vector<Chunk> chunks;
    bool has_cjk = false;  // CJK runs are parts too, outside every chunk
    for (size_t i = 0; i < text.size();) {
      const auto breaks = [](char32_t c) { return is_unicode_space(c) || classify(c) == CharClass::Cjk; };
      for (; i < text.size() && breaks(text[i]); ++i) {
        if (!is_unicode_space(text[i])) has_cjk = true;
      }
      size_t start = i;
      while (i < text.size() && !breaks(text[i])) ++i;
      size_t end = i;
      while (start < end && classify(text[start]) == CharClass::Other) ++start;
      while (end > start && classify(text[end - 1]) == CharClass::Other) --end;
      if (start == end) continue;  // no word character: no part
      bool one_part = true;
      for (size_t k = start; k < end && one_part; ++k) {
        one_part = classify(text[k]) == CharClass::Letter && (k == start || !is_upper(text[k]));
      }
      chunks.push_back({start, end, one_part});
    }
    // Tier 1: every chunk gives at least one part, so a query with more chunks than the
    // longest name has parts cannot be a name.
    if (chunks.size() <= max_name_parts) {
      for_each_equal_seq(analyzer.name_parts(query), [&](const NameSeq& seq) {
        found.push_back({seq.tool, 1, static_cast<uint32_t>(seq.parts.size())});
      });
    }
    // Tier 2, unless the query is one chunk and nothing else (then it is tier 1's case).
    for (size_t c = 0; (chunks.size() > 1 || has_cjk) && c < chunks.size(); ++c) {
      if (chunks[c].one_part) continue;
      const std::u32string_view chunk = std::u32string_view(text).substr(chunks[c].start, chunks[c].end - chunks[c].start);
      const std::vector<std::string> chunk_parts = analyzer.name_parts(to_utf8(chunk));
      if (chunk_parts.size() < 2) continue;  // one-part names need tier 0 or 1
      for_each_equal_seq(chunk_parts, [&](const NameSeq& seq) {
        found.push_back({seq.tool, 2, static_cast<uint32_t>(seq.parts.size())});
      });
    }
    // Keep each tool's best match: lowest tier, then longest name.
    std::sort(found.begin(), found.end(), [](const ExactMatch& a, const ExactMatch& b) {
      if (a.tool != b.tool) return a.tool < b.tool;
      if (a.tier != b.tier) return a.tier < b.tier;
      return a.length > b.length;
    });
    found.erase(std::unique(found.begin(), found.end(),
                            [](const ExactMatch& a, const ExactMatch& b) { return a.tool == b.tool; }),
                found.end());
    return found;
  }

  // 0 when neither name relates to the query, else min/max length ratio in (0, 1].
  double substring_closeness(const std::string& query, uint32_t tool) const {
    double best = 0;
    for (const std::string* name : {&folded_names[tool], &folded_originals[tool]}) {
      if (name->empty()) continue;
      const bool name_has_query = query.size() >= 2 && name->find(query) != std::string::npos;
      const bool query_has_name = name->size() >= 3 && query.find(*name) != std::string::npos;
      if (!name_has_query && !query_has_name) continue;
      const double lo = static_cast<double>(std::min(query.size(), name->size()));
      const double hi = static_cast<double>(std::max(query.size(), name->size()));
      best = std::max(best, lo / hi);
    }
    return best;
  }

  void add_name_seq(uint32_t tool, const std::string& name) {
    const std::vector<std::string> parts = analyzer.name_parts(name);
    if (parts.empty()) return;
    NameSeq seq{tool, {}};
    for (const std::string& p : parts) {
      auto [it, inserted] = part_ids.emplace(p, static_cast<uint32_t>(part_ids.size()));
      (void)inserted;
      seq.parts.push_back(it->second);
    }
    // A tool adds its name, then its original name: only the previous entry can repeat it.
    if (!seqs.empty() && seqs.back().tool == tool && seqs.back().parts == seq.parts) return;
    max_name_parts = std::max(max_name_parts, seq.parts.size());
    const uint32_t index = static_cast<uint32_t>(seqs.size());
    seq_by_hash[hash_parts(seq.parts.data(), seq.parts.size())].push_back(index);
    seqs.push_back(std::move(seq));
  }
};

SearchIndex::SearchIndex(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
SearchIndex::~SearchIndex() = default;

size_t SearchIndex::size() const { return impl_->doc_count; }

std::shared_ptr<const SearchIndex> SearchIndex::build(const Catalog& catalog, const Bm25Params& params) {
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
  m->names.reserve(n);

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

  for (size_t d = 0; d < n; ++d) {
    const Tool& tool = tools[d];
    const auto doc = static_cast<uint32_t>(d);
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

    // Names for exact matching, the substring fallback and suggestions.
    m->names.push_back(tool.name);
    m->folded_names.push_back(folded_trimmed(tool.name));
    m->name_points.push_back(folded_code_points(tool.name));
    const bool distinct_original = !tool.original_name.empty() && tool.original_name != tool.name;
    m->folded_originals.push_back(distinct_original ? folded_trimmed(tool.original_name) : std::string());
    m->original_points.push_back(distinct_original ? folded_code_points(tool.original_name) : std::u32string());
    m->max_literal_bytes = std::max({m->max_literal_bytes, m->folded_names.back().size(),
                                     m->folded_originals.back().size()});
    m->literal_names[m->folded_names.back()].push_back(doc);
    if (distinct_original && m->folded_originals.back() != m->folded_names.back()) {
      m->literal_names[m->folded_originals.back()].push_back(doc);
    }
    m->add_name_seq(doc, tool.name);
    if (distinct_original) m->add_name_seq(doc, tool.original_name);
  }

  for (size_t f = 0; f < kFieldCount; ++f) {
    double sum = 0;
    for (const FieldLengths& len : m->field_len) sum += len[f];
    m->avg_len[f] = n ? sum / static_cast<double>(n) : 0.0;
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
  const double docs = static_cast<double>(n);
  for (size_t t = 0; t < term_count; ++t) {
    const double df = m->post_begin[t + 1] - m->post_begin[t];
    // Never negative, so a term in most documents still counts a little (never against).
    m->idf[t] = std::log(1.0 + (docs - df + 0.5) / (df + 0.5));
    double best = 0;
    for (uint32_t p = m->post_begin[t]; p < m->post_begin[t + 1]; ++p) {
      m->post_score[p] = m->term_score(m->post_doc[p], m->post_tf[p], m->idf[t], nullptr);
      best = std::max(best, m->post_score[p]);
    }
    m->max_score[t] = best;
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
  std::vector<ExactMatch> exact = m.exact_matches(query, literal);
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
  const std::vector<uint32_t> terms = m.query_terms(m.analyzer.analyze(query));
  std::vector<double> rest(terms.size() + 1, 0.0);
  for (size_t i = terms.size(); i-- > 0;) rest[i] = rest[i + 1] + m.max_score[terms[i]];
  // A hair of slack so that rounding in sums never prunes a document that ties.
  auto bound = [](double x) { return x * (1.0 + 1e-12); };
  std::vector<double> best;  // bounded min-heap of scores
  auto kth_best = [&](const std::vector<uint32_t>& docs, bool check_filter) {
    best.clear();
    for (uint32_t d : docs) {
      if (check_filter && !allowed(d)) continue;
      if (best.size() < limit) {
        best.push_back(scores[d]);
        std::push_heap(best.begin(), best.end(), std::greater<double>());
      } else if (scores[d] > best.front()) {
        std::pop_heap(best.begin(), best.end(), std::greater<double>());
        best.back() = scores[d];
        std::push_heap(best.begin(), best.end(), std::greater<double>());
      }
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
    const uint32_t term = terms[next];
    for (uint32_t p = m.post_begin[term]; p < m.post_begin[term + 1]; ++p) {
      const double s = m.post_score[p];
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
      const uint32_t term = terms[next];
      const uint32_t begin = m.post_begin[term];
      const uint32_t end = m.post_begin[term + 1];
      if (end - begin <= 8 * candidates.size()) {
        for (uint32_t p = begin; p < end; ++p) {  // short list: scan it
          const uint32_t d = m.post_doc[p];
          if (scratch.mark[d] && m.post_score[p] > 0) add(d, m.post_score[p]);
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
          const double s = m.post_score[static_cast<size_t>(cursor - m.post_doc.begin())];
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

  std::sort(exact.begin(), exact.end(), [&](const ExactMatch& a, const ExactMatch& b) {
    if (a.tier != b.tier) return a.tier < b.tier;
    if (a.length != b.length) return a.length > b.length;
    return better({scores[a.tool], a.tool}, {scores[b.tool], b.tool});
  });
  if (exact.size() > limit) exact.resize(limit);
  for (const ExactMatch& e : exact) hits.push_back({e.tool, scores[e.tool], MatchKind::Exact});

  // Bounded heap of the best BM25 hits; its front is the worst kept.
  const size_t room = limit - hits.size();
  std::vector<Ranked> heap;
  heap.reserve(room + 1);
  bool any_positive = false;
  for (uint32_t d : scratch.touched) {
    if (!allowed(d)) continue;
    any_positive = true;
    if (room == 0 || is_exact(d)) continue;
    const Ranked r{scores[d], d};
    if (heap.size() < room) {
      heap.push_back(r);
      std::push_heap(heap.begin(), heap.end(), better);
    } else if (better(r, heap.front())) {
      std::pop_heap(heap.begin(), heap.end(), better);
      heap.back() = r;
      std::push_heap(heap.begin(), heap.end(), better);
    }
  }
  std::sort_heap(heap.begin(), heap.end(), better);
  for (const Ranked& r : heap) hits.push_back({r.tool, r.score, MatchKind::Bm25});

  if (!any_positive && hits.size() < limit) {
    // Literal fallback on names, for queries BM25 cannot see (fragments such as "gith",
    // or a catalog where every tool shares the query word).
    std::vector<Ranked> near;
    for (uint32_t t = 0; t < m.doc_count; ++t) {
      if (is_exact(t)) continue;
      const double closeness = m.substring_closeness(literal, t);
      if (closeness > 0 && allowed(t)) near.push_back({closeness, t});
    }
    std::sort(near.begin(), near.end(), better);
    for (const Ranked& r : near) {
      if (hits.size() >= limit) break;
      hits.push_back({r.tool, 0.0, MatchKind::Substring});
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
  Explanation e{tool, MatchKind::Bm25, 0.0, m.analyzer.analyze(query), {}};
  for (uint32_t term : m.query_terms(e.query_tokens)) {
    const auto first = m.post_doc.begin() + m.post_begin[term];
    const auto last = m.post_doc.begin() + m.post_begin[term + 1];
    const auto it = std::lower_bound(first, last, doc);
    if (it == last || *it != doc) continue;
    const size_t p = static_cast<size_t>(it - m.post_doc.begin());
    std::array<double, kFieldCount> shares{};
    const double total = m.term_score(doc, m.post_tf[p], m.idf[term], &shares);
    if (total <= 0) continue;
    e.score += total;  // same terms, order and values as search(): the sums agree exactly
    for (size_t f = 0; f < kFieldCount; ++f) {
      if (m.post_tf[p][f] == 0 || shares[f] <= 0) continue;
      e.terms.push_back({m.terms[term], kFieldNames[f], m.idf[term], static_cast<double>(m.post_tf[p][f]),
                         m.weights[f], m.length_norm(doc, f), shares[f]});
    }
  }
  std::stable_sort(e.terms.begin(), e.terms.end(),
                   [](const TermContribution& a, const TermContribution& b) { return a.score > b.score; });
  const std::string literal = folded_trimmed(query);
  if (literal.empty()) return e;
  const std::vector<ExactMatch> exact = m.exact_matches(query, literal);
  if (std::any_of(exact.begin(), exact.end(), [doc](const ExactMatch& x) { return x.tool == doc; })) {
    e.kind = MatchKind::Exact;
  } else if (e.score <= 0 && m.substring_closeness(literal, doc) > 0) {
    e.kind = MatchKind::Substring;
  }
  return e;
}

std::vector<std::string> SearchIndex::suggest(std::string_view name, size_t max, const ToolFilter& filter) const {
  const Impl& m = *impl_;
  std::vector<std::string> out;
  const std::string literal = folded_trimmed(name);
  if (max == 0 || literal.empty()) return out;
  const std::u32string query = decode_utf8(literal).text;
  const size_t len = query.size();
  // Typos allowed grow with the length: 1 up to 5 characters, 2 up to 9, then 3.
  const size_t max_distance = typo_budget(len);

  struct Candidate {
    size_t rank;  // edit distance, or max_distance + 1 for a prefix-only relation
    size_t length_gap;
    uint32_t tool;
  };
  std::vector<Candidate> found;
  std::vector<size_t> rows;
  for (uint32_t t = 0; t < m.doc_count; ++t) {
    if (filter && !filter(t)) continue;
    size_t best = max_distance + 1;
    size_t gap = std::numeric_limits<size_t>::max();
    bool related = false;
    for (const std::u32string* candidate : {&m.name_points[t], &m.original_points[t]}) {
      if (candidate->empty()) continue;
      const size_t d = osa_distance(query, *candidate, max_distance, rows);
      const bool prefix = len >= 3 && (candidate->compare(0, len, query) == 0 ||
                                       (candidate->size() >= 3 && query.compare(0, candidate->size(), *candidate) == 0));
      if (d <= max_distance || prefix) {
        related = true;
        best = std::min(best, d);
        gap = std::min(gap, candidate->size() > len ? candidate->size() - len : len - candidate->size());
      }
    }
    if (related) found.push_back({best, gap, t});
  }
  std::sort(found.begin(), found.end(), [](const Candidate& a, const Candidate& b) {
    if (a.rank != b.rank) return a.rank < b.rank;
    if (a.length_gap != b.length_gap) return a.length_gap < b.length_gap;
    return a.tool < b.tool;
  });
  for (const Candidate& c : found) {
    if (out.size() >= max) break;
    out.push_back(m.names[c.tool]);
  }
  return out;
}

}  // namespace toolsearch
