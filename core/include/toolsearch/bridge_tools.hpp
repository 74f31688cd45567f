// The three bridge tools as the model sees them: names, prose and JSON Schemas.
#pragma once

#include "toolsearch/assembly.hpp"
#include "toolsearch/config.hpp"
#include "toolsearch/token_estimator.hpp"

#include <string_view>
#include <vector>

namespace toolsearch {

/// The three bridge definitions (tool_search, tool_describe, tool_call), in that order.
/// `listing` is appended to tool_search's description; limits come from `config`.
std::vector<VisibleTool> make_bridge_tools(const GateConfig& config, std::string_view listing,
                                           const TokenCounter& counter = {});

}  // namespace toolsearch
