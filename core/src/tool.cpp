#include "toolsearch/tool.hpp"

namespace toolsearch {

bool is_bridge_name(std::string_view name) {
  return name == kToolSearch || name == kToolDescribe || name == kToolCall;
}

std::string_view server_of(const Tool& tool) {
  std::string_view source = tool.source;
  if (source.size() > 4 && source.substr(0, 4) == "mcp:") return source.substr(4);
  return {};
}

bool is_valid_source(std::string_view source) {
  if (source == "core" || source == "plugin" || source == "client") return true;
  return source.size() > 4 && source.substr(0, 4) == "mcp:";
}

}  // namespace toolsearch
