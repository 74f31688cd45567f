// Native timing of snapshot loading (a benchmark, not a test): Engine::load_snapshot of one
// snapshot file into a fresh engine, `runs` times; median and minimum. The same bytes as
// bench/snapshot.bench.mjs loads through wasm, which writes them with --write:
//   node bench/snapshot.bench.mjs --runs 1 --fresh 0 --write build/10k.snap
//   build/native/tools/bench_snapshot build/10k.snap [runs, default 50]
// Profile it with `perf record -e cpu-clock` (the load is in-process, nothing else runs).
#include "toolsearch/engine.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: bench_snapshot <snapshot file> [runs]\n");
    return 2;
  }
  std::ifstream file(argv[1], std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  const int runs = argc > 2 ? std::max(1, std::atoi(argv[2])) : 50;
  std::vector<double> ms;
  size_t tools = 0;
  for (int r = 0; r < runs; ++r) {
    toolsearch::Engine engine;
    const auto t0 = std::chrono::steady_clock::now();
    const toolsearch::Status status = engine.load_snapshot(bytes);
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    if (!status.ok()) {
      std::fprintf(stderr, "bench_snapshot: %s\n", status.message.c_str());
      return 1;
    }
    tools = engine.catalog().tools().size();
  }
  std::sort(ms.begin(), ms.end());
  std::printf("%zu tools, %.2f MB: load_snapshot median %.2f ms, min %.2f ms over %d runs\n", tools,
              static_cast<double>(bytes.size()) / (1024 * 1024), ms[ms.size() / 2], ms.front(), runs);
  return 0;
}
