// Tool names as the search sees them: the exact-name tiers, the literal substring fallback and
// "did you mean" suggestions. Built once per index; immutable afterwards.
#pragma once

#include "toolsearch/term_dictionary.hpp"
#include "toolsearch/tokenizer.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace toolsearch {

/// The query as one folded UTF-8 string with surrounding blanks removed (literal matching).
std::string folded_trimmed(std::string_view text);
/// Same, for text already decoded.
std::string folded_trimmed(std::u32string_view text);

/// A tool the query names.
struct ExactMatch {
  uint32_t tool;
  int tier;         ///< 0: literal name, 1: same part sequence, 2: spelled by one query chunk
  uint32_t length;  ///< parts of the matched name (longer names are more specific)
};

class NameMatcher {
 public:
  /// Registers tool number `tool` (tools are added in catalog order, 0, 1, ...) under its
  /// name and, when different, its unprefixed MCP name.
  void add(uint32_t tool, const std::string& name, const std::string& original_name, const Analyzer& analyzer);
  /// Keeps the next position empty (a tool outside a scoped index): it matches nothing.
  void add_absent();

  /// Tools named by the query (decoded), into `found` (replacing its contents), one entry per
  /// tool with its best tier (see SearchIndex::search for the tiers). `literal` is
  /// folded_trimmed(query).
  void exact_matches(std::u32string_view query, const std::string& literal, const Analyzer& analyzer,
                     std::vector<ExactMatch>& found) const;

  /// 0 when neither name of `tool` relates to the folded query, else min/max length ratio in
  /// (0, 1]: the name contains the query (2+ bytes) or the query contains the name (3+ bytes).
  double substring_closeness(const std::string& literal, uint32_t tool) const;

  /// Up to `max` names close to `name`, best first (see SearchIndex::suggest).
  std::vector<std::string> suggest(std::string_view name, size_t max,
                                   const std::function<bool(size_t)>& filter) const;

  std::string_view name(uint32_t tool) const { return names_[tool]; }
  /// Positions registered (tools and absent ones).
  size_t size() const { return names_.size(); }

  /// The tables a snapshot keeps (docs/snapshot-format.md): flat arrays, copied whole.
  void write(ByteWriter& out) const;
  /// Replaces the contents with what write() wrote for `tools` positions; failures go to `in`.
  void read(ByteReader& in, size_t tools);

 private:
  // Tools listed under each key id (a dictionary's ids): head[key] is the newest entry + 1,
  // entries chain to older ones through next (+ 1; 0 ends). Flat, so a snapshot copies it.
  struct ToolLists {
    std::vector<uint32_t> head;
    std::vector<uint32_t> tool;
    std::vector<uint32_t> next;
    void add(uint32_t key, uint32_t t);
    /// The newest tool listed under `key`, or TermDictionary::kNone.
    uint32_t newest(uint32_t key) const;
    template <class Visit>
    void for_each(uint32_t key, Visit visit) const {
      for (uint32_t e = key < head.size() ? head[key] : 0; e != 0; e = next[e - 1]) visit(tool[e - 1]);
    }
    void write(ByteWriter& out) const;
    void read(ByteReader& in, size_t keys, size_t tools);
  };
  void add_seq(uint32_t tool, const std::string& name, const Analyzer& analyzer);
  template <class Visit>
  void for_each_equal_seq(const TokenBuffer& parts, Visit visit) const;

  TextColumn names_;
  TextColumn folded_names_;       // UTF-8, folded
  TextColumn folded_originals_;   // empty when equal to the name
  TermDictionary literals_;       // folded names and originals
  ToolLists literal_tools_;       // by literals_ id
  TermDictionary part_ids_;
  TermDictionary seqs_;           // part id sequences, as the bytes of their uint32 ids
  ToolLists seq_tools_;           // by seqs_ id
  size_t max_name_parts_ = 0;     // longest name, in parts
  size_t max_literal_bytes_ = 0;  // longest folded name, in bytes
};

}  // namespace toolsearch
