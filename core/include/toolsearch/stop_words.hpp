// An optional stage "stop_words": English function words that carry no meaning in a tool query.
#pragma once

#include <string_view>
#include <vector>

namespace toolsearch {

/// True when `folded_token` (already case-folded, before stemming) is in the English stop list:
/// articles, pronouns, auxiliaries, prepositions and conjunctions, after the Snowball English
/// list, and the words that frame a request rather than name a task ("can", "will", "please",
/// "kindly", "just", "also", "assist", "assistance", "provide"). A hash lookup; no allocation.
///
/// Deliberately NOT stop words, because tool queries lean on them: negations ("no", "nor",
/// "not", "cannot": "not found"), quantity words ("all", "any", "both", "each", "few", "more",
/// "most", "some", "only": "list all files") and verb particles ("up", "down", "out", "off":
/// "sign up", "log out", "turn off"). Contractions are left out too: the tokenizer splits on
/// apostrophes, so "don't" never arrives whole.
bool is_english_stop_word(std::string_view folded_token);

/// The whole list, sorted, for explanations and documentation.
std::vector<std::string_view> english_stop_words();

}  // namespace toolsearch
