// The semantic leg's store: one embedding per tool, kept by tool name together with a hash of
// the text it was computed from. A tool whose text did not change is never embedded again, even
// when its server is re-listed (replace_source removes and re-adds every tool of a source).
#pragma once

#include "toolsearch/byte_io.hpp"
#include "toolsearch/catalog.hpp"
#include "toolsearch/status.hpp"
#include "toolsearch/vector_index.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace toolsearch {

/// The text a tool is embedded from: its name with identifiers split into words, a colon and
/// its description ("read_text_file" -> "read text file: Read the complete contents ...").
/// Parameters are left out: with them the Universal Sentence Encoder ranked worse on both dev
/// sets (scripts/semantic-eval.mjs).
std::string embedding_text(const Tool& tool);

/// A 64-bit FNV-1a hash of `text`, written as 16 lower-case hex digits: the cache key of a tool
/// vector (with the embedder's id).
std::string text_hash(std::string_view text);

/// A tool that has no vector for the current embedder, or whose text changed since.
struct PendingVector {
  std::string name;
  std::string text;  ///< embedding_text(tool)
  std::string hash;  ///< text_hash(text)
};

class ToolVectors {
 public:
  /// Starts (or keeps) the store for `embedder_id` with `dimensions` (1..VectorIndex::kMaxDimensions).
  /// A different id or dimension count drops every stored vector: they are not comparable.
  Status use_embedder(const std::string& embedder_id, size_t dimensions);
  const std::string& embedder_id() const { return embedder_; }
  size_t dimensions() const { return dims_; }

  /// Tools of `catalog` without a vector for their current text, in catalog order.
  std::vector<PendingVector> pending(const Catalog& catalog) const;

  /// Stores one vector per entry of `names`/`hashes` (`values` holds names.size() x dimensions()
  /// floats, row-major). All or nothing: InvalidArgument when no embedder is set, the sizes
  /// disagree, or a value is NaN or infinite; nothing is stored then.
  Status store(const std::vector<std::string>& names, const std::vector<std::string>& hashes, const float* values,
               size_t count);

  /// The vectors aligned with `catalog`'s tools (a tool without a current vector gets a zero
  /// row, which scores 0), rebuilt only when the catalog or the store changed.
  std::shared_ptr<const VectorIndex> index(const Catalog& catalog) const;

  /// Stored vectors, current or not.
  size_t size() const { return entries_.size(); }
  /// Tools of `catalog` that have a current vector.
  size_t coverage(const Catalog& catalog) const;
  /// Forgets vectors of tools no longer in `catalog` (called when the store outgrows it).
  void prune(const Catalog& catalog);

  /// The embedder, its dimensions and every stored vector, in storage order (a snapshot's copy).
  void write(ByteWriter& out) const;
  /// Replaces the store with what write() wrote; failures go to `in`.
  void read(ByteReader& in);

 private:
  struct Entry {
    std::string name;
    std::string hash;
    std::vector<int8_t> codes;  ///< quantize_unit_int8 of the vector
    float scale = 0;
  };
  Entry* find(const std::string& name);
  const Entry* find(const std::string& name) const;
  const Entry* current(const Tool& tool, std::string& text_hash_out) const;

  std::string embedder_;
  size_t dims_ = 0;
  // By tool name: a name -> position map of the same type the search index uses (one hash map
  // instantiation fewer in the wasm) over a plain vector.
  std::unordered_map<std::string, uint32_t> slots_;
  std::vector<Entry> entries_;
  uint64_t version_ = 0;                            ///< bumped by every change of entries_
  mutable std::shared_ptr<const VectorIndex> index_;
  mutable uint64_t index_catalog_revision_ = ~uint64_t{0};
  mutable uint64_t index_version_ = ~uint64_t{0};
};

}  // namespace toolsearch
