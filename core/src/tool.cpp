#include "toolsearch/tool.hpp"

namespace toolsearch {

bool is_bridge_name(std::string_view name) {
  return name == kToolSearch || name == kToolDescribe || name == kToolCall;
}

std::string_view server_of(std::string_view source) {
  if (source.size() > 4 && source.substr(0, 4) == "mcp:") return source.substr(4);
  return {};
}

std::string_view source_kind(std::string_view source) { return server_of(source).empty() ? source : "mcp"; }

bool is_valid_source(std::string_view source) {
  if (source == "core" || source == "plugin" || source == "client") return true;
  return source.size() > 4 && source.substr(0, 4) == "mcp:";
}

}  // namespace toolsearch
