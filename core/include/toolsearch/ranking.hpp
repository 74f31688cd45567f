// Reciprocal Rank Fusion, which combines the ranked lists of the retrieval strategies
// (retrieval.hpp) into one.
#pragma once

#include "toolsearch/search_index.hpp"

#include <cstddef>
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

/// Reciprocal Rank Fusion: score(t) = sum over lists of w / (k + rank), rank starting at 1, w the
/// list's weight (`weights[l]`, 1 where absent; seed 003's formula with per-leg weights);
/// a tool absent from a list gets nothing from it, and only its first appearance in a list
/// counts. Tools flagged exact in any list come first (among themselves by fused score).
/// Ties break by best single rank, then catalog order. `limit` 0 means no limit.
/// A non-positive or non-finite k is replaced by the default 60.
std::vector<RankedTool> fuse_rrf(const std::vector<std::vector<RankedTool>>& lists, double k = 60.0,
                                 size_t limit = 0, const std::vector<double>& weights = {});

}  // namespace toolsearch
