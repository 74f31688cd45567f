#include "toolsearch/json_api.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace toolsearch;
using nlohmann::json;

namespace {
json parse(const std::string& envelope) { return json::parse(envelope); }
json value(const std::string& envelope) {
  json j = parse(envelope);
  INFO(envelope);
  REQUIRE(j["ok"] == true);
  return j["value"];
}
std::string code(const std::string& envelope) {
  json j = parse(envelope);
  INFO(envelope);
  REQUIRE(j["ok"] == false);
  return j["error"]["code"];
}
const char* kTools = R"([
  {"name":"read_file","description":"Read the complete contents of a file from disk","source":"mcp:filesystem",
   "inputSchema":{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}},
  {"name":"create_issue","description":"Create a new issue in a GitHub repository","source":"mcp:github",
   "inputSchema":{"type":"object","properties":{"owner":{"type":"string"},"repo":{"type":"string"},"title":{"type":"string"}},"required":["owner","repo","title"]}},
  {"name":"send_message","description":"Post a message to a Slack channel","source":"mcp:slack","tags":["chat"]},
  {"name":"clarify","description":"Ask the user a clarifying question","source":"core"}
])";
}  // namespace

TEST_CASE("json api: add, list, info and fingerprint", "[json_api]") {
  JsonEngine e;
  json added = value(e.add_tools(kTools));
  CHECK(added["added"] == json({"read_file", "create_issue", "send_message", "clarify"}));
  json info = value(e.info());
  CHECK(info["size"] == 4);
  CHECK(info["fingerprint"] == added["fingerprint"]);
  json tools = value(e.list_tools());
  CHECK(tools[3]["class"] == "core");
  CHECK(tools[0]["inputSchema"]["required"] == json({"path"}));
}

TEST_CASE("json api: bad input is a coded error and the catalog is unchanged", "[json_api]") {
  JsonEngine e;
  value(e.add_tools(kTools));
  const std::string fp = value(e.info())["fingerprint"];
  CHECK(code(e.add_tools("not json")) == "INVALID_JSON");
  CHECK(code(e.add_tools("{}")) == "INVALID_ARGUMENT");
  CHECK(code(e.add_tools(R"([{"description":"no name"}])")) == "INVALID_TOOL");
  CHECK(code(e.add_tools(R"([{"name":42}])")) == "INVALID_ARGUMENT");
  CHECK(code(e.add_tools(R"([{"name":"x","inputSchema":"nope"}])")) == "INVALID_SCHEMA");
  CHECK(code(e.add_tools(R"([{"name":"read_file","source":"plugin"}])")) == "DUPLICATE_NAME");
  CHECK(code(e.add_tools(R"([{"name":"tool_call"}])")) == "RESERVED_NAME");
  CHECK(code(e.add_tools(R"([{"name":"x","class":"special"}])")) == "INVALID_TOOL");
  CHECK(code(e.add_tools(std::string(200, '[') + std::string(200, ']'))) == "TOO_LARGE");
  CHECK(code(e.remove_tools(R"(["read_file","ghost"])")) == "NOT_FOUND");
  CHECK(code(e.remove_tools(R"([1])")) == "INVALID_ARGUMENT");
  CHECK(code(e.replace_source("github", "[]")) == "INVALID_ARGUMENT");
  CHECK(value(e.info())["fingerprint"] == fp);
  CHECK(value(e.info())["size"] == 4);
}

TEST_CASE("json api: search, explain, describe, suggest", "[json_api]") {
  JsonEngine e;
  value(e.add_tools(kTools));
  json hits = value(e.search("read a file", "{}"));
  REQUIRE(!hits.empty());
  CHECK(hits[0]["name"] == "read_file");
  CHECK(hits[0]["source"] == "mcp:filesystem");
  CHECK(hits[0]["required"] == json({"path"}));
  CHECK(value(e.search("create_issue", R"({"limit":1})"))[0]["match"] == "exact");
  CHECK(code(e.search("x", R"({"limit":0})")) == "INVALID_ARGUMENT");
  CHECK(code(e.search("x", R"({"limt":3})")) == "INVALID_ARGUMENT");
  CHECK(code(e.search("x", R"({"session":"nope"})")) == "NOT_FOUND");
  CHECK(code(e.search("   ", "{}")) == "INVALID_ARGUMENT");
  CHECK(code(e.search(std::string(20000, 'a'), "{}")) == "TOO_LARGE");
  CHECK(code(e.explain("", "read_file")) == "INVALID_ARGUMENT");

  json ex = value(e.explain("read file", "read_file"));
  CHECK(ex["name"] == "read_file");
  double sum = 0;
  for (const json& t : ex["terms"]) sum += t["score"].get<double>();
  CHECK(sum == Approx(ex["score"].get<double>()));
  CHECK(code(e.explain("x", "ghost")) == "NOT_FOUND");

  CHECK(value(e.describe("read_file", ""))["inputSchema"]["type"] == "object");
  json missing = parse(e.describe("read_fil", ""));
  CHECK(missing["error"]["code"] == "NOT_FOUND");
  CHECK(missing["error"]["message"].get<std::string>().find("read_file") != std::string::npos);
  CHECK(value(e.suggest("creat_issue", ""))[0] == "create_issue");
}

TEST_CASE("json api: the packed search reads its inputs from the input buffer and answers as search()", "[json_api]") {
  JsonEngine e;
  value(e.add_tools(kTools));
  const std::string id = value(e.open_session(R"({"sources":["mcp:slack"]})"))["id"];
  // Writes query + session (+ vector bytes) where search_packed reads them; returns its count.
  auto packed = [&](const std::string& query, const std::string& session, uint32_t limit = 10,
                    const std::string& vector = "") {
    char* in = e.input_buffer(query.size() + session.size() + vector.size());
    REQUIRE(in != nullptr);
    std::copy(query.begin(), query.end(), in);
    std::copy(session.begin(), session.end(), in + query.size());
    std::copy(vector.begin(), vector.end(), in + query.size() + session.size());
    return e.search_packed(static_cast<uint32_t>(query.size()), limit, 0, static_cast<uint32_t>(session.size()),
                           static_cast<uint32_t>(vector.size()));
  };
  for (const std::string session : {std::string(), id}) {
    // A long query first, so the short ones after it reuse a buffer holding stale bytes.
    for (const std::string query : {std::string("read file issue message ") + std::string(3000, 'z'),
                                    std::string("read a file"), std::string("issue"), std::string("Datei lesen")}) {
      INFO(query.substr(0, 40) << " / session " << session);
      json expected = value(e.search(query, session.empty() ? "{}" : json{{"session", session}}.dump()));
      const int count = packed(query, session);
      REQUIRE(count == static_cast<int>(expected.size()));
      for (int i = 0; i < count; i++) {
        const PackedHit& h = e.results().hits[i];
        CHECK(e.engine().catalog().tools()[h.tool].name == expected[i]["name"]);
        CHECK(h.score == expected[i]["score"].get<double>());
      }
    }
  }
  // Errors as search() gives them, in last_error().
  CHECK(packed("   ", "") == -1);
  CHECK(code(e.last_error()) == "INVALID_ARGUMENT");
  CHECK(packed(std::string(20000, 'a'), "") == -1);
  CHECK(code(e.last_error()) == "TOO_LARGE");
  CHECK(packed("read", "nope") == -1);
  CHECK(code(e.last_error()) == "NOT_FOUND");
  CHECK(packed("read", "", 10, std::string(3, '\0')) == -1);  // not whole float32 values
  CHECK(code(e.last_error()) == "INVALID_ARGUMENT");
  // Lengths past the buffer are refused, never read; an input over the limit gets no buffer.
  REQUIRE(e.input_buffer(8) != nullptr);
  CHECK(e.search_packed(1u << 30, 10, 0, 0, 0) == -1);
  CHECK(code(e.last_error()) == "INVALID_ARGUMENT");
  CHECK(e.input_buffer(JsonEngine::kMaxInputBytes + 1) == nullptr);
  // A buffer over kKeptInputBytes is freed after its search; the next search asks for another.
  CHECK(packed("read", std::string(JsonEngine::kKeptInputBytes, 's')) == -1);
  CHECK(code(e.last_error()) == "NOT_FOUND");
  CHECK(e.search_packed(4, 10, 0, 0, 0) == -1);  // no buffer now: nothing to read
  CHECK(code(e.last_error()) == "INVALID_ARGUMENT");
  CHECK(packed("read a file", "") > 0);
}

TEST_CASE("json api: sessions scope search and describe", "[json_api]") {
  JsonEngine e;
  value(e.add_tools(kTools));
  const std::string id = value(e.open_session(R"({"sources":["mcp:slack"]})"))["id"];
  const std::string opts = json{{"session", id}, {"limit", 10}}.dump();
  json hits = value(e.search("read file issue message", opts));
  for (const json& h : hits) CHECK((h["source"] == "mcp:slack" || h["source"] == "core"));
  // Out of scope reads exactly like unknown, including the suggestions.
  CHECK(code(e.describe("read_file", id)) == "NOT_FOUND");
  CHECK(value(e.suggest("read_fil", id)).empty());
  CHECK(code(e.open_session(R"({"servers":["x"]})")) == "INVALID_ARGUMENT");
  CHECK(value(e.info())["sessions"] == 1);
  value(e.close_session(id));
  CHECK(code(e.close_session(id)) == "NOT_FOUND");
  CHECK(code(e.close_session("")) == "INVALID_ARGUMENT");
}

TEST_CASE("json api: configure validates and namespacing prefixes MCP tools", "[json_api]") {
  CHECK(value(JsonEngine().configure("{}"))["namespacing"] == "auto");
  JsonEngine e;
  CHECK(code(e.configure(R"({"gate":{"threshold_pct":101}})")) == "INVALID_CONFIG");
  CHECK(code(e.configure(R"({"bm25":{"k1":-1}})")) == "INVALID_CONFIG");
  CHECK(code(e.configure(R"({"bm25":{"weights":{"nam":2}}})")) == "INVALID_CONFIG");
  CHECK(code(e.configure(R"({"colour":"blue"})")) == "INVALID_CONFIG");
  json cfg = value(e.configure(R"({"namespacing":"prefix","gate":{"max_search_limit":7}})"));
  CHECK(cfg["namespacing"] == "prefix");
  value(e.add_tools(kTools));
  CHECK(value(e.search("read_file", "{}"))[0]["name"] == "mcp_filesystem_read_file");
  CHECK(value(e.search("file", R"({"limit":50})")).size() <= 7);
  CHECK(code(e.configure(R"({"namespacing":"none"})")) == "INVALID_CONFIG");
  JsonEngine from_ctor(R"({"namespacing":"prefix"})");
  value(from_ctor.add_tools(kTools));
  CHECK(value(from_ctor.list_tools())[1]["name"] == "mcp_github_create_issue");
}

TEST_CASE("json api: replace_source and pins", "[json_api]") {
  JsonEngine e;
  value(e.add_tools(kTools));
  json r = value(e.replace_source("mcp:github", R"([{"name":"list_prs","description":"List pull requests"}])"));
  CHECK(r["names"] == json({"list_prs"}));
  CHECK(value(e.list_tools())[1]["source"] == "mcp:github");
  CHECK(code(e.pin_tool("ghost", true)) == "NOT_FOUND");
  value(e.pin_server("slack", true));
  CHECK(value(e.list_tools())[2]["pinned"] == true);
  CHECK(code(e.pin_server("", true)) == "INVALID_ARGUMENT");
}

TEST_CASE("json api: estimate_tokens beats nothing and validates", "[json_api]") {
  JsonEngine e;
  json est = value(e.estimate_tokens(R"({"name":"read_file","description":"Read a file","inputSchema":{"type":"object"}})"));
  CHECK(est["tokens"].get<int>() > 5);
  CHECK(est["charsDiv4"].get<int>() > 5);
  CHECK(code(e.estimate_tokens(R"({"name":""})")) == "INVALID_TOOL");
}

TEST_CASE("json api: assemble and handle_call speak camelCase and keep schemas as they are", "[json_api]") {
  JsonEngine e;
  value(e.configure(R"({"gate":{"enabled":"on"}})"));
  value(e.add_tools(kTools));
  json a = value(e.assemble(R"({"contextWindow":200000})"));
  CHECK(a["strategy"] == "bridge");
  CHECK(a["tokens"].contains("withoutDeferral"));
  // The JS layer's form: no deferred list (it is logical minus visible), and the catalog
  // revision, so that a caller already holding the logical names can leave them out.
  CHECK_FALSE(a.contains("deferred"));
  CHECK(a["logical"] == json({"read_file", "create_issue", "send_message", "clarify"}));
  const double revision = a["revision"].get<double>();
  CHECK(revision == value(e.info())["revision"].get<double>());
  CHECK_FALSE(value(e.assemble(R"({"contextWindow":200000})", "", revision)).contains("logical"));
  CHECK(value(e.assemble(R"({"contextWindow":200000})", "", revision - 1))["logical"] == a["logical"]);
  bool saw_bridge = false;
  for (const json& v : a["visible"]) {
    CHECK(v.contains("inputSchema"));
    if (v["name"] == "tool_call") saw_bridge = true;
  }
  CHECK(saw_bridge);
  CHECK(code(e.assemble(R"({"mode":"magic"})")) == "INVALID_ARGUMENT");
  CHECK(code(e.assemble(R"({"contextWindow":-5})")) == "INVALID_ARGUMENT");
  CHECK(code(e.assemble(R"({"session":"ghost"})")) == "NOT_FOUND");

  json d = value(e.handle_call("", R"({"name":"tool_call","arguments":"{\"name\":\"read_file\",\"arguments\":{\"path\":\"/tmp/x\"}}"})"));
  CHECK(d["kind"] == "dispatch");
  CHECK(d["name"] == "read_file");
  CHECK(d["arguments"] == json({{"path", "/tmp/x"}}));
  CHECK(d["viaBridge"] == true);
  json r = value(e.handle_call("", R"({"name":"tool_call","arguments":{"name":"clarify","arguments":{}}})"));
  CHECK(r["kind"] == "refusal");
  CHECK(r["reason"] == "core_via_bridge");
  CHECK(code(e.handle_call("", R"({"arguments":{}})")) == "INVALID_ARGUMENT");
  CHECK(code(e.handle_call("", R"([1,2])")) == "INVALID_ARGUMENT");
}

TEST_CASE("json api: a session's calls follow its last assembly and a changed catalog re-plans", "[json_api]") {
  JsonEngine e;
  value(e.configure(R"({"gate":{"enabled":"on","lazy_activation":false}})"));
  value(e.add_tools(kTools));
  value(e.assemble("{}"));
  // Deferred and lazy activation off: a direct call is refused.
  CHECK(value(e.handle_call("", R"({"name":"send_message","arguments":{}})"))["reason"] == "deferred_tool");
  // Gate off: passthrough, so the same direct call dispatches.
  value(e.configure(R"({"gate":{"enabled":"off"}})"));
  value(e.assemble("{}"));
  CHECK(value(e.handle_call("", R"({"name":"send_message","arguments":{}})"))["kind"] == "dispatch");
}

TEST_CASE("json api: new sessions share a scope's first plan, and an activation stays in its session", "[json_api]") {
  JsonEngine e;
  value(e.configure(R"({"gate":{"enabled":"on","activation":"promote"}})"));
  value(e.add_tools(kTools));
  const char* kTurn = R"({"contextWindow":200000,"session":"@"})";
  auto turn = [&](const std::string& session) {
    std::string request = kTurn;
    request.replace(request.find('@'), 1, session);
    json a = value(e.assemble(request));
    a.erase("revision");
    return a;
  };
  auto visible = [](const json& a) {
    std::vector<std::string> names;
    for (const json& v : a["visible"]) names.push_back(v["name"]);
    return names;
  };
  const std::string scope = R"({"sources":["mcp:github","mcp:slack"]})";
  const std::string first = value(e.open_session(scope))["id"];
  const json fresh = turn(first);
  // The first session activates a tool; with promote, its own next turn shows it.
  CHECK(value(e.handle_call(first, R"({"name":"tool_describe","arguments":{"name":"send_message"}})"))["kind"] == "describe");
  const std::vector<std::string> promoted = visible(turn(first));
  CHECK(promoted != visible(fresh));
  CHECK(std::count(promoted.begin(), promoted.end(), "send_message") == 1);
  // A new session in the same scope starts from the fresh plan, not from the first's.
  const std::string second = value(e.open_session(scope))["id"];
  CHECK(turn(second) == fresh);
  // Another scope plans for itself, and a changed catalog plans again.
  const std::string other = value(e.open_session(R"({"sources":["mcp:filesystem"]})"))["id"];
  CHECK(turn(other)["logical"] == json({"read_file", "clarify"}));
  CHECK(fresh["logical"] == json({"create_issue", "send_message", "clarify"}));
  value(e.add_tools(R"([{"name":"list_issues","description":"List issues of a repository","source":"mcp:github"}])"));
  const std::string third = value(e.open_session(scope))["id"];
  CHECK(turn(third)["logical"].size() == fresh["logical"].size() + 1);
}

TEST_CASE("json api: onInvalid skip keeps the valid tools and names each rejection", "[json_api]") {
  JsonEngine e;
  value(e.add_tools(kTools));
  const json result = value(e.add_tools(R"([
    {"name":"fine_one","description":"ok"},
    {"description":"no name"},
    {"name":"read_file","source":"plugin"},
    {"name":"tool_call"},
    {"name":"fine_two","description":"ok"},
    {"name":"fine_one","description":"twice in the batch"},
    {"name":"bad_schema","inputSchema":"nope"},
    {"name":"late_fail","description":"refused after its schema was read","inputSchema":{"type":"object"},"pinned":"yes"}
  ])", R"({"onInvalid":"skip"})"));
  CHECK(result["added"] == json({"fine_one", "fine_two"}));
  std::vector<std::pair<size_t, std::string>> rejected;
  for (const json& r : result["rejected"]) rejected.emplace_back(r["index"], r["code"]);
  CHECK(rejected == std::vector<std::pair<size_t, std::string>>{{1, "INVALID_TOOL"},
                                                                {2, "DUPLICATE_NAME"},
                                                                {3, "RESERVED_NAME"},
                                                                {5, "DUPLICATE_NAME"},
                                                                {6, "INVALID_SCHEMA"},
                                                                {7, "INVALID_ARGUMENT"}});
  CHECK(result["rejected"][1]["name"] == "read_file");
  // The reader takes a tool's fields out of the request only once the entry passed its checks.
  CHECK(result["rejected"][5]["name"] == "late_fail");
  CHECK(value(e.describe("fine_two", ""))["description"] == "ok");
  CHECK(value(e.info())["size"] == 6);
  // The default stays all-or-nothing, and a bad option is an error, not a silent default.
  CHECK(code(e.add_tools(R"([{"name":"fine_three"},{"name":"tool_call"}])")) == "RESERVED_NAME");
  CHECK(value(e.info())["size"] == 6);
  CHECK(code(e.add_tools("[]", R"({"onInvalid":"ignore"})")) == "INVALID_ARGUMENT");
  CHECK(code(e.add_tools("[]", R"({"oninvalid":"skip"})")) == "INVALID_ARGUMENT");
}

TEST_CASE("json api: listings carry server, source kind and tokens, and can be narrowed by name", "[json_api]") {
  JsonEngine e;
  value(e.add_tools(kTools));
  const json all = value(e.list_tools());
  REQUIRE(all.size() == 4);
  CHECK(all[0]["server"] == "filesystem");
  CHECK(all[0]["sourceKind"] == "mcp");
  CHECK(all[3]["server"].is_null());
  CHECK(all[3]["sourceKind"] == "core");
  CHECK(all[0]["tokens"] == value(e.estimate_tokens(all[0].dump()))["tokens"]);
  const json some = value(e.list_tools(R"(["send_message","ghost","read_file"])"));
  REQUIRE(some.size() == 2);
  CHECK(some[0]["name"] == "send_message");
  CHECK(some[1]["name"] == "read_file");
  CHECK(code(e.list_tools("[1]")) == "INVALID_ARGUMENT");
  CHECK(value(e.describe("create_issue", ""))["tokens"].get<size_t>() > 0);
}
