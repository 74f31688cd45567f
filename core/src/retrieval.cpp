#include "toolsearch/retrieval.hpp"

#include "toolsearch/sort_by.hpp"

#include <algorithm>
#include <cstdint>
#include <cmath>

namespace toolsearch {

const char* to_string(RetrievalStrategy s) {
  switch (s) {
    case RetrievalStrategy::Keyword: return "keyword";
    case RetrievalStrategy::Semantic: return "semantic";
    case RetrievalStrategy::Hybrid: return "hybrid";
    case RetrievalStrategy::Regex: return "regex";
  }
  return "keyword";
}

std::optional<RetrievalStrategy> retrieval_strategy_from_string(std::string_view s) {
  for (RetrievalStrategy r : {RetrievalStrategy::Keyword, RetrievalStrategy::Semantic, RetrievalStrategy::Hybrid,
                              RetrievalStrategy::Regex}) {
    if (s == to_string(r)) return r;
  }
  return std::nullopt;
}

const char* to_string(Fusion f) { return f == Fusion::Rrf ? "rrf" : "score"; }

std::optional<Fusion> fusion_from_string(std::string_view s) {
  if (s == "score") return Fusion::Score;
  if (s == "rrf") return Fusion::Rrf;
  return std::nullopt;
}

std::vector<SearchHit> semantic_hits(const std::vector<float>& cosines, size_t limit, const ToolFilter& filter) {
  std::vector<SearchHit> hits;
  const std::vector<VectorHit> best = best_scores(cosines, limit, filter, /*skip_zero=*/true);
  const double top = best.empty() ? 0.0 : best.front().score;
  for (const VectorHit& v : best) {
    hits.push_back({v.id, v.score, MatchKind::Semantic, v.score <= 0 || v.score < kWeakCosineFraction * top, {}, {}});
  }
  return hits;
}

std::vector<SearchHit> fuse_hybrid(const std::vector<SearchHit>& keyword, const std::vector<SearchHit>& semantic,
                                   const std::vector<float>& cosines, const HybridOptions& options, size_t limit) {
  // The candidates: the keyword list, then tools only the semantic leg found. Lists are at most
  // `depth` long, so a linear lookup is cheaper (and smaller in the wasm) than a hash map.
  std::vector<SearchHit> fused;
  fused.reserve(keyword.size() + semantic.size());
  double top = 0;
  for (size_t r = 0; r < keyword.size(); ++r) {
    fused.push_back(keyword[r]);
    fused.back().keyword = {r + 1, keyword[r].score};
    top = std::max(top, keyword[r].score);
  }
  for (size_t r = 0; r < semantic.size(); ++r) {
    auto same = std::find_if(fused.begin(), fused.end(), [&](const SearchHit& h) { return h.tool == semantic[r].tool; });
    if (same == fused.end()) {
      fused.push_back(semantic[r]);
      same = fused.end() - 1;
    } else {
      same->weak = same->weak && semantic[r].weak;  // weak only when weak (or absent) in both legs
    }
    same->semantic = {r + 1, semantic[r].score};
  }
  const double k = options.rrf_k > 0 && std::isfinite(options.rrf_k) ? options.rrf_k : 60.0;
  for (SearchHit& h : fused) {
    if (options.fusion == Fusion::Rrf) {
      h.score = (h.keyword.rank ? options.keyword_weight / (k + static_cast<double>(h.keyword.rank)) : 0.0) +
                (h.semantic.rank ? options.semantic_weight / (k + static_cast<double>(h.semantic.rank)) : 0.0);
    } else {
      const double cosine = h.tool < cosines.size() ? cosines[h.tool] : 0.0;
      h.score = options.keyword_weight * (h.keyword.rank && top > 0 ? h.keyword.score / top : 0.0) +
                options.semantic_weight * cosine;
    }
  }
  auto best_rank = [](const SearchHit& h) {
    const size_t kw = h.keyword.rank ? h.keyword.rank : SIZE_MAX, sem = h.semantic.rank ? h.semantic.rank : SIZE_MAX;
    return std::min(kw, sem);
  };
  sort_by(fused, [&](const SearchHit& x, const SearchHit& y) {
    const bool xe = x.kind == MatchKind::Exact, ye = y.kind == MatchKind::Exact;
    if (xe != ye) return xe;  // a query naming a tool finds it whatever the semantic leg thinks
    if (x.score != y.score) return x.score > y.score;
    if (best_rank(x) != best_rank(y)) return best_rank(x) < best_rank(y);
    return x.tool < y.tool;
  });
  if (fused.size() > limit) fused.resize(limit);
  return fused;
}

std::vector<SearchHit> regex_search(const Catalog& catalog, const Regex& pattern, bool descriptions, size_t limit,
                                    const ToolFilter& filter) {
  std::vector<SearchHit> hits;
  const auto& tools = catalog.tools();
  for (size_t i = 0; i < tools.size() && hits.size() < limit; ++i) {
    if (filter && !filter(i)) continue;
    if (pattern.search(tools[i].name) || (descriptions && pattern.search(tools[i].description))) {
      hits.push_back({i, 1.0, MatchKind::Regex, false, {}, {}});
    }
  }
  return hits;
}

}  // namespace toolsearch
