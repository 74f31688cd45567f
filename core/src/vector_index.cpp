#include "toolsearch/vector_index.hpp"

#include "toolsearch/top_k.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

namespace toolsearch {

bool all_finite(const float* v, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (!std::isfinite(v[i])) return false;
  }
  return true;
}

namespace {

// Best first, then smaller id: the order search() returns and the heap keeps. A type, not a
// function pointer, so the heap's comparisons inline.
struct Better {
  bool operator()(const VectorHit& a, const VectorHit& b) const {
    return a.score > b.score || (a.score == b.score && a.id < b.id);
  }
};

// Rows scored per dot_int8_rows call, into a buffer on the stack.
constexpr size_t kBlock = 256;

}  // namespace

float quantize_unit_int8(const float* v, size_t n, int8_t* codes) {
  float max_abs = 0.0f;
  for (size_t i = 0; i < n; i++) max_abs = std::max(max_abs, std::fabs(v[i]));
  if (max_abs == 0.0f) {
    std::fill(codes, codes + n, int8_t{0});
    return 0.0f;
  }
  // Normalising first is unnecessary: the direction is all a cosine needs, and the max-abs
  // scale uses the full int8 range whatever the input's length.
  // The scale in float, as every stored code was made; a max_abs below 127 / FLT_MAX (a vector
  // of subnormals) would make it infinite, and the codes garbage, so those take it in double.
  const float to_code = 127.0f / max_abs;
  const bool tiny = !std::isfinite(to_code);
  const double to_code_tiny = 127.0 / static_cast<double>(max_abs);
  int64_t norm2 = 0;
  for (size_t i = 0; i < n; i++) {
    // lround, written out: |x| <= 127 here, and x + 0.5 in double is exact, so truncating it
    // rounds half away from zero as lround does, without a libm call per value in wasm.
    const double x = tiny ? static_cast<double>(v[i]) * to_code_tiny : static_cast<double>(v[i] * to_code);
    const int c = static_cast<int>(x >= 0 ? x + 0.5 : x - 0.5);
    codes[i] = static_cast<int8_t>(std::clamp(c, -127, 127));
    norm2 += int64_t{codes[i]} * codes[i];
  }
  return norm2 > 0 ? static_cast<float>(1.0 / std::sqrt(static_cast<double>(norm2))) : 0.0f;
}

int32_t dot_int8(const int8_t* a, const int8_t* b, size_t n) {
  int32_t sum = 0;
  dot_int8_rows(a, b, n, 1, &sum);
  return sum;
}

namespace {

// dot_int8_rows over a list of rows, wherever they are: one copy of the kernel serves the scan
// (consecutive rows) and cosines_of (any rows).
void dot_rows(const int8_t* q, size_t n, size_t count, const int8_t* const* row_at, int32_t* out) {
  size_t r = 0;
#ifdef __wasm_simd128__
  // The query is widened to i16 once; i32x4.dot_i16x8_s (one x86 instruction, pmaddwd) then
  // multiplies and pair-adds 8 codes at a time. Four rows share each widened query vector. The
  // SIMD loop stops at the last whole 16 codes (scalar tail below).
  const size_t blocks = n / 16;
  v128_t wide[2 * (VectorIndex::kMaxDimensions / 16)];
  for (size_t b = 0; b < blocks; b++) {
    const v128_t v = wasm_v128_load(q + b * 16);
    wide[2 * b] = wasm_i16x8_extend_low_i8x16(v);
    wide[2 * b + 1] = wasm_i16x8_extend_high_i8x16(v);
  }
  auto step = [&](v128_t acc, const int8_t* row, size_t b) {
    const v128_t codes = wasm_v128_load(row + b * 16);
    return wasm_i32x4_add(acc, wasm_i32x4_add(wasm_i32x4_dot_i16x8(wide[2 * b], wasm_i16x8_extend_low_i8x16(codes)),
                                              wasm_i32x4_dot_i16x8(wide[2 * b + 1], wasm_i16x8_extend_high_i8x16(codes))));
  };
  auto sum4 = [](v128_t acc) {
    return wasm_i32x4_extract_lane(acc, 0) + wasm_i32x4_extract_lane(acc, 1) + wasm_i32x4_extract_lane(acc, 2) +
           wasm_i32x4_extract_lane(acc, 3);
  };
  for (; r + 4 <= count; r += 4) {
    const int8_t *row0 = row_at[r], *row1 = row_at[r + 1], *row2 = row_at[r + 2], *row3 = row_at[r + 3];
    v128_t a0 = wasm_i32x4_splat(0), a1 = a0, a2 = a0, a3 = a0;
    for (size_t b = 0; b < blocks; b++) {
      a0 = step(a0, row0, b);
      a1 = step(a1, row1, b);
      a2 = step(a2, row2, b);
      a3 = step(a3, row3, b);
    }
    out[r] = sum4(a0);
    out[r + 1] = sum4(a1);
    out[r + 2] = sum4(a2);
    out[r + 3] = sum4(a3);
  }
  for (size_t rest = r; rest < count; rest++) {
    v128_t acc = wasm_i32x4_splat(0);
    const int8_t* row = row_at[rest];
    for (size_t b = 0; b < blocks; b++) acc = step(acc, row, b);
    out[rest] = sum4(acc);
  }
  const size_t first = blocks * 16;  // the scalar tail of every row starts here
#else
  const size_t first = 0;
  for (size_t k = 0; k < count; k++) out[k] = 0;
#endif
  // The scalar part: the tail past the last 16 codes (wasm), or everything (native: a plain
  // widening multiply-add that compilers vectorise at -O3).
  for (r = 0; r < count; r++) {
    const int8_t* row = row_at[r];
    int32_t t = 0;
    for (size_t i = first; i < n; i++) t += int32_t{q[i]} * int32_t{row[i]};
    out[r] += t;
  }
}

}  // namespace

void dot_int8_rows(const int8_t* q, const int8_t* rows, size_t n, size_t count, int32_t* out) {
  const int8_t* at[kBlock];
  for (size_t first = 0; first < count; first += kBlock) {
    const size_t m = std::min(kBlock, count - first);
    for (size_t r = 0; r < m; r++) at[r] = rows + (first + r) * n;
    dot_rows(q, n, m, at, out + first);
  }
}

Result<VectorIndex> VectorIndex::create(size_t dimensions) {
  if (dimensions == 0 || dimensions > kMaxDimensions) {
    return Status::error(ErrorCode::InvalidArgument, "vector dimensions must be 1.." + std::to_string(kMaxDimensions) +
                                                         ", got " + std::to_string(dimensions));
  }
  return VectorIndex(dimensions);
}

Status VectorIndex::add(const std::vector<float>& flat) { return add(flat.data(), flat.size()); }

Status VectorIndex::add(const float* values, size_t count) {
  if (count % dims_ != 0) {
    return Status::error(ErrorCode::InvalidArgument, std::to_string(count) + " values is not a whole number of " +
                                                         std::to_string(dims_) + "-dimensional vectors");
  }
  const size_t rows = count / dims_;
  // Validate everything before changing anything: a batch is added whole or not at all.
  for (size_t r = 0; r < rows; r++) {
    if (!all_finite(values + r * dims_, dims_)) {
      return Status::error(ErrorCode::InvalidArgument,
                           "vector " + std::to_string(size() + r) + " has a NaN or infinite value");
    }
  }
  const size_t first = codes_.size();
  codes_.resize(first + count);
  scales_.reserve(scales_.size() + rows);
  for (size_t r = 0; r < rows; r++) {
    scales_.push_back(quantize_unit_int8(values + r * dims_, dims_, codes_.data() + first + r * dims_));
  }
  return Status::success();
}

void VectorIndex::add_quantized(const int8_t* codes, float scale) {
  codes_.insert(codes_.end(), codes, codes + dims_);
  scales_.push_back(scale);
}

Result<VectorIndex::Query> VectorIndex::quantize(const std::vector<float>& query) const {
  if (query.size() != dims_) {
    return Status::error(ErrorCode::InvalidArgument, "query has " + std::to_string(query.size()) +
                                                         " dimensions, the index " + std::to_string(dims_));
  }
  if (!all_finite(query.data(), dims_)) {
    return Status::error(ErrorCode::InvalidArgument, "query has a NaN or infinite value");
  }
  Query q;
  q.codes.resize(dims_);
  q.scale = quantize_unit_int8(query.data(), dims_, q.codes.data());
  return q;
}

namespace {

// Calls visit(id, cosine) for every row, scoring kBlock rows at a time.
template <class Visit>
void scan(const VectorIndex::Query& query, const std::vector<int8_t>& codes, const std::vector<float>& scales,
          size_t dims, Visit visit) {
  int32_t dots[kBlock];
  for (size_t first = 0; first < scales.size(); first += kBlock) {
    const size_t count = std::min(kBlock, scales.size() - first);
    dot_int8_rows(query.codes.data(), codes.data() + first * dims, dims, count, dots);
    for (size_t j = 0; j < count; j++) visit(first + j, static_cast<float>(dots[j]) * query.scale * scales[first + j]);
  }
}

}  // namespace

Result<std::vector<float>> VectorIndex::cosines(const std::vector<float>& query) const {
  auto q = quantize(query);
  if (!q.ok()) return q.status();
  std::vector<float> out(size());
  scan(q.value(), codes_, scales_, dims_, [&](size_t id, float score) { out[id] = score; });
  return out;
}

std::vector<float> VectorIndex::cosines_of(const Query& query, const std::vector<size_t>& ids) const {
  std::vector<float> out(ids.size());
  int32_t dots[kBlock];
  const int8_t* rows[kBlock];
  for (size_t first = 0; first < ids.size(); first += kBlock) {
    const size_t count = std::min(kBlock, ids.size() - first);
    for (size_t j = 0; j < count; j++) rows[j] = codes_.data() + ids[first + j] * dims_;
    dot_rows(query.codes.data(), dims_, count, rows, dots);
    // The same product, in the same order, as scan() and top(): equal cosines for equal rows.
    for (size_t j = 0; j < count; j++) out[first + j] = static_cast<float>(dots[j]) * query.scale * scales_[ids[first + j]];
  }
  return out;
}

std::vector<VectorHit> VectorIndex::top(const Query& query, size_t k, const VectorFilter& filter, bool skip_zero) const {
  std::vector<VectorHit> heap;  // the k best so far, worst on top
  if (k == 0) return heap;
  heap.reserve(std::min(k, size()) + 1);
  // The worst kept score, in a local: once the heap is full, nearly every row falls below it,
  // so rows are tested four at a time and only a group with a row at or above it is visited.
  float worst = -std::numeric_limits<float>::infinity();
  auto offer = [&](size_t id, float score) {
    if (score < worst || (skip_zero && score == 0.0f)) return;  // no heap work
    if (filter && !filter(id)) return;
    keep_best(heap, k, VectorHit{id, score}, Better());
    if (heap.size() == k) worst = heap.front().score;
  };
  int32_t dots[kBlock];
  float scores[kBlock];
  for (size_t first = 0; first < scales_.size(); first += kBlock) {
    const size_t count = std::min(kBlock, scales_.size() - first);
    dot_int8_rows(query.codes.data(), codes_.data() + first * dims_, dims_, count, dots);
    const float* scale = scales_.data() + first;
    for (size_t j = 0; j < count; j++) scores[j] = static_cast<float>(dots[j]) * query.scale * scale[j];
    size_t j = 0;
#ifdef __wasm_simd128__
    for (; j + 4 <= count; j += 4) {
      if (wasm_v128_any_true(wasm_f32x4_ge(wasm_v128_load(scores + j), wasm_f32x4_splat(worst)))) {
        for (size_t i = j; i < j + 4; i++) offer(first + i, scores[i]);
      }
    }
#endif
    for (; j < count; j++) offer(first + j, scores[j]);
  }
  std::sort_heap(heap.begin(), heap.end(), Better());
  return heap;
}

Result<std::vector<VectorHit>> VectorIndex::search(const std::vector<float>& query, size_t k,
                                                   const VectorFilter& filter) const {
  auto q = quantize(query);
  if (!q.ok()) return q.status();
  return top(q.value(), k, filter);
}

}  // namespace toolsearch
