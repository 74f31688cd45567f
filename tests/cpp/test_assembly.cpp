#include "toolsearch/assembly.hpp"
#include "toolsearch/bridge_tools.hpp"
#include "toolsearch/listing.hpp"
#include "toolsearch/json_codec.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

using namespace toolsearch;

namespace {

// A counter with hand-set costs: a tool text ({"name":"X",...}) costs costs[X] (default 50);
// any other text (the listing) costs one token per byte. estimate_tool_tokens adds the
// per-tool overhead, so a tool set to 92 costs exactly 100.
struct FakeCounter {
  std::map<std::string, size_t> costs;
  size_t operator()(std::string_view text) const {
    const std::string_view prefix = "{\"name\":\"";
    if (text.substr(0, prefix.size()) == prefix) {
      size_t end = text.find('"', prefix.size());
      std::string name(text.substr(prefix.size(), end - prefix.size()));
      auto it = costs.find(name);
      return it == costs.end() ? 50 : it->second;
    }
    return text.size();
  }
};

constexpr size_t kBridgeCost = 50 + kPerToolOverheadTokens;  // each of the three bridge tools

Tool make_tool(const std::string& name, const std::string& source, const std::string& description = "",
               std::vector<std::string> tags = {}) {
  Tool t;
  t.name = name;
  t.source = source;
  t.description = description;
  t.input_schema = {{"type", "object"}, {"properties", nlohmann::json::object()}};
  t.tags = std::move(tags);
  return t;
}

// One core tool and three deferrable MCP tools, each costing 100 tokens: 300 deferrable.
struct Fixture {
  Catalog catalog;
  FakeCounter fake;
  TokenCounter counter;
  GateConfig config;
  Session session;
  AssembleRequest request;

  Fixture() {
    REQUIRE(catalog.add({make_tool("read_file", "core"), make_tool("a", "mcp:github"), make_tool("b", "mcp:github"),
                         make_tool("c", "mcp:github")})
                .ok());
    set_cost(100);
    counter = [this](std::string_view text) { return fake(text); };
    request.context_window = 3000;  // 10% => threshold 300 = exactly the deferrable cost
  }
  void set_cost(size_t tokens) {
    for (const Tool& t : catalog.tools()) fake.costs[t.name] = tokens - kPerToolOverheadTokens;
  }
  AssemblyResult run(const SearchIndex* index = nullptr) {
    Result<AssemblyResult> r = assemble(catalog, config, session, request, index, counter);
    INFO(r.status().message);
    REQUIRE(r.ok());
    return r.value();
  }
};

std::vector<std::string> visible_names(const AssemblyResult& r) {
  std::vector<std::string> names;
  for (const VisibleTool& t : r.visible) names.push_back(t.name);
  return names;
}

VisibleKind kind_of(const AssemblyResult& r, const std::string& name) {
  for (const VisibleTool& t : r.visible) {
    if (t.name == name) return t.kind;
  }
  FAIL("not visible: " << name);
  return VisibleKind::Passthrough;
}

using Names = std::vector<std::string>;

}  // namespace

TEST_CASE("auto threshold: ceil(pct% of window), clamped, max_tokens when unknown", "[assembly]") {
  GateConfig c;  // 10%, [0, 20000]
  CHECK(auto_threshold(c, 3000) == 300);
  CHECK(auto_threshold(c, 2999) == 300);  // 299.9 rounds up
  CHECK(auto_threshold(c, 3001) == 301);  // 300.1 rounds up
  CHECK(auto_threshold(c, 0) == 20000);
  CHECK(auto_threshold(c, 1000000) == 20000);  // max bound: a 1M window still triggers
  c.min_tokens = 500;
  CHECK(auto_threshold(c, 3000) == 500);
  c.threshold_pct = 0;
  CHECK(auto_threshold(c, 3000) == 500);
  c.min_tokens = 0;
  CHECK(auto_threshold(c, 3000) == 0);
  c.threshold_pct = 100;
  c.max_tokens = 1000000000;
  CHECK(auto_threshold(c, 4000000000u) == 1000000000);
  c.threshold_pct = 7.3;  // not exact in binary: 7.3% of 1000 is 73
  CHECK(auto_threshold(c, 1000) == 73);
}

TEST_CASE("auto gate activates exactly at the threshold, not one token below", "[assembly]") {
  Fixture f;
  SECTION("deferrable 300 >= threshold 300") {
    AssemblyResult r = f.run();
    CHECK(r.gate.active);
    CHECK(r.gate.threshold == 300);
    CHECK(r.gate.deferrable_tokens == 300);
    CHECK(r.gate.deferrable_count == 3);
    CHECK(r.strategy == Strategy::Bridge);
    CHECK(visible_names(r) == Names{"read_file", "tool_search", "tool_describe", "tool_call"});
    CHECK(tool_names(f.catalog, r.deferred) == Names{"a", "b", "c"});
    CHECK(r.gate.reason.find("300") != std::string::npos);
    CHECK(r.gate.reason.find("10% of a 3000-token window") != std::string::npos);
  }
  SECTION("threshold 301 (window 3001): passthrough") {
    f.request.context_window = 3001;
    AssemblyResult r = f.run();
    CHECK_FALSE(r.gate.active);
    CHECK(r.gate.threshold == 301);
    CHECK(r.strategy == Strategy::Passthrough);
    CHECK(r.tier == 0);
    CHECK(visible_names(r) == Names{"read_file", "a", "b", "c"});
    CHECK(r.deferred.empty());
    CHECK(r.gate.reason.find("< threshold 301") != std::string::npos);
  }
  SECTION("one token less of schema (299 < 300): passthrough") {
    f.fake.costs["c"] -= 1;
    AssemblyResult r = f.run();
    CHECK(r.gate.deferrable_tokens == 299);
    CHECK_FALSE(r.gate.active);
  }
}

TEST_CASE("auto gate bounds: min_tokens, max_tokens, unknown window", "[assembly]") {
  Fixture f;
  SECTION("min_tokens raises the threshold above pct% of the window") {
    f.config.min_tokens = 301;
    CHECK_FALSE(f.run().gate.active);
    f.config.min_tokens = 300;
    CHECK(f.run().gate.active);
  }
  SECTION("max_tokens caps the threshold for a huge window") {
    f.request.context_window = 1000000;  // 10% would be 100000
    f.config.max_tokens = 300;
    CHECK(f.run().gate.active);
    f.config.max_tokens = 301;
    CHECK_FALSE(f.run().gate.active);
  }
  SECTION("unknown window: the threshold is max_tokens") {
    f.request.context_window = 0;
    f.config.max_tokens = 300;
    AssemblyResult r = f.run();
    CHECK(r.gate.active);
    CHECK(r.gate.threshold == 300);
    CHECK(r.gate.reason.find("context window unknown") != std::string::npos);
    f.config.max_tokens = 301;
    CHECK_FALSE(f.run().gate.active);
  }
  SECTION("threshold 0 still needs a deferrable tool") {
    f.config.threshold_pct = 0;
    CHECK(f.run().gate.active);
    REQUIRE(f.catalog.remove({"a", "b", "c"}).ok());
    AssemblyResult r = f.run();
    CHECK_FALSE(r.gate.active);
    CHECK(r.gate.reason.find("no deferrable tool") != std::string::npos);
  }
}

TEST_CASE("auto gate: the tool-count trigger beside the token threshold", "[assembly]") {
  Fixture f;
  f.request.context_window = 1000000;  // threshold 20000: 300 tokens never reach it
  SECTION("the default (40) leaves a 3-tool catalog to the token threshold") {
    CHECK(GateConfig{}.threshold_tools == 40);
    AssemblyResult r = f.run();
    CHECK_FALSE(r.gate.active);
    CHECK(r.gate.reason.find("3 < thresholdTools 40") != std::string::npos);
  }
  SECTION("count reaches threshold_tools: active, and the reason names the trigger") {
    f.config.threshold_tools = 3;
    AssemblyResult r = f.run();
    CHECK(r.gate.active);
    CHECK(r.strategy == Strategy::Bridge);
    CHECK(tool_names(f.catalog, r.deferred) == Names{"a", "b", "c"});
    CHECK(r.gate.reason.find("< threshold 20000") != std::string::npos);
    CHECK(r.gate.reason.find("; 3 >= thresholdTools 3") != std::string::npos);
  }
  SECTION("one tool short: inactive") {
    f.config.threshold_tools = 4;
    CHECK_FALSE(f.run().gate.active);
  }
  SECTION("0 turns the count trigger off; pins and core tools do not count") {
    f.config.threshold_tools = 0;
    CHECK_FALSE(f.run().gate.active);
    f.config.threshold_tools = 3;
    REQUIRE(f.catalog.pin_tool("a", true).ok());
    AssemblyResult r = f.run();
    CHECK(r.gate.deferrable_count == 2);
    CHECK_FALSE(r.gate.active);
  }
  SECTION("off stays off, whatever the count") {
    f.config.threshold_tools = 1;
    f.config.enabled = GateMode::Off;
    CHECK_FALSE(f.run().gate.active);
  }
}

TEST_CASE("gate off never defers; on defers any deferrable tool but never a core one", "[assembly]") {
  Fixture f;
  SECTION("off: everything visible even far above the threshold") {
    f.config.enabled = GateMode::Off;
    f.request.context_window = 100;
    AssemblyResult r = f.run();
    CHECK_FALSE(r.gate.active);
    CHECK(r.strategy == Strategy::Passthrough);
    CHECK(visible_names(r) == Names{"read_file", "a", "b", "c"});
    CHECK(kind_of(r, "read_file") == VisibleKind::Core);
    CHECK(kind_of(r, "a") == VisibleKind::Passthrough);
    CHECK(r.gate.reason.find("gate off") != std::string::npos);
  }
  SECTION("on: a single cheap deferrable tool activates") {
    f.config.enabled = GateMode::On;
    f.request.context_window = 1000000000;
    REQUIRE(f.catalog.remove({"b", "c"}).ok());
    f.fake.costs["a"] = 1;
    AssemblyResult r = f.run();
    CHECK(r.gate.active);
    CHECK(r.strategy == Strategy::Bridge);
    CHECK(kind_of(r, "read_file") == VisibleKind::Core);
    CHECK(tool_names(f.catalog, r.deferred) == Names{"a"});
  }
  SECTION("on with only core tools: passthrough, the core tools visible") {
    f.config.enabled = GateMode::On;
    REQUIRE(f.catalog.add({make_tool("write_file", "core")}).ok());
    REQUIRE(f.catalog.remove({"a", "b", "c"}).ok());
    AssemblyResult r = f.run();
    CHECK_FALSE(r.gate.active);
    CHECK(visible_names(r) == Names{"read_file", "write_file"});
    CHECK(r.gate.reason.find("gate on: no deferrable tool") != std::string::npos);
  }
  SECTION("core tools are never in the deferred list whatever their size") {
    f.config.enabled = GateMode::On;
    f.fake.costs["read_file"] = 1000000;
    AssemblyResult r = f.run();
    CHECK(kind_of(r, "read_file") == VisibleKind::Core);
    const Names deferred = tool_names(f.catalog, r.deferred);
    CHECK(std::find(deferred.begin(), deferred.end(), "read_file") == deferred.end());
    CHECK(r.gate.deferrable_tokens == 300);  // core tools do not count towards the gate
  }
}

TEST_CASE("pins keep deferrable tools visible and out of the gate's measure", "[assembly]") {
  Fixture f;
  SECTION("a per-tool pin: 200 deferrable tokens stay under the 300 threshold") {
    REQUIRE(f.catalog.pin_tool("a", true).ok());
    AssemblyResult r = f.run();
    CHECK(r.gate.deferrable_tokens == 200);
    CHECK_FALSE(r.gate.active);
    CHECK(kind_of(r, "a") == VisibleKind::Pinned);
  }
  SECTION("a per-tool pin under `on`: pinned visible, the rest deferred") {
    f.config.enabled = GateMode::On;
    REQUIRE(f.catalog.pin_tool("b", true).ok());
    AssemblyResult r = f.run();
    CHECK(visible_names(r) == Names{"read_file", "b", "tool_search", "tool_describe", "tool_call"});
    CHECK(kind_of(r, "b") == VisibleKind::Pinned);
    CHECK(tool_names(f.catalog, r.deferred) == Names{"a", "c"});
  }
  SECTION("a per-server pin covers every tool of the server") {
    f.config.enabled = GateMode::On;
    REQUIRE(f.catalog.add({make_tool("post", "mcp:slack")}).ok());
    f.catalog.pin_server("github", true);
    AssemblyResult r = f.run();
    CHECK(r.gate.active);
    CHECK(kind_of(r, "a") == VisibleKind::Pinned);
    CHECK(kind_of(r, "c") == VisibleKind::Pinned);
    CHECK(tool_names(f.catalog, r.deferred) == Names{"post"});
    f.catalog.pin_server("slack", true);
    CHECK(f.run().strategy == Strategy::Passthrough);
  }
}

TEST_CASE("hybrid partition: the first N deferrable tools inline, within both limits", "[assembly]") {
  Fixture f;
  f.config.enabled = GateMode::On;
  REQUIRE(f.catalog.add({make_tool("d", "plugin"), make_tool("e", "plugin")}).ok());
  f.set_cost(100);
  SECTION("count limit only (inline_max_tokens 0 = no token limit)") {
    f.config.inline_max_count = 3;
    AssemblyResult r = f.run();
    CHECK(kind_of(r, "a") == VisibleKind::Inline);
    CHECK(kind_of(r, "c") == VisibleKind::Inline);
    CHECK(tool_names(f.catalog, r.deferred) == Names{"d", "e"});
  }
  SECTION("the token limit stops the prefix first: 200 <= 250 < 300") {
    f.config.inline_max_count = 3;
    f.config.inline_max_tokens = 250;
    CHECK(tool_names(f.catalog, f.run().deferred) == Names{"c", "d", "e"});
  }
  SECTION("the token limit is inclusive: exactly 300 fits three tools") {
    f.config.inline_max_count = 3;
    f.config.inline_max_tokens = 300;
    CHECK(tool_names(f.catalog, f.run().deferred) == Names{"d", "e"});
  }
  SECTION("a prefix: a large tool ends the partition even if later ones would fit") {
    f.fake.costs["b"] = 500;
    f.config.inline_max_count = 5;
    f.config.inline_max_tokens = 250;
    AssemblyResult r = f.run();
    CHECK(kind_of(r, "a") == VisibleKind::Inline);
    CHECK(tool_names(f.catalog, r.deferred) == Names{"b", "c", "d", "e"});
  }
  SECTION("pinned and core tools are not counted in the partition") {
    REQUIRE(f.catalog.pin_tool("a", true).ok());
    f.config.inline_max_count = 1;
    AssemblyResult r = f.run();
    CHECK(kind_of(r, "a") == VisibleKind::Pinned);
    CHECK(kind_of(r, "b") == VisibleKind::Inline);
    CHECK(tool_names(f.catalog, r.deferred) == Names{"c", "d", "e"});
  }
  SECTION("when every deferrable tool fits inline there is nothing to bridge") {
    f.config.inline_max_count = 10;
    AssemblyResult r = f.run();
    CHECK(r.gate.active);
    CHECK(r.strategy == Strategy::Passthrough);
    CHECK(r.deferred.empty());
    CHECK(r.tier == 0);
    CHECK(visible_names(r) == Names{"read_file", "a", "b", "c", "d", "e"});
  }
}

TEST_CASE("listing tiers: names by source within the budget, else a summary", "[assembly]") {
  Catalog catalog;
  REQUIRE(catalog.add({make_tool("summarize", "plugin"), make_tool("create_issue_comment", "mcp:github"),
                       make_tool("list_pull_requests", "mcp:github"), make_tool("merge_pull_request", "mcp:github")})
              .ok());
  TokenCounter bytes = [](std::string_view t) { return t.size(); };
  const Names deferred = {"summarize", "create_issue_comment", "list_pull_requests", "merge_pull_request"};
  const std::string tier1 =
      "Deferred tools (4), by source:\n- mcp:github: create_issue_comment, list_pull_requests, "
      "merge_pull_request\n- plugin: summarize";
  const std::string header = "Deferred tools (4), counts by source:";
  const std::string line1 = "\n- mcp:github: 3 tools";
  const std::string line2 = "\n- plugin: 1 tool";
  REQUIRE(header.size() + line1.size() + line2.size() < tier1.size());

  SECTION("tier 1 when the names fit exactly") {
    Listing l = make_listing(catalog, deferred, tier1.size(), bytes);
    CHECK(l.tier == 1);
    CHECK(l.text == tier1);
  }
  SECTION("tier 2 one token over") {
    Listing l = make_listing(catalog, deferred, tier1.size() - 1, bytes);
    CHECK(l.tier == 2);
    CHECK(l.text == header + line1 + line2);
  }
  SECTION("names shorter than the summary stay tier 1 even over a tiny budget") {
    Listing l = make_listing(catalog, {"summarize"}, 5, bytes);
    CHECK(l.tier == 1);
    CHECK(l.text == "Deferred tools (1), by source:\n- plugin: summarize");
  }
  SECTION("tier 2 truncates sources that do not fit, and says how many are left") {
    Listing l = make_listing(catalog, deferred, header.size() + line1.size(), bytes);
    CHECK(l.tier == 2);
    CHECK(l.text == header + line1 + "\n- ... and 1 more source (1 tool)");
  }
  SECTION("assemble reports the tier and embeds the listing in tool_search") {
    Fixture f;
    f.config.listing_max_tokens = 2000;
    AssemblyResult r = f.run();
    CHECK(r.tier == 1);
    const VisibleTool& search = r.visible[r.visible.size() - 3];
    REQUIRE(search.name == "tool_search");
    CHECK(search.description.find("Deferred tools (3), by source:\n- mcp:github: a, b, c") != std::string::npos);
    REQUIRE(f.catalog.add({make_tool("create_issue_comment", "mcp:github"), make_tool("list_pull_requests", "mcp:github"),
                           make_tool("merge_pull_request", "mcp:github")})
                .ok());
    f.config.enabled = GateMode::On;
    f.config.listing_max_tokens = 60;  // the names take 110 bytes, the summary 59
    AssemblyResult summary = f.run();
    CHECK(summary.tier == 2);
    CHECK(summary.visible[summary.visible.size() - 3].description.find(
              "Deferred tools (6), counts by source:\n- mcp:github: 6 tools") != std::string::npos);
  }
}

TEST_CASE("bridge tools: fixed names, schemas with the configured limits, last in order", "[assembly]") {
  GateConfig c;
  c.max_search_limit = 30;
  c.search_default_limit = 7;
  std::vector<VisibleTool> bridge = make_bridge_tools(c, "LISTING");
  REQUIRE(bridge.size() == 3);
  CHECK(bridge[0].name == "tool_search");
  CHECK(bridge[1].name == "tool_describe");
  CHECK(bridge[2].name == "tool_call");
  for (const VisibleTool& t : bridge) {
    CHECK(t.kind == VisibleKind::Bridge);
    CHECK(t.tokens > kPerToolOverheadTokens);
    CHECK(t.input_schema["type"] == "object");
  }
  CHECK(bridge[0].description.find("\n\nLISTING") != std::string::npos);
  CHECK(bridge[0].input_schema["properties"]["limit"]["maximum"] == 30);
  CHECK(bridge[0].input_schema["properties"]["limit"]["minimum"] == 1);
  CHECK(bridge[0].input_schema["properties"]["limit"]["description"].get<std::string>().find("default 7") !=
        std::string::npos);
  CHECK(bridge[0].input_schema["required"] == nlohmann::json::array({"query"}));
  CHECK(bridge[1].input_schema["required"] == nlohmann::json::array({"name"}));
  CHECK(bridge[2].input_schema["required"] == nlohmann::json::array({"name", "arguments"}));
  CHECK(bridge[2].input_schema["properties"]["arguments"]["type"] == "object");
}

TEST_CASE("two surfaces and token accounting", "[assembly]") {
  Fixture f;
  SECTION("bridge: logical has the real names, never the bridge names") {
    AssemblyResult r = f.run();
    CHECK(tool_names(f.catalog, r.logical) == Names{"read_file", "a", "b", "c"});
    CHECK(r.tokens.without_deferral == 400);
    CHECK(r.tokens.with_deferral == 100 + 3 * kBridgeCost);
    CHECK(r.tokens.saved == 400 - static_cast<int64_t>(100 + 3 * kBridgeCost));
  }
  SECTION("passthrough: with == without, nothing saved") {
    f.request.context_window = 3001;
    AssemblyResult r = f.run();
    CHECK(r.tokens.without_deferral == 400);
    CHECK(r.tokens.with_deferral == 400);
    CHECK(r.tokens.saved == 0);
    CHECK(tool_names(f.catalog, r.logical) == Names{"read_file", "a", "b", "c"});
  }
  SECTION("a forced bridge over a tiny catalog costs more than it saves") {
    f.config.enabled = GateMode::On;
    f.set_cost(10);
    AssemblyResult r = f.run();
    CHECK(r.tokens.saved == 40 - static_cast<int64_t>(10 + 3 * kBridgeCost));
    CHECK(r.tokens.saved < 0);
  }
  SECTION("each visible tool carries its cost") {
    AssemblyResult r = f.run();
    CHECK(r.visible[0].tokens == 100);
    CHECK(r.visible[1].tokens == kBridgeCost);
  }
}

TEST_CASE("assembly is deterministic: byte-identical JSON for the same input", "[assembly]") {
  Fixture f;
  REQUIRE(f.catalog.add({make_tool("z", "plugin"), make_tool("m", "client")}).ok());
  f.set_cost(100);
  const std::string first = assembly_to_json(f.run(), f.catalog).dump();
  CHECK(assembly_to_json(f.run(), f.catalog).dump() == first);

  Fixture g;  // a second catalog built from the same tools
  REQUIRE(g.catalog.add({make_tool("z", "plugin"), make_tool("m", "client")}).ok());
  g.set_cost(100);
  CHECK(assembly_to_json(g.run(), g.catalog).dump() == first);

  nlohmann::json j = nlohmann::json::parse(first);
  CHECK(j["strategy"] == "bridge");
  CHECK(j["tier"] == 1);
  CHECK(j["deferred"] == nlohmann::json::array({"a", "b", "c", "z", "m"}));
  CHECK(j["visible"][0]["kind"] == "core");
  CHECK(j["visible"][1]["kind"] == "bridge");
  CHECK(j["gate"]["mode"] == "auto");
  CHECK(j["gate"]["threshold"] == 300);
  CHECK(j["tokens"]["withoutDeferral"] == 600);
  SECTION("sources are listed sorted, tools in catalog order") {
    std::string listing = j["visible"][1]["description"];
    CHECK(listing.find("- client: m\n- mcp:github: a, b, c\n- plugin: z") != std::string::npos);
  }
}

TEST_CASE("the gate is evaluated at every assembly: removing tools returns to passthrough", "[assembly]") {
  Fixture f;
  CHECK(f.run().strategy == Strategy::Bridge);
  REQUIRE(f.catalog.remove({"c"}).ok());
  AssemblyResult r = f.run();
  CHECK(r.strategy == Strategy::Passthrough);
  CHECK(visible_names(r) == Names{"read_file", "a", "b"});
  REQUIRE(f.catalog.add({make_tool("c", "mcp:github")}).ok());
  f.set_cost(100);
  CHECK(f.run().strategy == Strategy::Bridge);
}

TEST_CASE("scope: out-of-scope tools are neither visible, listed nor logical", "[assembly]") {
  Fixture f;
  f.config.enabled = GateMode::On;
  REQUIRE(f.catalog.add({make_tool("p", "plugin"), make_tool("q", "plugin", "", {"ops"})}).ok());
  REQUIRE(f.catalog.pin_tool("p", true).ok());
  f.session.scope.sources = {"mcp:github"};
  AssemblyResult r = f.run();
  CHECK(tool_names(f.catalog, r.logical) == Names{"read_file", "a", "b", "c"});
  CHECK(visible_names(r) == Names{"read_file", "tool_search", "tool_describe", "tool_call"});  // pinned p is out
  CHECK(tool_names(f.catalog, r.deferred) == Names{"a", "b", "c"});
  CHECK(r.visible[1].description.find("plugin") == std::string::npos);
  SECTION("a toolset grant adds its tagged tools") {
    f.session.scope.toolsets = {"ops"};
    CHECK(tool_names(f.catalog, f.run().logical) == Names{"read_file", "a", "b", "c", "q"});
  }
  SECTION("the gate measures only what is in scope") {
    f.config.enabled = GateMode::Auto;
    f.session.scope.sources = {"plugin"};
    f.set_cost(150);
    f.catalog.pin_tool("p", false);
    AssemblyResult scoped = f.run();
    CHECK(scoped.gate.deferrable_tokens == 300);  // p and q, not a, b, c
    CHECK(scoped.gate.active);
    CHECK(tool_names(f.catalog, scoped.deferred) == Names{"p", "q"});
  }
}

TEST_CASE("activation policy: stable keeps the array, promote shows activated tools", "[assembly]") {
  Fixture f;
  f.session.activated = {"b", "not_in_catalog"};
  SECTION("stable (default)") {
    AssemblyResult r = f.run();
    CHECK(tool_names(f.catalog, r.deferred) == Names{"a", "b", "c"});
    CHECK(visible_names(r) == Names{"read_file", "tool_search", "tool_describe", "tool_call"});
  }
  SECTION("promote") {
    f.config.activation = ActivationPolicy::Promote;
    AssemblyResult r = f.run();
    CHECK(visible_names(r) == Names{"read_file", "b", "tool_search", "tool_describe", "tool_call"});
    CHECK(kind_of(r, "b") == VisibleKind::Activated);
    CHECK(tool_names(f.catalog, r.deferred) == Names{"a", "c"});
    CHECK(r.visible[2].description.find("a, c") != std::string::npos);
  }
  SECTION("promote does nothing when the gate is inactive") {
    f.config.activation = ActivationPolicy::Promote;
    f.request.context_window = 3001;
    CHECK(kind_of(f.run(), "b") == VisibleKind::Passthrough);
  }
}

TEST_CASE("assemble rejects a bad config and pre-selection without a matching index", "[assembly]") {
  Fixture f;
  f.config.search_default_limit = 0;
  Result<AssemblyResult> bad = assemble(f.catalog, f.config, f.session, f.request);
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.status().code == ErrorCode::InvalidConfig);
  f.config = GateConfig{};
  f.request.mode = AssemblyMode::Preselect;
  Result<AssemblyResult> no_index = assemble(f.catalog, f.config, f.session, f.request);
  REQUIRE_FALSE(no_index.ok());
  CHECK(no_index.status().code == ErrorCode::InvalidArgument);
  Catalog other;
  REQUIRE(other.add({make_tool("only", "plugin")}).ok());
  auto foreign = SearchIndex::build(other);
  Result<AssemblyResult> mismatch = assemble(f.catalog, f.config, f.session, f.request, foreign.get());
  REQUIRE_FALSE(mismatch.ok());
  CHECK(mismatch.status().code == ErrorCode::InvalidArgument);
}

TEST_CASE("a cost table is reused for its catalog revision and ignored after a change", "[assembly]") {
  Fixture f;
  ToolCosts costs = ToolCosts::build(f.catalog, f.counter);
  CHECK(costs.matches(f.catalog));
  CHECK(costs.at(1) == 100);
  Result<AssemblyResult> cached = assemble(f.catalog, f.config, f.session, f.request, nullptr, f.counter, &costs);
  REQUIRE(cached.ok());
  CHECK(assembly_to_json(cached.value(), f.catalog).dump() == assembly_to_json(f.run(), f.catalog).dump());
  REQUIRE(f.catalog.remove({"c"}).ok());
  CHECK_FALSE(costs.matches(f.catalog));
  Result<AssemblyResult> stale = assemble(f.catalog, f.config, f.session, f.request, nullptr, f.counter, &costs);
  REQUIRE(stale.ok());
  CHECK(stale->tokens.without_deferral == 300);  // recomputed: the stale table held 4 tools
  CHECK(stale->strategy == Strategy::Passthrough);
}

TEST_CASE("a cost table follows its catalog's content: a copy made with it, not another catalog", "[assembly]") {
  Fixture f;
  const ToolCosts costs = ToolCosts::build(f.catalog, f.counter);
  Catalog copy = f.catalog;  // an Engine copy carries its catalog and its table together
  CHECK(costs.matches(copy));
  REQUIRE(copy.remove({"c"}).ok());
  CHECK_FALSE(costs.matches(copy));
  CHECK(costs.matches(f.catalog));  // the original did not change
  // Same tools, built apart: the same revision count, but not the content the table was made from.
  Fixture other;
  CHECK(other.catalog.revision() == f.catalog.revision());
  CHECK_FALSE(costs.matches(other.catalog));
}

TEST_CASE("pre-selection: core + pinned + top-K as full schemas", "[assembly]") {
  Catalog catalog;
  REQUIRE(catalog.add({
                          make_tool("read_file", "core", "Read a file from the local disk"),
                          make_tool("create_issue", "mcp:github", "Create a new issue in a GitHub repository"),
                          make_tool("list_pull_requests", "mcp:github", "List pull requests of a GitHub repository"),
                          make_tool("post_message", "mcp:slack", "Post a message to a Slack channel"),
                          make_tool("list_channels", "mcp:slack", "List the channels of a Slack workspace"),
                          make_tool("query", "mcp:postgres", "Run a read-only SQL query against a Postgres database"),
                          make_tool("get_forecast", "plugin", "Weather forecast for a city"),
                      })
              .ok());
  REQUIRE(catalog.pin_tool("get_forecast", true).ok());
  auto index = SearchIndex::build(catalog);
  GateConfig config;
  config.enabled = GateMode::On;
  Session session;
  AssembleRequest request;
  request.mode = AssemblyMode::Preselect;
  request.top_k = 1;

  auto run = [&]() {
    Result<AssemblyResult> r = assemble(catalog, config, session, request, index.get());
    INFO(r.status().message);
    REQUIRE(r.ok());
    return r.value();
  };

  SECTION("top-1 for a natural-language message, no bridge") {
    request.user_message = "open an issue on GitHub about the crash";
    AssemblyResult r = run();
    CHECK(r.strategy == Strategy::Preselect);
    CHECK(visible_names(r) == Names{"read_file", "create_issue", "get_forecast"});
    CHECK(kind_of(r, "create_issue") == VisibleKind::Preselected);
    CHECK(kind_of(r, "get_forecast") == VisibleKind::Pinned);
    CHECK(r.tier == 0);
    CHECK(tool_names(catalog, r.deferred) == Names{"list_pull_requests", "post_message", "list_channels", "query"});
    CHECK(r.logical.size() == 7);
  }
  SECTION("an exact tool name is always selected") {
    request.user_message = "list_channels";
    CHECK(kind_of(run(), "list_channels") == VisibleKind::Preselected);
  }
  SECTION("top_k 0 takes config.preselect_top_k; results stay in catalog order") {
    request.top_k = 0;
    config.preselect_top_k = 2;
    request.user_message = "slack channel message";
    AssemblyResult r = run();
    CHECK(visible_names(r) == Names{"read_file", "post_message", "list_channels", "get_forecast"});
  }
  SECTION("with bridge: the tools outside the top-K are behind the bridge and listed") {
    request.mode = AssemblyMode::PreselectWithBridge;
    request.user_message = "run a SQL query on postgres";
    AssemblyResult r = run();
    CHECK(r.strategy == Strategy::PreselectWithBridge);
    CHECK(visible_names(r) == Names{"read_file", "query", "get_forecast", "tool_search", "tool_describe", "tool_call"});
    CHECK(tool_names(catalog, r.deferred) == Names{"create_issue", "list_pull_requests", "post_message", "list_channels"});
    CHECK(r.tier == 1);
    const std::string& listing = r.visible[3].description;
    CHECK(listing.find("- mcp:slack: post_message, list_channels") != std::string::npos);
    // The listing covers every hidden tool, the selected one too, so that the bridge tools do
    // not change with the message and prompt caches keep hitting from turn to turn.
    CHECK(listing.find("- mcp:postgres: query") != std::string::npos);
    request.user_message = "post a message on slack";
    AssemblyResult other = run();
    CHECK(visible_names(other) == Names{"read_file", "post_message", "get_forecast", "tool_search", "tool_describe", "tool_call"});
    for (size_t k = 3; k < 6; ++k) {
      CHECK(other.visible[k].description == r.visible[k].description);
      CHECK(other.visible[k].input_schema == r.visible[k].input_schema);
    }
  }
  SECTION("an empty message selects nothing beyond core and pinned") {
    request.user_message = "";
    AssemblyResult r = run();
    CHECK(visible_names(r) == Names{"read_file", "get_forecast"});
    CHECK(r.deferred.size() == 5);
  }
  SECTION("if the gate does not activate, passthrough wins") {
    config.enabled = GateMode::Off;
    request.user_message = "create an issue";
    AssemblyResult r = run();
    CHECK(r.strategy == Strategy::Passthrough);
    CHECK(r.visible.size() == 7);
  }
  SECTION("out-of-scope tools are never pre-selected") {
    session.scope.sources = {"mcp:slack"};
    request.user_message = "create_issue";
    AssemblyResult r = run();
    CHECK(visible_names(r) == Names{"read_file"});
    CHECK(tool_names(catalog, r.deferred) == Names{"post_message", "list_channels"});
  }
}
