#include "toolsearch/ranking.hpp"
#include "toolsearch/sort_by.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>
#include <utility>

namespace toolsearch {

std::vector<RankedTool> fuse_rrf(const std::vector<std::vector<RankedTool>>& lists, double k, size_t limit,
                                 const std::vector<double>& weights) {
  if (!(k > 0) || !std::isfinite(k)) k = 60.0;
  struct Fused {
    size_t tool;
    double score = 0;
    size_t best_rank = std::numeric_limits<size_t>::max();
    bool exact = false;
    size_t last_list = std::numeric_limits<size_t>::max();  // dedupes within one list
  };
  std::vector<Fused> fused;
  std::unordered_map<size_t, size_t> slot;  // tool -> position in `fused` (never iterated)
  for (size_t l = 0; l < lists.size(); ++l) {
    const std::vector<RankedTool>& list = lists[l];
    const double w = l < weights.size() ? weights[l] : 1.0;
    for (size_t r = 0; r < list.size(); ++r) {
      const RankedTool& item = list[r];
      auto [it, inserted] = slot.emplace(item.tool, fused.size());
      if (inserted) fused.push_back({item.tool});
      Fused& f = fused[it->second];
      f.exact = f.exact || item.exact;
      if (f.last_list == l) continue;
      f.last_list = l;
      const size_t rank = r + 1;
      f.score += w / (k + static_cast<double>(rank));
      f.best_rank = std::min(f.best_rank, rank);
    }
  }
  sort_by(fused, [](const Fused& a, const Fused& b) {
    if (a.exact != b.exact) return a.exact;
    if (a.score != b.score) return a.score > b.score;
    if (a.best_rank != b.best_rank) return a.best_rank < b.best_rank;
    return a.tool < b.tool;
  });
  if (limit != 0 && fused.size() > limit) fused.resize(limit);
  std::vector<RankedTool> out;
  out.reserve(fused.size());
  for (const Fused& f : fused) out.push_back({f.tool, f.score, f.exact});
  return out;
}

}  // namespace toolsearch
