// The seam for ranking strategies (keyword today; semantic, regex and hybrid later) and
// Reciprocal Rank Fusion, which combines their ranked lists.
#pragma once

#include "toolsearch/search_index.hpp"

#include <cstddef>
#include <memory>
#include <string_view>
#include <vector>

namespace toolsearch {

/// One ranked tool. `exact` marks a tool the query names (SearchIndex's exact-name rule);
/// fusion keeps such tools ahead of every other.
struct RankedTool {
  size_t tool;         ///< index into the catalog snapshot
  double score;        ///< the strategy's own score (not comparable across strategies)
  bool exact = false;  ///< default false
};

/// Produces a ranked list for a query. Implementations are immutable and shareable.
class RankingStrategy {
 public:
  virtual ~RankingStrategy() = default;
  /// A stable identifier, e.g. "bm25".
  virtual std::string_view name() const = 0;
  /// At most `depth` tools, best first, among tools passing `filter`.
  virtual std::vector<RankedTool> rank(std::string_view query, const ToolFilter& filter, size_t depth) const = 0;
};

/// Keyword ranking: SearchIndex::search as a strategy (exact hits flagged).
class Bm25Strategy final : public RankingStrategy {
 public:
  explicit Bm25Strategy(std::shared_ptr<const SearchIndex> index);
  std::string_view name() const override { return "bm25"; }
  std::vector<RankedTool> rank(std::string_view query, const ToolFilter& filter, size_t depth) const override;

 private:
  std::shared_ptr<const SearchIndex> index_;
};

/// Reciprocal Rank Fusion: score(t) = sum over lists of 1 / (k + rank), rank starting at 1;
/// a tool absent from a list gets nothing from it, and only its first appearance in a list
/// counts. Tools flagged exact in any list come first (among themselves by fused score).
/// Ties break by best single rank, then catalog order. `limit` 0 means no limit.
/// A non-positive or non-finite k is replaced by the default 60.
std::vector<RankedTool> fuse_rrf(const std::vector<std::vector<RankedTool>>& lists, double k = 60.0,
                                 size_t limit = 0);

}  // namespace toolsearch
