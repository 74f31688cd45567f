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

/// How hybrid combines its legs over the union of each leg's top `depth`:
/// - Score: fused(t) = keyword_weight * bm25(t) / best bm25 + semantic_weight * cosine(t)
///   (a tool outside the keyword list has bm25 0; every candidate's cosine is exact).
/// - Rrf: fused(t) = keyword_weight / (rrf_k + keyword rank) + semantic_weight / (rrf_k +
///   semantic rank) (seed 003's Reciprocal Rank Fusion with per-leg weights).
/// Score is the default: RRF throws away how far apart BM25 scores are, so on Seal-Tools dev a
/// semantic leg at any weight reorders BM25's confident top ranks (recall@5 0.907 -> 0.859 at
/// weight 0.1), while score fusion at 0.3 gains on both dev sets (scripts/retrieval-table.mjs).
enum class Fusion { Score, Rrf };
const char* to_string(Fusion f);  // "score", "rrf"
std::optional<Fusion> fusion_from_string(std::string_view s);

struct HybridOptions {
  Fusion fusion = Fusion::Score;  ///< default score
  double keyword_weight = 1.0;    ///< default 1
  double semantic_weight = 0.3;   ///< default 0.3: a host's embedder
  /// The semantic leg's weight when a static table embeds the query, in place of
  /// semantic_weight (and scaled like it). Default 0.1: a table of word vectors reads a query
  /// less well than a model, and at 0.3 its cosine reorders BM25's confident ranks (hybrid
  /// recall@5 with the shipped table, Seal-Tools dev 0.898 at 0.3, 0.910 at 0.1, keyword 0.909;
  /// MetaTool dev 0.698, 0.677, 0.659; scripts/retrieval-table.mjs --sweep).
  double table_semantic_weight = 0.1;
  double rrf_k = 60;              ///< default 60 (seed 003); Rrf only
  size_t depth = 50;              ///< candidates taken from each leg, default 50
  /// Score fusion only: semantic_weight is scaled per query by the keyword leg's confidence
  /// (adaptive_semantic_weight). Default true.
  bool adaptive_weight = true;
};

/// How many keyword scores the keyword leg's confidence is measured over (the leg's first hits,
/// then zeros for the tools it did not reach).
inline constexpr size_t kConfidencePool = 50;
/// The confidence at which adaptive score fusion keeps semantic_weight as configured.
inline constexpr double kReferenceConfidence = 4.5;
/// The most adaptive score fusion multiplies semantic_weight by.
inline constexpr double kMaxWeightFactor = 10;
/// Under this share of a query's words known to a static table, its semantic weight falls in
/// proportion (fusion_semantic_weight). Nearly every English request is above it, nearly every
/// request in another language below: measured in round 42, when the table's weight was 0.3,
/// hybrid with the shipped table gives the same recall@5,
/// recall@10 and nDCG@10 on Seal-Tools dev and test and MetaTool dev to four places, and recall@5
/// on the European requests 0.933 -> 0.942, the twelfth held-out set 0.736 -> 0.744, the first
/// 0.917 -> 0.923, the third 0.903 -> 0.914, the eighth 0.858 -> 0.866, the typo'd messages
/// over the first 0.758 -> 0.765, no set losing (the weight times (coverage / 0.6)^2 instead:
/// those 0.765 -> 0.746).
inline constexpr double kMinTableCoverage = 0.6;

/// The keyword leg's confidence in its best hit: how many standard deviations the best score
/// stands above the mean of kConfidencePool scores, those of the first hits of `keyword` (best
/// first, as SearchIndex::search returns them) and 0 for the rest. About 7 when one tool alone
/// matches, 4.5 for a typical Seal-Tools request, 3 for a typical MetaTool one (paraphrases
/// whose words match many tools alike), 0 when nothing matched.
double keyword_confidence(const std::vector<SearchHit>& keyword);

/// Score fusion's semantic weight for one query: options.semantic_weight, times
/// (kReferenceConfidence / keyword_confidence)^3 when options.adaptive_weight, at most
/// kMaxWeightFactor times. A query whose words single out a tool is ranked by BM25, with the
/// cosine breaking near-ties; one whose words match many tools alike leans on the cosine.
/// Chosen on both dev splits with USE-lite (scripts/retrieval-table.mjs): MetaTool dev recall@5
/// 0.674 -> 0.706, Seal-Tools dev 0.909 -> 0.911, against a fixed 0.3.
/// `table_coverage` is set when a static table embedded the query: the share of the query's
/// words it knows (StaticEmbedding::coverage()). The weight is then
/// options.table_semantic_weight, scaled as above and, in either fusion, by table_coverage /
/// kMinTableCoverage when under kMinTableCoverage (0.6): the table is English, and the vector
/// of a request in another language, or of one made of words the table lacks, says little.
double fusion_semantic_weight(const std::vector<SearchHit>& keyword, const HybridOptions& options,
                              std::optional<double> table_coverage = std::nullopt);

/// What search(), the bridge's tool_search and pre-selection use when a request names no strategy.
struct RetrievalOptions {
  RetrievalStrategy strategy = RetrievalStrategy::Keyword;  ///< default keyword
  HybridOptions hybrid;
};

/// A semantic hit is weak below this fraction of the best cosine (or at a cosine <= 0).
inline constexpr double kWeakCosineFraction = 0.6;

/// The semantic leg's hits (VectorIndex::top, best first) as SearchHits, weak below
/// kWeakCosineFraction of the best cosine.
std::vector<SearchHit> semantic_hits(const std::vector<VectorHit>& best);

/// Fuses a keyword list and a semantic list (each best first) into at most `limit` hits.
/// Exact keyword hits stay first (a query naming a tool finds it whatever the
/// semantic leg thinks); each hit keeps its rank and score in both legs. A hit is weak only
/// when it is weak, or absent, in both legs. The kind is the keyword leg's, or Semantic for a
/// semantic-only hit. Ties: the better of the two ranks, then catalog order. A non-positive or
/// non-finite rrf_k is replaced by 60. `keyword_cosines[i]` is the cosine of `keyword[i]`: score
/// fusion reads it for the keyword hits the semantic list lacks, whose semantic leg becomes
/// {LegRank::kUnranked, cosine}; RRF never reads it (it may be empty).
std::vector<SearchHit> fuse_hybrid(const std::vector<SearchHit>& keyword, const std::vector<float>& keyword_cosines,
                                   const std::vector<SearchHit>& semantic, const HybridOptions& options, size_t limit);

/// Score fusion's first `limit` hits when the keyword list alone settles them, else nullopt.
/// A tool outside the keyword list fuses to semantic_weight x cosine, at most |semantic_weight|;
/// when `limit` keyword hits already score above that, the semantic leg cannot add a hit, so
/// ranking the whole catalog by cosine (most of a hybrid query's work) is skipped. The result
/// is what fuse_hybrid returns after that ranking: the same hits, order, scores and weak flags.
/// Only the semantic ranks are missing (LegRank::kUnranked, with the cosine). nullopt under
/// RRF, when the list holds fewer than `limit` hits, when two of them tie (the semantic ranks
/// break ties), or when a weak hit could be cleared by the semantic leg.
std::optional<std::vector<SearchHit>> fuse_keyword_settled(const std::vector<SearchHit>& keyword,
                                                           const std::vector<float>& keyword_cosines,
                                                           const HybridOptions& options, size_t limit);

/// Tools whose name matches `pattern` (or whose description does, when `descriptions`), in
/// catalog order, at most `limit`, among tools passing `filter`. Linear in the catalog's text.
std::vector<SearchHit> regex_search(const Catalog& catalog, const Regex& pattern, bool descriptions, size_t limit,
                                    const ToolFilter& filter = {});

}  // namespace toolsearch
