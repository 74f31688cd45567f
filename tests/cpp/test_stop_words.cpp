#include "toolsearch/stop_words.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

using namespace toolsearch;

TEST_CASE("is_stop_word knows the function words", "[stop_words]") {
  for (const char* w : {"a", "an", "the", "and", "or", "but", "of", "to", "in", "on", "for",
                        "with", "from", "by", "is", "are", "was", "be", "been", "it", "its",
                        "this", "that", "these", "those", "i", "me", "my", "you", "your",
                        "yourselves", "we", "they", "them", "which", "who", "whom", "what",
                        "how", "when", "where", "would", "should", "could", "about", "into"}) {
    INFO("word: " << w);
    CHECK(is_stop_word(w));
  }
  // The words that frame a request ("can you please provide ...", "kindly assist me").
  for (const char* w : {"can", "will", "please", "kindly", "just", "also", "assist", "assistance", "provide"}) {
    INFO("word: " << w);
    CHECK(is_stop_word(w));
  }
}

TEST_CASE("is_stop_word keeps words that carry meaning in tool queries", "[stop_words]") {
  // Domain verbs and nouns.
  for (const char* w : {"get", "list", "file", "files", "create", "open", "new", "use", "find",
                        "search", "show", "delete", "read", "send", "email", "weather"}) {
    INFO("word: " << w);
    CHECK_FALSE(is_stop_word(w));
  }
  // Negations, quantity words and verb particles (see the header for why).
  for (const char* w : {"no", "nor", "not", "cannot", "all", "any", "both", "each", "few",
                        "more", "most", "some", "only", "up", "down", "out", "off"}) {
    INFO("word: " << w);
    CHECK_FALSE(is_stop_word(w));
  }
}

TEST_CASE("is_stop_word matches whole folded tokens only", "[stop_words]") {
  CHECK_FALSE(is_stop_word(""));
  CHECK_FALSE(is_stop_word("The"));  // the caller folds case first
  CHECK_FALSE(is_stop_word("th"));
  CHECK_FALSE(is_stop_word("thee"));
  CHECK_FALSE(is_stop_word("yourselvesx"));
  CHECK_FALSE(is_stop_word("don"));  // contractions are not in the list
  const std::string with_nul("a\0", 2);
  CHECK_FALSE(is_stop_word(with_nul));
}

TEST_CASE("english_stop_words is sorted, unique and agrees with the lookup", "[stop_words]") {
  const std::vector<std::string_view> words = english_stop_words();
  CHECK(words.size() >= 100);
  CHECK(words.size() <= 170);
  CHECK(std::is_sorted(words.begin(), words.end()));
  CHECK(std::adjacent_find(words.begin(), words.end()) == words.end());
  for (std::string_view w : words) {
    INFO("word: " << std::string(w));
    CHECK(is_stop_word(w));
    CHECK_FALSE(w.empty());
    CHECK(std::all_of(w.begin(), w.end(), [](char c) { return c >= 'a' && c <= 'z'; }));
  }
}

TEST_CASE("the function words of the lexicon's Latin-script languages are stop words", "[stop_words]") {
  for (const char* w : {"der", "die", "und", "bitte", "kannst", "dans", "dire", "pour", "peux", "del", "los",
                        "puedes", "quiero", "della", "nel", "vorrei", "você", "pelo", "isso", "für", "über", "más"}) {
    INFO("word: " << w);
    CHECK(is_stop_word(w));
  }
  // Words with an English or tool meaning stay: a query or a tool may mean them.
  for (const char* w : {"hat", "sans", "vi", "ci", "ai", "et", "eu", "es", "no", "todo", "num", "sem", "com",
                        "os", "dos", "bin", "man", "war", "per", "sin", "mon", "est", "ist", "des", "ma", "plus", "dir"}) {
    INFO("word: " << w);
    CHECK_FALSE(is_stop_word(w));
  }
}

TEST_CASE("other_language_stop_words is sorted, unique, apart from the English list and agrees with the lookup",
          "[stop_words]") {
  const std::vector<std::string_view> words = other_language_stop_words();
  const std::vector<std::string_view> english = english_stop_words();
  CHECK(words.size() >= 250);
  CHECK(std::is_sorted(words.begin(), words.end()));
  CHECK(std::adjacent_find(words.begin(), words.end()) == words.end());
  for (std::string_view w : words) {
    INFO("word: " << std::string(w));
    CHECK(is_stop_word(w));
    CHECK_FALSE(std::binary_search(english.begin(), english.end(), w));
  }
}
