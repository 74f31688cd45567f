#include "toolsearch/name_match.hpp"

#include "toolsearch/text.hpp"
#include "toolsearch/sort_by.hpp"

#include <algorithm>
#include <limits>

namespace toolsearch {
namespace {


std::u32string folded_code_points(std::string_view text) {
  std::u32string out = decode_utf8(text).text;
  for (char32_t& c : out) c = fold_char(c);
  return out;
}

uint64_t hash_parts(const uint32_t* parts, size_t n) {
  uint64_t h = 14695981039346656037ull;  // FNV-1a over the part ids
  for (size_t i = 0; i < n; ++i) {
    uint32_t v = parts[i];
    for (int k = 0; k < 4; ++k) {
      h ^= (v & 0xFFu);
      h *= 1099511628211ull;
      v >>= 8;
    }
  }
  return h ^ n;
}

}  // namespace

// The query as one folded UTF-8 string with surrounding blanks removed (for literal matching).
std::string folded_trimmed(std::string_view text) { return folded_trimmed(decode_utf8(text).text); }

std::string folded_trimmed(std::u32string_view decoded) {
  size_t begin = 0;
  size_t end = decoded.size();
  while (begin < end && is_unicode_space(decoded[begin])) ++begin;
  while (end > begin && is_unicode_space(decoded[end - 1])) --end;
  std::string out;
  out.reserve(end - begin);
  for (size_t i = begin; i < end; ++i) append_utf8(fold_char(decoded[i]), out);
  return out;
}

void NameMatcher::add(uint32_t tool, const std::string& name, const std::string& original_name,
                      const Analyzer& analyzer) {
  names_.push_back(name);
  folded_names_.push_back(folded_trimmed(name));
  name_points_.push_back(folded_code_points(name));
  const bool distinct_original = !original_name.empty() && original_name != name;
  folded_originals_.push_back(distinct_original ? folded_trimmed(original_name) : std::string());
  original_points_.push_back(distinct_original ? folded_code_points(original_name) : std::u32string());
  max_literal_bytes_ = std::max({max_literal_bytes_, folded_names_.back().size(), folded_originals_.back().size()});
  literal_names_[folded_names_.back()].push_back(tool);
  if (distinct_original && folded_originals_.back() != folded_names_.back()) {
    literal_names_[folded_originals_.back()].push_back(tool);
  }
  add_seq(tool, name, analyzer);
  if (distinct_original) add_seq(tool, original_name, analyzer);
}

void NameMatcher::add_absent() {
  names_.emplace_back();
  folded_names_.emplace_back();
  name_points_.emplace_back();
  folded_originals_.emplace_back();
  original_points_.emplace_back();
}

void NameMatcher::add_seq(uint32_t tool, const std::string& name, const Analyzer& analyzer) {
  const std::vector<std::string> parts = analyzer.name_parts(name);
  if (parts.empty()) return;
  NameSeq seq{tool, {}};
  for (const std::string& p : parts) seq.parts.push_back(part_ids_.intern(p));
  // A tool adds its name, then its original name: only the previous entry can repeat it.
  if (!seqs_.empty() && seqs_.back().tool == tool && seqs_.back().parts == seq.parts) return;
  max_name_parts_ = std::max(max_name_parts_, seq.parts.size());
  const uint32_t index = static_cast<uint32_t>(seqs_.size());
  seq_by_hash_[hash_parts(seq.parts.data(), seq.parts.size())].push_back(index);
  seqs_.push_back(std::move(seq));
}

// Name sequences equal to `parts`, or none when a part is unknown to every name.
template <class Visit>
void NameMatcher::for_each_equal_seq(const TokenBuffer& parts, Visit visit) const {
  if (parts.empty()) return;
  std::vector<uint32_t> ids(parts.size());
  for (size_t i = 0; i < parts.size(); ++i) {
    ids[i] = part_ids_.find(parts[i]);
    if (ids[i] == TermDictionary::kNone) return;
  }
  auto it = seq_by_hash_.find(hash_parts(ids.data(), ids.size()));
  if (it == seq_by_hash_.end()) return;
  for (uint32_t s : it->second) {
    if (seqs_[s].parts == ids) visit(seqs_[s]);
  }
}

// Tools named by the query. Tier 0: the trimmed query is the name, case-insensitively.
// Tier 1: the query has the name's part sequence ("Read File" for read_file). Tier 2: one
// whitespace-delimited chunk of the query spells a name of two or more parts as an
// identifier ("please use `readFile` on x"). One-part names need tier 0 or 1: a name such
// as "search" would otherwise hijack every query mentioning the word, and free-text
// phrases ("get weather") are left to BM25 because they name intentions, not tools.
// One entry per tool, with its best tier.
std::vector<ExactMatch> NameMatcher::exact_matches(std::u32string_view text, const std::string& literal,
                                                  const Analyzer& analyzer) const {
  std::vector<ExactMatch> found;
  if (literal.size() <= max_literal_bytes_) {
    if (auto it = literal_names_.find(literal); it != literal_names_.end()) {
      for (uint32_t t : it->second) found.push_back({t, 0, 0});
    }
  }
  // Chunks end at blanks and at CJK characters, which run into identifiers unspaced
  // ("请使用read_file读取").
  struct Chunk {
    size_t start;
    size_t end;
    bool one_part;  // plain word: letters, no capital after the first (common prose)
  };
  std::vector<Chunk> chunks;
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
  TokenBuffer parts;
  if (chunks.size() <= max_name_parts_) {
    analyzer.name_parts_into(text, parts);
    for_each_equal_seq(parts, [&](const NameSeq& seq) {
      found.push_back({seq.tool, 1, static_cast<uint32_t>(seq.parts.size())});
    });
  }
  // Tier 2, unless the query is one chunk and nothing else (then it is tier 1's case).
  for (size_t c = 0; (chunks.size() > 1 || has_cjk) && c < chunks.size(); ++c) {
    if (chunks[c].one_part) continue;
    TokenBuffer& chunk_parts = parts;
    chunk_parts.clear();
    analyzer.name_parts_into(text.substr(chunks[c].start, chunks[c].end - chunks[c].start), chunk_parts);
    if (chunk_parts.size() < 2) continue;  // one-part names need tier 0 or 1
    for_each_equal_seq(chunk_parts, [&](const NameSeq& seq) {
      found.push_back({seq.tool, 2, static_cast<uint32_t>(seq.parts.size())});
    });
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
  return found;
}


// 0 when neither name relates to the query, else min/max length ratio in (0, 1].
double NameMatcher::substring_closeness(const std::string& query, uint32_t tool) const {
  double best = 0;
  for (const std::string* name : {&folded_names_[tool], &folded_originals_[tool]}) {
    if (name->empty()) continue;
    const bool name_has_query = query.size() >= 2 && name->find(query) != std::string::npos;
    const bool query_has_name = name->size() >= 3 && query.find(*name) != std::string::npos;
    if (!name_has_query && !query_has_name) continue;
    const double lo = static_cast<double>(std::min(query.size(), name->size()));
    const double hi = static_cast<double>(std::max(query.size(), name->size()));
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
  for (uint32_t t = 0; t < names_.size(); ++t) {
    if (filter && !filter(t)) continue;
    size_t best = max_distance + 1;
    size_t gap = std::numeric_limits<size_t>::max();
    bool related = false;
    for (const std::u32string* candidate : {&name_points_[t], &original_points_[t]}) {
      if (candidate->empty()) continue;
      const size_t d = osa_distance(query, *candidate, max_distance, rows);
      const bool prefix = len >= 3 && (candidate->compare(0, len, query) == 0 ||
                                       (candidate->size() >= 3 && query.compare(0, candidate->size(), *candidate) == 0));
      if (d <= max_distance || prefix) {
        related = true;
        best = std::min(best, d);
        gap = std::min(gap, candidate->size() > len ? candidate->size() - len : len - candidate->size());
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
    out.push_back(names_[c.tool]);
  }
  return out;
}

void NameMatcher::write(ByteWriter& out) const {
  out.strs(names_);
  out.strs(folded_names_);
  out.strs(folded_originals_);
  part_ids_.write(out);
  out.u32(static_cast<uint32_t>(seqs_.size()));
  for (const NameSeq& seq : seqs_) {
    out.u32(seq.tool);
    out.array(seq.parts);
  }
}

void NameMatcher::read(ByteReader& in, size_t tools) {
  *this = NameMatcher();
  in.strs(names_);
  in.strs(folded_names_);
  in.strs(folded_originals_);
  if (names_.size() != tools || folded_names_.size() != tools || folded_originals_.size() != tools) {
    in.fail("the name tables do not cover the " + std::to_string(tools) + " tools");
    return;
  }
  part_ids_.read(in);
  seqs_.resize(in.count(2 * sizeof(uint32_t)));
  for (uint32_t s = 0; s < seqs_.size() && in.ok(); ++s) {
    NameSeq& seq = seqs_[s];
    seq.tool = in.u32();
    in.array(seq.parts);
    if (seq.tool >= tools || seq.parts.empty()) {
      in.fail("a name sequence is empty or names no tool");
      return;
    }
    for (uint32_t part : seq.parts) {
      if (part >= part_ids_.size()) {
        in.fail("a name sequence has an unknown part");
        return;
      }
    }
    max_name_parts_ = std::max(max_name_parts_, seq.parts.size());
    seq_by_hash_[hash_parts(seq.parts.data(), seq.parts.size())].push_back(s);
  }
  // What add() derives from each name, in the order add() derives it.
  name_points_.resize(tools);
  original_points_.resize(tools);
  for (uint32_t t = 0; t < tools && in.ok(); ++t) {
    const std::string& folded = folded_names_[t];
    const std::string& original = folded_originals_[t];
    if (folded.empty()) continue;  // an absent tool (scoped indexes)
    decode_utf8_into(folded, name_points_[t]);
    if (!original.empty()) decode_utf8_into(original, original_points_[t]);
    max_literal_bytes_ = std::max({max_literal_bytes_, folded.size(), original.size()});
    literal_names_[folded].push_back(t);
    if (!original.empty() && original != folded) literal_names_[original].push_back(t);
  }
}

}  // namespace toolsearch
