// Repairs of the common ways models mangle tool arguments: "" or null for {}, JSON passed as a
// string (even twice), doubly nested {"arguments": {...}}, a bare string for a bridge tool's one
// required field, a limit sent as text. Each applied repair appends a stable code to `repairs`
// (the codes are listed at resolve_call in bridge.hpp).
#pragma once

#include "toolsearch/tool.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace toolsearch {

/// Arguments nesting deeper than this are refused, never walked (the validator's default).
constexpr size_t kMaxArgumentDepth = 64;

/// The arguments as an object: an object as is; null, "" and JSON text (also JSON text inside
/// a JSON string) decoded. False, with `error` set for the model, when they are something else.
bool decode_arguments(const nlohmann::json& raw, nlohmann::json& value, std::string& error,
                      std::vector<std::string>& repairs);

/// {"arguments": {...}} and {"name": <this tool>, "arguments": {...}} are unwrapped (twice at
/// most), unless the tool really has a parameter named "arguments".
void unwrap_arguments(const Tool& tool, nlohmann::json& value, std::vector<std::string>& repairs);

/// The payload of a bridge call (`bridge` is its name): an object, or null / "" / JSON text /
/// a bare string that the model meant as the single required field `bare_key`. On failure
/// returns false with `error` set to a message naming `example`.
bool decode_bridge_payload(const nlohmann::json& raw, std::string_view bridge, const char* bare_key,
                           const char* example, nlohmann::json& payload, std::string& error,
                           std::vector<std::string>& repairs);

/// tool_search's "limit": clamped to 1..max_limit, `fallback` when absent or unusable; a number
/// sent as text is read.
size_t repaired_search_limit(const nlohmann::json& payload, size_t fallback, size_t max_limit,
                             std::vector<std::string>& repairs);

}  // namespace toolsearch
