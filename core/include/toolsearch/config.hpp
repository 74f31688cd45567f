// Gate and bridge configuration, with validation (parsing from JSON: gate_config_from_json in
// json_codec.hpp).
#pragma once

#include "toolsearch/session.hpp"
#include "toolsearch/status.hpp"

#include <cstddef>

namespace toolsearch {

/// off: never defer. auto (also `true`): defer when deferrable schemas reach the threshold.
/// on: defer whenever there is at least one deferrable tool.
enum class GateMode { Off, Auto, On };
const char* to_string(GateMode mode);  // "off", "auto", "on"

/// Ranges of the gate settings.
struct GateLimits {
  /// Token-valued settings stay below this so they fit a 32-bit size_t (wasm32) with headroom.
  static constexpr size_t kMaxTokens = 1000000000;
  static constexpr size_t kMaxSearchLimit = 50;
  static constexpr size_t kMaxTopK = 50;
};

struct GateConfig {
  GateMode enabled = GateMode::Auto;  ///< default auto
  double threshold_pct = 10.0;        ///< 0..100, default 10 (% of the context window)
  size_t min_tokens = 0;              ///< the auto threshold is never below this (default 0)
  size_t max_tokens = 20000;          ///< ...nor above this, so a 1M window still triggers (default 20000)
  /// Auto also activates when this many deferrable tools are in scope, whatever their tokens
  /// (0 = tokens only). Default 40: GoClaw gates on 40 MCP tools; seed 004 and Anthropic report
  /// tool choice degrading past 30-50 similar tools, even when their schemas fit the window.
  size_t threshold_tools = 40;
  size_t search_default_limit = 5;    ///< default 5; must be <= max_search_limit
  size_t max_search_limit = 20;       ///< 1..50, default 20
  size_t inline_max_count = 0;        ///< hybrid partition: first N deferrable tools stay inline (default 0)
  size_t inline_max_tokens = 0;       ///< ...while their schemas fit this many tokens (default 0 = no token limit)
  bool lazy_activation = true;        ///< a direct call to a deferred tool is dispatched (default on)
  ActivationPolicy activation = ActivationPolicy::Stable;  ///< default stable (cache friendly)
  size_t listing_max_tokens = 2000;   ///< budget for the deferred-name listing in tool_search's description
  size_t preselect_top_k = 8;         ///< pre-selection mode: tools injected per message (1..50, default 8)
  size_t inline_schema_max_tokens = 300;  ///< search hits this small carry their full schema (0 = never)
};

/// Checks ranges and cross-field rules (e.g. searchDefaultLimit <= maxSearchLimit). Messages
/// name the camelCase key.
Status validate(const GateConfig& config);

}  // namespace toolsearch
