#include "toolsearch/engine.hpp"
#include "toolsearch/recent_list.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace toolsearch;

TEST_CASE("a recent list drops the entry used longest ago, not all of them", "[cache]") {
  RecentList<int, 3> list;
  list.add(1);
  list.add(2);
  list.add(3);
  REQUIRE(list.find([](int v) { return v == 1; }) != nullptr);  // 1 is now the most recent
  list.add(4);                                                     // drops 2, the least recent
  CHECK(list.size() == 3);
  CHECK(list.find([](int v) { return v == 2; }) == nullptr);
  CHECK(list.oldest() == 3);
  for (int v : {1, 3, 4}) CHECK(list.find([v](int x) { return x == v; }) != nullptr);
  CHECK(list.find([](int v) { return v == 5; }) == nullptr);
}

TEST_CASE("a scope searched often keeps its index while more scopes than fit come and go", "[cache]") {
  Engine engine;
  std::vector<Tool> tools;
  const size_t servers = Engine::kMaxScopedIndexes + 4;
  for (size_t s = 0; s < servers; ++s) {
    Tool t;
    t.name = "tool_" + std::to_string(s);
    t.description = "Does thing number " + std::to_string(s);
    t.source = "mcp:server" + std::to_string(s);
    tools.push_back(t);
  }
  REQUIRE(engine.add(std::move(tools)).ok());
  auto scope_of = [](size_t s) {
    Scope scope;
    scope.sources = {"mcp:server" + std::to_string(s)};
    return scope;
  };
  const auto hot = engine.index_for(scope_of(0));
  REQUIRE(hot->size() == servers);
  for (size_t s = 1; s < servers; ++s) {
    (void)engine.index_for(scope_of(s));
    CHECK(engine.index_for(scope_of(0)) == hot);  // the same index object: not built again
  }
  // A scope not used for longer than the list holds is built again, and correctly.
  const auto first_cold = engine.index_for(scope_of(1));
  for (size_t s = 2; s < servers; ++s) (void)engine.index_for(scope_of(s));
  CHECK(engine.index_for(scope_of(1)) != first_cold);
  REQUIRE(engine.add({[] {
                Tool t;
                t.name = "late_tool";
                t.source = "mcp:server0";
                return t;
              }()})
              .ok());
  CHECK(engine.index_for(scope_of(0)) != hot);  // a catalog change drops every scoped index
}
