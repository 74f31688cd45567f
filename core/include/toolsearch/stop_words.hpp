// An optional stage "stop_words": function words that carry no meaning in a tool query, English
// and those of the lexicon's Latin-script languages.
#pragma once

#include <string_view>
#include <vector>

namespace toolsearch {

/// True when `folded_token` (already case-folded, before stemming) is a stop word:
/// - English articles, pronouns, auxiliaries, prepositions and conjunctions, after the Snowball
///   English list, and the words that frame a request rather than name a task ("can", "will",
///   "please", "kindly", "just", "also", "assist", "assistance", "provide");
/// - the same kinds of words in German, French, Spanish, Italian and Portuguese ("der", "dans",
///   "del", "della", "você", "puedes"), except those with an English or tool meaning ("hat",
///   "vi", "ci", "ai", "eu", "no", "es", "todo"). They keep a request in those languages from
///   matching English words and abbreviations by accident ("del" is not delete).
/// A hash lookup; no allocation.
///
/// Deliberately NOT stop words, because tool queries lean on them: negations ("no", "nor",
/// "not", "cannot": "not found"), quantity words ("all", "any", "both", "each", "few", "more",
/// "most", "some", "only": "list all files") and verb particles ("up", "down", "out", "off":
/// "sign up", "log out", "turn off"). Contractions are left out too: the tokenizer splits on
/// apostrophes, so "don't" never arrives whole.
bool is_stop_word(std::string_view folded_token);

/// The English list, sorted, for explanations and documentation.
std::vector<std::string_view> english_stop_words();
/// The other languages' list, sorted.
std::vector<std::string_view> other_language_stop_words();

}  // namespace toolsearch
