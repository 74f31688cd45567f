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

}  // namespace

TEST_CASE("fuse_rrf weighs each list", "[ranking]") {
  // Tool 1 is second in both lists, tool 0 first in list A, tool 2 first in list B.
  const std::vector<std::vector<RankedTool>> lists = {list_of({0, 1}), list_of({2, 1})};
  // Equal weights: agreement (1/62 + 1/62) beats either single first place (1/61).
  CHECK(tools_of(fuse_rrf(lists, 60, 0)) == std::vector<size_t>{1, 0, 2});
  // List A weighted 100x: 100/61 beats 100/62 + 1/62 = 101/62.
  CHECK(tools_of(fuse_rrf(lists, 60, 0, {100.0, 1.0})) == std::vector<size_t>{0, 1, 2});
  // A weight of 0 silences a list; its tools still appear (score 0), after the others.
  CHECK(tools_of(fuse_rrf(lists, 60, 0, {1.0, 0.0})) == std::vector<size_t>{0, 1, 2});
  const auto fused = fuse_rrf(lists, 60, 0, {2.0, 0.5});
  REQUIRE(fused.size() == 3);
  CHECK(fused[0].tool == 1);
  CHECK(fused[0].score == Approx(2.0 / 62 + 0.5 / 62));
  CHECK(fused[1].score == Approx(2.0 / 61));
  CHECK(fused[2].score == Approx(0.5 / 61));
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
