#include "toolsearch/session.hpp"

#include <algorithm>

namespace toolsearch {

bool Scope::allows(const Tool& tool) const {
  if (tool.tool_class == ToolClass::Core || unrestricted()) return true;
  if (sources.count(tool.source)) return true;
  if (!server_of(tool).empty() && sources.count("mcp:*")) return true;
  if (tools.count(tool.name)) return true;
  return std::any_of(tool.tags.begin(), tool.tags.end(),
                     [&](const std::string& tag) { return toolsets.count(tag) > 0; });
}

}  // namespace toolsearch
