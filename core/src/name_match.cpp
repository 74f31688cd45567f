#include "toolsearch/name_match.hpp"

#include "toolsearch/scratch.hpp"
#include "toolsearch/text.hpp"
#include "toolsearch/sort_by.hpp"

#include <algorithm>
#include <cstring>
#include <limits>

namespace toolsearch {
namespace {


// A run of the query between blanks and CJK characters, its word characters only.
struct Chunk {
  size_t start;
  size_t end;
  bool one_part;  // plain word: letters, no capital after the first (common prose)
};

}  // namespace

// The query as one folded UTF-8 string with surrounding blanks removed (for literal matching).
std::string folded_trimmed(std::string_view text) { return folded_trimmed(decode_utf8(text).text); }

std::string folded_trimmed(std::u32string_view decoded) {
  size_t begin = 0;
  size_t end = decoded.size();
  while (begin < end && is_unicode_space(decoded[begin])) ++begin;
  while (end > begin && is_unicode_space(decoded[end - 1])) --end;
  std::string out(4 * (end - begin), '\0');
  char* at = out.data();
  for (size_t i = begin; i < end; ++i) at = write_utf8(fold_char(decoded[i]), at);
  out.resize(static_cast<size_t>(at - out.data()));
  return out;
}

void NameMatcher::ToolLists::add(uint32_t key, uint32_t t) {
  if (head.size() <= key) head.resize(key + 1, 0);
  tool.push_back(t);
  next.push_back(head[key]);
  head[key] = static_cast<uint32_t>(tool.size());
}

uint32_t NameMatcher::ToolLists::newest(uint32_t key) const {
  return key < head.size() && head[key] != 0 ? tool[head[key] - 1] : TermDictionary::kNone;
}

void NameMatcher::add(uint32_t tool, const std::string& name, const std::string& original_name,
                      const Analyzer& analyzer) {
  const std::string folded = folded_trimmed(name);
  const bool distinct_original = !original_name.empty() && original_name != name;
  const std::string folded_original = distinct_original ? folded_trimmed(original_name) : std::string();
  names_.push_back(name);
  folded_names_.push_back(folded);
  folded_originals_.push_back(folded_original);
  max_literal_bytes_ = std::max({max_literal_bytes_, folded.size(), folded_original.size()});
  literal_tools_.add(literals_.intern(folded), tool);
  if (distinct_original && folded_original != folded) literal_tools_.add(literals_.intern(folded_original), tool);
  add_seq(tool, name, analyzer);
  if (distinct_original) add_seq(tool, original_name, analyzer);
}

void NameMatcher::add_absent() {
  names_.push_back({});
  folded_names_.push_back({});
  folded_originals_.push_back({});
}

void NameMatcher::add_seq(uint32_t tool, const std::string& name, const Analyzer& analyzer) {
  const std::vector<std::string> parts = analyzer.name_parts(name);
  if (parts.empty()) return;
  std::vector<uint32_t> ids;
  for (const std::string& p : parts) ids.push_back(part_ids_.intern(p));
  const uint32_t key = seqs_.intern(std::string_view(reinterpret_cast<const char*>(ids.data()), ids.size() * sizeof(uint32_t)));
  // A tool adds its name, then its original name: only the newest entry can repeat it.
  if (seq_tools_.newest(key) == tool) return;
  max_name_parts_ = std::max(max_name_parts_, ids.size());
  seq_tools_.add(key, tool);
}

// Calls visit(tool, parts) for each name whose part sequence is `parts` (none when a part is
// unknown to every name).
template <class Visit>
void NameMatcher::for_each_equal_seq(const TokenBuffer& parts, Visit visit) const {
  if (parts.empty()) return;
  ScratchLease<std::vector<uint32_t>> lease;
  std::vector<uint32_t>& ids = lease.get();
  ids.resize(parts.size());
  for (size_t i = 0; i < parts.size(); ++i) {
    ids[i] = part_ids_.find(parts[i]);
    if (ids[i] == TermDictionary::kNone) return;
  }
  const uint32_t key = seqs_.find(std::string_view(reinterpret_cast<const char*>(ids.data()), ids.size() * sizeof(uint32_t)));
  if (key == TermDictionary::kNone) return;
  const auto length = static_cast<uint32_t>(ids.size());
  seq_tools_.for_each(key, [&](uint32_t tool) { visit(tool, length); });
}

// Tools named by the query. Tier 0: the trimmed query is the name, case-insensitively.
// Tier 1: the query has the name's part sequence ("Read File" for read_file). Tier 2: one
// whitespace-delimited chunk of the query spells a name of two or more parts as an
// identifier ("please use `readFile` on x"). One-part names need tier 0 or 1: a name such
// as "search" would otherwise hijack every query mentioning the word, and free-text
// phrases ("get weather") are left to BM25 because they name intentions, not tools.
// One entry per tool, with its best tier.
void NameMatcher::exact_matches(std::u32string_view text, const std::string& literal, const Analyzer& analyzer,
                                std::vector<ExactMatch>& found) const {
  found.clear();
  if (literal.size() <= max_literal_bytes_) {
    literal_tools_.for_each(literals_.find(literal), [&](uint32_t t) { found.push_back({t, 0, 0}); });
  }
  // Chunks end at blanks and at CJK characters, which run into identifiers unspaced
  // ("请使用read_file读取").
  ScratchLease<std::vector<Chunk>> chunk_lease;  // keeps its capacity from one query to the next
  std::vector<Chunk>& chunks = chunk_lease.get();
  chunks.clear();
  bool has_cjk = false;  // CJK runs are parts too, outside every chunk
  for (size_t i = 0; i < text.size();) {
    const auto breaks = [](char32_t c) { return is_unicode_space(c) || classify(c) == CharClass::Cjk; };
    for (; i < text.size() && breaks(text[i]); ++i) {
      if (!is_unicode_space(text[i])) has_cjk = true;
    }
    size_t start = i;
    while (i < text.size() && !breaks(text[i])) ++i;
    size_t end = i;
    while (start < end && classify(text[start]) == CharClass::Other) ++start;
    while (end > start && classify(text[end - 1]) == CharClass::Other) --end;
    if (start == end) continue;  // no word character: no part
    bool one_part = true;
    for (size_t k = start; k < end && one_part; ++k) {
      one_part = classify(text[k]) == CharClass::Letter && (k == start || !is_upper(text[k]));
    }
    chunks.push_back({start, end, one_part});
  }
  // Tier 1: every chunk gives at least one part, so a query with more chunks than the
  // longest name has parts cannot be a name.
  ScratchLease<TokenBuffer> lease;  // keeps its capacity from one query to the next
  TokenBuffer& parts = lease.get();
  parts.clear();
  if (chunks.size() <= max_name_parts_) {
    analyzer.name_parts_into(text, parts);
    for_each_equal_seq(parts, [&](uint32_t tool, uint32_t length) { found.push_back({tool, 1, length}); });
  }
  // Tier 2, unless the query is one chunk and nothing else (then it is tier 1's case).
  for (size_t c = 0; (chunks.size() > 1 || has_cjk) && c < chunks.size(); ++c) {
    if (chunks[c].one_part) continue;
    TokenBuffer& chunk_parts = parts;
    chunk_parts.clear();
    analyzer.name_parts_into(text.substr(chunks[c].start, chunks[c].end - chunks[c].start), chunk_parts);
    if (chunk_parts.size() < 2) continue;  // one-part names need tier 0 or 1
    for_each_equal_seq(chunk_parts, [&](uint32_t tool, uint32_t length) { found.push_back({tool, 2, length}); });
  }
  // Keep each tool's best match: lowest tier, then longest name.
  sort_by(found, [](const ExactMatch& a, const ExactMatch& b) {
    if (a.tool != b.tool) return a.tool < b.tool;
    if (a.tier != b.tier) return a.tier < b.tier;
    return a.length > b.length;
  });
  found.erase(std::unique(found.begin(), found.end(),
                          [](const ExactMatch& a, const ExactMatch& b) { return a.tool == b.tool; }),
              found.end());
}


// 0 when neither name relates to the query, else min/max length ratio in (0, 1].
double NameMatcher::substring_closeness(const std::string& query, uint32_t tool) const {
  double best = 0;
  for (const std::string_view name : {folded_names_[tool], folded_originals_[tool]}) {
    if (name.empty()) continue;
    const bool name_has_query = query.size() >= 2 && name.find(query) != std::string::npos;
    const bool query_has_name = name.size() >= 3 && query.find(name) != std::string::npos;
    if (!name_has_query && !query_has_name) continue;
    const double lo = static_cast<double>(std::min(query.size(), name.size()));
    const double hi = static_cast<double>(std::max(query.size(), name.size()));
    best = std::max(best, lo / hi);
  }
  return best;
}


std::vector<std::string> NameMatcher::suggest(std::string_view name, size_t max,
                                              const std::function<bool(size_t)>& filter) const {
  std::vector<std::string> out;
  const std::string literal = folded_trimmed(name);
  if (max == 0 || literal.empty()) return out;
  const std::u32string query = decode_utf8(literal).text;
  const size_t len = query.size();
  // Typos allowed grow with the length: 1 up to 5 characters, 2 up to 9, then 3.
  const size_t max_distance = typo_budget(len);

  struct Candidate {
    size_t rank;  // edit distance, or max_distance + 1 for a prefix-only relation
    size_t length_gap;
    uint32_t tool;
  };
  std::vector<Candidate> found;
  std::vector<size_t> rows;
  std::u32string candidate;
  for (uint32_t t = 0; t < names_.size(); ++t) {
    if (filter && !filter(t)) continue;
    size_t best = max_distance + 1;
    size_t gap = std::numeric_limits<size_t>::max();
    bool related = false;
    for (const std::string_view folded : {folded_names_[t], folded_originals_[t]}) {
      if (folded.empty()) continue;
      // Decoded here rather than kept: only a miss asks, and the distance costs far more.
      decode_utf8_into(folded, candidate);
      const size_t d = osa_distance(query, candidate, max_distance, rows);
      const bool prefix = len >= 3 && (candidate.compare(0, len, query) == 0 ||
                                       (candidate.size() >= 3 && query.compare(0, candidate.size(), candidate) == 0));
      if (d <= max_distance || prefix) {
        related = true;
        best = std::min(best, d);
        gap = std::min(gap, candidate.size() > len ? candidate.size() - len : len - candidate.size());
      }
    }
    if (related) found.push_back({best, gap, t});
  }
  sort_by(found, [](const Candidate& a, const Candidate& b) {
    if (a.rank != b.rank) return a.rank < b.rank;
    if (a.length_gap != b.length_gap) return a.length_gap < b.length_gap;
    return a.tool < b.tool;
  });
  for (const Candidate& c : found) {
    if (out.size() >= max) break;
    out.push_back(std::string(names_[c.tool]));
  }
  return out;
}

void NameMatcher::ToolLists::write(ByteWriter& out) const {
  out.array(head);
  out.array(tool);
  out.array(next);
}

void NameMatcher::ToolLists::read(ByteReader& in, size_t keys, size_t tools) {
  in.array(head);
  in.array(tool);
  in.array(next);
  bool ok = head.size() <= keys && tool.size() == next.size();
  for (uint32_t e : head) ok = ok && e <= tool.size();
  // Every entry chains to an older one, so no walk can loop.
  for (size_t e = 0; ok && e < tool.size(); ++e) ok = tool[e] < tools && next[e] <= e;
  if (!ok) in.fail("a name table's lists are not well formed");
}

void NameMatcher::write(ByteWriter& out) const {
  names_.write(out);
  folded_names_.write(out);
  folded_originals_.write(out);
  literals_.write(out);
  literal_tools_.write(out);
  part_ids_.write(out);
  seqs_.write(out);
  seq_tools_.write(out);
}

void NameMatcher::read(ByteReader& in, size_t tools) {
  *this = NameMatcher();
  names_.read(in);
  folded_names_.read(in);
  folded_originals_.read(in);
  literals_.read(in);
  literal_tools_.read(in, literals_.size(), tools);
  part_ids_.read(in);
  seqs_.read(in);
  seq_tools_.read(in, seqs_.size(), tools);
  for (const TextColumn* column : {&names_, &folded_names_, &folded_originals_}) {
    if (column->size() != tools) in.fail("the name tables do not cover the " + std::to_string(tools) + " tools");
  }
  if (!in.ok()) return;
  for (size_t t = 0; t < tools; ++t) {
    max_literal_bytes_ = std::max({max_literal_bytes_, folded_names_[t].size(), folded_originals_[t].size()});
  }
  for (uint32_t key = 0; key < seqs_.size(); ++key) {
    const std::string_view bytes = seqs_[key];
    // Whole part ids, each a part: exact_matches compares them with a query's.
    bool ok = bytes.size() % sizeof(uint32_t) == 0;
    for (size_t i = 0; ok && i < bytes.size(); i += sizeof(uint32_t)) {
      uint32_t part;
      std::memcpy(&part, bytes.data() + i, sizeof part);
      ok = part < part_ids_.size();
    }
    if (!ok) return static_cast<void>(in.fail("a name's parts are not known parts"));
    max_name_parts_ = std::max(max_name_parts_, bytes.size() / sizeof(uint32_t));
  }
}

}  // namespace toolsearch
