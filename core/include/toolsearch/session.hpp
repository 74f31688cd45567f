// Sessions: a scope over a shared catalog plus the tools a session has activated.
#pragma once

#include "toolsearch/tool.hpp"

#include <set>
#include <string>

namespace toolsearch {

/// What a session may see and call. An empty scope grants everything. Otherwise a deferrable
/// tool is in scope when it matches ANY non-empty list: its source is in `sources` (an entry
/// "mcp:*" matches every MCP server), one of its tags is in `toolsets`, or its name is in
/// `tools`. Core tools are always in scope (no code path hides a core tool).
struct Scope {
  std::set<std::string> sources;
  std::set<std::string> toolsets;
  std::set<std::string> tools;

  bool unrestricted() const { return sources.empty() && toolsets.empty() && tools.empty(); }
  bool allows(const Tool& tool) const;
};

/// How activated tools are shown in later assemblies.
enum class ActivationPolicy {
  Stable,   ///< default: the visible tool array never changes (prompt caches keep hitting)
  Promote,  ///< activated tools become directly visible with full schemas
};

struct Session {
  Scope scope;
  std::set<std::string> activated;  ///< real names activated by search/describe/direct call
};

}  // namespace toolsearch
