#include "toolsearch/catalog.hpp"
#include "toolsearch/session.hpp"
#include "toolsearch/utf8.hpp"

#include <catch2/catch.hpp>

#include <chrono>

using namespace toolsearch;
using nlohmann::json;

namespace {
Tool make(std::string name, std::string source = "client", std::string description = "") {
  Tool t;
  t.name = std::move(name);
  t.source = std::move(source);
  t.description = std::move(description);
  return t;
}
std::vector<std::string> names(const Catalog& c) {
  std::vector<std::string> out;
  for (const Tool& t : c.tools()) out.push_back(t.name);
  return out;
}
}  // namespace

TEST_CASE("add keeps insertion order and fills defaults", "[catalog]") {
  Catalog c;
  REQUIRE(c.add({make("b"), make("a", "core"), make("c", "mcp:git")}).ok());
  CHECK(names(c) == std::vector<std::string>{"b", "a", "c"});
  CHECK(c.find("a")->tool_class == ToolClass::Core);
  CHECK(c.find("b")->tool_class == ToolClass::Deferrable);
  CHECK(c.find("c")->original_name == "c");
  CHECK(c.index_of("c") == 2);
  CHECK(c.index_of("zzz") == -1);
}

TEST_CASE("a failing batch changes nothing", "[catalog]") {
  Catalog c;
  REQUIRE(c.add({make("keep")}).ok());
  const std::string fp = c.fingerprint();
  const uint64_t rev = c.revision();
  Status s = c.add({make("new1"), make("tool_call")});
  CHECK(s.code == ErrorCode::ReservedName);
  CHECK(names(c) == std::vector<std::string>{"keep"});
  CHECK(c.fingerprint() == fp);
  CHECK(c.revision() == rev);
}

TEST_CASE("reserved bridge names cannot be registered", "[catalog]") {
  Catalog c;
  for (const char* n : {"tool_search", "tool_describe", "tool_call"}) {
    CHECK(c.add({make(n)}).code == ErrorCode::ReservedName);
  }
  CHECK(c.add({make("tool_search_2")}).ok());
}

TEST_CASE("name collisions are clear errors under namespacing none", "[catalog]") {
  CatalogOptions none;
  none.namespacing = NamespacePolicy::None;
  Catalog c(none);
  REQUIRE(c.add({make("search", "mcp:github")}).ok());
  Status s = c.add({make("search", "mcp:gitlab")});
  CHECK(s.code == ErrorCode::DuplicateName);
  CHECK(s.message.find("mcp:github") != std::string::npos);
  CHECK(s.message.find("prefix") != std::string::npos);
  CHECK(c.add({make("x"), make("x")}).code == ErrorCode::DuplicateName);

  CatalogOptions opts;
  opts.namespacing = NamespacePolicy::Prefix;
  Catalog p(opts);
  REQUIRE(p.add({make("search", "mcp:github"), make("search", "mcp:gitlab"), make("search")}).ok());
  CHECK(names(p) == std::vector<std::string>{"mcp_github_search", "mcp_gitlab_search", "search"});
  CHECK(p.find("mcp_gitlab_search")->original_name == "search");
}

TEST_CASE("auto namespacing (the default): first claim keeps the name, later MCP tools are prefixed", "[catalog]") {
  Catalog c;
  REQUIRE(c.options().namespacing == NamespacePolicy::Auto);
  // Within one batch: batch order decides.
  REQUIRE(c.add({make("create_issue", "mcp:github"), make("create_issue", "mcp:gitlab"), make("only", "mcp:gitlab")}).ok());
  CHECK(names(c) == std::vector<std::string>{"create_issue", "mcp_gitlab_create_issue", "only"});
  CHECK(c.find("mcp_gitlab_create_issue")->original_name == "create_issue");
  // Across calls: the tool already there keeps its name.
  REQUIRE(c.add({make("only", "mcp:jira")}).ok());
  CHECK(c.find("mcp_jira_only") != nullptr);
  CHECK(c.find("only")->source == "mcp:gitlab");
  // Non-MCP tools are never renamed; the same server twice is a duplicate, not a rename.
  CHECK(c.add({make("create_issue", "plugin")}).code == ErrorCode::DuplicateName);
  CHECK(c.add({make("only", "mcp:gitlab")}).code == ErrorCode::DuplicateName);
  CHECK(c.add({make("x", "mcp:a"), make("x", "mcp:a")}).code == ErrorCode::DuplicateName);
  // An MCP tool colliding with a core tool is prefixed.
  REQUIRE(c.add({make("exec", "core")}).ok());
  REQUIRE(c.add({make("exec", "mcp:shell")}).ok());
  CHECK(c.find("mcp_shell_exec") != nullptr);
  // A prefixed name that is taken too is a duplicate.
  REQUIRE(c.add({make("mcp_b_dup", "plugin"), make("dup", "mcp:a")}).ok());
  CHECK(c.add({make("dup", "mcp:b")}).code == ErrorCode::DuplicateName);
}

TEST_CASE("auto namespacing: replacing a source keeps its names; skip mode renames like add", "[catalog]") {
  Catalog c;
  REQUIRE(c.add({make("search", "mcp:github"), make("search", "mcp:gitlab")}).ok());
  // github goes away and comes back: gitlab keeps mcp_gitlab_search, github gets search back.
  REQUIRE(c.replace_source("mcp:github", {}).ok());
  REQUIRE(c.replace_source("mcp:gitlab", {make("search", "mcp:gitlab"), make("new", "mcp:gitlab")}).ok());
  CHECK(c.find("mcp_gitlab_search") != nullptr);
  CHECK(c.find("search") == nullptr);
  REQUIRE(c.replace_source("mcp:github", {make("search", "mcp:github")}).ok());
  CHECK(c.find("search")->source == "mcp:github");

  Catalog skip;
  auto rejected = skip.add_valid({make("a", "mcp:one"), make("a", "mcp:two"), make("a", "plugin")});
  CHECK(names(skip) == std::vector<std::string>{"a", "mcp_two_a"});
  REQUIRE(rejected.size() == 1);
  CHECK(rejected[0].index == 2);
  CHECK(rejected[0].status.code == ErrorCode::DuplicateName);
}

TEST_CASE("skip mode costs time linear in the batch", "[catalog]") {
  // Each tool was checked against a map rebuilt from every tool kept before it: 8,000 tools
  // took 9.4 s through wasm, 20,000 would have taken about a minute.
  std::vector<Tool> tools;
  for (size_t i = 0; i < 20'000; ++i) tools.push_back(make("t" + std::to_string(i % 19'000), "plugin"));
  Catalog c;
  const auto start = std::chrono::steady_clock::now();
  auto rejected = c.add_valid(std::move(tools));
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(c.size() == 19'000);
  REQUIRE(rejected.size() == 1'000);  // the second t0..t999
  CHECK(rejected.front().index == 19'000);
  CHECK(rejected.front().status.message == "tool 't0' appears twice in the batch");
  CHECK(seconds < 2.0);
}

TEST_CASE("tool validation", "[catalog]") {
  Catalog c;
  CHECK(c.add({make("")}).code == ErrorCode::InvalidTool);
  CHECK(c.add({make("has space")}).code == ErrorCode::InvalidTool);
  CHECK(c.add({make("x", "mcp:")}).code == ErrorCode::InvalidTool);
  CHECK(c.add({make("x", "server")}).code == ErrorCode::InvalidTool);
  CHECK(c.add({make(std::string(257, 'a'))}).code == ErrorCode::TooLarge);
  CHECK(c.add({make(std::string(256, 'a'))}).ok());
  CHECK(c.add({make("bad_utf8", "client", std::string("caf\xC3", 4))}).code == ErrorCode::InvalidTool);
  // A lone UTF-16 surrogate encoded as UTF-8 (what a JS string with one becomes).
  CHECK(c.add({make("surrogate", "client", "\xED\xA0\x80")}).code == ErrorCode::InvalidTool);
  Tool array_schema = make("arr");
  array_schema.input_schema = json::array();
  CHECK(c.add({array_schema}).code == ErrorCode::InvalidSchema);
  Tool string_type = make("st");
  string_type.input_schema = json{{"type", "string"}};
  CHECK(c.add({string_type}).code == ErrorCode::InvalidSchema);
  Tool bad_props = make("bp");
  bad_props.input_schema = json{{"type", "object"}, {"properties", json::array()}};
  CHECK(c.add({bad_props}).code == ErrorCode::InvalidSchema);
  CatalogOptions small;
  small.limits.max_description_bytes = 10;
  Catalog s(small);
  CHECK(s.add({make("d", "client", std::string(11, 'x'))}).code == ErrorCode::TooLarge);
  CHECK(s.add({make("d", "client", std::string(10, 'x'))}).ok());
}

TEST_CASE("remove is all-or-nothing", "[catalog]") {
  Catalog c;
  REQUIRE(c.add({make("a"), make("b"), make("c")}).ok());
  CHECK(c.remove({"a", "nope"}).code == ErrorCode::NotFound);
  CHECK(c.size() == 3);
  REQUIRE(c.remove({"a", "c"}).ok());
  CHECK(names(c) == std::vector<std::string>{"b"});
  CHECK(c.find("c") == nullptr);
}

TEST_CASE("replace_source swaps one server's tools in place", "[catalog]") {
  CatalogOptions none;  // collisions as errors here (auto renaming is tested on its own)
  none.namespacing = NamespacePolicy::None;
  Catalog c(none);
  REQUIRE(c.add({make("a"), make("g1", "mcp:git"), make("g2", "mcp:git"), make("z")}).ok());
  REQUIRE(c.replace_source("mcp:git", {make("g3", "mcp:git"), make("g1", "mcp:git")}).ok());
  CHECK(names(c) == std::vector<std::string>{"a", "g3", "g1", "z"});
  CHECK(c.replace_source("mcp:git", {make("a", "mcp:git")}).code == ErrorCode::DuplicateName);
  CHECK(c.replace_source("mcp:git", {make("q", "mcp:other")}).code == ErrorCode::InvalidArgument);
  CHECK(names(c) == std::vector<std::string>{"a", "g3", "g1", "z"});
  REQUIRE(c.replace_source("mcp:git", {}).ok());
  CHECK(names(c) == std::vector<std::string>{"a", "z"});
  REQUIRE(c.replace_source("mcp:new", {make("n", "mcp:new")}).ok());
  CHECK(names(c) == std::vector<std::string>{"a", "z", "n"});
}

TEST_CASE("pins per tool and per server", "[catalog]") {
  Catalog c;
  REQUIRE(c.add({make("a"), make("g", "mcp:git"), make("s", "mcp:slack")}).ok());
  CHECK_FALSE(c.is_pinned(*c.find("a")));
  REQUIRE(c.pin_tool("a", true).ok());
  CHECK(c.is_pinned(*c.find("a")));
  CHECK(c.pin_tool("nope", true).code == ErrorCode::NotFound);
  c.pin_server("git", true);
  CHECK(c.is_pinned(*c.find("g")));
  CHECK_FALSE(c.is_pinned(*c.find("s")));
  c.pin_server("git", false);
  CHECK_FALSE(c.is_pinned(*c.find("g")));
}

TEST_CASE("fingerprint is stable and content-sensitive", "[catalog]") {
  auto build = [](std::string desc) {
    Catalog c;
    Tool t = make("a", "mcp:x", std::move(desc));
    t.input_schema = json::parse(R"({"type":"object","properties":{"b":{"type":"string"},"a":{"type":"number"}}})");
    REQUIRE(c.add({t, make("b")}).ok());
    return c;
  };
  Catalog one = build("hello");
  Catalog two = build("hello");
  CHECK(one.fingerprint() == two.fingerprint());
  CHECK(one.fingerprint().size() == 16);
  CHECK(build("hello!").fingerprint() != one.fingerprint());
  REQUIRE(two.pin_tool("a", true).ok());
  CHECK(two.fingerprint() != one.fingerprint());
  Catalog empty;
  CHECK(empty.fingerprint() == Catalog().fingerprint());
}

TEST_CASE("scope grants by source, toolset and name; core always allowed", "[catalog][session]") {
  Tool core = make("read", "core");
  core.tool_class = ToolClass::Core;
  Tool git = make("g", "mcp:git");
  Tool plug = make("p", "plugin");
  plug.tags = {"files"};
  Scope all;
  CHECK(all.allows(git));
  Scope s;
  s.sources = {"mcp:git"};
  CHECK(s.allows(git));
  CHECK_FALSE(s.allows(plug));
  CHECK(s.allows(core));
  s.toolsets = {"files"};
  CHECK(s.allows(plug));
  Scope wild;
  wild.sources = {"mcp:*"};
  CHECK(wild.allows(git));
  CHECK_FALSE(wild.allows(plug));
  Scope by_name;
  by_name.tools = {"p"};
  CHECK(by_name.allows(plug));
  CHECK_FALSE(by_name.allows(git));
}

TEST_CASE("utf8 helpers", "[catalog][utf8]") {
  CHECK(first_invalid_utf8("plain") == std::string_view::npos);
  CHECK(first_invalid_utf8("\xCE\xB1\xE4\xB8\xAD\xF0\x9F\x98\x80") == std::string_view::npos);
  CHECK(first_invalid_utf8("ab\xC0\xAF") == 2);   // overlong
  CHECK(first_invalid_utf8("a\xF4\x90\x80\x80") == 1);  // > U+10FFFF
  CHECK(first_invalid_utf8("a\xE4\xB8") == 1);    // truncated
  CHECK(clip_utf8("\xCE\xB1\xCE\xB2", 3) == "\xCE\xB1");
  CHECK(clip_utf8("abc", 5) == "abc");
}
