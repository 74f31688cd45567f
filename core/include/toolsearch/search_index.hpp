// BM25 retrieval over a catalog snapshot, with the exact-name guarantee, a literal substring
// fallback, per-term explanations and "did you mean" suggestions.
#pragma once

#include "toolsearch/catalog.hpp"
#include "toolsearch/status.hpp"

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace toolsearch {

/// Weight of each indexed field in the BM25 sum (BM25F-style, per-field length norms).
struct FieldWeights {
  double name = 3.0;               ///< tool name (and its split parts)
  double server = 1.0;             ///< MCP server name
  double description = 1.0;        ///< tool description (and title)
  double param_names = 1.5;        ///< input schema property names
  double param_descriptions = 0.5; ///< input schema property descriptions
};

struct Bm25Params {
  double k1 = 1.2;  ///< default 1.2
  double b = 0.75;  ///< default 0.75
  FieldWeights weights;
};

/// Why a hit is where it is.
enum class MatchKind {
  Exact,      ///< the query is (or contains as a whole token sequence) the tool's name
  Bm25,       ///< ordinary BM25 score > 0
  Substring,  ///< fallback: BM25 had no positive hit and the query is a substring of the name
};
const char* to_string(MatchKind kind);  // "exact", "bm25", "substring"

struct SearchHit {
  size_t tool;    ///< index into Catalog::tools() of the snapshot the index was built from
  double score;   ///< BM25 score (exact hits keep their BM25 score; ranking puts them first)
  MatchKind kind;
};

struct TermContribution {
  std::string term;
  std::string field;   ///< "name", "server", "description", "param_names", "param_descriptions"
  double idf;
  double tf;           ///< raw term frequency in the field
  double weight;       ///< field weight
  double length_norm;  ///< 1 - b + b * len / avg_len
  double score;        ///< this term's contribution in this field
};

struct Explanation {
  size_t tool;
  MatchKind kind;
  double score;
  std::vector<std::string> query_tokens;  ///< tokens after the analyzer pipeline
  std::vector<TermContribution> terms;    ///< sorted by contribution, largest first
};

/// Restricts candidates (scope, deferred-only, ...). Empty = every tool.
using ToolFilter = std::function<bool(size_t tool)>;

/// An immutable inverted index over one catalog snapshot. Safe to share across sessions.
class SearchIndex {
 public:
  static std::shared_ptr<const SearchIndex> build(const Catalog& catalog, const Bm25Params& params = {});

  /// Top `limit` hits, best first; ties by catalog order. Empty/blank query gives no hits.
  std::vector<SearchHit> search(std::string_view query, size_t limit, const ToolFilter& filter = {}) const;
  /// Per-term contributions of `tool` for `query` (NotFound if tool is out of range).
  Result<Explanation> explain(std::string_view query, size_t tool) const;
  /// Up to `max` names close to `name` by edit distance (best first), among tools passing filter.
  std::vector<std::string> suggest(std::string_view name, size_t max, const ToolFilter& filter = {}) const;

  size_t size() const;
  ~SearchIndex();
  SearchIndex(const SearchIndex&) = delete;
  SearchIndex& operator=(const SearchIndex&) = delete;

 private:
  struct Impl;
  explicit SearchIndex(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace toolsearch
