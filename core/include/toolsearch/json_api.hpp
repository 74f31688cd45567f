// The engine behind JSON text: the exact surface the wasm layer registers
// (docs/wasm-boundary.md). Every method returns an envelope, never throws:
//   {"ok":true,"value":...}  or  {"ok":false,"error":{"code":"...","message":"..."}}
#pragma once

#include "toolsearch/engine.hpp"
#include "toolsearch/json_codec.hpp"

#include <string>

namespace toolsearch {

class JsonEngine {
 public:
  /// Invalid options leave the defaults in place; configure() reports the error.
  explicit JsonEngine(const std::string& options_json = "{}");

  std::string configure(const std::string& options_json);
  /// options: {onInvalid?: "error" | "skip"}. Value: {added, rejected: [{index, name, code,
  /// message}], fingerprint}; `rejected` is empty unless onInvalid is "skip".
  std::string add_tools(const std::string& tools_json, const std::string& options_json = "null");
  std::string remove_tools(const std::string& names_json);
  std::string replace_source(const std::string& source, const std::string& tools_json);
  std::string clear();
  std::string pin_tool(const std::string& name, bool pinned);
  std::string pin_server(const std::string& server, bool pinned);
  /// names_json: null for every tool, or an array of names (unknown ones skipped). Each entry
  /// carries sourceKind, server and tokens.
  std::string list_tools(const std::string& names_json = "null");
  std::string info();
  std::string search(const std::string& query, const std::string& options_json);
  /// session: an id, or "" for the unrestricted session; out of scope reads as NOT_FOUND.
  std::string explain(const std::string& query, const std::string& name, const std::string& session = "");
  std::string describe(const std::string& name, const std::string& session);
  std::string suggest(const std::string& name, const std::string& session);
  std::string open_session(const std::string& scope_json);
  std::string close_session(const std::string& id);
  std::string assemble(const std::string& request_json);
  std::string handle_call(const std::string& session, const std::string& call_json);
  std::string estimate_tokens(const std::string& tool_json);

  Engine& engine() { return engine_; }

 private:
  Engine engine_;
};

}  // namespace toolsearch
