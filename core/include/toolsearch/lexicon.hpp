// A small domain lexicon for how people and models abbreviate tool vocabulary: "PR" means pull
// request, "repo" repository, "ls" list, "mkdir" create directory; and for the same vocabulary in
// other languages: "Datei" means file, "读取" read. Applied to queries only (the catalog keeps its
// own words), and shown in explain(). It is data: hosts add their own entries.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace toolsearch {

/// Folded query word -> the words it also means (plain text, analysed like the query). A key
/// that analyses to several tokens is a phrase: it matches those tokens in a row ("base de
/// datos", and CJK words of three or more characters, which the analyzer splits into bigrams).
///
/// Copies share their entries until one is changed (the built-in lexicon has about 3,950, and
/// every engine and index holds one), so copying is cheap and two copies of the built-in
/// lexicon are recognisably the same (`same_entries`). The built-in entries are made the first
/// time anything reads them, not when an engine is created (they cost 3 ms of a cold start).
class Lexicon {
 public:
  using Map = std::map<std::string, std::string, std::less<>>;
  using const_iterator = Map::const_iterator;

  Lexicon();  ///< empty
  explicit Lexicon(Map entries);

  const_iterator begin() const { return entries().begin(); }
  const_iterator end() const { return entries().end(); }
  const_iterator find(std::string_view word) const { return entries().find(word); }
  size_t size() const { return entries().size(); }
  bool empty() const { return entries().empty(); }

  /// Adds these entries, replacing the meaning of a word already present (this copy then gets
  /// entries of its own).
  void add(const Map& entries);
  void clear();

  /// True when both hold the very same entries object (a copy of one another, unchanged).
  bool same_entries(const Lexicon& other) const { return entries_ == other.entries_; }
  bool operator==(const Lexicon& other) const { return same_entries(other) || entries() == other.entries(); }
  bool operator!=(const Lexicon& other) const { return !(*this == other); }

 private:
  friend const Lexicon& default_lexicon();
  struct BuiltIn {};
  explicit Lexicon(BuiltIn) {}
  const Map& entries() const;

  std::shared_ptr<const Map> entries_;  // null: the built-in entries
};

/// The built-in entries: shell commands, common abbreviations of software and office
/// vocabulary, and the words of nine other languages for the same things
/// (append_language_entries).
/// Chosen for meaning, not tuned on any data set.
const Lexicon& default_lexicon();

/// The built-in entries as (word, meaning), sorted by word, one per word: what default_lexicon()
/// holds, without building its map (the views are into static data).
const std::vector<std::pair<std::string_view, std::string_view>>& built_in_lexicon_entries();

/// Appends the built-in tables' (word, meaning) pairs in the tables' own order: the English
/// entries, then append_language_entries(). A word may appear more than once. The views are
/// into static data.
void append_built_in_words(std::vector<std::pair<std::string_view, std::string_view>>& out);

/// Appends (word, meaning) for the German, French, Spanish, Portuguese, Italian, Russian,
/// Chinese, Japanese and Korean words for what tools do and act on (about 3,700 words), each
/// meaning the English words tool descriptions use. A word may appear more than once, with
/// different meanings (default_lexicon() joins them). The views are into static data.
void append_language_entries(std::vector<std::pair<std::string_view, std::string_view>>& out);

/// True when `word` is one of append_language_entries' words. Typo tolerance corrects a query
/// word towards these by one edit only: "recent", two from Spanish "receta", is not a misspelt
/// one.
bool is_language_word(std::string_view word);

/// Build support (tools/gen_lexicon_analysis): the C++ source of
/// core/src/lexicon_analysis_data.inc, the built-in lexicon as the default analyzer sees it.
/// The engine reads that table instead of analysing ~4,000 words on a module's first index
/// build, which in a fresh wasm module, in V8's first-tier code, was most of its first search.
std::string built_in_lexicon_analysis_source();

/// Build support (a test): "" when core/src/lexicon_analysis_data.inc holds what the analyzer
/// makes of the built-in lexicon now, else the first difference. A table made from other words
/// than the tables hold is not used (the engine analyses them itself, as it would a host's
/// lexicon); one made by another analyzer would be, so this is checked on every build.
std::string built_in_lexicon_analysis_mismatch();

/// One expansion applied to a query.
struct Expansion {
  std::string from;  ///< the query word
  std::string to;    ///< what it was expanded to
};

}  // namespace toolsearch
