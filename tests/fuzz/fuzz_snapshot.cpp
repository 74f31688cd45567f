// Arbitrary bytes as a snapshot for JsonEngine::load_snapshot (core/src/snapshot.cpp).
// Input: byte 0 = mode, the rest = the snapshot. Mode bit 0 rewrites the header's payload length
// and XXH64 checksum to match the bytes, and bit 1 its magic, version and flags, so that
// mutations get past the checksum (which any change almost always fails) into every table's
// checks. Invariants:
//   - the answer is a valid envelope; a refusal is INVALID_SNAPSHOT or TOO_LARGE;
//   - a refused load leaves the engine's tool list and fingerprint byte-identical;
//   - an accepted snapshot writes the same bytes again, and the loaded engine answers a search,
//     a describe, a suggestion, an assembly and bridge calls without failing.
#include "fuzz_common.hpp"

#include "toolsearch/json_api.hpp"
#include "toolsearch/snapshot.hpp"
#include "toolsearch/xxh64.hpp"

#include <cstdint>
#include <cstring>
#include <string>

using namespace toolsearch;
using nlohmann::json;

namespace {

// The engine every input is loaded into (a copy each time): one real server, the core tools, a
// pin and a server pin, so that "nothing lost" has something to lose.
struct Base {
  JsonEngine engine{R"({"namespacing":"prefix"})"};
  std::string list;
  std::string fingerprint;
  Base() {
    json tools = fuzz::official_tools(1);
    for (const json& t : fuzz::core_tools()) tools.push_back(t);
    FUZZ_CHECK(fuzz::is_ok(fuzz::envelope(engine.add_tools(fuzz::dump(tools)))), "base catalog did not load");
    fuzz::envelope(engine.pin_server("filesystem", true));
    list = engine.list_tools();
    fingerprint = fuzz::envelope(engine.info())["value"]["fingerprint"].get<std::string>();
  }
};

const Base& base() {
  static const Base b;
  return b;
}

void put(std::string& bytes, size_t at, const void* value, size_t size) { std::memcpy(&bytes[at], value, size); }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const uint8_t mode = data[0];
  std::string bytes(reinterpret_cast<const char*>(data) + 1, size - 1);
  if (bytes.size() >= 32) {
    if (mode & 2) {
      const uint32_t version = kSnapshotVersion, flags = 0;
      put(bytes, 0, "TOOLSNAP", 8);
      put(bytes, 8, &version, 4);
      put(bytes, 12, &flags, 4);
    }
    if (mode & 1) {
      const uint64_t length = bytes.size() - 32;
      const uint64_t sum = xxh64(std::string_view(bytes).substr(32));
      put(bytes, 16, &length, 8);
      put(bytes, 24, &sum, 8);
    }
  }

  JsonEngine e = base().engine;
  const json answer = fuzz::envelope(e.load_snapshot(bytes));
  if (!fuzz::is_ok(answer)) {
    const std::string code = answer["error"]["code"];
    FUZZ_CHECK(code == "INVALID_SNAPSHOT" || code == "TOO_LARGE", "a refused snapshot has another code", fuzz::dump(answer));
    FUZZ_CHECK(e.list_tools() == base().list, "a refused snapshot changed the tool list");
    FUZZ_CHECK(fuzz::envelope(e.info())["value"]["fingerprint"] == base().fingerprint,
               "a refused snapshot changed the fingerprint");
    return 0;
  }

  auto again = e.engine().snapshot();
  FUZZ_CHECK(again.ok(), "an accepted snapshot cannot be written again", again.status().message);
  FUZZ_CHECK(again.value() == bytes, "an accepted snapshot does not write the same bytes again");

  // The loaded engine works: every answer is an envelope (never INTERNAL, never a crash).
  const json tools = fuzz::envelope(e.list_tools())["value"];
  const std::string name = tools.empty() ? std::string("read_file") : tools[0]["name"].get<std::string>();
  fuzz::envelope(e.search(name, R"({"limit":5})"));
  fuzz::envelope(e.search("read a file", R"({"limit":5,"deferredOnly":true})"));
  // Words the catalog lacks: typo fixes and completions read the loaded typo tables.
  fuzz::envelope(e.search("rea direc serch fodler", R"({"limit":5})"));
  fuzz::envelope(e.explain("read a file", name));
  fuzz::envelope(e.describe(name, ""));
  fuzz::envelope(e.suggest(name + "x", ""));
  fuzz::envelope(e.assemble(R"({"contextWindow":4000,"mode":"preselect+bridge","userMessage":"read a file"})"));
  fuzz::envelope(e.handle_call("", fuzz::dump(json{{"name", "tool_search"}, {"arguments", {{"query", name}}}})));
  fuzz::envelope(e.handle_call("", fuzz::dump(json{{"name", "tool_call"}, {"arguments", {{"name", name}, {"arguments", json::object()}}}})));
  fuzz::envelope(e.add_tools(R"([{"name":"added_after_load","description":"read a file"}])"));
  fuzz::envelope(e.search("read a file", "{}"));
  return 0;
}
