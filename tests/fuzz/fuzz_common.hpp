// Helpers shared by the fuzz harnesses: invariant checks that stop the run with a readable
// reason, and the boundary-envelope check every JsonEngine answer must pass.
#pragma once

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

namespace fuzz {

// abort() rather than assert(): the harnesses are built with NDEBUG-agnostic flags and a broken
// invariant must crash (and be saved by libFuzzer) in every build type.
[[noreturn]] inline void fail(const char* what, std::string_view detail = {}) {
  std::fprintf(stderr, "\n*** INVARIANT VIOLATED: %s\n", what);
  if (!detail.empty()) {
    std::fprintf(stderr, "%.*s\n", static_cast<int>(std::min<size_t>(detail.size(), 64000)), detail.data());
  }
  std::abort();
}

// A macro, not a function: the detail text (often a whole answer) is built only on failure,
// which was most of the analyzer harness's time when it was built for every check.
#define FUZZ_CHECK(cond, ...)              \
  do {                                     \
    if (!(cond)) ::fuzz::fail(__VA_ARGS__); \
  } while (0)

// Every JsonEngine method answers {"ok":true,"value":...} or {"ok":false,"error":{code,message}}
// as valid JSON text; anything else would reach JS as a parse error. Returns the parsed envelope.
inline nlohmann::json envelope(const std::string& text) {
  nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  FUZZ_CHECK(!j.is_discarded() && j.is_object(), "answer is not a JSON object", text);
  auto ok = j.find("ok");
  FUZZ_CHECK(ok != j.end() && ok->is_boolean(), "answer has no boolean 'ok'", text);
  if (ok->get<bool>()) {
    FUZZ_CHECK(j.contains("value"), "ok answer without 'value'", text);
  } else {
    auto err = j.find("error");
    FUZZ_CHECK(err != j.end() && err->is_object() && err->contains("code") && (*err)["code"].is_string() &&
              err->contains("message") && (*err)["message"].is_string(),
          "error answer without {code, message}", text);
    // INTERNAL means a bug in the core by its own definition (status.hpp).
    FUZZ_CHECK((*err)["code"] != "INTERNAL", "INTERNAL error returned", text);
  }
  return j;
}

inline bool is_ok(const nlohmann::json& env) { return env["ok"].get<bool>(); }

// Two texts from one input "<head byte><first>\0<second>"; without a NUL, the first text is
// also the second (the harnesses then check a text against itself). `size` must be >= 1.
struct TwoTexts {
  std::string_view first;
  std::string_view second;
};
inline TwoTexts split_at_nul(const uint8_t* data, size_t size) {
  const std::string_view rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  const size_t nul = rest.find('\0');
  return {rest.substr(0, nul), nul == std::string_view::npos ? rest : rest.substr(nul + 1)};
}

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// The repository's catalog file: TOOLSEARCH_FUZZ_CATALOG overrides the compiled-in checkout path,
// so the binaries still work when the tree moves.
inline std::string official_catalog_text() {
  const char* env = std::getenv("TOOLSEARCH_FUZZ_CATALOG");
  const std::string path = env ? env : std::string(TOOLSEARCH_SOURCE_DIR) + "/js/catalogs/official-mcp.json";
  std::string text = read_file(path);
  if (text.empty()) {
    std::fprintf(stderr, "fuzz: cannot read the catalog %s\n", path.c_str());
    std::abort();
  }
  return text;
}

// {servers:[{server, tools:[...]}]} -> the add envelope (an array of tools with mcp:<server>
// sources), the shape the JS package builds from the same file.
inline nlohmann::json official_tools(size_t max_servers = ~size_t{0}) {
  nlohmann::json doc = nlohmann::json::parse(official_catalog_text());
  nlohmann::json tools = nlohmann::json::array();
  size_t n = 0;
  for (const auto& server : doc.at("servers")) {
    if (n++ >= max_servers) break;
    for (const auto& t : server.at("tools")) {
      nlohmann::json tool = {{"name", t.at("name")},
                             {"description", t.value("description", "")},
                             {"inputSchema", t.value("inputSchema", nlohmann::json::object())},
                             {"source", "mcp:" + server.at("server").get<std::string>()}};
      if (t.contains("title")) tool["title"] = t["title"];
      if (t.contains("annotations")) tool["annotations"] = t["annotations"];
      tools.push_back(std::move(tool));
    }
  }
  return tools;
}

// Two core tools (the official catalog has none): core-tool invariants need some to check.
inline nlohmann::json core_tools() {
  return nlohmann::json::parse(R"([
    {"name": "read_notes", "description": "Read the user's saved notes.", "source": "core",
     "inputSchema": {"type": "object", "properties": {"topic": {"type": "string"}}, "required": ["topic"]}},
    {"name": "ask_user", "description": "Ask the user a clarifying question.", "source": "core",
     "inputSchema": {"type": "object", "properties": {"question": {"type": "string", "minLength": 1}}}}
  ])");
}

// JSON text for the boundary: invalid UTF-8 is replaced, as the JS side's TextEncoder would.
inline std::string dump(const nlohmann::json& j) {
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace fuzz
