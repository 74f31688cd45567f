// The retrieval strategies beside BM25 (search_index.hpp): semantic (cosine over tool vectors),
// hybrid (keyword and semantic fused by weighted Reciprocal Rank Fusion) and regex (a
// linear-time pattern over tool names, optionally descriptions). Each produces SearchHits, so
// the bridge, pre-selection and the JS API treat every strategy alike.
#pragma once

#include "toolsearch/catalog.hpp"
#include "toolsearch/regex.hpp"
#include "toolsearch/search_index.hpp"
#include "toolsearch/vector_index.hpp"

#include <optional>
#include <string_view>
#include <vector>

namespace toolsearch {

enum class RetrievalStrategy { Keyword, Semantic, Hybrid, Regex };
const char* to_string(RetrievalStrategy s);  // "keyword", "semantic", "hybrid", "regex"
std::optional<RetrievalStrategy> retrieval_strategy_from_string(std::string_view s);

/// Weighted RRF: fused(t) = keyword_weight / (rrf_k + keyword rank) + semantic_weight /
/// (rrf_k + semantic rank), over each leg's top `depth`. The defaults were chosen on both dev
/// sets (seal_tools and metatool) with the Universal Sentence Encoder (scripts/semantic-eval.mjs).
struct HybridOptions {
  double keyword_weight = 1.0;   ///< default 1
  double semantic_weight = 0.5;  ///< default 0.5
  double rrf_k = 60;             ///< default 60 (seed 003)
  size_t depth = 50;             ///< candidates taken from each leg, default 50
};

/// What search(), the bridge's tool_search and pre-selection use when a request names no strategy.
struct RetrievalOptions {
  RetrievalStrategy strategy = RetrievalStrategy::Keyword;  ///< default keyword
  HybridOptions hybrid;
};

/// A semantic hit is weak below this fraction of the best cosine (or at a cosine <= 0).
inline constexpr double kWeakCosineFraction = 0.6;

/// The `limit` tools of `vectors` (aligned with the catalog) closest to `query`, best first,
/// among tools passing `filter`; zero vectors (tools without an embedding) never appear.
/// InvalidArgument on a query of the wrong dimension or with a NaN or infinite value.
Result<std::vector<SearchHit>> semantic_search(const VectorIndex& vectors, const std::vector<float>& query,
                                               size_t limit, const ToolFilter& filter = {});

/// Fuses a keyword list and a semantic list (each best first) into at most `limit` hits. Exact
/// keyword hits stay first (a query naming a tool finds it whatever the semantic leg thinks);
/// each hit keeps its rank and score in both legs. A hit is weak only when it is weak, or
/// absent, in both legs. The kind is the keyword leg's, or Semantic for a semantic-only hit.
std::vector<SearchHit> fuse_hybrid(const std::vector<SearchHit>& keyword, const std::vector<SearchHit>& semantic,
                                   const HybridOptions& options, size_t limit);

/// Tools whose name matches `pattern` (or whose description does, when `descriptions`), in
/// catalog order, at most `limit`, among tools passing `filter`. Linear in the catalog's text.
std::vector<SearchHit> regex_search(const Catalog& catalog, const Regex& pattern, bool descriptions, size_t limit,
                                    const ToolFilter& filter = {});

}  // namespace toolsearch
