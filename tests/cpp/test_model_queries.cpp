// Model-style queries over the built-in catalog (js/catalogs/official-mcp.json, 104 real MCP
// tools): abbreviations, shell commands, typos, verbs the tools do not use, and what must
// not pass for a match. Each expectation is what a person reading the catalog would pick.
#include "toolsearch/json_api.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using nlohmann::json;
using toolsearch::JsonEngine;

namespace {

JsonEngine& builtin() {
  static JsonEngine engine = [] {
    std::ifstream file(std::string(TOOLSEARCH_SOURCE_DIR) + "/js/catalogs/official-mcp.json");
    std::stringstream text;
    text << file.rdbuf();
    const json doc = json::parse(text.str());
    json tools = json::array();
    for (const json& server : doc["servers"]) {
      for (json tool : server["tools"]) {
        tool["source"] = "mcp:" + server["server"].get<std::string>();
        tools.push_back(std::move(tool));
      }
    }
    JsonEngine e(R"({"namespacing":"prefix"})");
    const json added = json::parse(e.add_tools(tools.dump()));
    REQUIRE(added["ok"] == true);
    return e;
  }();
  return engine;
}

// Names of the top `limit` hits that are not weak.
std::vector<std::string> top(const std::string& query, size_t limit = 3) {
  const json r = json::parse(builtin().search(query, json{{"limit", limit}}.dump()));
  REQUIRE(r["ok"] == true);
  std::vector<std::string> names;
  for (const json& hit : r["value"]) {
    if (!hit["weak"].get<bool>()) names.push_back(hit["name"]);
  }
  return names;
}

bool has(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

TEST_CASE("abbreviations and shell commands find the tool they stand for", "[model_queries]") {
  CHECK(top("open a PR", 1) == std::vector<std::string>{"mcp_github_create_pull_request"});
  CHECK(top("open a pull request", 1) == std::vector<std::string>{"mcp_github_create_pull_request"});
  CHECK(has(top("create PR"), "mcp_github_create_pull_request"));
  CHECK(has(top("ls"), "mcp_filesystem_list_directory"));
  CHECK(top("mkdir", 1) == std::vector<std::string>{"mcp_filesystem_create_directory"});
  CHECK(has(top("list repo issues"), "mcp_github_list_issues"));
  CHECK(has(top("query the db"), "mcp_postgres_query"));
}

TEST_CASE("typos still find the tool", "[model_queries]") {
  CHECK(has(top("serch repositry"), "mcp_github_search_repositories"));
  CHECK(has(top("creat isue"), "mcp_github_create_issue"));
  CHECK(has(top("take a screenshoot"), "mcp_puppeteer_puppeteer_screenshot"));
}

TEST_CASE("word forms and verbs the tools do not use", "[model_queries]") {
  CHECK(top("think step by step", 1) == std::vector<std::string>{"mcp_sequential-thinking_sequentialthinking"});
  CHECK(top("open a file", 1) == std::vector<std::string>{"mcp_filesystem_read_file"});
  CHECK(has(top("save this note to a file"), "mcp_filesystem_write_file"));
  CHECK(has(top("searching the web"), "mcp_brave-search_brave_web_search"));
}

TEST_CASE("a fragment is never presented as a match", "[model_queries]") {
  // "PR" is a substring of slack_get_user_profile; it must not come back as a confident hit.
  for (const std::string& name : top("PR", 5)) CHECK(name.find("pull_request") != std::string::npos);
  const json r = json::parse(builtin().search("zzqx", R"({"limit":5})"));
  for (const json& hit : r["value"]) CHECK(hit["weak"] == true);
}

TEST_CASE("explain shows what the lexicon and typo tolerance added", "[model_queries]") {
  const json e = json::parse(builtin().explain("open a PR", "mcp_github_create_pull_request"))["value"];
  bool pr = false;
  for (const json& x : e["expansions"]) pr = pr || (x["from"] == "pr" && x["to"] == "pull request");
  CHECK(pr);
  const json t = json::parse(builtin().explain("creat isue", "mcp_github_create_issue"))["value"];
  bool typo = false;
  for (const json& x : t["expansions"]) typo = typo || x["to"].get<std::string>().find("(typo)") != std::string::npos;
  CHECK(typo);
  for (const json& term : t["terms"]) {
    if (term["term"] == "issu") CHECK(term["queryWeight"] == 0.5);
  }
}

TEST_CASE("analysis options are configurable and reported", "[model_queries]") {
  JsonEngine e;
  const json cfg = json::parse(e.configure(R"({"analysis":{"stemmer":"none","lexicon":{"WX":"weather"}}})"));
  REQUIRE(cfg["ok"] == true);
  CHECK(cfg["value"]["analysis"]["stemmer"] == "none");
  CHECK(cfg["value"]["analysis"]["lexicon"] == json({{"wx", "weather"}}));
  CHECK(cfg["value"]["analysis"]["stopWords"] == true);
  REQUIRE(json::parse(e.add_tools(R"([{"name":"forecast","description":"Weather forecast for a city"}])"))["ok"] == true);
  CHECK(json::parse(e.search("wx", "{}"))["value"][0]["name"] == "forecast");
  const json bad = json::parse(e.configure(R"({"analysis":{"stemer":"light"}})"));
  CHECK(bad["ok"] == false);
  CHECK(bad["error"]["message"].get<std::string>().find("Did you mean \"stemmer\"") != std::string::npos);
  CHECK(json::parse(e.configure(R"({"analysis":{"stemmer":"snowball"}})"))["ok"] == false);
  // Porter2 is a C++ option (Bm25Params), not a configuration of the module.
  CHECK(json::parse(e.configure(R"({"analysis":{"stemmer":"porter2"}})"))["ok"] == false);
}
