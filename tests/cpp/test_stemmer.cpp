#include "toolsearch/stemmer.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

using namespace toolsearch;

namespace {

// Word -> stem pairs of the Snowball 2.x English stemmer, grouped by the rule they exercise.
// Every pair was checked against the reference C implementation (libstemmer 2.2).
const std::vector<std::pair<const char*, const char*>> kCanonical = {
    // Words of a tool catalog.
    {"running", "run"}, {"generously", "generous"}, {"repositories", "repositori"},
    {"created", "creat"}, {"creating", "creat"}, {"files", "file"}, {"searches", "search"},
    {"searching", "search"}, {"directories", "directori"}, {"messages", "messag"},
    {"databases", "databas"}, {"listing", "list"}, {"deleted", "delet"}, {"reading", "read"},
    {"queries", "queri"}, {"uploaded", "upload"}, {"notifications", "notif"},
    {"configurations", "configur"}, {"parameters", "paramet"}, {"scheduling", "schedul"},
    {"authentication", "authent"}, {"authorization", "author"}, {"deployments", "deploy"},
    {"kubernetes", "kubernet"}, {"translation", "translat"}, {"issues", "issu"},
    // Special words and invariant forms.
    {"sky", "sky"}, {"news", "news"}, {"dying", "die"}, {"lying", "lie"}, {"skies", "sky"},
    {"skis", "ski"}, {"idly", "idl"}, {"gently", "gentl"}, {"ugly", "ugli"}, {"only", "onli"},
    {"early", "earli"}, {"atlas", "atlas"}, {"bias", "bias"}, {"cosmos", "cosmos"},
    // Exceptional forms after step 1a ("innings" reaches "inning" in 1a, then stops).
    {"inning", "inning"}, {"innings", "inning"}, {"outing", "outing"}, {"proceed", "proceed"},
    {"succeeded", "succeed"},
    // R1 prefixes gener-, commun-, arsen-.
    {"generate", "generat"}, {"communication", "communic"}, {"arsenal", "arsenal"},
    {"communism", "communism"}, {"generals", "general"},
    // Step 0 and 1a.
    {"dog's", "dog"}, {"caresses", "caress"}, {"ponies", "poni"}, {"ties", "tie"},
    {"cries", "cri"}, {"gaps", "gap"}, {"gas", "gas"}, {"kiwis", "kiwi"}, {"this", "this"},
    {"bus", "bus"},
    // Step 1b: -eed in R1 only, undoubling, the added e.
    {"agreed", "agre"}, {"feed", "feed"}, {"hoped", "hope"}, {"hopping", "hop"},
    {"tanned", "tan"}, {"fizzed", "fizz"}, {"failing", "fail"}, {"filing", "file"},
    {"luxuriating", "luxuri"},
    // Y handling and step 1c.
    {"cry", "cri"}, {"by", "by"}, {"say", "say"}, {"says", "say"}, {"playing", "play"},
    {"enjoyed", "enjoy"}, {"youth", "youth"}, {"happily", "happili"},
    // Steps 2 to 5.
    {"relational", "relat"}, {"conditional", "condit"}, {"valency", "valenc"},
    {"hesitancy", "hesit"}, {"digitizer", "digit"}, {"conformably", "conform"},
    {"radically", "radic"}, {"differently", "differ"}, {"analogously", "analog"},
    {"vietnamization", "vietnam"}, {"operator", "oper"}, {"feudalism", "feudal"},
    {"decisiveness", "decis"}, {"hopefulness", "hope"}, {"callousness", "callous"},
    {"formality", "formal"}, {"sensitivity", "sensit"}, {"sensibility", "sensibl"},
    {"triplicate", "triplic"}, {"formative", "format"}, {"formalize", "formal"},
    {"electrical", "electr"}, {"goodness", "good"}, {"allowance", "allow"},
    {"inference", "infer"}, {"gyroscopic", "gyroscop"}, {"adjustable", "adjust"},
    {"defensible", "defens"}, {"irritant", "irrit"}, {"replacement", "replac"},
    {"dependent", "depend"}, {"adoption", "adopt"}, {"homologous", "homolog"},
    {"effective", "effect"}, {"bowdlerize", "bowdler"}, {"probate", "probat"},
    {"rate", "rate"}, {"cease", "ceas"}, {"controll", "control"}, {"roll", "roll"},
    {"organization", "organ"},
};

}  // namespace

TEST_CASE("english_stem gives the canonical Porter2 stems", "[stemmer]") {
  for (const auto& [word, stem] : kCanonical) {
    INFO("word: " << word);
    CHECK(english_stem(word) == stem);
  }
}

TEST_CASE("english_stem leaves short, non-ASCII and non-lowercase tokens alone", "[stemmer]") {
  CHECK(english_stem("") == "");
  CHECK(english_stem("is") == "is");
  CHECK(english_stem("as") == "as");
  CHECK(english_stem("caf\xC3\xA9s") == "caf\xC3\xA9s");          // cafés
  CHECK(english_stem("\xD1\x84\xD0\xB0\xD0\xB9\xD0\xBB\xD1\x8B") ==  // файлы
        "\xD1\x84\xD0\xB0\xD0\xB9\xD0\xBB\xD1\x8B");
  CHECK(english_stem("Running") == "Running");  // not folded: the caller's job
  CHECK(english_stem("get_files") == "get_files");
  // Digits are consonants to the algorithm, so identifiers with digits pass through it.
  CHECK(english_stem("mp3s") == "mp3s");
  CHECK(english_stem("v2files") == "v2file");
}

TEST_CASE("english_stem is deterministic and never lengthens a token", "[stemmer]") {
  // Random lowercase words, biased towards the letters the suffix rules look at.
  const std::string alphabet = "abcdeilnostuyzg'";
  uint32_t state = 12345;
  auto next = [&state] {
    state = state * 1664525u + 1013904223u;
    return state >> 8;
  };
  std::vector<std::string> words;
  for (const auto& pair : kCanonical) words.emplace_back(pair.first);
  for (int i = 0; i < 5000; ++i) {
    std::string w(1 + next() % 14, 'a');
    for (char& c : w) c = alphabet[next() % alphabet.size()];
    words.push_back(std::move(w));
  }
  for (const std::string& w : words) {
    INFO("word: " << w);
    const std::string first = english_stem(w);
    CHECK(first.size() <= w.size());
    CHECK(english_stem(w) == first);
  }
}
