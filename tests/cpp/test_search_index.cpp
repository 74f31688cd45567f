#include "toolsearch/search_index.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

using namespace toolsearch;
using nlohmann::json;

namespace {

Tool make_tool(std::string name, std::string description, json schema = json::object(),
               std::string source = "client") {
  Tool t;
  t.name = std::move(name);
  t.description = std::move(description);
  t.input_schema = std::move(schema);
  t.source = std::move(source);
  return t;
}

Catalog make_catalog(std::vector<Tool> tools) {
  Catalog catalog;
  const Status status = catalog.add(std::move(tools));
  INFO(status.message);
  REQUIRE(status.ok());
  return catalog;
}

std::vector<std::string> names_of(const Catalog& catalog, const std::vector<SearchHit>& hits) {
  std::vector<std::string> out;
  for (const SearchHit& h : hits) out.push_back(catalog.tools()[h.tool].name);
  return out;
}

// Names and descriptions only, so every length below can be counted by hand:
//   name tokens:        alpha, tool, alpha_tool (3) | beta (1) | gamma (1) | delta (1); avg 1.5
//   description tokens: reads, weather, data (3) | weather, weather, forecast (3) | stock,
//                       prices (2) | none (0); avg 2
Catalog maths_catalog() {
  return make_catalog({make_tool("alpha_tool", "reads weather data"), make_tool("beta", "weather weather forecast"),
                       make_tool("gamma", "stock prices"), make_tool("delta", "")});
}

Bm25Params name4_desc1() {
  Bm25Params p;
  p.weights = {4.0, 1.0, 1.0, 1.0, 1.0};
  return p;
}

}  // namespace

TEST_CASE("BM25F scores match hand-computed values", "[search]") {
  const Catalog catalog = maths_catalog();
  const auto index = SearchIndex::build(catalog, name4_desc1());
  REQUIRE(index->size() == 4);

  // "weather": df 2 of N 4, idf = ln(1 + (4 - 2 + 0.5) / (2 + 0.5)) = ln 2 = 0.693147.
  // Both holders have description length 3: norm = 1 - 0.75 + 0.75 * 3 / 2 = 1.375.
  //   beta:       t = 2 / 1.375 = 1.454545, idf * t * 2.2 / (t + 1.2) = 0.835575
  //   alpha_tool: t = 1 / 1.375 = 0.727273, idf * t * 2.2 / (t + 1.2) = 0.575443
  const auto hits = index->search("weather", 5);
  REQUIRE(hits.size() == 2);
  CHECK(names_of(catalog, hits) == std::vector<std::string>{"beta", "alpha_tool"});
  CHECK(hits[0].score == Approx(0.8355746834).epsilon(1e-9));
  CHECK(hits[1].score == Approx(0.5754429424).epsilon(1e-9));
  CHECK(hits[0].kind == MatchKind::Bm25);

  // "forecast beta": beta also matches its name. "beta": df 1, idf = ln(1 + 3.5 / 1.5) =
  // 1.203973; name norm = 0.25 + 0.75 * 1 / 1.5 = 0.75; t = 4 / 0.75 = 5.333333;
  // score = 1.203973 * 5.333333 * 2.2 / 6.533333 = 2.162237. "forecast" (same idf, tf 1 in the
  // description, norm 1.375): t = 0.727273, score = 1.203973 * 1.6 / 1.927273 = 0.999525.
  const auto both = index->search("forecast beta", 5);
  REQUIRE(both.size() == 1);
  CHECK(both[0].score == Approx(2.162236873 + 0.9995245923).epsilon(1e-9));
}

TEST_CASE("BM25F and per-field sums combine fields as documented", "[search]") {
  // "weather" is in the name of 0, the description of 1, and both in 2: df 3 of 3,
  // idf = ln(1 + 0.5 / 3.5) = 0.133531. Name lengths 3, 1, 3 (avg 7/3): norm of a 3-token
  // name = 0.25 + 0.75 * 3 / (7/3) = 1.214286. Descriptions have 2 tokens each: norm 1.
  const Catalog catalog = make_catalog({make_tool("weather_now", "current conditions"),
                                        make_tool("forecast", "weather outlook"),
                                        make_tool("weather_report", "weather summary")});
  Bm25Params params = name4_desc1();

  SECTION("BM25F saturates the weighted sum once") {
    // 0: t = 4 / 1.214286 = 3.294118 -> idf * t * 2.2 / (t + 1.2) = 0.215328
    // 1: t = 1 -> idf * 2.2 / 2.2 = 0.133531
    // 2: t = 4.294118 -> 0.229605
    const auto index = SearchIndex::build(catalog, params);
    const auto hits = index->search("weather", 5);
    REQUIRE(hits.size() == 3);
    CHECK(names_of(catalog, hits) == std::vector<std::string>{"weather_report", "weather_now", "forecast"});
    CHECK(hits[0].score == Approx(0.2296053710).epsilon(1e-9));
    CHECK(hits[1].score == Approx(0.2153281096).epsilon(1e-9));
    CHECK(hits[2].score == Approx(0.1335313926).epsilon(1e-9));
  }
  SECTION("field weights decide between a name match and a description match") {
    params.weights.name = 0.1;  // 0: t = 0.1 / 1.214286 = 0.082353 -> 0.018866 < 0.133531
    const auto index = SearchIndex::build(catalog, params);
    const auto hits = index->search("weather", 5);
    REQUIRE(hits.size() == 3);
    CHECK(names_of(catalog, hits)[1] == "forecast");
    CHECK(hits[2].score == Approx(0.018865903178).epsilon(1e-9));
    params.weights.name = 0.0;  // a zero weight removes the field entirely
    const auto no_name = SearchIndex::build(catalog, params)->search("weather", 5);
    CHECK(names_of(catalog, no_name) == std::vector<std::string>{"forecast", "weather_report"});
  }
}

TEST_CASE("k1 and b change scores as the formula says", "[search]") {
  const Catalog catalog = maths_catalog();
  Bm25Params params = name4_desc1();

  SECTION("b = 0 disables length normalisation") {
    // t = tf: alpha_tool idf * 1 * 2.2 / 2.2 = ln 2; beta idf * 2 * 2.2 / 3.2 = 0.953077
    params.b = 0;
    const auto hits = SearchIndex::build(catalog, params)->search("weather", 5);
    REQUIRE(hits.size() == 2);
    CHECK(hits[0].score == Approx(0.9530773733).epsilon(1e-9));
    CHECK(hits[1].score == Approx(0.6931471806).epsilon(1e-9));
  }
  SECTION("k1 = 0 ignores term frequency: equal scores tie by catalog order") {
    params.k1 = 0;
    const auto hits = SearchIndex::build(catalog, params)->search("weather", 5);
    REQUIRE(hits.size() == 2);
    CHECK(hits[0].score == Approx(0.69314718056).epsilon(1e-10));
    CHECK(hits[1].score == hits[0].score);
    CHECK(names_of(catalog, hits) == std::vector<std::string>{"alpha_tool", "beta"});
  }
  SECTION("larger k1 rewards repetition more") {
    params.k1 = 3.0;
    const auto hits = SearchIndex::build(catalog, params)->search("weather", 5);
    REQUIRE(hits.size() == 2);
    // beta: t = 1.454545: ln2 * t * 4 / (t + 3) = 0.905335; alpha_tool: t = 0.727273, 0.540993
    CHECK(hits[0].score == Approx(0.9053350930).epsilon(1e-9));
    CHECK(hits[1].score == Approx(0.5409929214).epsilon(1e-9));
  }
  SECTION("out-of-range parameters are clamped, not trusted") {
    params.b = 7.0;      // -> 1
    params.k1 = -2.0;    // -> 0
    params.weights.description = -1.0;  // -> 0
    const auto hits = SearchIndex::build(catalog, params)->search("weather", 5);
    CHECK(hits.empty());
  }
}

TEST_CASE("explain gives per-term contributions that sum to the search score", "[search]") {
  const Catalog catalog = make_catalog({make_tool("weather_now", "current conditions"),
                                        make_tool("forecast", "weather outlook"),
                                        make_tool("weather_report", "weather summary")});
  const auto index = SearchIndex::build(catalog, name4_desc1());
  const auto hits = index->search("weather report", 3);
  REQUIRE(!hits.empty());
  REQUIRE(catalog.tools()[hits[0].tool].name == "weather_report");

  const auto e = index->explain("weather report", hits[0].tool);
  REQUIRE(e.ok());
  CHECK(e->tool == hits[0].tool);
  CHECK(e->score == hits[0].score);  // same terms, same order: bit-identical
  CHECK(e->query_tokens == std::vector<std::string>{"weather", "report"});
  double sum = 0;
  for (const TermContribution& t : e->terms) sum += t.score;
  CHECK(sum == Approx(e->score).epsilon(1e-12));
  for (size_t i = 1; i < e->terms.size(); ++i) CHECK(e->terms[i - 1].score >= e->terms[i].score);

  // "weather" in weather_report: name share and description share of 0.229605 (BM25F).
  const TermContribution* name_part = nullptr;
  const TermContribution* desc_part = nullptr;
  for (const TermContribution& t : e->terms) {
    if (t.term == "weather" && t.field == "name") name_part = &t;
    if (t.term == "weather" && t.field == "description") desc_part = &t;
  }
  REQUIRE(name_part);
  REQUIRE(desc_part);
  CHECK(name_part->idf == Approx(0.1335313926).epsilon(1e-9));
  CHECK(name_part->tf == 1);
  CHECK(name_part->weight == 4.0);
  CHECK(name_part->length_norm == Approx(1.2142857143).epsilon(1e-9));
  CHECK(desc_part->length_norm == Approx(1.0).epsilon(1e-12));
  CHECK(name_part->score == Approx(0.1761356271).epsilon(1e-9));
  CHECK(desc_part->score == Approx(0.0534697439).epsilon(1e-9));

  SECTION("a tool the query does not touch explains as zero") {
    const auto none = index->explain("weather report", 1);  // forecast: only "weather" matches
    REQUIRE(none.ok());
    CHECK(none->terms.size() == 1);
    const auto nothing = index->explain("zebra", 0);
    REQUIRE(nothing.ok());
    CHECK(nothing->score == 0);
    CHECK(nothing->terms.empty());
    CHECK(nothing->kind == MatchKind::Bm25);
  }
  SECTION("out of range is NotFound") {
    const auto bad = index->explain("weather", 3);
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.status().code == ErrorCode::NotFound);
  }
  SECTION("explain reports the exact-name kind") {
    const auto exact = index->explain("Weather Report", hits[0].tool);
    REQUIRE(exact.ok());
    CHECK(exact->kind == MatchKind::Exact);
  }
}

TEST_CASE("a query naming a tool ranks it first, even beyond the limit", "[search]") {
  std::vector<Tool> tools;
  for (int i = 0; i < 8; ++i) {
    tools.push_back(make_tool("file_tool_" + std::to_string(i), "use this to read a file, any file, on the disk"));
  }
  tools.push_back(make_tool("read_file", "Returns the bytes at a path."));
  tools.push_back(make_tool("write_file", "Stores bytes at a path."));
  tools.push_back(make_tool("search", "Finds things."));
  tools.push_back(make_tool("mcp_github_create_issue", "Opens a ticket.", json::object(), "mcp:github"));
  tools.back().original_name = "create_issue";
  const Catalog catalog = make_catalog(std::move(tools));
  Bm25Params params;
  params.weights.name = 0;  // names give no BM25 credit, so only the exact rule can lift them
  const auto index = SearchIndex::build(catalog, params);

  SECTION("identifier inside a sentence") {
    REQUIRE(index->search("please use read_file on x", 20).size() > 3);
    const auto hits = index->search("please use read_file on x", 3);
    REQUIRE(hits.size() == 3);
    CHECK(catalog.tools()[hits[0].tool].name == "read_file");
    CHECK(hits[0].kind == MatchKind::Exact);
    CHECK(hits[1].kind == MatchKind::Bm25);
  }
  SECTION("the whole query is the name, in any case or spelling") {
    for (const char* q : {"read_file", "  READ_FILE\n", "Read File", "readFile", "read-file"}) {
      INFO(q);
      const auto hits = index->search(q, 1);
      REQUIRE(hits.size() == 1);
      CHECK(catalog.tools()[hits[0].tool].name == "read_file");
      CHECK(hits[0].kind == MatchKind::Exact);
    }
  }
  SECTION("the unprefixed MCP name counts as the name") {
    for (const char* q : {"create_issue", "mcp_github_create_issue", "call `create_issue`, please"}) {
      INFO(q);
      const auto hits = index->search(q, 2);
      REQUIRE(!hits.empty());
      CHECK(catalog.tools()[hits[0].tool].name == "mcp_github_create_issue");
      CHECK(hits[0].kind == MatchKind::Exact);
    }
  }
  SECTION("identifiers glued to CJK text are found") {
    const auto hits = index->search("请使用read_file读取", 1);
    REQUIRE(hits.size() == 1);
    CHECK(catalog.tools()[hits[0].tool].name == "read_file");
  }
  SECTION("a CJK name is matched by its parts too") {
    const Catalog cjk = make_catalog({make_tool("天気_取得", "forecast"), make_tool("other", "天気")});
    const auto cjk_index = SearchIndex::build(cjk);
    for (const char* q : {"天気_取得", "天気 取得", " 天気・取得。"}) {
      INFO(q);
      const auto hits = cjk_index->search(q, 2);
      REQUIRE(!hits.empty());
      CHECK(hits[0].tool == 0);
      CHECK(hits[0].kind == MatchKind::Exact);
    }
  }
  SECTION("several named tools: all first, then by score and catalog order") {
    const auto hits = index->search("use read_file or write_file", 4);
    REQUIRE(hits.size() == 4);
    CHECK(names_of(catalog, hits)[0] == "read_file");
    CHECK(names_of(catalog, hits)[1] == "write_file");
    CHECK(hits[1].kind == MatchKind::Exact);
    CHECK(hits[2].kind == MatchKind::Bm25);
    CHECK(index->search("use read_file or write_file", 1).size() == 1);
  }
  SECTION("a one-word name is exact only when it is the whole query") {
    const auto alone = index->search("search", 3);
    REQUIRE(!alone.empty());
    CHECK(catalog.tools()[alone[0].tool].name == "search");
    CHECK(alone[0].kind == MatchKind::Exact);
    for (const SearchHit& h : index->search("search the disk for a file", 20)) CHECK(h.kind != MatchKind::Exact);
  }
  SECTION("free-text words are not a name") {
    for (const SearchHit& h : index->search("read file from the disk", 20)) CHECK(h.kind != MatchKind::Exact);
  }
  SECTION("the filter applies to exact hits too") {
    const long read_file = catalog.index_of("read_file");
    const auto hits = index->search("read_file", 5, [&](size_t t) { return static_cast<long>(t) != read_file; });
    for (const SearchHit& h : hits) CHECK(static_cast<long>(h.tool) != read_file);
  }
}

TEST_CASE("substring fallback on names when BM25 has no positive hit", "[search]") {
  const Catalog catalog = make_catalog({make_tool("github_search", "Find repositories."),
                                        make_tool("gitlab_search", "Find projects."),
                                        make_tool("github_issue", "Open tickets."),
                                        make_tool("kubectl", "Run cluster commands.")});
  const auto index = SearchIndex::build(catalog);

  SECTION("the name contains the query") {
    // Inside a word, not its start: "gith" would complete to "github" and match by BM25.
    const auto hits = index->search("ithub", 5);
    REQUIRE(hits.size() == 2);
    // Closest length first: "github_issue" (12) before "github_search" (13).
    CHECK(names_of(catalog, hits) == std::vector<std::string>{"github_issue", "github_search"});
    CHECK(hits[0].kind == MatchKind::Substring);
    CHECK(hits[0].score == 0.0);
    CHECK(index->explain("ithub", hits[0].tool)->kind == MatchKind::Substring);
  }
  SECTION("the start of a word completes it instead") {
    const auto hits = index->search("gith", 5);
    REQUIRE(hits.size() == 2);
    for (const SearchHit& h : hits) CHECK(h.kind == MatchKind::Bm25);
  }
  SECTION("the query contains the name") {
    const auto hits = index->search("runkubectlnow", 5);
    REQUIRE(hits.size() == 1);
    CHECK(catalog.tools()[hits[0].tool].name == "kubectl");
    CHECK(hits[0].kind == MatchKind::Substring);
  }
  SECTION("no fallback when BM25 has a positive hit") {
    const auto hits = index->search("repositories", 5);
    REQUIRE(hits.size() == 1);
    CHECK(hits[0].kind == MatchKind::Bm25);
  }
  SECTION("the fallback respects the filter and the limit") {
    const long issue = catalog.index_of("github_issue");
    const auto hits = index->search("gith", 5, [&](size_t t) { return static_cast<long>(t) != issue; });
    CHECK(names_of(catalog, hits) == std::vector<std::string>{"github_search"});
    CHECK(index->search("gith", 1).size() == 1);
  }
  SECTION("a one-character query matches nothing") {
    CHECK(index->search("g", 5).empty());
  }
}

TEST_CASE("suggest proposes near names by edit distance and shared prefix", "[search]") {
  const Catalog catalog = make_catalog({make_tool("read_file", ""), make_tool("write_file", ""),
                                        make_tool("read_files", ""), make_tool("list_directory", ""),
                                        make_tool("search", "")});
  const auto index = SearchIndex::build(catalog);
  // raed_file: one transposition from read_file, two edits from read_files.
  CHECK(index->suggest("raed_file", 5) == std::vector<std::string>{"read_file", "read_files"});
  CHECK(index->suggest("READ_FILE", 1) == std::vector<std::string>{"read_file"});
  CHECK(index->suggest("serch", 5) == std::vector<std::string>{"search"});
  CHECK(index->suggest("list", 5) == std::vector<std::string>{"list_directory"});  // prefix
  CHECK(index->suggest("xyzzy", 5).empty());
  CHECK(index->suggest("", 5).empty());
  CHECK(index->suggest("read_file", 0).empty());
  // Distance 2 is too far for a 5-letter name.
  CHECK(index->suggest("sarcg", 5).empty());
  const long read_file = catalog.index_of("read_file");
  CHECK(index->suggest("raed_file", 5, [&](size_t t) { return static_cast<long>(t) != read_file; }) ==
        std::vector<std::string>{"read_files"});
}

TEST_CASE("ties break by catalog order and results are repeatable", "[search]") {
  const Catalog catalog = make_catalog({make_tool("dup_b", "convert currency amounts"),
                                        make_tool("dup_a", "convert currency amounts"),
                                        make_tool("other", "currency")});
  const auto index = SearchIndex::build(catalog);
  const auto first = index->search("convert", 5);
  REQUIRE(first.size() == 2);
  CHECK(first[0].score == first[1].score);
  CHECK(names_of(catalog, first) == std::vector<std::string>{"dup_b", "dup_a"});
  for (int i = 0; i < 5; ++i) {
    const auto again = index->search("convert", 5);
    CHECK(names_of(catalog, again) == names_of(catalog, first));
  }
  // The bounded heap keeps the earlier tool of a tie at the cut.
  CHECK(names_of(catalog, index->search("convert", 1)) == std::vector<std::string>{"dup_b"});
}

TEST_CASE("every limit ranks exactly as the tools' explained scores do", "[search]") {
  // search() sets a floor under the scores that can rank from a sample of the documents and
  // skips those below it, and keeps the best in a bounded heap: neither may change the result.
  // Reference: every tool's explain() score (the same sum, bit for bit), best first, ties in
  // catalog order. Few words over many tools, so scores tie often, at the floor too, and many
  // queries touch most tools (the dense path).
  const std::vector<std::string> words = {"read", "write", "file", "list", "issue", "repo", "search", "user",
                                          "message", "channel", "send", "create", "delete", "update", "page"};
  uint32_t state = 12345;
  auto next = [&state](uint32_t n) {
    state = state * 1103515245u + 12345u;
    return (state >> 16) % n;
  };
  std::vector<Tool> tools;
  for (int i = 0; i < 400; ++i) {
    std::string description;
    const uint32_t length = 1 + next(6);
    for (uint32_t w = 0; w < length; ++w) description += words[next(static_cast<uint32_t>(words.size()))] + " ";
    tools.push_back(make_tool("t" + std::to_string(1000 + i), description));
  }
  const Catalog catalog = make_catalog(std::move(tools));
  const auto index = SearchIndex::build(catalog);
  for (int q = 0; q < 60; ++q) {
    std::string query;
    const uint32_t length = 1 + next(5);
    for (uint32_t w = 0; w < length; ++w) query += words[next(static_cast<uint32_t>(words.size()))] + " ";
    std::vector<std::pair<double, size_t>> reference;
    for (size_t t = 0; t < catalog.size(); ++t) {
      const auto e = index->explain(query, t);
      REQUIRE(e.ok());
      if (e->score > 0) reference.emplace_back(e->score, t);
    }
    std::stable_sort(reference.begin(), reference.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    for (size_t limit : {size_t{1}, size_t{3}, size_t{10}, size_t{50}, size_t{400}}) {
      INFO(query << " limit " << limit);
      const auto hits = index->search(query, limit);
      REQUIRE(hits.size() == std::min(limit, reference.size()));
      for (size_t i = 0; i < hits.size(); ++i) {
        CHECK(hits[i].tool == reference[i].second);
        CHECK(hits[i].score == reference[i].first);
      }
    }
  }
}

TEST_CASE("empty, blank and degenerate queries give no hits", "[search]") {
  const auto index = SearchIndex::build(maths_catalog());
  CHECK(index->search("", 5).empty());
  CHECK(index->search("   \t\n", 5).empty());
  CHECK(index->search("\xE3\x80\x80", 5).empty());  // ideographic space
  CHECK(index->search("!!! ???", 5).empty());
  CHECK(index->search("weather", 0).empty());
  CHECK(index->search("weather", 1000).size() == 2);
  // Invalid UTF-8 in a query is replaced, not fatal.
  CHECK(index->search("\xFFweather\xC3", 5).size() == 2);

  const auto empty = SearchIndex::build(Catalog());
  CHECK(empty->size() == 0);
  CHECK(empty->search("weather", 5).empty());
  CHECK(empty->suggest("weather", 5).empty());
  CHECK_FALSE(empty->explain("weather", 0).ok());
}

TEST_CASE("the filter restricts candidates and may itself search", "[search]") {
  const Catalog catalog = maths_catalog();
  const auto index = SearchIndex::build(catalog, name4_desc1());
  const auto only_alpha = index->search("weather", 5, [](size_t t) { return t == 0; });
  REQUIRE(only_alpha.size() == 1);
  CHECK(only_alpha[0].tool == 0);

  // A filter that searches the same index (re-entrancy) must not disturb the outer search.
  size_t inner_hits = 0;
  const auto outer = index->search("weather stock", 5, [&](size_t) {
    inner_hits += index->search("weather", 5).size();
    return true;
  });
  CHECK(names_of(catalog, outer) == names_of(catalog, index->search("weather stock", 5)));
  CHECK(inner_hits > 0);
}

TEST_CASE("every documented field is indexed", "[search]") {
  const json schema = json::parse(R"({
    "type": "object",
    "properties": {
      "destination": {"type": "string", "description": "IATA airport code"},
      "traveller": {"type": "object", "properties": {"passport_number": {"type": "string"}}},
      "stops": {"type": "array", "items": {"type": "object", "properties": {"layover": {"type": "integer"}}}}
    }
  })");
  Tool flight = make_tool("book_flight", "Reserve a seat.", schema, "mcp:travelco");
  flight.title = "Airline ticket";
  const Catalog catalog = make_catalog({flight, make_tool("noop", "Nothing here.")});
  const auto index = SearchIndex::build(catalog);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"book", "name"},         {"travelco", "server"},         {"seat", "description"},
      {"airline", "description"}, {"destination", "param_names"}, {"passport", "param_names"},
      {"layover", "param_names"}, {"iata", "param_descriptions"}};
  for (const auto& [query, field] : cases) {
    INFO(query);
    const auto hits = index->search(query, 5);
    REQUIRE(hits.size() == 1);
    CHECK(hits[0].tool == 0);
    const auto e = index->explain(query, 0);
    REQUIRE(e.ok());
    REQUIRE(!e->terms.empty());
    CHECK(e->terms[0].field == field);
  }
}

TEST_CASE("CJK descriptions are searchable with Japanese and Chinese queries", "[search]") {
  const Catalog catalog = make_catalog({make_tool("get_forecast", "指定した都市の天気予報を取得します"),
                                        make_tool("get_stock", "获取股票的最新价格"),
                                        make_tool("translate", "Übersetzt einen Text ins Englische")});
  const auto index = SearchIndex::build(catalog);
  CHECK(names_of(catalog, index->search("東京の天気予報", 1)) == std::vector<std::string>{"get_forecast"});
  CHECK(names_of(catalog, index->search("股票价格", 1)) == std::vector<std::string>{"get_stock"});
  CHECK(names_of(catalog, index->search("ÜBERSETZT", 1)) == std::vector<std::string>{"translate"});
}
