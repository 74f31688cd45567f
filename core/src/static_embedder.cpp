#include "toolsearch/static_embedder.hpp"

#include "toolsearch/scratch.hpp"
#include "toolsearch/utf8.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

namespace toolsearch {

namespace {

constexpr size_t kHeader = 32;

// v[d] += scale * row[d] for d < n. Four lanes at a time in wasm (a multiply, then an add: the
// same two roundings as the scalar loop, so the same floats); 16 codes are widened per step.
void add_scaled_row(float* v, const int8_t* row, float scale, size_t n) {
  size_t d = 0;
#ifdef __wasm_simd128__
  const v128_t s = wasm_f32x4_splat(scale);
  auto add4 = [&](size_t at, v128_t i32) {
    wasm_v128_store(v + at, wasm_f32x4_add(wasm_v128_load(v + at), wasm_f32x4_mul(s, wasm_f32x4_convert_i32x4(i32))));
  };
  for (; d + 16 <= n; d += 16) {
    const v128_t codes = wasm_v128_load(row + d);
    const v128_t low = wasm_i16x8_extend_low_i8x16(codes), high = wasm_i16x8_extend_high_i8x16(codes);
    add4(d, wasm_i32x4_extend_low_i16x8(low));
    add4(d + 4, wasm_i32x4_extend_high_i16x8(low));
    add4(d + 8, wasm_i32x4_extend_low_i16x8(high));
    add4(d + 12, wasm_i32x4_extend_high_i16x8(high));
  }
#endif
  for (; d < n; d++) v[d] += scale * static_cast<float>(row[d]);
}

uint32_t read_u32(const uint8_t* p) {
  return uint32_t{p[0]} | (uint32_t{p[1]} << 8) | (uint32_t{p[2]} << 16) | (uint32_t{p[3]} << 24);
}

float read_f32(const uint8_t* p) {
  const uint32_t bits = read_u32(p);
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

Status corrupt(const std::string& what) {
  return Status::error(ErrorCode::InvalidArgument, "static embedding table: " + what);
}

// The table holds surface words (scripts/distill-static-table.mjs), so nothing is stemmed here:
// the search analyzer's default light stemmer would look up "fil", "creat" and "issu" for
// "file", "create" and "issue", which the table does not hold.
AnalyzerOptions embedder_analyzer() {
  AnalyzerOptions o;
  o.keep_whole_identifier = false;
  o.stemmer = Stemmer();
  return o;
}

}  // namespace

Result<StaticEmbedder> StaticEmbedder::load(const uint8_t* bytes, size_t size, std::shared_ptr<const void> owner) {
  if (bytes == nullptr || size < kHeader) return corrupt("truncated header");
  if (std::memcmp(bytes, "TSSE", 4) != 0) return corrupt("bad magic (not a TSSE table)");
  const uint32_t version = read_u32(bytes + 4);
  if (version != kVersion) return corrupt("unsupported version " + std::to_string(version));
  const uint64_t dims = read_u32(bytes + 8);
  const uint64_t count = read_u32(bytes + 12);
  const uint64_t vocab_bytes = read_u32(bytes + 16);
  // Flags and the reserved bytes: 0 in every table this engine reads, so that a later version
  // may give them a meaning that an older engine then refuses instead of misreading.
  if ((read_u32(bytes + 20) | read_u32(bytes + 24) | read_u32(bytes + 28)) != 0) return corrupt("unknown flags or reserved bytes");
  if (dims == 0 || dims > kMaxDimensions) return corrupt("dims " + std::to_string(dims) + " out of 1..4096");
  if (count == 0) return corrupt("empty vocabulary");
  // 64-bit arithmetic: u32 fields cannot overflow it, so a hostile header cannot wrap sizes.
  const uint64_t pad = (4 - (kHeader + vocab_bytes) % 4) % 4;
  const uint64_t scales_at = kHeader + vocab_bytes + pad;
  const uint64_t rows_at = scales_at + 4 * count;
  const uint64_t expected = rows_at + count * dims;
  if (size < expected) return corrupt("truncated (" + std::to_string(size) + " of " + std::to_string(expected) + " bytes)");
  if (size > expected) return corrupt("trailing bytes after the rows");

  StaticEmbedder e;
  e.dims_ = static_cast<size_t>(dims);
  e.words_.reserve(static_cast<size_t>(count), static_cast<size_t>(vocab_bytes));
  size_t at = kHeader;
  const size_t vocab_end = kHeader + static_cast<size_t>(vocab_bytes);
  std::string_view previous;
  for (uint64_t i = 0; i < count; i++) {
    if (at >= vocab_end) return corrupt("vocabulary block shorter than its word count");
    const size_t len = bytes[at++];
    if (len == 0) return corrupt("empty word");
    if (at + len > vocab_end) return corrupt("word runs past the vocabulary block");
    const std::string_view word(reinterpret_cast<const char*>(bytes + at), len);
    if (decode_utf8(word).invalid_bytes != 0) return corrupt("word " + std::to_string(i) + " is not valid UTF-8");
    // Strictly ascending, so no word repeats and each id is its row.
    if (i > 0 && !(previous < word)) return corrupt("vocabulary not strictly ascending at word " + std::to_string(i));
    e.words_.intern(word);
    previous = word;
    at += len;
  }
  if (at != vocab_end) return corrupt("vocabulary block longer than its words");
  e.scales_.resize(static_cast<size_t>(count));
  for (size_t i = 0; i < e.scales_.size(); i++) {
    e.scales_[i] = read_f32(bytes + scales_at + 4 * i);
    if (!std::isfinite(e.scales_[i]) || e.scales_[i] < 0) return corrupt("bad scale for word " + std::to_string(i));
  }
  const auto* rows = reinterpret_cast<const int8_t*>(bytes + rows_at);
  if (owner) {
    e.rows_ = std::shared_ptr<const int8_t>(std::move(owner), rows);
  } else {
    std::shared_ptr<int8_t[]> copy(new int8_t[static_cast<size_t>(count * dims)]);
    std::memcpy(copy.get(), rows, static_cast<size_t>(count * dims));
    e.rows_ = std::shared_ptr<const int8_t>(copy, copy.get());
  }
  e.analyzer_ = Analyzer(embedder_analyzer());
  return e;
}

size_t StaticEmbedder::find(std::string_view word) const {
  const uint32_t id = words_.find(word);
  return id == TermDictionary::kNone ? words_.size() : id;
}

bool StaticEmbedder::reads_like(const AnalyzerOptions& options) const {
  const AnalyzerOptions& own = analyzer_.options();
  return options.cjk_bigrams == own.cjk_bigrams && options.min_token_chars == own.min_token_chars &&
         options.stop_words == own.stop_words;
}

StaticEmbedding StaticEmbedder::embed(std::string_view text) const {
  // Scratch buffers: no string per token (decoding and analysis were most of the time).
  ScratchLease<std::u32string> decoded;
  ScratchLease<TokenBuffer> tokens;
  decode_utf8_into(text, decoded.get());
  tokens.get().clear();
  analyzer_.analyze_into(decoded.get(), tokens.get());
  return embed_tokens(tokens.get());
}

StaticEmbedding StaticEmbedder::embed_tokens(const TokenBuffer& tokens) const {
  StaticEmbedding out;
  out.vector.assign(dims_, 0.0f);
  out.tokens = tokens.size();
  float* v = out.vector.data();
  for (size_t k = 0; k < tokens.size(); k++) {
    const size_t i = find(tokens[k]);
    if (i == words_.size()) continue;
    out.known_tokens++;
    add_scaled_row(v, rows_.get() + i * dims_, scales_[i], dims_);
  }
  double norm2 = 0;
  for (size_t d = 0; d < dims_; d++) norm2 += double{v[d]} * v[d];
  if (!std::isfinite(norm2)) {
    // The float sum overflowed (a table with huge scales): summed again in double, which a
    // table's finite scales cannot overflow, so any valid table embeds any text to a unit vector.
    std::vector<double> wide(dims_, 0.0);
    for (size_t k = 0; k < tokens.size(); k++) {
      const size_t i = find(tokens[k]);
      if (i == words_.size()) continue;
      const int8_t* row = rows_.get() + i * dims_;
      for (size_t d = 0; d < dims_; d++) wide[d] += double{scales_[i]} * row[d];
    }
    norm2 = 0;
    for (size_t d = 0; d < dims_; d++) norm2 += wide[d] * wide[d];
    const double norm = std::sqrt(norm2);
    for (size_t d = 0; d < dims_; d++) v[d] = norm > 0 ? static_cast<float>(wide[d] / norm) : 0.0f;
    return out;
  }
  if (norm2 > 0) {
    const double inv = 1.0 / std::sqrt(norm2);
    if (inv <= std::numeric_limits<float>::max()) {
      const float inv_f = static_cast<float>(inv);
      for (size_t d = 0; d < dims_; d++) v[d] *= inv_f;
    } else {
      // A sum of subnormals (a table with tiny scales): the float inverse would be infinite.
      for (size_t d = 0; d < dims_; d++) v[d] = static_cast<float>(v[d] * inv);
    }
  }
  return out;
}

}  // namespace toolsearch
