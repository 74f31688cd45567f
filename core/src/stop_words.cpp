#include "toolsearch/stop_words.hpp"

#include "toolsearch/term_dictionary.hpp"
#include "toolsearch/word_list.hpp"

#include <algorithm>
#include <cstddef>
#include <iterator>

namespace toolsearch {
namespace {

// Both lists are '|'-separated strings (word_list.hpp), sorted (byte order) and unique, which
// the static_asserts below keep an edit from breaking silently. Besides the function words, the words that frame a request rather than name a task
// ("can you please provide", "kindly assist me", "will you also just"): whole user messages are
// full of them, and a catalog where one tool happens to say "provides" must not rank it for
// every polite question (MetaTool dev recall@5 +0.006, Seal-Tools dev unchanged).
constexpr std::string_view kStopWords =
    "a|about|above|after|again|against|also|am|an|and|are|as|assist|assistance|at|be|because|"
    "been|before|being|below|between|but|by|can|could|did|do|does|doing|during|for|from|further|"
    "had|has|have|having|he|her|here|hers|herself|him|himself|his|how|i|if|in|into|is|it|its|"
    "itself|just|kindly|me|my|myself|of|on|once|or|other|ought|our|ours|ourselves|over|own|"
    "please|provide|same|she|should|so|such|than|that|the|their|theirs|them|themselves|then|"
    "there|these|they|this|those|through|to|too|under|until|very|was|we|were|what|when|where|"
    "which|while|who|whom|why|will|with|would|you|your|yours|yourself|yourselves";

// The function words of the lexicon's Latin-script languages (German, French, Spanish, Italian,
// Portuguese: lexicon_languages.cpp): articles, prepositions, pronouns, auxiliaries and the words
// that frame a request ("bitte", "peux", "puedes", "vorrei", "quero"). A request in one of them
// reaches an English catalog through the lexicon, and these words must not reach it some other
// way: "del" is the Spanish and Italian "of the", not an abbreviation of delete; French "dire"
// stems to "dir", a directory; German "der" and "die" are one typo from "dir". Left out: words
// with an English or tool meaning ("hat", "sans", "vi", "ci", "ai", "et", "eu", "no", "com",
// "os", "dos", "bin", "man", "war", "todo", "num", "es", "sem", "ist" and "est" as time zones,
// "des" the cipher, "ma" a moving average).
constexpr std::string_view kOtherLanguageStopWords =
    "aber|agli|al|alla|alle|allo|als|anche|ao|aos|aquela|aquele|au|auch|auf|aus|aussi|aux|avec|"
    "bei|bitte|ce|ces|cet|cette|che|chez|chi|come|como|con|consegue|cual|cuando|cui|cuál|cuándo|"
    "cómo|da|dal|dalla|dame|dammi|dann|dans|das|dass|daß|de|degli|dei|dein|deine|del|dela|delas|"
    "dele|deles|della|delle|dello|dem|den|der|desde|di|die|dime|dire|dis|doch|donc|donde|dont|du|"
    "dónde|ed|ein|eine|einem|einen|einer|eines|el|ela|elas|ele|eles|elle|elles|em|en|er|esa|esas|"
    "ese|eso|esos|essa|esse|esta|estas|este|esto|estos|está|etre|faire|fais|fammi|favor|fra|fuer|"
    "für|gib|gibt|gli|grazie|habe|haben|hai|hast|hasta|hay|hazme|ich|ihr|il|ils|isso|isto|je|já|"
    "kann|kannst|koennen|koenntest|können|könntest|la|las|le|les|leur|leurs|lhe|lo|los|lui|mais|"
    "mal|mas|mein|meine|meinen|meiner|merci|mes|meu|meus|mi|mia|mich|mie|miei|minha|minhas|mio|"
    "mir|mis|mit|moechte|moi|muito|muy|más|möchte|na|nach|nas|ne|necesito|nei|nel|nella|nelle|"
    "nello|noch|nos|nostra|nostro|notre|nous|nuestra|nuestro|numa|nur|obrigado|oder|ou|par|para|"
    "pas|pela|pelas|pelo|pelos|pero|peut|peux|plait|plaît|pode|poderia|podes|podrias|podrías|por|"
    "porque|potresti|pour|pouvez|preciso|puede|puedes|puoi|que|quel|quella|quelle|quelles|quello|"
    "quels|queria|quero|questa|queste|questi|questo|qui|quien|quiero|quisiera|quién|quoi|qué|sa|"
    "se|ses|seu|seus|si|sie|sind|sobre|soll|sollst|sono|sont|sous|stp|su|sua|suas|sul|sulla|suo|"
    "sur|sus|svp|ta|tambien|también|te|tes|ti|toi|tra|tres|très|tu|tua|tuo|tus|ueber|um|uma|umas|"
    "un|una|unas|und|une|uno|unos|uns|unser|unsere|unseren|veux|voce|você|voglio|von|vorrei|vos|"
    "votre|voudrais|voulez|vous|welche|welcher|welches|werden|wie|wir|wird|wurde|ya|yo|zu|zum|"
    "zur|às|être|über";

// Longer tokens are rejected without a search.
constexpr size_t kLongest = 10;  // "yourselves"

constexpr bool sorted_unique_and_short(std::string_view words) {
  std::string_view previous;
  return !any_word_of(words, [&](std::string_view word) {
    const bool bad = word.empty() || word.size() > kLongest || (!previous.empty() && !(previous < word));
    previous = word;
    return bad;
  });
}
static_assert(sorted_unique_and_short(kStopWords), "kStopWords must stay sorted, free of duplicates and within kLongest");
static_assert(sorted_unique_and_short(kOtherLanguageStopWords),
              "kOtherLanguageStopWords must stay sorted, free of duplicates and within kLongest");

}  // namespace

bool is_stop_word(std::string_view folded_token) {
  if (folded_token.size() > kLongest) return false;
  // Every query word is checked: a hash lookup, not a binary search of string compares.
  static const TermDictionary words = [] {
    TermDictionary d;
    for (std::string_view list : {kStopWords, kOtherLanguageStopWords}) {
      any_word_of(list, [&](std::string_view w) {
        d.intern(w);
        return false;
      });
    }
    return d;
  }();
  return words.find(folded_token) != TermDictionary::kNone;
}

namespace {

std::vector<std::string_view> words_of(std::string_view list) {
  std::vector<std::string_view> out;
  any_word_of(list, [&](std::string_view w) {
    out.push_back(w);
    return false;
  });
  return out;
}

}  // namespace

std::vector<std::string_view> english_stop_words() { return words_of(kStopWords); }

std::vector<std::string_view> other_language_stop_words() { return words_of(kOtherLanguageStopWords); }

}  // namespace toolsearch
