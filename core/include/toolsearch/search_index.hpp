// BM25 retrieval over a catalog snapshot, with the exact-name guarantee, a literal substring
// fallback, per-term explanations and "did you mean" suggestions.
#pragma once

#include "toolsearch/byte_io.hpp"
#include "toolsearch/catalog.hpp"
#include "toolsearch/lexicon.hpp"
#include "toolsearch/status.hpp"
#include "toolsearch/tokenizer.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace toolsearch {

/// Weight of each indexed field in the BM25 sum (BM25F-style, per-field length norms).
/// The defaults were tuned on Seal-Tools dev queries with k1 1.2 and b 0.75 held fixed
/// (tools/eval_seal). Against name 3 / param_names 1.5 / param_descriptions 0.5 they raise
/// recall@5 from 0.895 to 0.906 on dev and from 0.864 to 0.881 on test. Parameter names are
/// weak evidence there (generic names such as "location" or "date"), hence their low weight.
struct FieldWeights {
  double name = 4.0;                ///< tool name, its split parts and unprefixed MCP name (default 4)
  double server = 1.0;              ///< MCP server name (default 1; not tunable on Seal-Tools)
  double description = 1.0;         ///< tool description and title (default 1)
  double param_names = 0.25;        ///< input schema property names, nested too (default 0.25)
  double param_descriptions = 0.5;  ///< input schema property descriptions (default 0.5)
};

/// Out-of-range values are clamped when the index is built: k1 >= 0, 0 <= b <= 1, weights >= 0.
/// Scoring is BM25F (see bm25.hpp): per-field length norms, weighted, saturated once.
struct Bm25Params {
  double k1 = 1.2;  ///< default 1.2
  double b = 0.75;  ///< default 0.75
  FieldWeights weights;
  /// Query words the lexicon expands (default: default_lexicon()). Hosts may add entries.
  Lexicon lexicon = default_lexicon();
  /// A word that neither the catalog nor the lexicon has matches catalog words with the same
  /// first letter within 1 edit (3-5 letters after stemming) or 2 edits (6+), at half weight,
  /// at most 3 per word; and, when it has 5+ letters, the closest lexicon word no farther away,
  /// whose meaning it then takes at half weight ("fodler" -> folder -> directory). In queries
  /// of more than 6 words, only words of 4+ letters, by 1 edit. Default true.
  bool typo_tolerance = true;
  /// The tokenizer pipeline used for tools and queries. The defaults (light stemmer, stop words)
  /// were chosen on both dev sets together (tools/eval_seal, recall@5):
  ///   none            seal_tools 0.906, metatool 0.537
  ///   light + stop    seal_tools 0.906, metatool 0.635  <- the default: better on both
  ///   Porter2 + stop  seal_tools 0.898, metatool 0.641  (trades seal_tools for metatool)
  AnalyzerOptions analyzer;
};

/// True when an index built with `a` is the index `b` builds and searches the same way: equal
/// numbers, lexicon, typo setting and analyzer options (a stemmer other than a plain function
/// compares unequal, since it cannot be told apart).
bool same_index_params(const Bm25Params& a, const Bm25Params& b);

/// Why a hit is where it is.
enum class MatchKind {
  Exact,      ///< the query names the tool (see SearchIndex::search)
  Bm25,       ///< ordinary BM25 score > 0
  Substring,  ///< fallback: BM25 had no positive hit; the name contains the query or vice versa
  Semantic,   ///< found by the semantic leg alone (retrieval.hpp)
  Regex,      ///< the regex strategy's pattern matches the name (or description)
};
const char* to_string(MatchKind kind);  // "exact", "bm25", "substring", "semantic", "regex"

/// A hit's place in one leg of a hybrid search. rank 0: the leg did not return the tool.
struct LegRank {
  /// Score fusion's semantic leg: the cosine was computed, but the tool was not ranked in the
  /// leg's top depth (it fell outside it, or the leg was not ranked: see fuse_keyword_settled).
  static constexpr size_t kUnranked = SIZE_MAX;
  size_t rank = 0;   ///< 1-based, 0 (absent) or kUnranked
  double score = 0;  ///< the leg's own score (BM25, or cosine)
};

struct SearchHit {
  size_t tool;    ///< index into Catalog::tools() of the snapshot the index was built from
  double score;   ///< BM25 score (exact hits keep theirs; ranking puts them first), cosine for
                  ///< semantic, the fused RRF score for hybrid, 1 for regex
  MatchKind kind;
  /// Low confidence: a substring fallback, a BM25 score under 20% of the best hit's, or a cosine
  /// under 60% of the best. Shown to callers of search(); the bridge's tool_search leaves weak
  /// hits out.
  bool weak = false;
  LegRank keyword;   ///< set by hybrid search only
  LegRank semantic;  ///< set by hybrid search only
};

struct TermContribution {
  std::string term;
  std::string field;   ///< "name", "server", "description", "param_names", "param_descriptions"
  double idf;
  double tf;           ///< raw term frequency in the field
  double weight;       ///< field weight
  double length_norm;  ///< 1 - b + b * len / avg_len
  double score;        ///< this term's contribution in this field
  double query_weight = 1;  ///< 1 for the query's own words, lexicon expansions and a long word's one closest fix; 0.5 for other typo fixes
};

struct Explanation {
  size_t tool;
  MatchKind kind;
  double score;
  std::vector<std::string> query_tokens;  ///< tokens after the analyzer pipeline
  std::vector<TermContribution> terms;    ///< sorted by contribution, largest first
  std::vector<Expansion> expansions;      ///< lexicon expansions and typo corrections applied
};

/// Restricts candidates (scope, deferred-only, ...). Empty = every tool.
using ToolFilter = std::function<bool(size_t tool)>;

/// A ranking the bridge and pre-selection can use in place of SearchIndex::search (the engine
/// passes its configured strategy: keyword, semantic, hybrid). Same contract: at most `limit`
/// hits, best first, among tools passing the filter.
using SearchFunction = std::function<std::vector<SearchHit>(std::string_view query, size_t limit, const ToolFilter& filter)>;

/// An immutable inverted index over one catalog snapshot. Safe to share across sessions.
class SearchIndex {
 public:
  static std::shared_ptr<const SearchIndex> build(const Catalog& catalog, const Bm25Params& params = {});
  /// An index of the tools `scope` passes, as if they were the whole catalog: the document
  /// count, document frequencies, average field lengths, vocabulary, typo candidates, lexicon
  /// terms and names all come from them alone, so what a scoped session finds and how it is
  /// scored cannot depend on tools outside its scope. Hits keep catalog positions; the other
  /// tools are never found, explained or suggested.
  static std::shared_ptr<const SearchIndex> build(const Catalog& catalog, const Bm25Params& params,
                                                  const ToolFilter& scope);

  /// Top `limit` hits, best first; ties by catalog order. Empty/blank query gives no hits.
  ///
  /// Exact hits come first whatever their BM25 rank, ordered by tier, then longer names, then
  /// score. A tool is an exact hit when its name or unprefixed MCP name (original_name)
  ///  - tier 0: equals the trimmed query, case-insensitively;
  ///  - tier 1: has the same identifier parts as the whole query ("Read File", "readFile"
  ///    for read_file; this is the only way a one-part name such as "search" is exact);
  ///  - tier 2: has two or more parts and is spelled as an identifier by one chunk of the
  ///    query, chunks ending at blanks and CJK characters ("please use `read_file` on x").
  ///    Free-text phrases ("get weather") are left to BM25: on Seal-Tools dev, counting them
  ///    made 78 exact hits of which 23 were wrong, against 32 and 2 with this rule.
  /// When no tool passing the filter has a positive BM25 score, tools whose folded name
  /// contains the trimmed query (2+ bytes) or is contained in it (names of 3+ bytes) follow
  /// as Substring hits with score 0, closest length first.
  ///
  /// With `surface`, the query's part tokens before stemming are appended there (see
  /// Analyzer::analyze_into), whatever the limit and the index hold: hybrid search embeds
  /// them with a static table instead of splitting the query again.
  std::vector<SearchHit> search(std::string_view query, size_t limit, const ToolFilter& filter = {},
                                TokenBuffer* surface = nullptr) const;
  /// The analyzer's options: how queries and tools are read.
  const AnalyzerOptions& analyzer_options() const;
  /// Per-term contributions of `tool` for `query` (NotFound if tool is out of range).
  Result<Explanation> explain(std::string_view query, size_t tool) const;
  /// Up to `max` names close to `name` (best first), among tools passing filter: optimal
  /// string alignment distance on folded code points, at most 1 for names up to 5 characters,
  /// 2 up to 9, then 3 (0 for 1-2 characters); then names that start with `name` or that
  /// `name` starts with (3+ characters). Ties: smaller length gap, then catalog order.
  std::vector<std::string> suggest(std::string_view name, size_t max, const ToolFilter& filter = {}) const;

  /// Catalog positions the index covers (the catalog's size, scoped or not).
  size_t size() const;

  /// The built tables, for a snapshot (docs/snapshot-format.md): loading copies them instead
  /// of analysing every tool again.
  void write(ByteWriter& out) const;
  /// An index from what write() wrote, for a catalog of `tools` tools and `params` (the
  /// parameters it was built with), or nullptr with the reason in `in`.
  static std::shared_ptr<const SearchIndex> read(ByteReader& in, const Bm25Params& params, size_t tools);
  ~SearchIndex();
  SearchIndex(const SearchIndex&) = delete;
  SearchIndex& operator=(const SearchIndex&) = delete;

 private:
  struct Impl;
  explicit SearchIndex(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace toolsearch
