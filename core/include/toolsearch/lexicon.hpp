// A small domain lexicon for how people and models abbreviate tool vocabulary: "PR" means pull
// request, "repo" repository, "ls" list, "mkdir" create directory. Applied to queries only (the
// catalog keeps its own words), and shown in explain(). It is data: hosts add their own entries.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace toolsearch {

/// Folded query word -> the words it also means (plain text, analysed like the query).
using Lexicon = std::map<std::string, std::string, std::less<>>;

/// The built-in entries: shell commands, common abbreviations of software and office
/// vocabulary. Chosen for meaning, not tuned on any data set.
const Lexicon& default_lexicon();

/// One expansion applied to a query.
struct Expansion {
  std::string from;  ///< the query word
  std::string to;    ///< what it was expanded to
};

}  // namespace toolsearch
