#include "toolsearch/bridge_tools.hpp"

#include "toolsearch/token_estimator.hpp"

namespace toolsearch {
namespace {

using nlohmann::json;

json search_schema(const GateConfig& config) {
  json query = {{"type", "string"},
                {"description", "What you need, in a few keywords, or a tool's exact name."}};
  json limit = {{"type", "integer"},
                {"minimum", 1},
                {"maximum", config.max_search_limit},
                {"description", "Maximum number of results (default " + std::to_string(config.search_default_limit) +
                                    ", at most " + std::to_string(config.max_search_limit) + ")."}};
  return {{"type", "object"},
          {"properties", {{"query", query}, {"limit", limit}}},
          {"required", json::array({"query"})},
          {"additionalProperties", false}};
}

json describe_schema() {
  json name = {{"type", "string"}, {"description", "The exact tool name, as listed or found by tool_search."}};
  return {{"type", "object"},
          {"properties", {{"name", name}}},
          {"required", json::array({"name"})},
          {"additionalProperties", false}};
}

json call_schema() {
  json name = {{"type", "string"}, {"description", "The exact name of the tool to run."}};
  json arguments = {{"type", "object"}, {"description", "Arguments matching the tool's input schema."}};
  return {{"type", "object"},
          {"properties", {{"name", name}, {"arguments", arguments}}},
          {"required", json::array({"name", "arguments"})},
          {"additionalProperties", false}};
}

constexpr const char* kSearchIntro =
    "Search the tools that are not loaded in this request and return the best matches (name, "
    "description, source, required parameters; small tools include their full schema). Whenever you "
    "need a capability you do not see among your tools, search for it before concluding it does not "
    "exist. Then call tool_describe for a tool's full schema and tool_call to run it.";
constexpr const char* kDescribeText =
    "Return the full description and input schema of one tool that is not loaded in this request, by "
    "exact name (as listed in tool_search's description or found by tool_search). An unknown name "
    "returns \"did you mean\" suggestions.";
constexpr const char* kCallText =
    "Run a tool that is not loaded in this request: give its exact name and arguments matching its "
    "input schema (see tool_describe). Tools you can see directly must be called directly, not "
    "through tool_call.";

}  // namespace

std::vector<VisibleTool> make_bridge_tools(const GateConfig& config, std::string_view listing,
                                           const TokenCounter& counter) {
  std::string search_text = kSearchIntro;
  if (!listing.empty()) {
    search_text += "\n\n";
    search_text += listing;
  }
  std::vector<VisibleTool> tools = {
      {std::string(kToolSearch), std::move(search_text), search_schema(config), VisibleKind::Bridge, 0},
      {std::string(kToolDescribe), kDescribeText, describe_schema(), VisibleKind::Bridge, 0},
      {std::string(kToolCall), kCallText, call_schema(), VisibleKind::Bridge, 0},
  };
  for (VisibleTool& t : tools) t.tokens = estimate_tool_tokens(t.name, t.description, t.input_schema, counter);
  return tools;
}

}  // namespace toolsearch
