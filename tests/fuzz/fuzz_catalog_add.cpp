// Arbitrary JSON text as a catalog mutation of JsonEngine (add, replace_source, remove), then a
// search, describe, explain, assemble and bridge call on whatever catalog results.
// Input: byte 0 picks the base engine, the operation and the source; the rest is the JSON text.
// Invariant: a failed mutation leaves the fingerprint and the tool list byte-identical.
#include "fuzz_common.hpp"

#include "toolsearch/json_api.hpp"

#include <cstdint>
#include <cstring>
#include <memory>
#include <set>
#include <string>
#include <string_view>

using namespace toolsearch;
using nlohmann::json;

namespace {

// Two base catalogs (namespacing none and prefix) built once; each input mutates a copy, so runs
// are independent and reproducible. Their listing and fingerprint are kept to compare against.
struct Base {
  std::unique_ptr<JsonEngine> engine;
  std::string list;
  std::string fingerprint;
};

std::string fingerprint(JsonEngine& e) {
  return fuzz::envelope(e.info())["value"]["fingerprint"].get<std::string>();
}

Base make_base(bool prefixed) {
  // One real server (13 tools, so the copy per input stays cheap) plus the core tools; its
  // names are in the dictionary, for collisions.
  json tools = fuzz::official_tools(1);
  for (const json& t : fuzz::core_tools()) tools.push_back(t);
  Base out;
  out.engine = std::make_unique<JsonEngine>(prefixed ? R"({"namespacing":"prefix"})" : R"({"namespacing":"none"})");
  JsonEngine& e = *out.engine;
  FUZZ_CHECK(fuzz::is_ok(fuzz::envelope(e.add_tools(fuzz::dump(tools)))), "base catalog did not load");
  (void)e.engine().index();  // built once here, shared by the copies until they mutate
  out.list = e.list_tools();
  out.fingerprint = fingerprint(e);
  return out;
}

const Base& base(bool prefixed) {
  static const Base plain = make_base(false), with_prefix = make_base(true);
  return prefixed ? with_prefix : plain;
}

bool blank(const std::string& s) { return s.find_first_not_of(" \t\r\n") == std::string::npos; }

// Core tools are never deferred: each one is in the prompt-visible array of every assembly.
void check_core_visible(const Catalog& catalog, const json& assembled, const std::string& request) {
  const json& env = assembled;
  if (!fuzz::is_ok(env)) return;
  std::set<std::string> visible;
  for (const json& v : env["value"]["visible"]) visible.insert(v["name"].get<std::string>());
  for (const json& t : env["value"]["logical"]) {
    FUZZ_CHECK(t != "tool_search" && t != "tool_describe" && t != "tool_call", "a bridge name is a logical tool");
  }
  for (const Tool& t : catalog.tools()) {
    if (t.tool_class == ToolClass::Core) FUZZ_CHECK(visible.count(t.name) == 1, "a core tool is not visible", request);
  }
}

void exercise(JsonEngine& e, const json& names) {
  std::string first = names.empty() ? std::string("file") : names[0].get<std::string>();

  for (const json& n : names) {
    const json d = fuzz::envelope(e.describe(n.get<std::string>(), ""));
    FUZZ_CHECK(fuzz::is_ok(d) && d["value"]["name"] == n, "an added tool cannot be described", fuzz::dump(n));
  }
  if (!blank(first)) {
    const json hits = fuzz::envelope(e.search(first, R"({"limit":3})"));
    // DESIGN 12: a query that is exactly a tool's name ranks that tool first (as an exact hit).
    if (!names.empty() && first.find_first_of(" \t\r\n") == std::string::npos) {
      FUZZ_CHECK(fuzz::is_ok(hits) && !hits["value"].empty() && hits["value"][0]["match"] == "exact",
                  "a query equal to a tool name is not an exact first hit", fuzz::dump(hits) + "\nquery: " + first);
    }
    fuzz::envelope(e.explain(first, first));
    // The JS layer's path: the same query written into the input buffer answers the same.
    char* in = e.input_buffer(first.size());
    FUZZ_CHECK(in != nullptr, "no input buffer for a query", first);
    std::memcpy(in, first.data(), first.size());
    const int count = e.search_packed(static_cast<uint32_t>(first.size()), 3, 0, 0, 0);
    if (fuzz::is_ok(hits)) {
      FUZZ_CHECK(count == static_cast<int>(hits["value"].size()), "packed and JSON search differ in count", first);
      for (int i = 0; i < count; i++) {
        const PackedHit& h = e.results().hits[i];
        FUZZ_CHECK(e.engine().catalog().tools()[h.tool].name == hits["value"][i]["name"] &&
                       h.score == hits["value"][i]["score"].get<double>(),
                   "packed and JSON search differ", first);
      }
    } else {
      FUZZ_CHECK(count == -1 && fuzz::envelope(e.last_error())["error"]["code"] == hits["error"]["code"],
                 "packed and JSON search fail differently", first);
    }
  }
  fuzz::envelope(e.suggest(first, ""));

  const json requests[] = {
      json::object(),
      {{"contextWindow", 1000}},
      {{"contextWindow", 4000}, {"mode", "preselect"}, {"userMessage", first}, {"topK", 3}},
      {{"contextWindow", 1}, {"mode", "preselect+bridge"}, {"userMessage", first + " file"}},
  };
  for (const json& r : requests) {
    const std::string text = fuzz::dump(r);
    check_core_visible(e.engine().catalog(), fuzz::envelope(e.assemble(text)), text);
  }
  const json call = {{"name", "tool_describe"}, {"arguments", {{"name", first}}}};
  fuzz::envelope(e.handle_call("", fuzz::dump(call)));
  const json direct = {{"name", first}, {"arguments", json::object()}};
  fuzz::envelope(e.handle_call("", fuzz::dump(direct)));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  static const char* const kSources[] = {"mcp:everything", "mcp:fresh", "core", "client"};
  const uint8_t knobs = data[0];
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);

  const Base& b = base(knobs & 1);
  JsonEngine e = *b.engine;
  const std::string source = kSources[(knobs >> 3) & 3];

  std::string answer;
  switch ((knobs >> 1) & 3) {
    case 0:
    case 1: answer = e.add_tools(text); break;
    case 2: answer = e.replace_source(source, text); break;
    case 3: answer = e.remove_tools(text); break;
  }
  const json env = fuzz::envelope(answer);
  fuzz::envelope(e.estimate_tokens(text));  // the same text as one tool: must never trap

  if (!fuzz::is_ok(env)) {
    // All-or-nothing (catalog.hpp): nothing of a refused batch may stick.
    FUZZ_CHECK(e.list_tools() == b.list, "a failed mutation changed the tool list", answer);
    FUZZ_CHECK(fingerprint(e) == b.fingerprint, "a failed mutation changed the fingerprint", answer);
    return 0;
  }
  const json& value = env["value"];
  FUZZ_CHECK(value["fingerprint"] == fingerprint(e), "the answer's fingerprint is not the catalog's", answer);
  json names = json::array();
  if (value.contains("added")) names = value["added"];
  if (value.contains("names")) names = value["names"];
  exercise(e, names);
  return 0;
}
