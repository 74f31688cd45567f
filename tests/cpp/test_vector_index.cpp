#include "toolsearch/vector_index.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>
#include <vector>

using namespace toolsearch;

namespace {

std::vector<float> random_vectors(size_t n, size_t dims, unsigned seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> g(0.0f, 1.0f);
  std::vector<float> out(n * dims);
  for (float& x : out) x = g(rng);
  return out;
}

double float_cosine(const float* a, const float* b, size_t n) {
  double ab = 0, aa = 0, bb = 0;
  for (size_t i = 0; i < n; i++) {
    ab += double{a[i]} * b[i];
    aa += double{a[i]} * a[i];
    bb += double{b[i]} * b[i];
  }
  return ab / std::sqrt(aa * bb);
}

VectorIndex make(size_t dims) {
  auto r = VectorIndex::create(dims);
  REQUIRE(r.ok());
  return std::move(r).value();
}

}  // namespace

TEST_CASE("vector index: dimensions are validated at creation", "[vector]") {
  CHECK(VectorIndex::create(0).status().code == ErrorCode::InvalidArgument);
  CHECK(VectorIndex::create(VectorIndex::kMaxDimensions + 1).status().code == ErrorCode::InvalidArgument);
  CHECK(VectorIndex::create(1).ok());
  CHECK(VectorIndex::create(VectorIndex::kMaxDimensions).ok());
}

TEST_CASE("vector index: a bad batch is refused whole", "[vector]") {
  VectorIndex index = make(3);
  REQUIRE(index.add({1, 0, 0, 0, 1, 0}).ok());
  CHECK(index.size() == 2);

  const Status wrong = index.add({1, 2, 3, 4});
  CHECK(wrong.code == ErrorCode::InvalidArgument);
  CHECK(wrong.message.find("not a whole number") != std::string::npos);

  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  CHECK(index.add({0, 0, 1, 1, nan, 0}).code == ErrorCode::InvalidArgument);
  CHECK(index.add({0, 0, 1, -inf, 0, 0}).code == ErrorCode::InvalidArgument);
  CHECK(index.size() == 2);  // neither the good first row nor anything else went in
  CHECK(index.memory_bytes() == 2 * 3 + 2 * sizeof(float));
}

TEST_CASE("vector index: exact order and cosine scores on hand-made vectors", "[vector]") {
  VectorIndex index = make(2);
  // ids: 0 east, 1 north-east (longer vector: length must not matter), 2 north, 3 west
  REQUIRE(index.add({1, 0, 5, 5, 0, 1, -1, 0}).ok());
  auto hits = index.search({2, 0.1f}, 10);
  REQUIRE(hits.ok());
  REQUIRE(hits->size() == 4);
  CHECK(hits.value()[0].id == 0);
  CHECK(hits.value()[1].id == 1);
  CHECK(hits.value()[2].id == 2);
  CHECK(hits.value()[3].id == 3);
  CHECK(hits.value()[0].score == Approx(float_cosine(std::vector<float>{2, 0.1f}.data(), std::vector<float>{1, 0}.data(), 2)).margin(0.01));
  CHECK(hits.value()[1].score == Approx(std::cos(std::atan2(0.1, 2.0) - 0.7853981633974483)).margin(0.01));
  CHECK(hits.value()[3].score == Approx(-1.0).margin(0.01));
}

TEST_CASE("vector index: k, filters, ties and zero vectors", "[vector]") {
  VectorIndex index = make(2);
  REQUIRE(index.add({1, 0, 1, 0, 0, 0, 1, 0}).ok());  // ids 0, 1, 3 identical; 2 is zero

  auto top2 = index.search({1, 0}, 2);
  REQUIRE(top2.ok());
  REQUIRE(top2->size() == 2);
  CHECK(top2.value()[0].id == 0);  // equal scores: smaller id first
  CHECK(top2.value()[1].id == 1);

  auto odd = index.search({1, 0}, 10, [](size_t id) { return id % 2 == 1; });
  REQUIRE(odd.ok());
  REQUIRE(odd->size() == 2);
  CHECK(odd.value()[0].id == 1);
  CHECK(odd.value()[1].id == 3);

  auto all = index.search({1, 0}, 100);
  REQUIRE(all.ok());
  REQUIRE(all->size() == 4);
  CHECK(all->back().id == 2);
  CHECK(all->back().score == 0.0f);

  auto zero_query = index.search({0, 0}, 4);
  REQUIRE(zero_query.ok());
  for (const VectorHit& h : zero_query.value()) CHECK(h.score == 0.0f);

  auto none = index.search({1, 0}, 0);
  REQUIRE(none.ok());
  CHECK(none->empty());
}

TEST_CASE("vector index: top() in one pass equals ranking cosines() (filters, zero vectors, k)", "[vector]") {
  const size_t n = 700, dims = 48;  // more rows than one scoring block
  std::vector<float> data = random_vectors(n, dims, 11);
  for (size_t id : {3, 256, 699}) std::fill(data.begin() + id * dims, data.begin() + (id + 1) * dims, 0.0f);
  VectorIndex index = make(dims);
  REQUIRE(index.add(data).ok());
  const std::vector<float> query = random_vectors(1, dims, 12);
  auto quantized = index.quantize(query);
  REQUIRE(quantized.ok());
  auto all = index.cosines(query);
  REQUIRE(all.ok());
  const VectorFilter odd = [](size_t id) { return id % 2 == 1; };
  for (const bool skip_zero : {false, true}) {
    for (const VectorFilter& filter : {VectorFilter(), odd}) {
      for (size_t k : {1, 10, 50, 1000}) {
        std::vector<VectorHit> expected;
        for (size_t id = 0; id < n; id++) {
          if ((!filter || filter(id)) && !(skip_zero && all.value()[id] == 0.0f)) expected.push_back({id, all.value()[id]});
        }
        std::stable_sort(expected.begin(), expected.end(), [](const VectorHit& a, const VectorHit& b) { return a.score > b.score; });
        if (expected.size() > k) expected.resize(k);
        const std::vector<VectorHit> got = index.top(quantized.value(), k, filter, skip_zero);
        REQUIRE(got.size() == expected.size());
        std::vector<size_t> got_ids;
        std::vector<float> got_scores;
        for (size_t i = 0; i < got.size(); i++) {
          CHECK(got[i].id == expected[i].id);
          CHECK(got[i].score == expected[i].score);
          got_ids.push_back(got[i].id);
          got_scores.push_back(got[i].score);
        }
        CHECK(index.cosines_of(quantized.value(), got_ids) == got_scores);  // the scan's own scores
      }
    }
  }
  // cosines_of: any ids in any order, repeats and zero rows included, over more than one
  // block of rows, scores as the scan does.
  std::vector<size_t> ids;
  for (size_t i = 0; i < 301; i++) ids.push_back((i * 389) % n);
  ids.push_back(3);
  ids.push_back(ids.front());
  const std::vector<float> some = index.cosines_of(quantized.value(), ids);
  REQUIRE(some.size() == ids.size());
  for (size_t i = 0; i < ids.size(); i++) CHECK(some[i] == all.value()[ids[i]]);
  CHECK(index.cosines_of(quantized.value(), {}).empty());
}

TEST_CASE("vector index: a bad query is an error, not a result", "[vector]") {
  VectorIndex index = make(3);
  REQUIRE(index.add({1, 2, 3}).ok());
  CHECK(index.search({1, 2}, 5).status().code == ErrorCode::InvalidArgument);
  CHECK(index.search({1, std::numeric_limits<float>::quiet_NaN(), 3}, 5).status().code == ErrorCode::InvalidArgument);
  CHECK(index.search({1, std::numeric_limits<float>::infinity(), 3}, 5).status().code == ErrorCode::InvalidArgument);
  auto empty = make(3).search({1, 2, 3}, 5);
  REQUIRE(empty.ok());
  CHECK(empty->empty());
}

TEST_CASE("vector index: int8 scores track float cosine and top-10 matches brute force", "[vector]") {
  const size_t n = 500, dims = 384;
  const std::vector<float> data = random_vectors(n, dims, 7);
  VectorIndex index = make(dims);
  REQUIRE(index.add(data).ok());
  const std::vector<float> queries = random_vectors(20, dims, 8);
  size_t agree = 0;
  double worst = 0;
  for (size_t q = 0; q < 20; q++) {
    const std::vector<float> query(queries.begin() + q * dims, queries.begin() + (q + 1) * dims);
    auto hits = index.search(query, 10);
    REQUIRE(hits.ok());
    REQUIRE(hits->size() == 10);
    std::vector<double> exact(n);
    for (size_t i = 0; i < n; i++) exact[i] = float_cosine(query.data(), data.data() + i * dims, dims);
    std::vector<size_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::partial_sort(order.begin(), order.begin() + 10, order.end(), [&](size_t a, size_t b) { return exact[a] > exact[b]; });
    for (const VectorHit& h : hits.value()) {
      worst = std::max(worst, std::fabs(h.score - exact[h.id]));
      agree += std::count(order.begin(), order.begin() + 10, h.id);
    }
  }
  CHECK(worst < 0.02);           // int8 error on a cosine
  CHECK(agree >= 200 * 9 / 10);  // near-ties among random vectors may swap at the boundary
}

TEST_CASE("vector index: dot_int8 equals the plain sum at every length (SIMD body and tail)", "[vector]") {
  std::mt19937 rng(3);
  std::uniform_int_distribution<int> code(-127, 127);
  for (size_t n = 0; n <= 70; n++) {
    std::vector<int8_t> a(n), b(n);
    int32_t expected = 0;
    for (size_t i = 0; i < n; i++) {
      a[i] = static_cast<int8_t>(code(rng));
      b[i] = static_cast<int8_t>(code(rng));
      expected += a[i] * b[i];
    }
    CHECK(dot_int8(a.data(), b.data(), n) == expected);
  }
  std::vector<int8_t> extreme(4096, -127);
  CHECK(dot_int8(extreme.data(), extreme.data(), extreme.size()) == 4096 * 127 * 127);
  // Extremes of both signs: nothing overflows on the way to the 32-bit sum.
  std::vector<int8_t> positive(4096, 127);
  CHECK(dot_int8(extreme.data(), positive.data(), extreme.size()) == -4096 * 127 * 127);
}

TEST_CASE("vector index: dot_int8_rows equals dot_int8 row by row (blocks of four and the rest)", "[vector]") {
  std::mt19937 rng(5);
  std::uniform_int_distribution<int> code(-127, 127);
  for (size_t n : {1, 15, 16, 17, 48, 70, 384}) {
    for (size_t count : {0, 1, 3, 4, 5, 9}) {
      std::vector<int8_t> q(n), rows(n * count);
      for (auto& x : q) x = static_cast<int8_t>(code(rng));
      for (auto& x : rows) x = static_cast<int8_t>(code(rng));
      std::vector<int32_t> out(count + 1, 12345);
      dot_int8_rows(q.data(), rows.data(), n, count, out.data());
      for (size_t r = 0; r < count; r++) CHECK(out[r] == dot_int8(q.data(), rows.data() + r * n, n));
      CHECK(out[count] == 12345);  // nothing written past the rows
    }
  }
}

TEST_CASE("vector index: vectors of subnormals quantise in their direction", "[vector]") {
  // Found by the vectors fuzz target: a max below 127 / FLT_MAX made the float scale infinite,
  // every code the conversion of inf or NaN (undefined in C++; -127 for all natively), and so a
  // tiny vector pointed anywhere.
  const float tiny = std::numeric_limits<float>::denorm_min();
  const std::vector<float> small = {3 * tiny, 0, -tiny, 0};
  const std::vector<float> same_direction = {3, 0, -1, 0};
  std::vector<int8_t> codes(4), expected(4);
  const float scale = quantize_unit_int8(small.data(), small.size(), codes.data());
  const float expected_scale = quantize_unit_int8(same_direction.data(), same_direction.size(), expected.data());
  CHECK(codes == expected);
  CHECK(scale == expected_scale);
  CHECK(std::isfinite(scale));

  // A query of subnormals ranks as its direction does.
  VectorIndex index = make(4);
  REQUIRE(index.add({0, 0, 1, 0, 3, 0, -1, 0, -3, 0, 1, 0}).ok());
  auto hits = index.search({1e-40f, 0, -0.33e-40f, 0}, 3);
  REQUIRE(hits.ok());
  REQUIRE(hits->size() == 3);
  CHECK(hits.value()[0].id == 1);
  CHECK(hits.value()[0].score == Approx(1.0).margin(0.01));
  CHECK(hits.value()[2].id == 2);
}
