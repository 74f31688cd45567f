#include "toolsearch/ranking.hpp"

#include <catch2/catch.hpp>

#include <vector>

using namespace toolsearch;

namespace {

std::vector<size_t> tools_of(const std::vector<RankedTool>& list) {
  std::vector<size_t> out;
  for (const RankedTool& r : list) out.push_back(r.tool);
  return out;
}

std::vector<RankedTool> list_of(std::vector<size_t> tools) {
  std::vector<RankedTool> out;
  for (size_t t : tools) out.push_back({t, 0.0, false});
  return out;
}

Tool make_tool(std::string name, std::string description) {
  Tool t;
  t.name = std::move(name);
  t.description = std::move(description);
  return t;
}

}  // namespace

TEST_CASE("Bm25Strategy ranks exactly as SearchIndex::search", "[ranking]") {
  Catalog catalog;
  REQUIRE(catalog.add({make_tool("get_weather", "Current weather for a city"),
                       make_tool("forecast", "Weather forecast for the next days"),
                       make_tool("stock_price", "Latest stock price")})
              .ok());
  const auto index = SearchIndex::build(catalog);
  const Bm25Strategy strategy(index);
  CHECK(strategy.name() == "bm25");

  const auto ranked = strategy.rank("weather forecast", {}, 10);
  const auto hits = index->search("weather forecast", 10);
  REQUIRE(ranked.size() == hits.size());
  for (size_t i = 0; i < hits.size(); ++i) {
    CHECK(ranked[i].tool == hits[i].tool);
    CHECK(ranked[i].score == hits[i].score);
    CHECK_FALSE(ranked[i].exact);
  }
  const auto exact = strategy.rank("get_weather", {}, 1);
  REQUIRE(exact.size() == 1);
  CHECK(exact[0].tool == 0);
  CHECK(exact[0].exact);
  CHECK(strategy.rank("weather", [](size_t t) { return t == 1; }, 10).size() == 1);
  CHECK(strategy.rank("weather", {}, 0).empty());
  CHECK(Bm25Strategy(nullptr).rank("weather", {}, 5).empty());
}

TEST_CASE("fuse_rrf with one list keeps its order", "[ranking]") {
  const auto fused = fuse_rrf({list_of({7, 3, 9})});
  CHECK(tools_of(fused) == std::vector<size_t>{7, 3, 9});
  REQUIRE(fused.size() == 3);
  CHECK(fused[0].score == Approx(1.0 / 61));
  CHECK(fused[1].score == Approx(1.0 / 62));
  CHECK(fused[2].score == Approx(1.0 / 63));
  CHECK(fuse_rrf({}).empty());
  CHECK(fuse_rrf({{}, {}}).empty());
}

TEST_CASE("fuse_rrf sums reciprocal ranks across lists", "[ranking]") {
  SECTION("two lists") {
    // 1: 1/61 + 1/62 = 0.032522   3: 1/63 + 1/61 = 0.032266   2: 1/62   4: 1/63
    const auto fused = fuse_rrf({list_of({1, 2, 3}), list_of({3, 1, 4})});
    CHECK(tools_of(fused) == std::vector<size_t>{1, 3, 2, 4});
    CHECK(fused[0].score == Approx(1.0 / 61 + 1.0 / 62));
    CHECK(fused[1].score == Approx(1.0 / 63 + 1.0 / 61));
  }
  SECTION("three lists with k = 1, where agreement beats one first place") {
    // 5: 1/2 (list A only) = 0.5; 6: 1/3 + 1/2 + 1/3 = 1.1667; 7: 1/4 + 1/3 = 0.5833;
    // 8: 1/2 (list C) + 1/4 (list B) = 0.75
    const auto fused = fuse_rrf({list_of({5, 6, 7}), list_of({6, 7, 8}), list_of({8, 6})}, 1.0);
    CHECK(tools_of(fused) == std::vector<size_t>{6, 8, 7, 5});
    CHECK(fused[0].score == Approx(1.0 / 3 + 1.0 / 2 + 1.0 / 3));
    CHECK(fused[1].score == Approx(0.75));
    CHECK(fused[3].score == Approx(0.5));
  }
  SECTION("the default k is 60 and a bad k falls back to it") {
    const auto a = fuse_rrf({list_of({1, 2})}, 0.0);
    const auto b = fuse_rrf({list_of({1, 2})}, -5.0);
    REQUIRE(a.size() == 2);
    CHECK(a[0].score == Approx(1.0 / 61));
    CHECK(b[1].score == Approx(1.0 / 62));
  }
}

TEST_CASE("fuse_rrf breaks ties deterministically", "[ranking]") {
  // Equal sums and equal best ranks: catalog order.
  CHECK(tools_of(fuse_rrf({list_of({2, 1}), list_of({1, 2})})) == std::vector<size_t>{1, 2});
  CHECK(tools_of(fuse_rrf({list_of({5}), list_of({3})})) == std::vector<size_t>{3, 5});
  // Equal sums, different best ranks: the better single rank first. With k = 1:
  //   20: 1/2 = 0.5 (best 1)   2: 1/2 = 0.5 (best 1)   10: 1/4 + 1/4 = 0.5 (best 3)
  //   1: 1/3 (best 2)          3: 1/3 (best 2)
  const auto fused = fuse_rrf({list_of({20, 1, 10}), list_of({2, 3, 10})}, 1.0);
  CHECK(tools_of(fused) == std::vector<size_t>{2, 20, 10, 1, 3});
}

TEST_CASE("fuse_rrf keeps exact hits first and counts a tool once per list", "[ranking]") {
  std::vector<RankedTool> keyword = {{4, 9.0, true}, {1, 5.0, false}};
  std::vector<RankedTool> semantic = list_of({1, 2, 3});
  const auto fused = fuse_rrf({semantic, keyword});
  // 1 has the larger fused score, but 4 is named by the query.
  CHECK(tools_of(fused) == std::vector<size_t>{4, 1, 2, 3});
  CHECK(fused[0].exact);
  CHECK_FALSE(fused[1].exact);

  // A duplicate inside one list does not add a second reciprocal rank.
  const auto dup = fuse_rrf({list_of({1, 1, 2})});
  REQUIRE(dup.size() == 2);
  CHECK(dup[0].score == Approx(1.0 / 61));
  CHECK(dup[1].score == Approx(1.0 / 63));

  CHECK(fuse_rrf({list_of({1, 2, 3, 4})}, 60.0, 2).size() == 2);
}
