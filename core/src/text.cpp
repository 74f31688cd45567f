#include "toolsearch/text.hpp"

#include "toolsearch/json_text.hpp"
#include "toolsearch/utf8.hpp"

#include <algorithm>

namespace toolsearch {

std::string_view trim_blanks(std::string_view s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

std::string echo(std::string_view text, size_t max_bytes) {
  if (text.size() <= max_bytes) return valid_utf8(text);
  return valid_utf8(clip_utf8(text, max_bytes)) + "...";
}

std::string quoted_echo(std::string_view text, size_t max_bytes) {
  std::string out;
  append_json_string(out, echo(text, max_bytes));
  return out;
}

std::string counted(size_t n, const char* singular, const char* plural) {
  return std::to_string(n) + " " + (n == 1 ? singular : plural);
}

namespace {

template <class Char>
size_t banded_osa_distance(std::basic_string_view<Char> a, std::basic_string_view<Char> b, size_t max,
                           std::vector<size_t>& rows) {
  const size_t n = a.size();
  const size_t m = b.size();
  if ((n > m ? n - m : m - n) > max) return max + 1;
  max = std::min(max, std::max(n, m));  // a wider band than the strings adds nothing
  // Row i keeps the cells j in [i - max, i + max], at offset j + max - i; cells outside the
  // band are worth more than max, which is all the answer needs to know about them.
  const size_t width = 2 * max + 1;
  const size_t over = max + 1;
  rows.assign(3 * width, over);
  size_t* prev2 = rows.data();
  size_t* prev = prev2 + width;
  size_t* cur = prev + width;
  for (size_t j = 0; j <= std::min(m, max); ++j) prev[j + max] = j;
  // A row writes only its cells [lo, hi], at most m + 1 of them, and every read below falls in
  // a cell this call wrote for the row it means: no row is cleared, so a wide band (a loose
  // bound against a long string) costs O(n * m), not O(n * max).
  for (size_t i = 1; i <= n; ++i) {
    const size_t lo = i > max ? i - max : 0;
    const size_t hi = std::min(m, i + max);
    size_t row_min = over;
    for (size_t j = lo; j <= hi; ++j) {
      const size_t at = j + max - i;  // this cell's offset in row i; (i-1, j-1) has the same
      size_t v = over;
      if (j == 0) {
        v = i;
      } else {
        const size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
        v = prev[at] + cost;                                  // substitution or match
        if (j + max > i) v = std::min(v, cur[at - 1] + 1);    // insertion: (i, j-1) in the band
        if (j + 1 <= i + max) v = std::min(v, prev[at + 1] + 1);  // deletion: (i-1, j) in the band
        if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) v = std::min(v, prev2[at] + 1);
      }
      cur[at] = std::min(v, over);
      row_min = std::min(row_min, cur[at]);
    }
    if (row_min > max) return over;
    std::swap(prev2, prev);
    std::swap(prev, cur);
  }
  return std::min(prev[m + max - n], over);
}

}  // namespace

size_t osa_distance(std::u32string_view a, std::u32string_view b, size_t max, std::vector<size_t>& rows) {
  return banded_osa_distance(a, b, max, rows);
}

size_t osa_distance(std::string_view a, std::string_view b, size_t max, std::vector<size_t>& rows) {
  return banded_osa_distance(a, b, max, rows);
}

size_t typo_budget(size_t length) { return length <= 2 ? 0 : length <= 5 ? 1 : length <= 9 ? 2 : 3; }

namespace {

std::string lowercase(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

}  // namespace

std::string closest_match(std::string_view typed, const std::vector<std::string>& candidates) {
  // Without case: "MaxTokens" means maxTokens.
  const std::string key = lowercase(typed);
  std::vector<std::string> folded;
  folded.reserve(candidates.size());
  for (const std::string& c : candidates) folded.push_back(lowercase(c));
  size_t best = candidates.size();
  if (key.size() >= 3) {  // "x" is in half the keys
    for (size_t i = 0; i < candidates.size(); ++i) {
      if (folded[i].find(key) != std::string::npos && (best == candidates.size() || folded[i].size() < folded[best].size())) {
        best = i;
      }
    }
    if (best < candidates.size()) return candidates[best];
  }
  // Close: at most a third of the key's letters (2 at least) and fewer than half of them. Each
  // candidate is measured in a band one narrower than the best so far, and one whose length
  // alone differs by more costs nothing: a key of millions of characters took seconds.
  const std::u32string x = decode_utf8(key).text;
  std::u32string y;
  std::vector<size_t> rows;
  size_t best_distance = std::max<size_t>(2, x.size() / 3) + 1;
  for (size_t i = 0; i < candidates.size() && best_distance > 0; ++i) {
    decode_utf8_into(folded[i], y);
    const size_t d = osa_distance(x, y, best_distance - 1, rows);
    if (d < best_distance) {
      best = i;
      best_distance = d;
    }
  }
  return best < candidates.size() && 2 * best_distance < x.size() ? candidates[best] : std::string();
}

std::string key_hint(std::string_view typed, const std::vector<std::string>& keys) {
  const std::string near = closest_match(typed, keys);
  if (!near.empty()) return did_you_mean({near});
  std::string out = " Expected one of: ";
  for (size_t i = 0; i < keys.size(); ++i) out += (i > 0 ? ", " : "") + keys[i];
  return out + ".";
}

std::string did_you_mean(const std::vector<std::string>& names, std::string_view lead) {
  if (names.empty()) return {};
  std::string out(lead);
  out += "Did you mean ";
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += i + 1 == names.size() ? " or " : ", ";
    append_json_string(out, valid_utf8(names[i]));
  }
  out += "?";
  return out;
}

}  // namespace toolsearch
