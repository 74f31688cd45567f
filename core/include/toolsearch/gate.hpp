// The gate: whether this turn defers tools, and why, in words a person can check.
#pragma once

#include "toolsearch/config.hpp"

#include <cstddef>
#include <string>

namespace toolsearch {

struct GateDecision {
  GateMode mode = GateMode::Auto;
  bool active = false;          ///< the gate's decision (see Strategy for what was applied)
  size_t context_window = 0;    ///< as requested (0 = unknown)
  size_t threshold = 0;         ///< auto threshold in tokens (computed in every mode, for display)
  size_t deferrable_count = 0;  ///< in-scope, deferrable, unpinned tools
  size_t deferrable_tokens = 0; ///< their estimated cost: what the auto gate compares
  std::string reason;           ///< human-readable: mode, threshold and tokens measured
};

/// The auto threshold: ceil(threshold_pct% of context_window) clamped to [min_tokens,
/// max_tokens]; max_tokens when the window is unknown (0).
size_t auto_threshold(const GateConfig& config, size_t context_window);

/// The decision for `deferrable_count` in-scope, unpinned deferrable tools costing
/// `deferrable_tokens`: off never, on when there is one, auto when their tokens reach the
/// threshold or their count reaches `threshold_tools` (when not 0). `reason` says which, with
/// the numbers.
GateDecision decide_gate(const GateConfig& config, size_t context_window, size_t deferrable_count,
                         size_t deferrable_tokens);

}  // namespace toolsearch
