// A small domain lexicon for how people and models abbreviate tool vocabulary: "PR" means pull
// request, "repo" repository, "ls" list, "mkdir" create directory; and for the same vocabulary in
// other languages: "Datei" means file, "读取" read. Applied to queries only (the catalog keeps its
// own words), and shown in explain(). It is data: hosts add their own entries.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace toolsearch {

/// Folded query word -> the words it also means (plain text, analysed like the query). A key
/// that analyses to several tokens is a phrase: it matches those tokens in a row ("base de
/// datos", and CJK words of three or more characters, which the analyzer splits into bigrams).
///
/// Copies share their entries until one is changed (the built-in lexicon has about 1,560, and
/// every engine and index holds one), so copying is cheap and two copies of the built-in
/// lexicon are recognisably the same (`same_entries`).
class Lexicon {
 public:
  using Map = std::map<std::string, std::string, std::less<>>;
  using const_iterator = Map::const_iterator;

  Lexicon();  ///< empty
  explicit Lexicon(Map entries);

  const_iterator begin() const { return entries_->begin(); }
  const_iterator end() const { return entries_->end(); }
  const_iterator find(std::string_view word) const { return entries_->find(word); }
  size_t size() const { return entries_->size(); }
  bool empty() const { return entries_->empty(); }

  /// Adds these entries, replacing the meaning of a word already present (this copy then gets
  /// entries of its own).
  void add(const Map& entries);
  void clear();

  /// True when both hold the very same entries object (a copy of one another, unchanged).
  bool same_entries(const Lexicon& other) const { return entries_ == other.entries_; }
  bool operator==(const Lexicon& other) const { return same_entries(other) || *entries_ == *other.entries_; }
  bool operator!=(const Lexicon& other) const { return !(*this == other); }

 private:
  std::shared_ptr<const Map> entries_;
};

/// The built-in entries: shell commands, common abbreviations of software and office
/// vocabulary, and the words of nine other languages for the same things (add_language_entries).
/// Chosen for meaning, not tuned on any data set.
const Lexicon& default_lexicon();

/// Adds the German, French, Spanish, Portuguese, Italian, Russian, Chinese, Japanese and Korean
/// words for what tools do and act on (about 1,460 entries), each meaning the English words tool
/// descriptions use. A word that is already a key gets the new meaning appended.
void add_language_entries(Lexicon::Map& lexicon);

/// One expansion applied to a query.
struct Expansion {
  std::string from;  ///< the query word
  std::string to;    ///< what it was expanded to
};

}  // namespace toolsearch
