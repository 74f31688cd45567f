// A static word-embedding table (model2vec-style, distilled from a sentence encoder by
// scripts/distill-static-table.mjs): the semantic leg without a neural model at query time.
// A query is embedded by tokenising it with the engine's analyzer, looking each token up and
// summing the rows (each row already carries its SIF weight), then L2-normalising.
//
// Table format "TSSE" version 1 (little-endian; scripts/lib/static-table.mjs writes it):
//   0   magic "TSSE"          4 bytes
//   4   version = 1           u32
//   8   dims (1..4096)        u32
//   12  count (>= 1)          u32   number of words
//   16  vocab_bytes           u32   size of the vocabulary block
//   20  flags = 0             u32   reserved (another value is refused)
//   24  reserved = 0          8 bytes (refused otherwise)
//   32  vocabulary            count x (u8 length 1..255, UTF-8 bytes), strictly ascending
//                                   bytewise; then zero padding to a multiple of 4
//   .   scales                count x f32 (finite, >= 0): value = int8 code * scale
//   .   rows                  count x dims int8
// and nothing after: the size is fully determined by the header.
#pragma once

#include "toolsearch/status.hpp"
#include "toolsearch/term_dictionary.hpp"
#include "toolsearch/tokenizer.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace toolsearch {

/// A query or tool text embedded by a StaticEmbedder.
struct StaticEmbedding {
  std::vector<float> vector;  ///< dims() values, unit length; all zeros when no token is known
  size_t tokens = 0;          ///< tokens the analyzer produced
  size_t known_tokens = 0;    ///< of which found in the table
  /// The share of the tokens the table knows: known_tokens / tokens (0 for no tokens).
  double coverage() const { return tokens > 0 ? static_cast<double>(known_tokens) / static_cast<double>(tokens) : 0.0; }
};

class StaticEmbedder {
 public:
  static constexpr uint32_t kVersion = 1;
  static constexpr size_t kMaxDimensions = 4096;

  /// Parses and validates a TSSE table. InvalidArgument on a wrong magic, an unsupported
  /// version or flags, sizes that disagree with the header (truncated or trailing bytes), an
  /// empty, unsorted, duplicate or non-UTF-8 word, or a negative or non-finite scale. With an
  /// `owner` (what keeps `bytes` alive; nothing may write them again) the rows, most of the
  /// table, are read where they are; without one (the default) they are copied.
  static Result<StaticEmbedder> load(const uint8_t* bytes, size_t size, std::shared_ptr<const void> owner = nullptr);
  static Result<StaticEmbedder> load(const std::vector<uint8_t>& bytes) { return load(bytes.data(), bytes.size()); }

  /// Embeds `text`: the analyzer's default pipeline without stemming (the table holds surface
  /// words) and without whole-identifier tokens ("JavaScript" would count twice: its parts and
  /// the word "javascript"); unknown tokens are skipped.
  StaticEmbedding embed(std::string_view text) const;
  /// Embeds tokens an analyzer has already made: an Analyzer's `surface` tokens
  /// (Analyzer::analyze_into), when that analyzer reads_like() this embedder's.
  StaticEmbedding embed_tokens(const TokenBuffer& tokens) const;
  /// True when an analyzer of `options` splits, folds and drops tokens as this embedder's
  /// does (its stemming and whole identifiers aside), so its surface tokens can be embedded.
  bool reads_like(const AnalyzerOptions& options) const;

  size_t dimensions() const { return dims_; }
  size_t vocabulary_size() const { return words_.size(); }
  /// Index of `word` (already folded) in the table, or vocabulary_size() when absent.
  size_t find(std::string_view word) const;

 private:
  StaticEmbedder() = default;
  size_t dims_ = 0;
  TermDictionary words_;  ///< ids are table rows: a hash lookup per token, no string compares
  std::vector<float> scales_;
  std::shared_ptr<const int8_t> rows_;  ///< count x dims codes: in the owner's bytes, or a copy
  Analyzer analyzer_;
};

}  // namespace toolsearch
