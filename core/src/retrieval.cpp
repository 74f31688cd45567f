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

double keyword_confidence(const std::vector<SearchHit>& keyword) {
  const size_t n = std::min(keyword.size(), kConfidencePool);
  double sum = 0, squares = 0, best = 0;
  for (size_t i = 0; i < n; ++i) {
    const double s = std::max(keyword[i].score, 0.0);  // exact hits first: not always the best
    sum += s;
    squares += s * s;
    best = std::max(best, s);
  }
  const double pool = static_cast<double>(kConfidencePool);
  const double mean = sum / pool;
  const double variance = squares / pool - mean * mean;
  if (!(best > 0) || !(variance > 0)) return 0;
  return (best - mean) / std::sqrt(variance);
}

double fusion_semantic_weight(const std::vector<SearchHit>& keyword, const HybridOptions& options,
                              std::optional<double> table_coverage) {
  double weight = options.semantic_weight;
  if (table_coverage) {
    weight = options.table_semantic_weight * std::min(std::max(*table_coverage, 0.0), kMinTableCoverage) / kMinTableCoverage;
  }
  if (!options.adaptive_weight || options.fusion != Fusion::Score) return weight;
  const double z = keyword_confidence(keyword);
  const double ratio = z > 0 ? kReferenceConfidence / z : INFINITY;
  return weight * std::min(ratio * ratio * ratio, kMaxWeightFactor);
}

std::vector<SearchHit> semantic_hits(const std::vector<VectorHit>& best) {
  std::vector<SearchHit> hits;
  hits.reserve(best.size());
  const double top = best.empty() ? 0.0 : best.front().score;
  for (const VectorHit& v : best) {
    hits.push_back({v.id, v.score, MatchKind::Semantic, v.score <= 0 || v.score < kWeakCosineFraction * top, {}, {}});
  }
  return hits;
}

std::vector<SearchHit> fuse_hybrid(const std::vector<SearchHit>& keyword, const std::vector<float>& keyword_cosines,
                                   const std::vector<SearchHit>& semantic, const HybridOptions& options, size_t limit) {
  // The candidates: the keyword list, then tools only the semantic leg found. A semantic hit
  // finds its keyword twin by binary search over the keyword list's tools, sorted (a linear
  // scan of the fused list per hit was a tenth of a hybrid query at depth 50).
  std::vector<SearchHit> fused;
  fused.reserve(keyword.size() + semantic.size());
  double top = 0;
  for (size_t r = 0; r < keyword.size(); ++r) {
    fused.push_back(keyword[r]);
    fused.back().keyword = {r + 1, keyword[r].score};
    top = std::max(top, keyword[r].score);
  }
  std::vector<std::pair<size_t, size_t>> keyword_at;  // (tool, position in fused), sorted
  if (!semantic.empty()) {  // none when the keyword leg settled the result alone
    keyword_at.reserve(keyword.size());
    for (size_t r = 0; r < keyword.size(); ++r) keyword_at.emplace_back(keyword[r].tool, r);
    sort_by(keyword_at, [](const std::pair<size_t, size_t>& a, const std::pair<size_t, size_t>& b) { return a < b; });
  }
  for (size_t r = 0; r < semantic.size(); ++r) {
    const auto twin = std::lower_bound(keyword_at.begin(), keyword_at.end(), std::make_pair(semantic[r].tool, size_t{0}));
    SearchHit* same;
    if (twin == keyword_at.end() || twin->first != semantic[r].tool) {
      fused.push_back(semantic[r]);
      same = &fused.back();
    } else {
      same = &fused[twin->second];
      same->weak = same->weak && semantic[r].weak;  // weak only when weak (or absent) in both legs
    }
    same->semantic = {r + 1, semantic[r].score};
  }
  const double k = options.rrf_k > 0 && std::isfinite(options.rrf_k) ? options.rrf_k : 60.0;
  for (size_t i = 0; i < fused.size(); ++i) {
    SearchHit& h = fused[i];
    if (options.fusion == Fusion::Rrf) {
      h.score = (h.keyword.rank ? options.keyword_weight / (k + static_cast<double>(h.keyword.rank)) : 0.0) +
                (h.semantic.rank ? options.semantic_weight / (k + static_cast<double>(h.semantic.rank)) : 0.0);
    } else {
      // A semantic hit carries its cosine; a keyword hit the semantic list lacks (one of the
      // first keyword.size()) takes its own.
      if (!h.semantic.rank) h.semantic = {LegRank::kUnranked, i < keyword_cosines.size() ? keyword_cosines[i] : 0.0};
      h.score = options.keyword_weight * (h.keyword.rank && top > 0 ? h.keyword.score / top : 0.0) +
                options.semantic_weight * h.semantic.score;
    }
  }
  auto best_rank = [](const SearchHit& h) {  // kUnranked is SIZE_MAX: the same as absent
    const size_t kw = h.keyword.rank ? h.keyword.rank : SIZE_MAX, sem = h.semantic.rank ? h.semantic.rank : SIZE_MAX;
    return std::min(kw, sem);
  };
  // Only the first `limit` of up to 2 x depth candidates are kept: a partial sort.
  const size_t kept = std::min(limit, fused.size());
  std::partial_sort(fused.begin(), fused.begin() + static_cast<std::ptrdiff_t>(kept), fused.end(),
                    [&](const SearchHit& x, const SearchHit& y) {
                      const bool xe = x.kind == MatchKind::Exact, ye = y.kind == MatchKind::Exact;
                      if (xe != ye) return xe;  // a query naming a tool finds it whatever the semantic leg thinks
                      if (x.score != y.score) return x.score > y.score;
                      if (best_rank(x) != best_rank(y)) return best_rank(x) < best_rank(y);
                      return x.tool < y.tool;
                    });
  fused.resize(kept);
  return fused;
}

std::optional<std::vector<SearchHit>> fuse_keyword_settled(const std::vector<SearchHit>& keyword,
                                                           const std::vector<float>& keyword_cosines,
                                                           const HybridOptions& options, size_t limit) {
  if (options.fusion != Fusion::Score || limit == 0 || keyword.size() < limit) return std::nullopt;
  // The most a tool outside the list can fuse to, with room for a quantised cosine's rounding.
  const double outside = std::fabs(options.semantic_weight) * (1 + 1e-6) + 1e-12;
  std::vector<SearchHit> fused = fuse_hybrid(keyword, keyword_cosines, {}, options, limit + 1);
  // The semantic leg's best cosine is at least the best here: a weak hit whose cosine is under
  // kWeakCosineFraction of this one stays weak whatever that leg ranks.
  double best_cosine = 0;
  for (const SearchHit& h : fused) best_cosine = std::max(best_cosine, h.semantic.score);
  for (size_t i = 0; i < limit; ++i) {
    const SearchHit& h = fused[i];
    const bool exact = h.kind == MatchKind::Exact;
    if (!exact && !(h.score > outside)) return std::nullopt;
    if (h.weak && h.semantic.score > 0 && h.semantic.score >= kWeakCosineFraction * best_cosine) return std::nullopt;
    // A tie is broken by the better rank in either leg: the semantic ranks are needed.
    if (i + 1 < fused.size() && fused[i + 1].score == h.score && (fused[i + 1].kind == MatchKind::Exact) == exact) {
      return std::nullopt;
    }
  }
  fused.resize(limit);
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
