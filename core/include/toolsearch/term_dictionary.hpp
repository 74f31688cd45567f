// A vocabulary: dense ids for distinct strings, looked up by string_view, so that a query's
// tokens find their ids without building a std::string each. Open addressing over FNV-1a; the
// strings live in one buffer (a snapshot copies it, instead of allocating one per term).
#pragma once

#include "toolsearch/byte_io.hpp"
#include "toolsearch/text_column.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace toolsearch {

class TermDictionary {
 public:
  static constexpr uint32_t kNone = UINT32_MAX;

  /// The id of `term`, added when new. Ids are 0, 1, 2, ... in order of first appearance.
  uint32_t intern(std::string_view term);
  /// The id of `term`, or kNone.
  uint32_t find(std::string_view term) const;

  std::string_view operator[](uint32_t id) const { return terms_[id]; }
  size_t size() const { return terms_.size(); }
  /// True when every id is found by its own term (no term is stored twice).
  bool ids_are_unique() const;
  /// Room for `terms` terms of `chars` bytes in all, before interning them.
  void reserve(size_t terms, size_t chars);

  /// The terms in id order and the hash table (a snapshot's copy).
  void write(ByteWriter& out) const;
  /// Replaces the contents with what write() wrote; a table that could send a lookup out of
  /// bounds or round forever fails `in`, and so does one with a run of more than kMaxRun filled
  /// slots unless interning its terms makes exactly that table (terms written to collide).
  void read(ByteReader& in);
  /// Runs of filled slots up to this long are taken as they are when read; longer ones cost a
  /// check that hashes every term.
  static constexpr size_t kMaxRun = 1024;

  /// FNV-1a 64 of the bytes, folded to 32 bits (not seeded).
  static uint32_t hash(std::string_view term);

 private:
  bool is_interned_table() const;
  void rehash(size_t slots);

  TextColumn terms_;
  std::vector<uint32_t> hashes_;  // per id, so growing never rehashes the text
  std::vector<uint32_t> slots_;   // id + 1, 0 = empty; size a power of two, at most half full
};

}  // namespace toolsearch
