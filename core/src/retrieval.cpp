#include "toolsearch/retrieval.hpp"

#include "toolsearch/ranking.hpp"

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

Result<std::vector<SearchHit>> semantic_search(const VectorIndex& vectors, const std::vector<float>& query,
                                               size_t limit, const ToolFilter& filter) {
  auto found = vectors.search(query, limit, filter);
  if (!found.ok()) return found.status();
  std::vector<SearchHit> hits;
  const double top = found->empty() ? 0.0 : found->front().score;
  for (const VectorHit& v : found.value()) {
    if (v.score == 0.0f) continue;  // a tool without an embedding (or orthogonal): no evidence
    hits.push_back({v.id, v.score, MatchKind::Semantic, v.score <= 0 || v.score < kWeakCosineFraction * top, {}, {}});
  }
  return hits;
}

std::vector<SearchHit> fuse_hybrid(const std::vector<SearchHit>& keyword, const std::vector<SearchHit>& semantic,
                                   const HybridOptions& options, size_t limit) {
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
