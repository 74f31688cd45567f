#include "toolsearch/stop_words.hpp"

#include "toolsearch/term_dictionary.hpp"

#include <algorithm>
#include <cstddef>
#include <iterator>

namespace toolsearch {
namespace {

// Sorted (byte order) and unique, which the static_assert below keeps an edit from breaking
// silently. Besides the function words, the words that frame a request rather than name a task
// ("can you please provide", "kindly assist me", "will you also just"): whole user messages are
// full of them, and a catalog where one tool happens to say "provides" must not rank it for
// every polite question (MetaTool dev recall@5 +0.006, Seal-Tools dev unchanged).
constexpr std::string_view kStopWords[] = {
    "a", "about", "above", "after", "again", "against", "also", "am", "an", "and", "are", "as",
    "assist", "assistance", "at", "be", "because", "been", "before", "being", "below", "between",
    "but", "by", "can", "could", "did", "do", "does", "doing", "during", "for", "from", "further",
    "had", "has", "have", "having", "he", "her", "here", "hers", "herself", "him", "himself", "his",
    "how", "i", "if", "in", "into", "is", "it", "its", "itself", "just", "kindly", "me", "my",
    "myself", "of", "on", "once", "or", "other", "ought", "our", "ours", "ourselves", "over", "own",
    "please", "provide", "same", "she", "should", "so", "such", "than", "that", "the", "their",
    "theirs", "them", "themselves", "then", "there", "these", "they", "this", "those", "through",
    "to", "too", "under", "until", "very", "was", "we", "were", "what", "when", "where", "which",
    "while", "who", "whom", "why", "will", "with", "would", "you", "your", "yours", "yourself",
    "yourselves",
};

// Longer tokens are rejected without a search.
constexpr size_t kLongest = 10;  // "yourselves"

constexpr bool sorted_unique_and_short() {
  for (size_t i = 0; i < std::size(kStopWords); ++i) {
    if (kStopWords[i].size() > kLongest || (i > 0 && !(kStopWords[i - 1] < kStopWords[i]))) return false;
  }
  return true;
}
static_assert(sorted_unique_and_short(), "kStopWords must stay sorted, free of duplicates and within kLongest");

}  // namespace

bool is_english_stop_word(std::string_view folded_token) {
  if (folded_token.size() > kLongest) return false;
  // Every query word is checked: a hash lookup, not a binary search of string compares.
  static const TermDictionary words = [] {
    TermDictionary d;
    for (std::string_view w : kStopWords) d.intern(w);
    return d;
  }();
  return words.find(folded_token) != TermDictionary::kNone;
}

std::vector<std::string_view> english_stop_words() {
  return {std::begin(kStopWords), std::end(kStopWords)};
}

}  // namespace toolsearch
