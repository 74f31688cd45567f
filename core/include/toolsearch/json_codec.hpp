// Conversions between core values and the JSON shapes of the wasm boundary
// (see docs/wasm-boundary.md). Keys are camelCase; schemas and arguments pass through untouched.
#pragma once

#include "toolsearch/search_index.hpp"
#include "toolsearch/session.hpp"
#include "toolsearch/status.hpp"
#include "toolsearch/tool.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace toolsearch {

/// Limits on JSON text accepted at the boundary (hostile input gets TooLarge, not a crash).
struct JsonLimits {
  size_t max_text_bytes = 64 * 1024 * 1024;  ///< default 64 MiB per call
  size_t max_depth = 128;                    ///< default 128 nested arrays/objects
};

/// Parses JSON text with size and depth limits. InvalidJson / TooLarge on failure.
Result<nlohmann::json> parse_json(std::string_view text, const JsonLimits& limits = {});

/// One tool from MCP form {name, description, inputSchema}, catalog form {parameters} or
/// snake_case {input_schema}; plus source, class, title, annotations, tags, pinned.
Result<Tool> tool_from_json(const nlohmann::json& json);
Result<std::vector<Tool>> tools_from_json(const nlohmann::json& json);
nlohmann::json tool_to_json(const Tool& tool);

/// {"sources":[...],"toolsets":[...],"tools":[...]}, all optional.
Result<Scope> scope_from_json(const nlohmann::json& json);

/// Required parameter names of a schema, in schema order (non-strings are skipped).
std::vector<std::string> required_params(const nlohmann::json& input_schema);

nlohmann::json explanation_to_json(const Explanation& e, const Tool& tool);

}  // namespace toolsearch
