// Regressions for the adversarial review of the package (issue 12, "Findings"): each TEST_CASE
// is named after its finding and failed before the fix. The JS-side findings are covered by
// tests/js/review-findings.test.mjs.
#include "toolsearch/json_api.hpp"
#include "toolsearch/json_codec.hpp"
#include "toolsearch/schema_validator.hpp"
#include "toolsearch/text.hpp"
#include "toolsearch/token_estimator.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

using namespace toolsearch;
using nlohmann::json;

namespace {

json envelope(const std::string& text) { return json::parse(text); }
json value_of(const std::string& text) {
  json j = envelope(text);
  INFO(text.substr(0, 400));
  REQUIRE(j["ok"] == true);
  return j["value"];
}
std::string code_of(const std::string& text) {
  json j = envelope(text);
  INFO(text.substr(0, 400));
  REQUIRE(j["ok"] == false);
  return j["error"]["code"];
}

json tool(const std::string& name, const std::string& source, const std::string& description,
          json schema = json{{"type", "object"}}) {
  return {{"name", name}, {"source", source}, {"description", description}, {"inputSchema", std::move(schema)}};
}

// "[0,0,...,0]" with n zeros.
std::string zeros(size_t n) {
  std::string out = "[";
  for (size_t i = 0; i < n; ++i) out += i ? ",0" : "0";
  out += "]";
  return out;
}

std::vector<std::string> names_of(const json& hits) {
  std::vector<std::string> out;
  for (const json& h : hits) out.push_back(h["name"]);
  return out;
}

}  // namespace

// ---- 1. memory exhaustion -------------------------------------------------------------------

TEST_CASE("finding 1: a value count over the limit is TOO_LARGE before the tree is built", "[review]") {
  JsonLimits limits;
  CHECK(limits.max_values == 1u << 20);
  auto over = parse_json(zeros(limits.max_values + 1));
  REQUIRE_FALSE(over.ok());
  CHECK(over.status().code == ErrorCode::TooLarge);
  auto at = parse_json(zeros(limits.max_values - 1));
  CHECK(at.ok());
}

TEST_CASE("finding 1: huge call arguments and a huge schema enum are TOO_LARGE; the engine stays usable",
          "[review]") {
  JsonEngine e;
  value_of(e.add_tools(json::array({tool("free", "plugin", "Takes anything")}).dump()));
  const std::string fingerprint = value_of(e.info())["fingerprint"];
  // 2 million numbers (4 MB of text): far under the 64 MiB text limit, but 32+ MB of tree.
  const std::string call = R"({"name":"free","arguments":{"a":)" + zeros(2'000'000) + "}}";
  CHECK(code_of(e.handle_call("", call)) == "TOO_LARGE");
  // A call is at most 4 MiB of text, even as one string.
  const std::string long_call = R"({"name":"free","arguments":{"a":")" + std::string(5 << 20, 'x') + "\"}}";
  CHECK(code_of(e.handle_call("", long_call)) == "TOO_LARGE");
  const std::string schema = R"({"type":"object","properties":{"a":{"enum":)" + zeros(2'000'000) + "}}}";
  const std::string add = R"([{"name":"huge","inputSchema":)" + schema + "}]";
  CHECK(code_of(e.add_tools(add)) == "TOO_LARGE");
  CHECK(value_of(e.info())["fingerprint"] == fingerprint);
  json ok = value_of(e.handle_call("", R"({"name":"free","arguments":{"a":[1,2,3]}})"));
  CHECK(ok["kind"] == "dispatch");
}

// ---- 2. monotonic revision ------------------------------------------------------------------

TEST_CASE("finding 2: configure() with new namespacing does not restart the revision", "[review]") {
  JsonEngine e;
  value_of(e.add_tools(json::array({tool("a", "plugin", "x"), tool("b", "plugin", "y")}).dump()));
  value_of(e.clear());
  const uint64_t before = value_of(e.info())["revision"];
  value_of(e.configure(R"({"namespacing":"prefix"})"));
  const uint64_t after = value_of(e.info())["revision"];
  CHECK(after > before);
}

TEST_CASE("finding 2: a session does not dispatch a deferred tool after configure() rebuilt the catalog",
          "[review]") {
  JsonEngine e;
  value_of(e.configure(R"({"gate":{"enabled":"on","lazyActivation":false}})"));
  value_of(e.add_tools(json::array({tool("ask", "core", "Ask the user")}).dump()));
  const std::string session = value_of(e.open_session("{}"))["id"];
  json first = value_of(e.assemble(json{{"session", session}}.dump()));
  CHECK(first["logical"].size() == first["visible"].size());  // nothing deferred
  value_of(e.clear());
  value_of(e.configure(R"({"namespacing":"prefix","gate":{"enabled":"on","lazyActivation":false}})"));
  value_of(e.add_tools(json::array({tool("push", "mcp:git", "Push commits")}).dump()));
  json call = value_of(e.handle_call(session, R"({"name":"mcp_git_push","arguments":{}})"));
  CHECK(call["kind"] == "refusal");
  CHECK(call["reason"] == "deferred_tool");
}

TEST_CASE("finding 2: token counts are not served from a table of an earlier catalog", "[review]") {
  JsonEngine e;
  value_of(e.add_tools(json::array({tool("a", "plugin", "x"), tool("b", "plugin", "y"), tool("c", "plugin", "z")}).dump()));
  const json small = value_of(e.list_tools());  // fills the cost table
  CHECK(small[0]["tokens"] < 40);
  value_of(e.clear());
  value_of(e.configure(R"({"namespacing":"prefix"})"));
  std::string words;
  for (int i = 0; i < 4000; ++i) words += "word" + std::to_string(i) + " ";
  value_of(e.add_tools(json::array({tool("d", "plugin", words), tool("e", "plugin", words), tool("f", "plugin", words)}).dump()));
  const json big = value_of(e.list_tools());
  Tool expected;
  expected.name = "d";
  expected.source = "plugin";
  expected.description = words;
  expected.input_schema = json{{"type", "object"}};
  CHECK(big[0]["tokens"] == estimate_tool_tokens(expected));
  CHECK(big[0]["tokens"] > 5000);
  json plan = value_of(e.assemble(R"({"contextWindow":128000})"));
  CHECK(plan["gate"]["active"] == true);
}

TEST_CASE("finding 2: a pinServer pin survives configure() and applies to tools added later", "[review]") {
  JsonEngine e;
  value_of(e.pin_server("github", true));
  value_of(e.configure(R"({"namespacing":"prefix"})"));
  value_of(e.add_tools(json::array({tool("create_issue", "mcp:github", "Create an issue")}).dump()));
  CHECK(value_of(e.list_tools())[0]["pinned"] == true);
}

// ---- 3. statistics per scope ------------------------------------------------------------------

namespace {

json scope_catalog(size_t out_of_scope) {
  json tools = json::array({
      tool("tool_a", "mcp:github", "alpha alpha alpha tool for gamma work"),
      tool("tool_b", "mcp:github", "beta tool for delta work"),
      tool("tool_c", "mcp:github", "gamma delta epsilon"),
      tool("clarify", "core", "Ask the user a clarifying question"),
  });
  for (size_t i = 0; i < out_of_scope; ++i) {
    tools.push_back(tool("noise_" + std::to_string(i), "mcp:other", "alpha noise number " + std::to_string(i)));
  }
  return tools;
}

}  // namespace

TEST_CASE("finding 3: out-of-scope tools do not change in-scope results or scores", "[review]") {
  JsonEngine alone;   // only what the session may see
  JsonEngine shared;  // the same plus 20 out-of-scope tools that contain "alpha"
  value_of(alone.add_tools(scope_catalog(0).dump()));
  value_of(shared.add_tools(scope_catalog(20).dump()));
  const std::string scoped = value_of(shared.open_session(R"({"sources":["mcp:github"]})"))["id"];
  for (const char* query : {"alpha beta", "alpha", "gamma delta", "tool for work", "alpah beta", "clarify alpha"}) {
    for (int limit : {1, 2, 5}) {
      INFO(query << " limit " << limit);
      json a = value_of(alone.search(query, json{{"limit", limit}}.dump()));
      json b = value_of(shared.search(query, json{{"limit", limit}, {"session", scoped}}.dump()));
      CHECK(a.dump() == b.dump());
    }
  }
  CHECK(names_of(value_of(shared.search("alpha beta", json{{"limit", 1}, {"session", scoped}}.dump()))) ==
        std::vector<std::string>{"tool_a"});
  // With the whole catalog's statistics (what scoped sessions used before), "alpha" is common
  // and tool_b overtakes tool_a: the flip the review found.
  std::vector<std::string> global = names_of(value_of(shared.search("alpha beta", R"({"limit":20})")));
  global.erase(std::remove_if(global.begin(), global.end(), [](const std::string& n) { return n.rfind("tool_", 0) != 0; }),
               global.end());
  CHECK(global.front() == "tool_b");
  // tool_search through the bridge, and pre-selection.
  const std::string gate = R"({"gate":{"enabled":"on"}})";
  value_of(alone.configure(gate));
  value_of(shared.configure(gate));
  const std::string a_session = value_of(alone.open_session(R"({"sources":["mcp:github"]})"))["id"];
  const char* search_call = R"({"name":"tool_search","arguments":{"query":"alpha beta","limit":1}})";
  json a_search = value_of(alone.handle_call(a_session, search_call));
  json b_search = value_of(shared.handle_call(scoped, search_call));
  CHECK(a_search["result"].dump() == b_search["result"].dump());
  const char* preselect = R"("mode":"preselect","userMessage":"alpha beta","topK":1)";
  json a_plan = value_of(alone.assemble("{\"session\":\"" + a_session + "\"," + preselect + "}"));
  json b_plan = value_of(shared.assemble("{\"session\":\"" + scoped + "\"," + preselect + "}"));
  CHECK(a_plan["logical"] == b_plan["logical"]);
}

// ---- 5. names -----------------------------------------------------------------------------------

TEST_CASE("finding 5: names with Unicode whitespace, control or format characters are refused", "[review]") {
  JsonEngine e;
  for (const char* bad : {"a\u00A0b", "a\u0085b", "a\u2028b", "a\u3000b", "a\u202Eb", "a\u200Bb", "a\uFEFFb",
                          "a\u2060b", "a\u180Eb", "a\u00ADb", "a\uFE0Fb", "a\uE000b", "a\u3164b", "a\x7F" "b", "a\tb"}) {
    INFO(bad);
    CHECK(code_of(e.add_tools(json::array({tool(bad, "plugin", "x")}).dump())) == "INVALID_TOOL");
  }
  CHECK(value_of(e.info())["size"] == 0);
}

TEST_CASE("finding 5: confusables of the bridge names are reserved", "[review]") {
  JsonEngine e;
  for (const char* bad : {"tool_call\u200B", "\uFF54ool_search", "TOOL_CALL", "Tool_Describe", "t\u043Eol_search",
                          "tooI_call", "t00l_call", "tool_c\u0430ll", "tool_search\u0301", "\uFF34\uFF2F\uFF2F\uFF2C_call"}) {
    INFO(bad);
    const std::string c = code_of(e.add_tools(json::array({tool(bad, "plugin", "x")}).dump()));
    CHECK((c == "RESERVED_NAME" || c == "INVALID_TOOL"));
  }
  for (const char* bad : {"TOOL_CALL", "\uFF54ool_search", "t\u043Eol_search", "tooI_call"}) {
    INFO(bad);
    CHECK(code_of(e.add_tools(json::array({tool(bad, "plugin", "x")}).dump())) == "RESERVED_NAME");
  }
  CHECK(value_of(e.info())["size"] == 0);
}

TEST_CASE("finding 5: the name alphabet keeps real names", "[review]") {
  JsonEngine e;
  for (const char* good : {"read_file", "acme.crm/find-contact", "PDF&URLTool", "get-user:v2", "ツール検索",
                           "créer_fichier", "поиск", "tool_calls", "tool_search_v2", "my_tool_call", "tools"}) {
    INFO(good);
    value_of(e.add_tools(json::array({tool(good, "plugin", "x")}).dump()));
  }
}

// ---- 6. the schema check fails closed -------------------------------------------------------------

TEST_CASE("finding 6: a schema check that runs out of budget refuses instead of dispatching", "[review]") {
  JsonEngine e;
  json list_schema = {{"type", "object"},
                      {"properties", {{"items", {{"type", "array"}, {"items", {{"type", "string"}}}}}}}};
  // A 30-level anyOf chain through $ref: 2^30 paths, ending in an integer.
  json defs = json::object();
  for (int i = 0; i < 30; ++i) {
    const std::string next = "#/$defs/d" + std::to_string(i + 1);
    defs["d" + std::to_string(i)] = {{"anyOf", json::array({{{"$ref", next}}, {{"$ref", next}}})}};
  }
  defs["d30"] = {{"type", "integer"}};
  json chain_schema = {{"type", "object"}, {"$defs", defs}, {"properties", {{"n", {{"$ref", "#/$defs/d0"}}}}}};
  value_of(e.add_tools(json::array({tool("take_list", "plugin", "x", list_schema),
                                    tool("take_int", "plugin", "y", chain_schema)}).dump()));
  json items = json::array();
  for (int i = 0; i < 60'000; ++i) items.push_back("s");
  items.push_back(7);
  json out = value_of(e.handle_call("", json{{"name", "take_list"}, {"arguments", {{"items", items}}}}.dump()));
  CHECK(out["kind"] == "refusal");
  CHECK(out["reason"] == "arguments_too_complex");
  json chain = value_of(e.handle_call("", R"({"name":"take_int","arguments":{"n":"not a number"}})"));
  CHECK(chain["kind"] == "refusal");
  CHECK(chain["reason"] == "arguments_too_complex");
}

TEST_CASE("finding 6: recursive schemas and $ref cycles still get a verdict", "[review]") {
  json tree = {{"type", "object"},
               {"properties", {{"value", {{"type", "integer"}}}, {"children", {{"type", "array"}, {"items", {{"$ref", "#"}}}}}}}};
  json nested = {{"value", 1}, {"children", {{{"value", 2}, {"children", json::array()}}}}};
  ValidationReport ok = validate_against_schema(nested, tree);
  CHECK(ok.ok());
  CHECK(ok.complete);
  nested["children"][0]["value"] = "two";
  CHECK_FALSE(validate_against_schema(nested, tree).ok());
  // A $ref cycle that never descends into the value adds nothing once every member was checked.
  json cycle = {{"$defs", {{"a", {{"$ref", "#/$defs/b"}, {"type", "object"}}}, {"b", {{"$ref", "#/$defs/a"}, {"required", {"x"}}}}}},
                {"$ref", "#/$defs/a"}};
  ValidationReport good = validate_against_schema(json{{"x", 1}}, cycle);
  CHECK(good.ok());
  CHECK(good.complete);
  ValidationReport bad = validate_against_schema(json::object(), cycle);
  CHECK_FALSE(bad.ok());
  CHECK(bad.complete);
}

// ---- 7. bounded suggestion work -------------------------------------------------------------------

TEST_CASE("finding 7: describe() misses and suggest() on long names over 5,000 long names stay cheap", "[review]") {
  JsonEngine e;
  json tools = json::array();
  for (int i = 0; i < 5000; ++i) {
    std::string name = "tool_" + std::to_string(i) + "_";
    while (name.size() < 254) name += static_cast<char>('a' + (name.size() * 7 + i) % 26);
    tools.push_back(tool(name, "plugin", "x"));
  }
  value_of(e.add_tools(tools.dump()));
  std::string miss = tools[42]["name"];
  miss[200] = miss[200] == 'q' ? 'r' : 'q';
  miss += "zz";
  value_of(e.suggest("warm up", ""));  // builds the index (once per catalog change): not under test
  const auto start = std::chrono::steady_clock::now();
  json described = envelope(e.describe(miss, ""));
  json suggested = value_of(e.suggest(miss, ""));
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(described["error"]["code"] == "NOT_FOUND");
  // The envelope carries the suggestions, so a host does not compute them a second time.
  CHECK(described["error"]["suggestions"] == json::array({tools[42]["name"]}));
  CHECK(suggested == json::array({tools[42]["name"]}));
  // Was 16+ s per call in wasm (a full edit-distance table per name); banded, it is milliseconds.
  CHECK(seconds < 2.0);
}

TEST_CASE("finding 7: a bounded edit distance costs time linear in the length", "[review]") {
  // Two 50,000-character strings one edit apart: the full table has 2.5e9 cells (seconds);
  // the band of width 2 * max + 1 has 350,000.
  std::u32string a(50'000, U'a');
  std::u32string b = a;
  b[25'000] = U'b';
  std::vector<size_t> rows;
  const auto start = std::chrono::steady_clock::now();
  CHECK(osa_distance(a, b, 3, rows) == 1);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(seconds < 0.5);
  CHECK(rows.size() < 1000);  // and memory independent of the length
}

TEST_CASE("finding 7: the banded edit distance agrees with the full table", "[review]") {
  const std::vector<std::u32string> words = {U"", U"a", U"ab", U"ba", U"abc", U"acb", U"kitten", U"sitting",
                                             U"tool_search", U"tool_serach", U"tol_search", U"tool_searches",
                                             U"xyzzy", U"create_issue", U"craete_isue"};
  std::vector<size_t> rows;
  for (const auto& a : words) {
    for (const auto& b : words) {
      const size_t full = osa_distance(a, b, 1000, rows);
      for (size_t max = 0; max <= 4; ++max) {
        INFO(std::string(a.begin(), a.end()) << " / " << std::string(b.begin(), b.end()) << " max " << max);
        CHECK(osa_distance(a, b, max, rows) == std::min(full, max + 1));
      }
    }
  }
}

TEST_CASE("finding 7: the banded edit distance agrees with a plain full table on random words", "[review]") {
  // The reference keeps the whole (n+1) x (m+1) table, as the textbook does; the banded
  // version writes only each row's cells within the band.
  auto full_table = [](const std::u32string& a, const std::u32string& b) {
    std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
    for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
    for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
      for (size_t j = 1; j <= b.size(); ++j) {
        d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
        if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
    return d[a.size()][b.size()];
  };
  uint32_t seed = 12345;
  auto next = [&seed] { return seed = seed * 1103515245u + 12345u, (seed >> 16) & 0x7fff; };
  auto word = [&] {
    std::u32string w(next() % 12, U'a');
    for (char32_t& c : w) c = U'a' + next() % 3;  // three letters: many near matches
    return w;
  };
  std::vector<size_t> rows;
  for (int k = 0; k < 3000; ++k) {
    const std::u32string a = word(), b = word();
    const size_t expected = full_table(a, b);
    for (size_t max : {size_t{0}, size_t{1}, size_t{2}, size_t{5}, size_t{50}}) {
      INFO(std::string(a.begin(), a.end()) << " / " << std::string(b.begin(), b.end()) << " max " << max);
      REQUIRE(osa_distance(a, b, max, rows) == std::min(expected, max + 1));
    }
  }
}

TEST_CASE("finding 7: an unknown option key of a hundred thousand characters is refused in milliseconds", "[review]") {
  // "Did you mean" measured the key against every known key with an unbounded distance whose
  // band was the key's length wide: 100,000 rows of 200,001 cells for each of 14 gate keys.
  const std::string key(100'000, 'x');
  JsonEngine e;
  const auto start = std::chrono::steady_clock::now();
  const std::string gate = e.configure(json{{"gate", {{key, 1}}}}.dump());
  const std::string search = e.search("file", json{{key + "limit", 1}}.dump());
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(code_of(gate) == "INVALID_CONFIG");
  CHECK(code_of(search) == "INVALID_ARGUMENT");
  CHECK(seconds < 2.0);
  // Nothing is within a third of its length: no suggestion, the keys instead.
  CHECK(closest_match(key, {"enabled", "xxxxxxxx", "maxTokens"}).empty());
  CHECK(envelope(gate)["error"]["message"].get<std::string>().find("Expected one of: enabled, thresholdPct, ") !=
        std::string::npos);
  CHECK(closest_match("tresholdPct", {"enabled", "thresholdPct", "thresholdTools"}) == "thresholdPct");
  CHECK(closest_match("threshholdPercent", {"enabled", "thresholdPct"}) == "thresholdPct");  // 5 edits of 17
  CHECK(closest_match("zzzz", {"enabled", "thresholdPct"}).empty());
  CHECK(closest_match("MAXTOKENS", {"enabled", "maxTokens"}) == "maxTokens");  // case does not count
  CHECK(closest_match("x", {"enabled", "maxTokens"}).empty());                 // nor does one letter inside a key
  CHECK(closest_match("ab", {"enabled", "ad"}).empty());                       // 1 edit of 2 letters is half
}

// ---- 9. smaller items -----------------------------------------------------------------------------

TEST_CASE("finding 9: explain() answers for a session as if out-of-scope tools did not exist", "[review]") {
  JsonEngine alone;
  JsonEngine shared;
  value_of(alone.add_tools(scope_catalog(0).dump()));
  value_of(shared.add_tools(scope_catalog(20).dump()));
  const std::string scoped = value_of(shared.open_session(R"({"sources":["mcp:github"]})"))["id"];
  const std::string in_scope = json{{"session", scoped}}.dump();
  json a = value_of(alone.explain("alpha beta", "tool_a", "{}"));
  json b = value_of(shared.explain("alpha beta", "tool_a", in_scope));
  CHECK(a.dump() == b.dump());
  json hits = value_of(shared.search("alpha beta", json{{"session", scoped}}.dump()));
  CHECK(hits[0]["score"] == b["score"]);
  // Out of scope reads exactly as a name that does not exist.
  json hidden = envelope(shared.explain("alpha", "noise_3", in_scope));
  json missing = envelope(shared.explain("alpha", "noise_x", in_scope));
  CHECK(hidden["error"]["code"] == "NOT_FOUND");
  std::string hidden_message = hidden["error"]["message"];
  std::string missing_message = missing["error"]["message"];
  CHECK(hidden_message.replace(hidden_message.find("noise_3"), 7, "noise_x") == missing_message);
  CHECK(code_of(shared.explain("alpha", "tool_a", R"({"session":"s999"})")) == "NOT_FOUND");
}

TEST_CASE("finding 9: an empty session id in a request is not the unrestricted session", "[review]") {
  JsonEngine e;
  value_of(e.add_tools(scope_catalog(2).dump()));
  CHECK(code_of(e.search("alpha", R"({"session":""})")) == "INVALID_ARGUMENT");
  CHECK(code_of(e.assemble(R"({"session":""})")) == "INVALID_ARGUMENT");
  value_of(e.search("alpha", "{}"));
}
