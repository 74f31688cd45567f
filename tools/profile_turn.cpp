// A profiling harness for the boundary hot paths (JSON in, JSON out), for callgrind:
//   valgrind --tool=callgrind build/native/tools/profile_turn <catalog.jsonl> [tools] [rounds]
// It loads the first `tools` tools of a catalog.jsonl, then times `rounds` assemblies and
// 10 x `rounds` searches through JsonEngine, the same calls the wasm module serves.
#include "toolsearch/json_api.hpp"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: profile_turn <catalog.jsonl> [tools=1000] [rounds=200]\n");
    return 2;
  }
  const size_t want = argc > 2 ? std::stoul(argv[2]) : 1000;
  const size_t rounds = argc > 3 ? std::stoul(argv[3]) : 200;
  std::ifstream in(argv[1]);
  nlohmann::json tools = nlohmann::json::array();
  for (std::string line; tools.size() < want && std::getline(in, line);) {
    nlohmann::json t = nlohmann::json::parse(line, nullptr, false);
    if (t.is_object() && t["name"].get<std::string>().find(' ') == std::string::npos) {
      t["source"] = "mcp:s" + std::to_string(tools.size() % 7);
      tools.push_back(std::move(t));
    }
  }
  toolsearch::JsonEngine engine;
  const std::string added = engine.add_tools(tools.dump());
  if (added.rfind(R"({"ok":true)", 0) != 0) {
    std::fprintf(stderr, "%s\n", added.c_str());
    return 1;
  }
  using clock = std::chrono::steady_clock;
  auto t0 = clock::now();
  size_t bytes = 0;
  for (size_t i = 0; i < rounds; ++i) bytes += engine.assemble(R"({"contextWindow":200000})").size();
  auto t1 = clock::now();
  const char* queries[] = {"analyze the chemical evidence from a crime scene", "net income", "weather forecast for Paris",
                           "translate text to French", "book a flight"};
  for (size_t i = 0; i < rounds * 10; ++i) bytes += engine.search(queries[i % 5], "{}").size();
  auto t2 = clock::now();
  auto us = [](auto d) { return std::chrono::duration<double, std::micro>(d).count(); };
  std::printf("%zu tools: assemble %.1f us, search %.1f us (%zu bytes out)\n", tools.size(),
              us(t1 - t0) / rounds, us(t2 - t1) / (rounds * 10), bytes);
  return 0;
}
