// Arbitrary JSON as engine options (JsonEngine::configure and the constructor) and as a gate
// config (gate_config_from_json), then an assembly, a search and a bridge search under the result.
// Input: byte 0 = knobs (bit 0: constructor path, bit 1: wrap the text as {"gate": text}, bits
// 2-3: the assembly's context window); the rest is the JSON text.
//
// The engines hold one server's tools (13) and the core tools: what is fuzzed is the options,
// and every assembly and listing costs in proportion to the catalog, so a larger one only
// slowed each input (three servers and three windows per input: 168 inputs a second).
#include "fuzz_common.hpp"

#include "toolsearch/config.hpp"
#include "toolsearch/json_api.hpp"
#include "toolsearch/json_codec.hpp"

#include <cstdint>
#include <memory>
#include <set>
#include <string>

using namespace toolsearch;
using nlohmann::json;

namespace {

const std::string& catalog_text() {
  static const std::string text = [] {
    json tools = fuzz::official_tools(1);
    for (const json& t : fuzz::core_tools()) tools.push_back(t);
    return fuzz::dump(tools);
  }();
  return text;
}

const JsonEngine& base() {
  static const std::unique_ptr<JsonEngine> e = [] {
    auto out = std::make_unique<JsonEngine>();
    FUZZ_CHECK(fuzz::is_ok(fuzz::envelope(out->add_tools(catalog_text()))), "base catalog did not load");
    // The index and the token costs are made once here and travel with every copy (an index
    // survives a configure() that leaves ranking alone), not rebuilt per input.
    (void)out->engine().index();
    (void)out->list_tools();
    return out;
  }();
  return *e;
}

std::string options_text(JsonEngine& e) { return fuzz::dump(engine_options_to_json(e.engine().options())); }

// Whatever configuration was accepted, the engine still works and honours it.
void use(JsonEngine& e, uint8_t knobs) {
  const GateConfig& gate = e.engine().options().gate;
  const json tools = fuzz::envelope(e.list_tools())["value"];
  // One window per input, picked by the knobs, rather than three: assemblies are the costly part.
  constexpr size_t kWindows[] = {0, 1000, 8000, 200000};
  const size_t window = kWindows[(knobs >> 2) & 3];
  const json a = fuzz::envelope(e.assemble(fuzz::dump({{"contextWindow", window}})));
  FUZZ_CHECK(fuzz::is_ok(a), "assemble failed under an accepted config", fuzz::dump(a));
  const json& v = a["value"];
  std::set<std::string> visible;
  for (const json& t : v["visible"]) visible.insert(t["name"].get<std::string>());
  for (const json& t : tools) {
    if (t["class"] == "core") FUZZ_CHECK(visible.count(t["name"].get<std::string>()) == 1, "core tool hidden");
  }
  // DESIGN 6: off never activates; on activates whenever a deferrable tool exists (the
  // catalog has 13).
  if (gate.enabled == GateMode::Off) FUZZ_CHECK(!v["gate"]["active"].get<bool>(), "gate off but active", fuzz::dump(v["gate"]));
  if (gate.enabled == GateMode::On) FUZZ_CHECK(v["gate"]["active"].get<bool>(), "gate on but inactive", fuzz::dump(v["gate"]));
  // DESIGN 13: limits are clamped to max_search_limit, for the host's search and the model's.
  const json hits = fuzz::envelope(e.search("file directory read", R"({"limit":1000})"));
  FUZZ_CHECK(fuzz::is_ok(hits) && hits["value"].size() <= gate.max_search_limit, "search exceeded max_search_limit",
              fuzz::dump(hits));
  const json found = fuzz::envelope(
      e.handle_call("", R"({"name":"tool_search","arguments":{"query":"file directory read","limit":1000}})"));
  if (fuzz::is_ok(found) && found["value"]["kind"] == "search") {
    FUZZ_CHECK(found["value"]["result"]["matches"].size() <= gate.max_search_limit,
                "tool_search exceeded max_search_limit", fuzz::dump(found));
  }
}

void check_gate_parser(const json& input) {
  auto parsed = gate_config_from_json(input);
  if (!parsed.ok()) {
    FUZZ_CHECK(parsed.status().code == ErrorCode::InvalidConfig, "gate config error is not INVALID_CONFIG",
                parsed.status().message);
    return;
  }
  FUZZ_CHECK(validate(parsed.value()).ok(), "an accepted gate config fails validate()");
  // What to_json writes, gate_config_from_json reads back to the same config.
  const json written = gate_config_to_json(parsed.value());
  auto again = gate_config_from_json(written);
  FUZZ_CHECK(again.ok(), "to_json output is not accepted back", fuzz::dump(written) + "\n" + again.status().message);
  FUZZ_CHECK(gate_config_to_json(again.value()) == written, "gate config does not round-trip", fuzz::dump(written));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const uint8_t knobs = data[0];
  std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  if (knobs & 2) text = "{\"gate\":" + text + "}";

  auto parsed = parse_json(text);
  if (parsed.ok()) {
    check_gate_parser(parsed.value());
    if (parsed->is_object() && parsed->contains("gate")) check_gate_parser(parsed.value()["gate"]);
  }

  if (knobs & 1) {
    // The constructor ignores invalid options: the result is either the defaults or what
    // configure() would have accepted on a fresh engine.
    JsonEngine fresh(text);
    JsonEngine reference;
    const json env = fuzz::envelope(reference.configure(text));
    JsonEngine defaults;
    const std::string expected = options_text(fuzz::is_ok(env) ? reference : defaults);
    FUZZ_CHECK(options_text(fresh) == expected, "constructor options differ from configure()", text);
    // An engine left with the defaults (most fuzzed texts are refused) would build the same
    // catalog and index as every other such input: nothing of the input reaches it. That build
    // cost ten times a configure() input, so it runs only for options the input chose.
    if (expected == options_text(defaults)) return 0;
    FUZZ_CHECK(fuzz::is_ok(fuzz::envelope(fresh.add_tools(catalog_text()))), "add after construction failed");
    use(fresh, knobs);
    return 0;
  }

  JsonEngine e = base();
  const std::string before = options_text(e);
  const std::string answer = e.configure(text);
  const json env = fuzz::envelope(answer);
  if (!fuzz::is_ok(env)) {
    FUZZ_CHECK(options_text(e) == before, "a refused configure changed the options", answer);
    return 0;
  }
  const std::string after = options_text(e);
  FUZZ_CHECK(fuzz::dump(env["value"]) == after, "configure answered other options than it applied", answer);
  // Feeding the answer back is a no-op: the options the engine reports are options it accepts.
  const json again = fuzz::envelope(e.configure(after));
  FUZZ_CHECK(fuzz::is_ok(again) && options_text(e) == after, "configure(its own answer) is not idempotent",
              fuzz::dump(again));
  use(e, knobs);
  return 0;
}
