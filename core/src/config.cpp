#include "toolsearch/config.hpp"

#include "toolsearch/json_text.hpp"

#include <cmath>
#include <string>

namespace toolsearch {
namespace {

Status invalid(const std::string& message) { return Status::error(ErrorCode::InvalidConfig, message); }

std::string range_error(const char* key, size_t value, size_t lo, size_t hi) {
  return std::string(key) + ": " + std::to_string(value) + " is out of range (range " + std::to_string(lo) +
         ".." + std::to_string(hi) + ")";
}

}  // namespace

const char* to_string(GateMode mode) {
  switch (mode) {
    case GateMode::Off: return "off";
    case GateMode::Auto: return "auto";
    case GateMode::On: return "on";
  }
  return "auto";
}

Status validate(const GateConfig& c) {
  if (!(c.threshold_pct >= 0.0 && c.threshold_pct <= 100.0)) {
    return invalid("thresholdPct: " + format_number(c.threshold_pct) + " is out of range (range 0..100)");
  }
  struct Bound {
    const char* key;
    size_t value, lo, hi;
  };
  const Bound bounds[] = {
      {"minTokens", c.min_tokens, 0, GateLimits::kMaxTokens},
      {"maxTokens", c.max_tokens, 0, GateLimits::kMaxTokens},
      {"thresholdTools", c.threshold_tools, 0, GateLimits::kMaxTokens},
      {"maxSearchLimit", c.max_search_limit, 1, GateLimits::kMaxSearchLimit},
      {"searchDefaultLimit", c.search_default_limit, 1, GateLimits::kMaxSearchLimit},
      {"inlineMaxCount", c.inline_max_count, 0, GateLimits::kMaxTokens},
      {"inlineMaxTokens", c.inline_max_tokens, 0, GateLimits::kMaxTokens},
      {"listingMaxTokens", c.listing_max_tokens, 0, GateLimits::kMaxTokens},
      {"preselectTopK", c.preselect_top_k, 1, GateLimits::kMaxTopK},
      {"inlineSchemaMaxTokens", c.inline_schema_max_tokens, 0, GateLimits::kMaxTokens},
  };
  for (const Bound& b : bounds) {
    if (b.value < b.lo || b.value > b.hi) return invalid(range_error(b.key, b.value, b.lo, b.hi));
  }
  if (c.search_default_limit > c.max_search_limit) {
    return invalid("searchDefaultLimit: " + std::to_string(c.search_default_limit) +
                   " exceeds maxSearchLimit " + std::to_string(c.max_search_limit) +
                   " (range 1..maxSearchLimit)");
  }
  if (c.min_tokens > c.max_tokens) {
    return invalid("minTokens: " + std::to_string(c.min_tokens) + " exceeds maxTokens " +
                   std::to_string(c.max_tokens));
  }
  return Status::success();
}

}  // namespace toolsearch
