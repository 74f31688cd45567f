// Native timings for the semantic leg's core pieces (a benchmark, not a test):
//   1. top-10 by brute-force int8 cosine over 10,000 x 384 vectors;
//   2. query embedding with the static table (when given or found in js/assets).
// Usage: bench_semantic [table.tsse]   (default: js/assets/static-embeddings.tsse from the cwd)
#include "toolsearch/static_embedder.hpp"
#include "toolsearch/vector_index.hpp"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

using namespace toolsearch;
using Clock = std::chrono::steady_clock;

int main(int argc, char** argv) {
  const size_t n = 10000, dims = 384, queries = 200;
  std::mt19937 rng(1);
  std::normal_distribution<float> g(0.0f, 1.0f);
  std::vector<float> data(n * dims);
  for (float& x : data) x = g(rng);
  auto index = VectorIndex::create(dims);
  const auto t0 = Clock::now();
  if (!index->add(data).ok()) return 1;
  const double add_ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  std::vector<std::vector<float>> qs(queries, std::vector<float>(dims));
  for (auto& q : qs) for (float& x : q) x = g(rng);
  size_t sink = 0;
  const auto t1 = Clock::now();
  for (const auto& q : qs) sink += index->search(q, 10).value().front().id;
  const double per_query_ms = std::chrono::duration<double, std::milli>(Clock::now() - t1).count() / queries;
  std::printf("vector index: %zu x %zu int8 (%.1f MB), add %.1f ms, top-10 search %.3f ms/query (sink %zu)\n", n, dims,
              index->memory_bytes() / 1e6, add_ms, per_query_ms, sink);

  const std::string path = argc > 1 ? argv[1] : std::string("js/assets/static-embeddings.tsse");
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::printf("static embedder: no table at %s\n", path.c_str());
    return 0;
  }
  const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto t2 = Clock::now();
  auto e = StaticEmbedder::load(bytes);
  const double load_ms = std::chrono::duration<double, std::milli>(Clock::now() - t2).count();
  if (!e.ok()) {
    std::printf("static embedder: %s\n", e.status().message.c_str());
    return 1;
  }
  const char* texts[] = {"Retrieve information about postmodern theory.",
                         "Can you recommend a good book to read?",
                         "Tell me the net income after calculating the revenue of 0.29 and expenses of 40.7.",
                         "send an email to my colleague about tomorrow's meeting"};
  const size_t reps = 5000;
  float acc = 0;
  const auto t3 = Clock::now();
  for (size_t r = 0; r < reps; r++) acc += e->embed(texts[r % 4]).vector[0];
  const double embed_us = std::chrono::duration<double, std::micro>(Clock::now() - t3).count() / reps;
  std::printf("static embedder: %zu words x %zu dims (%zu bytes), load %.1f ms, embed %.2f us/query (sink %.3f)\n",
              e->vocabulary_size(), e->dimensions(), bytes.size(), load_ms, embed_us, acc);
  return 0;
}
