// The tool model: what one catalog entry is.
#pragma once

#include "toolsearch/lazy_json.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace toolsearch {

/// Core tools are never deferred; deferrable tools may be hidden behind the bridge.
enum class ToolClass { Core, Deferrable };

/// One tool. `source` is "core", "mcp:<server>", "plugin" or "client".
struct Tool {
  std::string name;         ///< unique in a catalog; what the model calls
  std::string description;  ///< may be empty
  LazyJson input_schema;      ///< a JSON Schema object (default {}); kept as text until used
  std::string source = "client";                           ///< default "client"
  ToolClass tool_class = ToolClass::Deferrable;            ///< default Deferrable ("core" source => Core)
  std::string title;                                       ///< optional
  LazyJson annotations;       ///< optional, MCP-style hints (default {})
  std::vector<std::string> tags;                           ///< optional; also used as toolsets
  bool pinned = false;        ///< keep visible even when deferral is active
  std::string original_name;  ///< the server's own name (differs from `name` when namespaced)
};

/// The bridge tool names. No catalog tool may take one.
inline constexpr std::string_view kToolSearch = "tool_search";
inline constexpr std::string_view kToolDescribe = "tool_describe";
inline constexpr std::string_view kToolCall = "tool_call";
bool is_bridge_name(std::string_view name);

/// "github" for "mcp:github", "" for any other source.
std::string_view server_of(std::string_view source);
inline std::string_view server_of(const Tool& tool) { return server_of(tool.source); }

/// The kind of a source: "mcp" for "mcp:<server>", else the source itself ("core", "plugin",
/// "client").
std::string_view source_kind(std::string_view source);

/// True when `source` is "core", "plugin", "client" or "mcp:<non-empty server>".
bool is_valid_source(std::string_view source);

}  // namespace toolsearch
