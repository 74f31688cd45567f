#include "toolsearch/stop_words.hpp"

#include <algorithm>
#include <cstddef>
#include <iterator>

namespace toolsearch {
namespace {

// Sorted (byte order) and unique: is_english_stop_word binary-searches it, and the
// static_assert below keeps an edit from breaking that silently.
constexpr std::string_view kStopWords[] = {
    "a",        "about",   "above",    "after",      "again",   "against", "am",
    "an",       "and",     "are",      "as",         "at",      "be",      "because",
    "been",     "before",  "being",    "below",      "between", "but",     "by",
    "could",    "did",     "do",       "does",       "doing",   "during",  "for",
    "from",     "further", "had",      "has",        "have",    "having",  "he",
    "her",      "here",    "hers",     "herself",    "him",     "himself", "his",
    "how",      "i",       "if",       "in",         "into",    "is",      "it",
    "its",      "itself",  "me",       "my",         "myself",  "of",      "on",
    "once",     "or",      "other",    "ought",      "our",     "ours",    "ourselves",
    "over",     "own",     "same",     "she",        "should",  "so",      "such",
    "than",     "that",    "the",      "their",      "theirs",  "them",    "themselves",
    "then",     "there",   "these",    "they",       "this",    "those",   "through",
    "to",       "too",     "under",    "until",      "very",    "was",     "we",
    "were",     "what",    "when",     "where",      "which",   "while",   "who",
    "whom",     "why",     "with",     "would",      "you",     "your",    "yours",
    "yourself", "yourselves",
};

constexpr bool sorted_and_unique() {
  for (size_t i = 1; i < std::size(kStopWords); ++i) {
    if (!(kStopWords[i - 1] < kStopWords[i])) return false;
  }
  return true;
}
static_assert(sorted_and_unique(), "kStopWords must stay sorted and free of duplicates");

}  // namespace

bool is_english_stop_word(std::string_view folded_token) {
  return std::binary_search(std::begin(kStopWords), std::end(kStopWords), folded_token);
}

std::vector<std::string_view> english_stop_words() {
  return {std::begin(kStopWords), std::end(kStopWords)};
}

}  // namespace toolsearch
