#include "toolsearch/bridge.hpp"
#include "toolsearch/token_estimator.hpp"
#include "toolsearch/json_codec.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

using namespace toolsearch;
using json = nlohmann::json;

namespace {

Tool make_tool(std::string name, std::string source, std::string description, const char* schema) {
  Tool t;
  t.name = std::move(name);
  t.source = std::move(source);
  t.description = std::move(description);
  t.input_schema = json::parse(schema);
  return t;
}

const char* kWeatherSchema = R"({"type":"object","properties":{
    "city":{"type":"string","description":"City name"},
    "days":{"type":"integer","minimum":1,"maximum":14}},
  "required":["city"],"additionalProperties":false})";

// A schema far above the 300-token inlining budget.
std::string big_schema() {
  json props = json::object();
  for (int i = 0; i < 40; ++i) {
    props["field_" + std::to_string(i)] = {
        {"type", "string"},
        {"description", "A long explanation of report field number " + std::to_string(i) +
                            " covering its format, units, permitted values and caveats."}};
  }
  return json{{"type", "object"}, {"properties", props}, {"required", {"field_0"}}}.dump();
}

std::vector<Tool> base_tools(bool with_secret) {
  std::vector<Tool> tools = {
      make_tool("read_file", "core", "Read a file from disk.",
                R"({"type":"object","properties":{"path":{"type":"string"}},"required":["path"]})"),
      make_tool("terminal", "core", "Run a shell command.",
                R"({"type":"object","properties":{"command":{"type":"string"}},"required":["command"]})"),
      make_tool("github_create_issue", "mcp:github",
                "Create a new issue in a GitHub repository. Requires a title and accepts a markdown body.",
                R"({"type":"object","properties":{"title":{"type":"string"},"body":{"type":"string"}},"required":["title"]})"),
      make_tool("github_list_issues", "mcp:github", "List the issues of a GitHub repository.",
                R"({"type":"object","properties":{"repo":{"type":"string"},"state":{"enum":["open","closed"]}},"required":["repo"]})"),
      make_tool("github_list_repos", "mcp:github", "List repositories of an owner.",
                R"({"type":"object","properties":{"owner":{"type":"string"}}})"),
      make_tool("weather_forecast", "mcp:weather", "Get the weather forecast for a city.", kWeatherSchema),
      make_tool("send_email", "plugin", "Send an email message.",
                R"({"type":"object","properties":{"to":{"type":"string"},"subject":{"type":"string"}},"required":["to","subject"]})"),
      make_tool("run_script", "client", "Run a script with command-line arguments.",
                R"({"type":"object","properties":{"script":{"type":"string"},
                    "arguments":{"type":"array","items":{"type":"string"}}},"required":["script"]})"),
  };
  Tool big = make_tool("big_report_generator", "mcp:reports", "Generate a detailed business report.", "{}");
  big.input_schema = json::parse(big_schema());
  tools.push_back(std::move(big));
  if (with_secret) {
    tools.push_back(make_tool("secret_vault_read", "mcp:vault", "Read a secret from the vault.",
                              R"({"type":"object","properties":{"key":{"type":"string"}},"required":["key"]})"));
  }
  return tools;
}

// A catalog, its index, and the deferred positions of one turn: every deferrable tool except
// github_list_issues, which stays visible (as a pin or the hybrid partition would keep it).
struct Fixture {
  Catalog catalog;
  std::shared_ptr<const SearchIndex> index;
  GateConfig config;
  std::vector<uint32_t> deferred;

  explicit Fixture(bool with_secret = true, std::vector<Tool> extra = {}) {
    std::vector<Tool> tools = base_tools(with_secret);
    for (Tool& t : extra) tools.push_back(std::move(t));
    REQUIRE(catalog.add(std::move(tools)).ok());
    index = SearchIndex::build(catalog);
    for (uint32_t i = 0; i < catalog.tools().size(); ++i) {
      const Tool& t = catalog.tools()[i];
      if (t.tool_class == ToolClass::Deferrable && t.name != "github_list_issues") deferred.push_back(i);
    }
  }

  BridgeOutcome call(Session& session, std::string name, json arguments,
                     const ToolTokenEstimator& estimate = {}) const {
    return resolve_call(catalog, *index, config, deferred, session, ModelToolCall{std::move(name), std::move(arguments)},
                        estimate);
  }
};

Session scoped_session() {
  Session s;
  s.scope.sources = {"mcp:github", "mcp:weather", "plugin", "client", "mcp:reports"};
  return s;
}

std::vector<std::string> names_of(const BridgeOutcome& o) {
  std::vector<std::string> out;
  for (const json& m : o.result["matches"]) out.push_back(m["name"].get<std::string>());
  return out;
}

using Strings = std::vector<std::string>;

json nested_objects(size_t depth) {
  json value = 1;
  for (size_t i = 0; i < depth; ++i) value = json{{"a", std::move(value)}};
  return value;
}

}  // namespace

TEST_CASE("tool_search returns ranked in-scope matches with the fields the model needs", "[bridge]") {
  Fixture f;
  Session session;
  auto o = f.call(session, "tool_search", {{"query", "create github issue"}});
  REQUIRE(o.kind == BridgeOutcomeKind::Search);
  CHECK(o.name == "tool_search");
  CHECK(o.via_bridge);
  CHECK(o.reason.empty());
  REQUIRE_FALSE(o.result["matches"].empty());
  const json& first = o.result["matches"][0];
  CHECK(first["name"] == "github_create_issue");
  CHECK(first["description"] == "Create a new issue in a GitHub repository.");  // first sentence only
  CHECK(first["source"] == "mcp:github");
  CHECK(first["score"].get<double>() > 0);
  CHECK(first["match"] == "bm25");
  CHECK(first["required"] == json::array({"title"}));
  CHECK(first["callable_directly"] == false);
  // Small schema: the describe round trip is saved.
  CHECK(first["input_schema"] == f.catalog.find("github_create_issue")->input_schema);
  CHECK(o.result["query"] == "create github issue");
  CHECK(o.result["total_available"] == 8);  // deferrable tools; the two core tools are not searched
  CHECK(o.result.contains("hint"));
  CHECK_FALSE(o.result.contains("available_sources"));
  CHECK(o.arguments == json({{"query", "create github issue"}, {"limit", 5}}));

  // Found tools are activated in the session; a deferred one makes the call "activated".
  CHECK(session.activated.count("github_create_issue") == 1);
  CHECK(o.activated);
}

TEST_CASE("tool_search marks visible tools and never returns core tools", "[bridge]") {
  Fixture f;
  Session session;
  auto issues = f.call(session, "tool_search", {{"query", "github_list_issues"}});
  REQUIRE_FALSE(issues.result["matches"].empty());
  CHECK(issues.result["matches"][0]["name"] == "github_list_issues");
  CHECK(issues.result["matches"][0]["match"] == "exact");
  CHECK(issues.result["matches"][0]["callable_directly"] == true);

  auto files = f.call(session, "tool_search", {{"query", "read_file"}});
  const Strings file_hits = names_of(files);
  CHECK(std::find(file_hits.begin(), file_hits.end(), "read_file") == file_hits.end());
  auto shell = f.call(session, "tool_search", {{"query", "terminal shell command"}});
  for (const std::string& name : names_of(shell)) CHECK(name != "terminal");
}

TEST_CASE("tool_search limit: default, clamping, and tolerated forms", "[bridge]") {
  std::vector<Tool> bulk;
  for (int i = 0; i < 30; ++i) {
    bulk.push_back(make_tool("bulk_export_" + std::to_string(100 + i), "mcp:bulk",
                             "Bulk export of dataset number " + std::to_string(i) + ".",
                             R"({"type":"object"})"));
  }
  Fixture f(true, bulk);
  Session s;
  auto count = [&](json args) { return f.call(s, "tool_search", std::move(args)); };

  auto def = count({{"query", "bulk export"}});
  CHECK(def.result["matches"].size() == 5);
  CHECK(def.repairs.empty());
  CHECK(count({{"query", "bulk export"}, {"limit", 2}}).result["matches"].size() == 2);
  CHECK(count({{"query", "bulk export"}, {"limit", 20}}).result["matches"].size() == 20);
  CHECK(count({{"query", "bulk export"}, {"limit", 2.9}}).result["matches"].size() == 2);
  CHECK(count({{"query", "bulk export"}, {"limit", "3"}}).result["matches"].size() == 3);
  CHECK(count({{"query", "bulk export"}, {"limit", nullptr}}).result["matches"].size() == 5);

  auto high = count({{"query", "bulk export"}, {"limit", 100}});
  CHECK(high.result["matches"].size() == 20);
  CHECK(high.repairs == Strings{"limit_clamped"});
  CHECK(high.arguments["limit"] == 20);
  auto zero = count({{"query", "bulk export"}, {"limit", 0}});
  CHECK(zero.result["matches"].size() == 1);
  CHECK(zero.repairs == Strings{"limit_clamped"});
  auto negative = count({{"query", "bulk export"}, {"limit", -4}});
  CHECK(negative.result["matches"].size() == 1);
  auto junk = count({{"query", "bulk export"}, {"limit", "many"}});
  CHECK(junk.result["matches"].size() == 5);
  CHECK(junk.repairs == Strings{"limit_invalid"});
  CHECK(count({{"query", "bulk export"}, {"limit", json::array({3})}}).repairs == Strings{"limit_invalid"});

  // The configured default and maximum.
  f.config.search_default_limit = 3;
  f.config.max_search_limit = 10;
  CHECK(count({{"query", "bulk export"}}).result["matches"].size() == 3);
  CHECK(count({{"query", "bulk export"}, {"limit", 50}}).result["matches"].size() == 10);
  CHECK(count({{"query", "bulk export"}, {"limit", 10}}).repairs.empty());  // at the bound: no clamp
}

TEST_CASE("tool_search refuses a blank query with an actionable message", "[bridge]") {
  Fixture f;
  Session s;
  for (const json& args : {json{{"query", ""}}, json{{"query", "   \n"}}, json::object(), json{{"query", 42}},
                           json{{"q", "weather"}}}) {
    auto o = f.call(s, "tool_search", args);
    CHECK(o.kind == BridgeOutcomeKind::Refusal);
    CHECK(o.reason == "invalid_call");
    CHECK(o.result["error"] == "invalid_call");
    CHECK(o.result["message"].get<std::string>().find("non-empty \"query\"") != std::string::npos);
  }
  auto empty_payload = f.call(s, "tool_search", "");
  CHECK(empty_payload.reason == "invalid_call");
  CHECK(empty_payload.repairs == Strings{"bridge_arguments_empty_string"});
  CHECK(f.call(s, "tool_search", nullptr).repairs == Strings{"bridge_arguments_null"});
  auto wrong = f.call(s, "tool_search", json::array({"weather"}));
  CHECK(wrong.reason == "invalid_call");
  CHECK(wrong.result["message"].get<std::string>().find("takes an object of arguments") != std::string::npos);
  CHECK(s.activated.empty());
}

TEST_CASE("tool_search payload given as JSON text or as a bare query string", "[bridge]") {
  Fixture f;
  Session s;
  auto text = f.call(s, "tool_search", R"({"query":"weather forecast","limit":1})");
  REQUIRE(text.kind == BridgeOutcomeKind::Search);
  CHECK(text.repairs == Strings{"bridge_arguments_json_string"});
  CHECK(names_of(text) == Strings{"weather_forecast"});

  auto bare = f.call(s, "tool_search", "weather forecast");
  REQUIRE(bare.kind == BridgeOutcomeKind::Search);
  CHECK(bare.repairs == Strings{"bridge_arguments_bare_string"});
  CHECK(bare.result["matches"].at(0)["name"] == "weather_forecast");

  auto broken = f.call(s, "tool_search", "{\"query\": \"weather");
  CHECK(broken.reason == "invalid_call");
  CHECK(broken.result["message"].get<std::string>().find("not valid JSON") != std::string::npos);
}

TEST_CASE("tool_search with no hit returns an empty list, the sources and a hint", "[bridge]") {
  Fixture f;
  Session s = scoped_session();
  auto o = f.call(s, "tool_search", {{"query", "zzqx wvvk"}});
  REQUIRE(o.kind == BridgeOutcomeKind::Search);
  CHECK(o.result["matches"].empty());
  CHECK(o.result["matches"] == json::array());
  // Sorted, in scope only (mcp:vault is not granted; core tools are not searchable).
  CHECK(o.result["available_sources"] ==
        json::array({"client", "mcp:github", "mcp:reports", "mcp:weather", "plugin"}));
  CHECK(o.result["hint"].get<std::string>().find("Try other words") != std::string::npos);
  CHECK(o.result["total_available"] == 7);
  CHECK_FALSE(o.activated);
  CHECK(s.activated.empty());
}

TEST_CASE("small schemas are inlined in search hits; large ones are not", "[bridge]") {
  Fixture f;
  Session s;
  auto big = f.call(s, "tool_search", {{"query", "business report generator"}});
  REQUIRE(big.result["matches"].at(0)["name"] == "big_report_generator");
  CHECK_FALSE(big.result["matches"][0].contains("input_schema"));
  CHECK_FALSE(big.result["matches"][0].contains("input_schema"));

  // The estimator is the caller's: it decides, against config.inline_schema_max_tokens.
  auto sized = [](size_t tokens) { return [tokens](const Tool&) { return tokens; }; };
  CHECK(f.call(s, "tool_search", {{"query", "business report"}}, sized(300)).result["matches"].at(0).contains("input_schema"));
  CHECK_FALSE(f.call(s, "tool_search", {{"query", "weather"}}, sized(301)).result["matches"].at(0).contains("input_schema"));
  f.config.inline_schema_max_tokens = 0;  // 0 = never
  CHECK_FALSE(f.call(s, "tool_search", {{"query", "weather"}}, sized(1)).result["matches"].at(0).contains("input_schema"));
}

TEST_CASE("tool_describe returns the full schema and activates the tool", "[bridge]") {
  Fixture f;
  Session s;
  auto o = f.call(s, "tool_describe", {{"name", "weather_forecast"}});
  REQUIRE(o.kind == BridgeOutcomeKind::Describe);
  CHECK(o.name == "weather_forecast");
  CHECK(o.via_bridge);
  CHECK(o.result["name"] == "weather_forecast");
  CHECK(o.result["description"] == "Get the weather forecast for a city.");
  CHECK(o.result["source"] == "mcp:weather");
  CHECK(o.result["input_schema"] == json::parse(kWeatherSchema));
  CHECK(o.result["callable_directly"] == false);
  CHECK(o.result["hint"].get<std::string>().find("tool_call") != std::string::npos);
  CHECK(o.activated);
  CHECK(s.activated.count("weather_forecast") == 1);

  // Visible and core tools can be described too; they say "call it directly".
  auto visible = f.call(s, "tool_describe", {{"name", "github_list_issues"}});
  CHECK(visible.result["callable_directly"] == true);
  CHECK_FALSE(visible.activated);
  auto core = f.call(s, "tool_describe", {{"name", "read_file"}});
  REQUIRE(core.kind == BridgeOutcomeKind::Describe);
  CHECK(core.result["hint"] == "Call read_file directly by its name.");
  CHECK(s.activated.count("read_file") == 0);  // core tools need no activation

  // Bare-string payload.
  auto bare = f.call(s, "tool_describe", "send_email");
  CHECK(bare.kind == BridgeOutcomeKind::Describe);
  CHECK(bare.repairs == Strings{"bridge_arguments_bare_string"});
}

TEST_CASE("tool_describe: unknown names get in-scope suggestions; a missing name is invalid", "[bridge]") {
  Fixture f;
  Session s;
  auto o = f.call(s, "tool_describe", {{"name", "github_create_isue"}});
  REQUIRE(o.kind == BridgeOutcomeKind::Refusal);
  CHECK(o.reason == "not_found");
  CHECK(o.name.empty());
  CHECK(o.result["did_you_mean"].at(0) == "github_create_issue");
  CHECK(o.result["message"].get<std::string>().rfind(
            "No tool named \"github_create_isue\" is available. Did you mean \"github_create_issue\"", 0) == 0);

  for (const json& args : {json::object(), json{{"name", ""}}, json{{"name", 7}}}) {
    auto bad = f.call(s, "tool_describe", args);
    CHECK(bad.reason == "invalid_call");
  }
}

TEST_CASE("tool_call dispatches to the real tool with its arguments", "[bridge]") {
  Fixture f;
  Session s;
  auto o = f.call(s, "tool_call", {{"name", "weather_forecast"}, {"arguments", {{"city", "Oslo"}, {"days", 3}}}});
  REQUIRE(o.kind == BridgeOutcomeKind::Dispatch);
  CHECK(o.name == "weather_forecast");
  CHECK(o.arguments == json({{"city", "Oslo"}, {"days", 3}}));
  CHECK(o.via_bridge);
  CHECK(o.activated);
  CHECK(o.repairs.empty());
  CHECK(o.reason.empty());
  CHECK(s.activated.count("weather_forecast") == 1);

  // A deferrable tool that is visible this turn may also go through the bridge.
  auto visible = f.call(s, "tool_call", {{"name", "github_list_issues"}, {"arguments", {{"repo", "a/b"}}}});
  CHECK(visible.kind == BridgeOutcomeKind::Dispatch);
  CHECK_FALSE(visible.activated);
}

TEST_CASE("tool_call repairs: empty, null, JSON text, double encoding", "[bridge]") {
  Fixture f;
  Session s;
  auto call = [&](json args) { return f.call(s, "tool_call", {{"name", "github_list_repos"}, {"arguments", std::move(args)}}); };

  auto empty = call("");
  REQUIRE(empty.kind == BridgeOutcomeKind::Dispatch);
  CHECK(empty.arguments == json::object());
  CHECK(empty.repairs == Strings{"arguments_empty_string"});
  CHECK(call("  ").repairs == Strings{"arguments_empty_string"});

  auto null = call(nullptr);
  CHECK(null.arguments == json::object());
  CHECK(null.repairs == Strings{"arguments_null"});

  auto text = call(R"({"owner":"octo"})");
  REQUIRE(text.kind == BridgeOutcomeKind::Dispatch);
  CHECK(text.arguments == json({{"owner", "octo"}}));
  CHECK(text.repairs == Strings{"arguments_json_string"});

  auto twice = call(json(R"({"owner":"octo"})").dump());
  REQUIRE(twice.kind == BridgeOutcomeKind::Dispatch);
  CHECK(twice.arguments == json({{"owner", "octo"}}));
  CHECK(twice.repairs == Strings{"arguments_json_string", "arguments_double_encoded"});

  auto not_json = call("owner=octo");
  CHECK(not_json.reason == "invalid_arguments");
  CHECK(not_json.result["message"].get<std::string>().find("not JSON") != std::string::npos);
  CHECK(call(json::array({1})).reason == "invalid_arguments");
  CHECK(call(5).reason == "invalid_arguments");
  CHECK(call("[1,2]").reason == "invalid_arguments");
}

TEST_CASE("tool_call repairs: nested and name-wrapped arguments, flattened and missing ones", "[bridge]") {
  Fixture f;
  Session s;
  auto nested = f.call(s, "tool_call", {{"name", "weather_forecast"}, {"arguments", {{"arguments", {{"city", "Oslo"}}}}}});
  REQUIRE(nested.kind == BridgeOutcomeKind::Dispatch);
  CHECK(nested.arguments == json({{"city", "Oslo"}}));
  CHECK(nested.repairs == Strings{"arguments_nested"});

  auto nested_text = f.call(s, "tool_call", {{"name", "weather_forecast"}, {"arguments", {{"arguments", R"({"city":"Oslo"})"}}}});
  REQUIRE(nested_text.kind == BridgeOutcomeKind::Dispatch);
  CHECK(nested_text.repairs == Strings{"arguments_nested", "arguments_json_string"});

  auto wrapped = f.call(s, "tool_call", {{"name", "weather_forecast"},
                                         {"arguments", {{"name", "weather_forecast"}, {"arguments", {{"city", "Oslo"}}}}}});
  REQUIRE(wrapped.kind == BridgeOutcomeKind::Dispatch);
  CHECK(wrapped.arguments == json({{"city", "Oslo"}}));
  CHECK(wrapped.repairs == Strings{"arguments_name_wrapped"});

  // Twice nested (NemoClaw #12106): unwrapped twice, then it stops.
  auto twice = f.call(s, "tool_call", {{"name", "weather_forecast"},
                                       {"arguments", {{"arguments", {{"arguments", {{"city", "Oslo"}}}}}}}});
  REQUIRE(twice.kind == BridgeOutcomeKind::Dispatch);
  CHECK(twice.repairs == Strings{"arguments_nested", "arguments_nested"});

  // A different name next to "arguments" is not ours to unwrap.
  auto other = f.call(s, "tool_call", {{"name", "weather_forecast"},
                                       {"arguments", {{"name", "send_email"}, {"arguments", {{"city", "Oslo"}}}}}});
  CHECK(other.reason == "invalid_arguments");

  // An "arguments" value that is not an object is left alone (and fails the schema honestly).
  auto scalar = f.call(s, "tool_call", {{"name", "weather_forecast"}, {"arguments", {{"arguments", "Oslo"}}}});
  CHECK(scalar.reason == "invalid_arguments");
  CHECK(scalar.repairs.empty());

  auto flat = f.call(s, "tool_call", {{"name", "weather_forecast"}, {"city", "Oslo"}});
  REQUIRE(flat.kind == BridgeOutcomeKind::Dispatch);
  CHECK(flat.arguments == json({{"city", "Oslo"}}));
  CHECK(flat.repairs == Strings{"arguments_flattened"});

  auto missing = f.call(s, "tool_call", {{"name", "github_list_repos"}});
  REQUIRE(missing.kind == BridgeOutcomeKind::Dispatch);
  CHECK(missing.arguments == json::object());
  CHECK(missing.repairs == Strings{"arguments_missing"});

  // The bridge payload itself as JSON text, with arguments as JSON text inside.
  auto payload_text = f.call(s, "tool_call", R"({"name":"weather_forecast","arguments":"{\"city\":\"Oslo\"}"})");
  REQUIRE(payload_text.kind == BridgeOutcomeKind::Dispatch);
  CHECK(payload_text.arguments == json({{"city", "Oslo"}}));
  CHECK(payload_text.repairs == Strings{"bridge_arguments_json_string", "arguments_json_string"});
}

TEST_CASE("a tool whose schema has an \"arguments\" parameter is not unwrapped", "[bridge]") {
  Fixture f;
  Session s;
  auto o = f.call(s, "tool_call", {{"name", "run_script"},
                                   {"arguments", {{"script", "build.sh"}, {"arguments", {"-v", "--fast"}}}}});
  REQUIRE(o.kind == BridgeOutcomeKind::Dispatch);
  CHECK(o.arguments == json({{"script", "build.sh"}, {"arguments", {"-v", "--fast"}}}));
  CHECK(o.repairs.empty());
  // Even {"arguments": {...}} alone stays: here it is a real (and wrong-typed) parameter.
  auto alone = f.call(s, "run_script", {{"arguments", {{"script", "build.sh"}}}});
  CHECK(alone.reason == "invalid_arguments");
  CHECK(alone.repairs.empty());
  CHECK(alone.arguments == json({{"arguments", {{"script", "build.sh"}}}}));
}

TEST_CASE("tool_call refusals: recursion, core tools, malformed calls", "[bridge]") {
  Fixture f;
  Session s;
  for (const char* bridge : {"tool_search", "tool_describe", "tool_call"}) {
    auto o = f.call(s, "tool_call", {{"name", bridge}, {"arguments", {{"query", "x"}}}});
    CHECK(o.kind == BridgeOutcomeKind::Refusal);
    CHECK(o.reason == "bridge_recursion");
    CHECK(o.via_bridge);
    CHECK(o.name.empty());
  }
  auto search = f.call(s, "tool_call", {{"name", "tool_search"}, {"arguments", {{"query", "x"}}}});
  CHECK(search.result["message"] == "tool_call cannot invoke the bridge tool tool_search. Call tool_search directly.");
  auto loop = f.call(s, "tool_call", {{"name", "tool_call"},
                                      {"arguments", {{"name", "weather_forecast"}, {"arguments", {{"city", "Oslo"}}}}}});
  CHECK(loop.result["message"].get<std::string>().find("Call tool_call once: {\"name\": \"weather_forecast\"") !=
        std::string::npos);

  auto core = f.call(s, "tool_call", {{"name", "read_file"}, {"arguments", {{"path", "/etc/hosts"}}}});
  CHECK(core.reason == "core_via_bridge");
  CHECK(core.name == "read_file");
  CHECK(core.result["message"].get<std::string>().find("call read_file directly") != std::string::npos);
  CHECK(s.activated.empty());

  for (const json& args : {json::object(), json{{"arguments", json::object()}}, json{{"name", ""}},
                           json{{"name", 3}, {"arguments", json::object()}}}) {
    auto bad = f.call(s, "tool_call", args);
    CHECK(bad.reason == "invalid_call");
    CHECK(bad.result["message"].get<std::string>().find("tool_call needs \"name\"") != std::string::npos);
  }
  CHECK(f.call(s, "tool_call", json::array()).reason == "invalid_call");
  CHECK(f.call(s, "tool_call", 12).reason == "invalid_call");
  CHECK(f.call(s, "tool_call", "{\"name\": ").reason == "invalid_call");
}

TEST_CASE("arguments that fail the schema return the schema and are not dispatched", "[bridge]") {
  Fixture f;
  Session s;
  auto o = f.call(s, "tool_call", {{"name", "weather_forecast"}, {"arguments", {{"city", 5}, {"days", 30}, {"x", 1}}}});
  REQUIRE(o.kind == BridgeOutcomeKind::Refusal);
  CHECK(o.reason == "invalid_arguments");
  CHECK(o.name == "weather_forecast");
  CHECK(o.result["input_schema"] == json::parse(kWeatherSchema));
  CHECK(o.result["name"] == "weather_forecast");
  REQUIRE(o.violations.size() == 3);
  CHECK(o.result["violations"][0] == json({{"path", "/city"}, {"keyword", "type"}, {"message", "expected string, got integer 5"}}));
  CHECK(o.result["violations"][1]["path"] == "/days");
  CHECK(o.result["violations"][2]["path"] == "/x");
  const std::string message = o.result["message"];
  CHECK(message.find("was not invoked") != std::string::npos);
  CHECK(message.find("\n- /city: expected string, got integer 5") != std::string::npos);
  CHECK(message.find("call tool_call again") != std::string::npos);
  CHECK(o.arguments == json({{"city", 5}, {"days", 30}, {"x", 1}}));
  // The schema reached the model, so the deferred tool counts as activated.
  CHECK(o.activated);

  auto missing = f.call(s, "tool_call", {{"name", "weather_forecast"}, {"arguments", ""}});
  CHECK(missing.reason == "invalid_arguments");
  CHECK(missing.repairs == Strings{"arguments_empty_string"});
  CHECK(missing.result["violations"][0]["message"] == "required property missing (expected string)");
}

TEST_CASE("direct calls: visible tools dispatch, deferred ones activate lazily", "[bridge]") {
  Fixture f;
  Session s;
  auto core = f.call(s, "read_file", {{"path", "a.txt"}});
  REQUIRE(core.kind == BridgeOutcomeKind::Dispatch);
  CHECK(core.name == "read_file");
  CHECK_FALSE(core.via_bridge);
  CHECK_FALSE(core.activated);

  auto visible = f.call(s, "github_list_issues", R"({"repo":"a/b"})");
  REQUIRE(visible.kind == BridgeOutcomeKind::Dispatch);
  CHECK(visible.repairs == Strings{"arguments_json_string"});
  CHECK_FALSE(visible.activated);

  auto lazy = f.call(s, "weather_forecast", {{"city", "Oslo"}});
  REQUIRE(lazy.kind == BridgeOutcomeKind::Dispatch);
  CHECK_FALSE(lazy.via_bridge);
  CHECK(lazy.activated);
  CHECK(s.activated.count("weather_forecast") == 1);

  // Direct calls are validated too.
  auto bad = f.call(s, "read_file", "");
  CHECK(bad.reason == "invalid_arguments");
  CHECK(bad.result["message"].get<std::string>().find("call it again") != std::string::npos);
  CHECK(f.call(s, "read_file", {{"arguments", {{"path", "a"}}}}).repairs == Strings{"arguments_nested"});
}

TEST_CASE("lazy activation off: a direct call to a deferred tool is refused with the way in", "[bridge]") {
  Fixture f;
  f.config.lazy_activation = false;
  Session s;
  auto o = f.call(s, "weather_forecast", {{"city", "Oslo"}});
  REQUIRE(o.kind == BridgeOutcomeKind::Refusal);
  CHECK(o.reason == "deferred_tool");
  CHECK(o.name == "weather_forecast");
  CHECK_FALSE(o.activated);
  CHECK(s.activated.empty());
  CHECK(o.result["message"] ==
        "weather_forecast is not loaded. Read its parameters with tool_describe {\"name\": \"weather_forecast\"}, "
        "then invoke it with tool_call {\"name\": \"weather_forecast\", \"arguments\": {...}}.");
  // Visible tools and the bridge path are unaffected.
  CHECK(f.call(s, "github_list_issues", {{"repo", "a/b"}}).kind == BridgeOutcomeKind::Dispatch);
  CHECK(f.call(s, "tool_call", {{"name", "weather_forecast"}, {"arguments", {{"city", "Oslo"}}}}).kind ==
        BridgeOutcomeKind::Dispatch);
}

TEST_CASE("direct calls to unknown names are not_found with suggestions", "[bridge]") {
  Fixture f;
  Session s;
  auto o = f.call(s, "weather_forcast", {{"city", "Oslo"}});
  CHECK(o.reason == "not_found");
  CHECK(o.result["did_you_mean"] == json::array({"weather_forecast"}));
  CHECK(o.result["message"] ==
        "No tool named \"weather_forcast\" is available. Did you mean \"weather_forecast\"? "
        "Use tool_search to find tools by what they do.");
  CHECK(f.call(s, "", json::object()).reason == "invalid_call");

  // No deferral this turn: no pointer to tool_search.
  f.deferred.clear();
  CHECK(f.call(s, "no_such_tool_xyz", json::object()).result["message"] ==
        "No tool named \"no_such_tool_xyz\" is available.");
}

TEST_CASE("scope: an out-of-scope tool reads exactly like a tool that does not exist", "[bridge]") {
  Fixture with_secret(true);
  Fixture without_secret(false);
  std::vector<std::pair<std::string, json>> calls = {
      {"secret_vault_read", {{"key", "k"}}},
      {"tool_call", {{"name", "secret_vault_read"}, {"arguments", {{"key", "k"}}}}},
      {"tool_describe", {{"name", "secret_vault_read"}}},
      {"tool_describe", {{"name", "secret_vault_rea"}}},   // a near miss: never suggested
      {"tool_call", {{"name", "secret_vault_reed"}, {"arguments", json::object()}}},
      {"secret_vault_raed", json::object()},
      {"tool_search", {{"query", "secret_vault_read"}}},  // the exact name
      {"tool_search", {{"query", "vault secret"}}},
  };
  for (const auto& [name, args] : calls) {
    Session a = scoped_session();
    Session b = scoped_session();
    const json hidden = outcome_to_json(with_secret.call(a, name, args));
    const json absent = outcome_to_json(without_secret.call(b, name, args));
    INFO(name << " " << args.dump());
    CHECK(hidden == absent);
    CHECK(hidden.dump().find("secret_vault_read\"]") == std::string::npos);  // not in did_you_mean
    CHECK(a.activated.count("secret_vault_read") == 0);
  }
  // The same tool, granted, is reachable: the fixture is not simply broken.
  Session granted = scoped_session();
  granted.scope.sources.insert("mcp:vault");
  CHECK(with_secret.call(granted, "tool_describe", {{"name", "secret_vault_read"}}).kind == BridgeOutcomeKind::Describe);
  auto found = with_secret.call(granted, "tool_search", {{"query", "secret vault"}});
  CHECK(names_of(found).at(0) == "secret_vault_read");
  auto near = with_secret.call(granted, "tool_describe", {{"name", "secret_vault_rea"}});
  CHECK(near.result["did_you_mean"] == json::array({"secret_vault_read"}));
}

TEST_CASE("scope granted by toolset tag and by tool name", "[bridge]") {
  Fixture f;
  Session tagged;
  tagged.scope.tools = {"send_email"};
  CHECK(f.call(tagged, "send_email", {{"to", "a"}, {"subject", "b"}}).kind == BridgeOutcomeKind::Dispatch);
  CHECK(f.call(tagged, "weather_forecast", {{"city", "Oslo"}}).reason == "not_found");
  auto search = f.call(tagged, "tool_search", {{"query", "weather forecast email"}});
  CHECK(names_of(search) == Strings{"send_email"});
  CHECK(search.result["total_available"] == 1);
  // Core tools stay callable whatever the scope.
  CHECK(f.call(tagged, "terminal", {{"command", "ls"}}).kind == BridgeOutcomeKind::Dispatch);
}

TEST_CASE("outcome_to_json has the stable shape of the JSON API", "[bridge]") {
  Fixture f;
  Session s;
  auto o = f.call(s, "tool_call", {{"name", "weather_forecast"}, {"arguments", R"({"city":"Oslo"})"}});
  const json j = outcome_to_json(o);
  CHECK(j == json({{"kind", "dispatch"},
                   {"name", "weather_forecast"},
                   {"arguments", {{"city", "Oslo"}}},
                   {"result", json::object()},
                   {"reason", ""},
                   {"repairs", {"arguments_json_string"}},
                   {"activated", true},
                   {"viaBridge", true},
                   {"source", "mcp:weather"},
                   {"server", "weather"},
                   {"sourceKind", "mcp"},
                   {"tokens", estimate_tool_tokens(*f.catalog.find("weather_forecast"))}}));
  CHECK(j["tokens"].get<size_t>() > 0);
  // Nothing resolved, nothing described: a refusal about an unknown name carries no source.
  const json unknown = outcome_to_json(f.call(s, "tool_call", {{"name", "no_such_tool"}, {"arguments", json::object()}}));
  CHECK(unknown["source"].is_null());
  CHECK(unknown["server"].is_null());
  CHECK(unknown["tokens"].is_null());

  // Same call, same bytes (the session's state does not leak into the text).
  Session t;
  auto again = f.call(t, "tool_search", {{"query", "github issue"}});
  auto again2 = f.call(t, "tool_search", {{"query", "github issue"}});
  CHECK(outcome_to_json(again).dump() == outcome_to_json(again2).dump());
  CHECK(to_string(BridgeOutcomeKind::Search) == std::string("search"));
  CHECK(to_string(BridgeOutcomeKind::Describe) == std::string("describe"));
  CHECK(to_string(BridgeOutcomeKind::Refusal) == std::string("refusal"));
}

TEST_CASE("hostile calls give values, not crashes", "[bridge]") {
  Fixture f;
  Session s;
  // Deep nesting, direct and through the bridge, as a value and as text.
  auto deep = f.call(s, "github_list_repos", nested_objects(100000));
  CHECK(deep.reason == "invalid_arguments");
  CHECK(deep.result["violations"][0]["keyword"] == "depth");
  auto deep_bridge = f.call(s, "tool_call", {{"name", "github_list_repos"}, {"arguments", nested_objects(100000)}});
  CHECK(deep_bridge.reason == "invalid_call");
  std::string deep_text(200000, '[');
  auto deep_string = f.call(s, "github_list_repos", deep_text);
  CHECK(deep_string.reason == "invalid_arguments");
  CHECK(f.call(s, "tool_call", {{"name", "github_list_repos"}, {"arguments", deep_text}}).reason == "invalid_arguments");
  // Just under the limits still works.
  CHECK(f.call(s, "github_list_repos", {{"owner", "o"}, {"extra", nested_objects(60)}}).kind == BridgeOutcomeKind::Dispatch);

  // Huge strings: dispatched intact when the schema allows them; echoed clipped.
  const std::string huge(4 * 1024 * 1024, 'x');
  auto big_value = f.call(s, "tool_call", {{"name", "weather_forecast"}, {"arguments", {{"city", huge}}}});
  REQUIRE(big_value.kind == BridgeOutcomeKind::Dispatch);
  CHECK(big_value.arguments["city"].get_ref<const std::string&>().size() == huge.size());
  auto big_name = f.call(s, huge, json::object());
  CHECK(big_name.reason == "not_found");
  CHECK(big_name.result["message"].get<std::string>().size() < 400);
  auto big_bridge_name = f.call(s, "tool_describe", {{"name", huge}});
  CHECK(big_bridge_name.reason == "not_found");
  auto big_query = f.call(s, "tool_search", {{"query", "weather " + huge}});
  CHECK(big_query.kind == BridgeOutcomeKind::Search);
  CHECK(big_query.repairs == Strings{"query_clipped"});
  CHECK(big_query.result["query"].get<std::string>().size() <= 1024);
  auto big_wrong = f.call(s, "tool_call", {{"name", "weather_forecast"}, {"arguments", {{"city", 1}, {"days", huge}}}});
  CHECK(big_wrong.reason == "invalid_arguments");
  CHECK(big_wrong.result["message"].get<std::string>().size() < 2000);

  // Invalid UTF-8 from the model never makes the result unserializable.
  const std::string bad = "weather\xff\xfe";
  auto bad_name = f.call(s, bad, json::object());
  CHECK(bad_name.reason == "not_found");
  CHECK_NOTHROW(outcome_to_json(bad_name).dump());
  auto bad_query = f.call(s, "tool_search", {{"query", bad}});
  CHECK_NOTHROW(outcome_to_json(bad_query).dump());
  auto bad_describe = f.call(s, "tool_describe", {{"name", bad}});
  CHECK_NOTHROW(outcome_to_json(bad_describe).dump());
  auto bad_args = f.call(s, "tool_call", {{"name", "weather_forecast"}, {"arguments", {{"city", 5}, {bad, 1}}}});
  CHECK(bad_args.reason == "invalid_arguments");
  CHECK_NOTHROW(bad_args.result.dump());

  // Many unexpected properties: the refusal lists a bounded number.
  json many = {{"city", "Oslo"}};
  for (int i = 0; i < 500; ++i) many["p" + std::to_string(i)] = i;
  auto flood = f.call(s, "weather_forecast", many);
  CHECK(flood.reason == "invalid_arguments");
  CHECK(flood.result["violations"].size() == 20);
  CHECK(flood.result["more_violations"] == true);
  CHECK(flood.result["message"].get<std::string>().find("(more problems not listed)") != std::string::npos);
}

TEST_CASE("short_description: first sentence, abbreviations, CJK, clipping", "[bridge]") {
  CHECK(short_description("Get the weather. Returns JSON.") == "Get the weather.");
  CHECK(short_description("Send mail, e.g. a reminder. More text.") == "Send mail, e.g. a reminder.");
  CHECK(short_description("Compare A vs. B quickly. Then more.") == "Compare A vs. B quickly.");
  CHECK(short_description("Uses v1.2 of the API! Second.") == "Uses v1.2 of the API!");
  CHECK(short_description("Is it ok? yes") == "Is it ok?");
  CHECK(short_description("  Lots\n  of\tspace.  ") == "Lots of space.");
  CHECK(short_description("First paragraph without stop\n\nSecond paragraph.") == "First paragraph without stop");
  CHECK(short_description("天気を取得します。詳細は別途。") == "天気を取得します。");
  CHECK(short_description("") == "");
  CHECK(short_description("No full stop at all") == "No full stop at all");

  // Clipped to the budget, on a word boundary, with the ellipsis counted in.
  std::string words;
  for (int i = 0; i < 60; ++i) words += "word" + std::to_string(i) + " ";
  const std::string clipped = short_description(words);
  CHECK(clipped.size() <= 200);
  CHECK(clipped.substr(clipped.size() - 3) == "\xE2\x80\xA6");
  CHECK(clipped.find("word0 word1") == 0);
  CHECK(clipped[clipped.size() - 4] != ' ');
  // A run of multi-byte letters is never cut inside a code point.
  std::string cyr;
  for (int i = 0; i < 300; ++i) cyr += "\xD0\xB6";  // ж
  const std::string cut = short_description(cyr, 11);
  CHECK(cut == "\xD0\xB6\xD0\xB6\xD0\xB6\xD0\xB6\xE2\x80\xA6");  // 8 bytes of ж + 3 of …
  CHECK(short_description("abcdef", 2) == "ab");
  // Invalid UTF-8 is replaced, never passed through.
  CHECK(short_description("bad \xff byte.") == "bad \xEF\xBF\xBD byte.");
}
