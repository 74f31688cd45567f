#include "toolsearch/retrieval.hpp"

#include "toolsearch/ranking.hpp"
#include "toolsearch/sort_by.hpp"
#include "toolsearch/top_k.hpp"

#include <algorithm>
#include <cstdint>
#include <unordered_map>

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
  // A bounded heap over the cosines: one comparison for most tools, no list of every id.
  struct Scored {
    float cosine;
    size_t id;
  };
  auto better = [](const Scored& a, const Scored& b) { return a.cosine > b.cosine || (a.cosine == b.cosine && a.id < b.id); };
  std::vector<Scored> heap;
  heap.reserve(std::min(limit, cosines.size()) + 1);
  for (size_t id = 0; id < cosines.size(); ++id) {
    const float c = cosines[id];
    // A tool without an embedding (a zero row) scores exactly 0: no evidence either way.
    if (c == 0.0f || (heap.size() == limit && c < heap.front().cosine)) continue;
    if (filter && !filter(id)) continue;
    keep_best(heap, limit, Scored{c, id}, better);
  }
  std::sort_heap(heap.begin(), heap.end(), better);
  std::vector<SearchHit> hits;
  const double top = heap.empty() ? 0.0 : heap.front().cosine;
  for (const Scored& s : heap) {
    hits.push_back({s.id, s.cosine, MatchKind::Semantic, s.cosine <= 0 || s.cosine < kWeakCosineFraction * top, {}, {}});
  }
  return hits;
}

namespace {

// Relative score fusion: BM25 normalised by the query's best, plus the weighted cosine.
std::vector<SearchHit> fuse_scores(const std::vector<SearchHit>& keyword, const std::vector<SearchHit>& semantic,
                                   const std::vector<float>& cosines, const HybridOptions& options, size_t limit) {
  std::unordered_map<size_t, SearchHit> by_tool;  // never iterated: order comes from the sort
  std::vector<size_t> order;
  double top = 0;
  for (const SearchHit& h : keyword) top = std::max(top, h.score);
  for (size_t r = 0; r < keyword.size(); ++r) {
    SearchHit h = keyword[r];
    h.keyword = {r + 1, h.score};
    h.score = options.keyword_weight * (top > 0 ? h.score / top : 0.0);
    if (by_tool.emplace(h.tool, h).second) order.push_back(h.tool);
  }
  for (size_t r = 0; r < semantic.size(); ++r) {
    auto [it, inserted] = by_tool.emplace(semantic[r].tool, semantic[r]);
    if (inserted) {
      it->second.score = 0;
      order.push_back(semantic[r].tool);
    } else {
      it->second.weak = it->second.weak && semantic[r].weak;
    }
    it->second.semantic = {r + 1, semantic[r].score};
  }
  for (size_t t : order) by_tool.at(t).score += options.semantic_weight * (t < cosines.size() ? cosines[t] : 0.0f);
  sort_by(order, [&](size_t a, size_t b) {
    const SearchHit& x = by_tool.at(a);
    const SearchHit& y = by_tool.at(b);
    const bool xe = x.kind == MatchKind::Exact, ye = y.kind == MatchKind::Exact;
    if (xe != ye) return xe;
    if (x.score != y.score) return x.score > y.score;
    const size_t xr = x.keyword.rank ? x.keyword.rank : SIZE_MAX, yr = y.keyword.rank ? y.keyword.rank : SIZE_MAX;
    if (xr != yr) return xr < yr;
    return a < b;
  });
  if (order.size() > limit) order.resize(limit);
  std::vector<SearchHit> hits;
  for (size_t t : order) hits.push_back(by_tool.at(t));
  return hits;
}

}  // namespace

std::vector<SearchHit> fuse_hybrid(const std::vector<SearchHit>& keyword, const std::vector<SearchHit>& semantic,
                                   const std::vector<float>& cosines, const HybridOptions& options, size_t limit) {
  if (options.fusion == Fusion::Score) return fuse_scores(keyword, semantic, cosines, options, limit);
  std::vector<std::vector<RankedTool>> lists(2);
  std::unordered_map<size_t, SearchHit> by_tool;  // never iterated: order comes from fuse_rrf
  for (size_t r = 0; r < keyword.size(); ++r) {
    const SearchHit& h = keyword[r];
    lists[0].push_back({h.tool, h.score, h.kind == MatchKind::Exact});
    SearchHit& out = by_tool.emplace(h.tool, h).first->second;
    out.keyword = {r + 1, h.score};
  }
  for (size_t r = 0; r < semantic.size(); ++r) {
    const SearchHit& h = semantic[r];
    lists[1].push_back({h.tool, h.score, false});
    auto [it, inserted] = by_tool.emplace(h.tool, h);
    if (!inserted) it->second.weak = it->second.weak && h.weak;
    it->second.semantic = {r + 1, h.score};
  }
  std::vector<SearchHit> hits;
  for (const RankedTool& t : fuse_rrf(lists, options.rrf_k, limit, {options.keyword_weight, options.semantic_weight})) {
    SearchHit h = by_tool.at(t.tool);
    h.score = t.score;
    hits.push_back(h);
  }
  return hits;
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
