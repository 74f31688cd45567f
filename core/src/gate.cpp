#include "toolsearch/gate.hpp"

#include "toolsearch/json_text.hpp"
#include "toolsearch/text.hpp"

#include <algorithm>
#include <cmath>

namespace toolsearch {
namespace {

std::string gate_reason(const GateConfig& config, const GateDecision& gate) {
  std::string measured = counted(gate.deferrable_count, "tool", "tools") + " (~" + std::to_string(gate.deferrable_tokens) + " tokens)";
  switch (gate.mode) {
    case GateMode::Off:
      return "gate off: never defers";
    case GateMode::On:
      if (gate.deferrable_count == 0) return "gate on: no deferrable tool in scope";
      return "gate on: " + measured + " deferrable";
    case GateMode::Auto:
      break;
  }
  if (gate.deferrable_count == 0) return "gate auto: no deferrable tool in scope";
  std::string basis;
  if (gate.context_window == 0) {
    basis = "context window unknown, so max_tokens";
  } else {
    basis = format_number(config.threshold_pct) + "% of a " + std::to_string(gate.context_window) +
            "-token window, bounded to [" + std::to_string(config.min_tokens) + ", " +
            std::to_string(config.max_tokens) + "]";
  }
  // Both triggers, each with its verdict: the tokens against the threshold, the count against
  // thresholdTools (when set).
  std::string reason = "gate auto: deferrable " + measured + (gate.deferrable_tokens >= gate.threshold ? " >= " : " < ") +
                       "threshold " + std::to_string(gate.threshold) + " (" + basis + ")";
  if (config.threshold_tools > 0) {
    reason += "; " + std::to_string(gate.deferrable_count) + (gate.deferrable_count >= config.threshold_tools ? " >= " : " < ") +
              "thresholdTools " + std::to_string(config.threshold_tools);
  }
  return reason;
}

}  // namespace

size_t auto_threshold(const GateConfig& config, size_t context_window) {
  if (context_window == 0) return config.max_tokens;
  const double raw = config.threshold_pct * static_cast<double>(context_window) / 100.0;
  // ceil, so "reaches threshold_pct" is exact; the epsilon absorbs binary rounding of pct.
  const double up = std::ceil(raw - 1e-9 * std::max(1.0, raw));
  size_t threshold = config.max_tokens;
  if (up < static_cast<double>(config.max_tokens)) threshold = up <= 0.0 ? 0 : static_cast<size_t>(up);
  return std::max(threshold, config.min_tokens);
}

GateDecision decide_gate(const GateConfig& config, size_t context_window, size_t deferrable_count,
                         size_t deferrable_tokens) {
  GateDecision gate;
  gate.mode = config.enabled;
  gate.context_window = context_window;
  gate.deferrable_count = deferrable_count;
  gate.deferrable_tokens = deferrable_tokens;
  gate.threshold = auto_threshold(config, context_window);
  switch (config.enabled) {
    case GateMode::Off: gate.active = false; break;
    case GateMode::On: gate.active = gate.deferrable_count > 0; break;
    case GateMode::Auto: {
      const bool by_count = config.threshold_tools > 0 && gate.deferrable_count >= config.threshold_tools;
      gate.active = gate.deferrable_count > 0 && (gate.deferrable_tokens >= gate.threshold || by_count);
      break;
    }
  }
  gate.reason = gate_reason(config, gate);
  return gate;
}

}  // namespace toolsearch
