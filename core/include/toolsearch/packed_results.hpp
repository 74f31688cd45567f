// Search results as fixed-layout rows in memory: what JsonEngine::search_packed writes and the
// JS layer reads straight from the wasm heap, so a search builds and parses no JSON. Names,
// descriptions and required parameters do not change between searches; the JS layer fetches
// them once per catalog revision and tool (JsonEngine::tool_summaries). docs/wasm-boundary.md
// gives the byte layout.
#pragma once

#include <cstddef>
#include <cstdint>

namespace toolsearch {

/// One hit: 40 bytes, doubles first, so an array of them stays 8-byte aligned.
struct PackedHit {
  double score;           ///< SearchHit::score
  double keyword_score;   ///< hybrid: the keyword leg's score (0 when keyword_rank is 0)
  double semantic_score;  ///< hybrid: the semantic leg's cosine (0 when semantic_rank is 0)
  uint32_t tool;          ///< catalog position at `PackedResults::revision`
  uint32_t flags;         ///< bits 0-2: MatchKind; bit 3: weak
  uint32_t keyword_rank;  ///< hybrid: 1-based rank in the keyword leg, 0 when absent
  uint32_t semantic_rank; ///< hybrid: 1-based rank in the semantic leg, 0 when absent,
                          ///< kPackedUnranked when scored but not ranked (LegRank::kUnranked)
};
static_assert(sizeof(PackedHit) == 40, "the JS layer reads PackedHit as 40-byte rows");

/// More than any search returns: limits are clamped to max_limit, at most 50.
constexpr size_t kMaxPackedHits = 64;

struct PackedResults {
  double revision;    ///< the catalog revision the positions refer to (exact below 2^53)
  uint32_t count;     ///< hits written
  uint32_t strategy;  ///< the RetrievalStrategy that ran
  uint32_t degraded;  ///< 1: a semantic or hybrid search ran as keyword (degraded_reason())
  uint32_t reserved;
  PackedHit hits[kMaxPackedHits];
};
static_assert(offsetof(PackedResults, hits) == 24, "the JS layer reads the hits at byte 24");

/// search_packed's `flags`: the strategy in bits 0-2, then the boolean options.
enum PackedSearchFlags : uint32_t {
  kStrategyMask = 7,     ///< 0: the configured strategy; 1 + RetrievalStrategy otherwise
  kDeferredOnly = 1 << 3,
  kDescriptions = 1 << 4,   ///< regex: also match descriptions
  kCaseSensitive = 1 << 5,  ///< regex: the pattern does not ignore case
};
constexpr uint32_t kPackedHitWeak = 1u << 3;  ///< PackedHit::flags bit
constexpr uint32_t kPackedUnranked = 0xFFFFFFFFu;  ///< PackedHit::semantic_rank: a cosine without a rank

}  // namespace toolsearch
