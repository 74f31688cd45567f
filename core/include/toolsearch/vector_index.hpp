// Brute-force cosine search over host-supplied (or statically embedded) tool vectors, stored as
// int8: a 10,000-tool catalog at 384 dimensions is 3.8 MB instead of 15 MB, and the int8 dot
// product is what wasm SIMD (i32x4.dot_i16x8_s) and native auto-vectorisation do fastest.
#pragma once

#include "toolsearch/status.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace toolsearch {

/// One vector search result: `id` is the vector's position in insertion order (the host keeps
/// it equal to the tool's catalog index).
struct VectorHit {
  size_t id;
  float score;  ///< cosine similarity of the quantised vectors, in [-1, 1]
};

/// Which ids a search may return (same shape as SearchIndex's ToolFilter). Empty: all.
using VectorFilter = std::function<bool(size_t id)>;

/// L2-normalised vectors quantised to int8 with one scale per vector (symmetric, max-abs), so
/// a score is the exact cosine between the quantised directions. Immutable once built; safe
/// to share across threads for search().
class VectorIndex {
 public:
  /// Largest accepted dimension count (OpenAI's text-embedding-3-large is 3,072).
  static constexpr size_t kMaxDimensions = 4096;

  /// An empty index of `dimensions` (1..kMaxDimensions, else InvalidArgument).
  static Result<VectorIndex> create(size_t dimensions);

  /// Appends `flat.size() / dimensions()` vectors, row-major, ids continuing from size().
  /// InvalidArgument, with nothing added, if the size is not a multiple of dimensions() or
  /// any value is NaN or infinite. A zero vector is accepted and scores 0 against everything
  /// (a text with no known word embeds to zero).
  Status add(const std::vector<float>& flat);
  Status add(const float* values, size_t count);
  /// Appends one vector already quantised by quantize_unit_int8 (dimensions() codes and the
  /// scale it returned): how a store that keeps int8 rows builds an index without floats.
  void add_quantized(const int8_t* codes, float scale);

  /// A query quantised as the rows are, for scoring many rows.
  struct Query {
    std::vector<int8_t> codes;
    float scale = 0;  ///< 1 / |codes|, 0 for a zero query
  };
  /// `query` quantised. InvalidArgument on a wrong length or a non-finite value.
  Result<Query> quantize(const std::vector<float>& query) const;

  /// The `k` best ids by cosine with `query`, best first; ties by smaller id. `query` need not
  /// be normalised. InvalidArgument on a wrong length or a non-finite value. A zero query
  /// scores 0 everywhere. k = 0 gives an empty list.
  Result<std::vector<VectorHit>> search(const std::vector<float>& query, size_t k,
                                        const VectorFilter& filter = {}) const;
  /// Same, for a quantised query, in one pass over the rows (no score array); with
  /// `skip_zero`, a score of exactly 0 (a zero vector: no embedding) never appears.
  std::vector<VectorHit> top(const Query& query, size_t k, const VectorFilter& filter = {}, bool skip_zero = false) const;
  /// The cosine of `query` with every vector, by id (what search() ranks). Same errors.
  Result<std::vector<float>> cosines(const std::vector<float>& query) const;
  /// The cosine of `query` with each of `ids` (each < size()), in order, in one pass that widens
  /// the query once and scores four rows together: score fusion's keyword candidates.
  std::vector<float> cosines_of(const Query& query, const std::vector<size_t>& ids) const;

  size_t dimensions() const { return dims_; }
  size_t size() const { return scales_.size(); }
  /// Bytes held by the vectors (int8 rows + scales), for budgets and benchmarks.
  size_t memory_bytes() const { return codes_.size() + scales_.size() * sizeof(float); }

 private:
  explicit VectorIndex(size_t dims) : dims_(dims) {}
  size_t dims_;
  std::vector<int8_t> codes_;  ///< size() x dims_ codes
  std::vector<float> scales_;  ///< per vector: 1 / |codes| (0 for a zero vector)
};

/// True when none of the `n` values is NaN or infinite.
bool all_finite(const float* v, size_t n);

/// Quantises `v` (length n, finite) to int8 codes with max-abs scaling and returns
/// 1 / |codes| so that dot(codes_a, codes_b) * ra * rb is the cosine; 0 for a zero vector.
float quantize_unit_int8(const float* v, size_t n, int8_t* codes);

/// Sum of a[i] * b[i] over n int8 values, accumulated in int32 (no overflow below 2^17 values).
/// Uses wasm SIMD when compiled with -msimd128, otherwise a loop compilers auto-vectorise.
int32_t dot_int8(const int8_t* a, const int8_t* b, size_t n);

/// dot_int8 of `q` with each of `count` consecutive rows of `n` codes, into out[0..count).
/// With wasm SIMD the query is widened once and four rows are scored together.
void dot_int8_rows(const int8_t* q, const int8_t* rows, size_t n, size_t count, int32_t* out);

}  // namespace toolsearch
