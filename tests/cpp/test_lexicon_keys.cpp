// The precomputed keys of the built-in lexicon (core/src/lexicon_keys.cpp) must be what the
// analyzer makes of its words: an index built from them then matches queries exactly as one that
// analyses every word. When this fails, the lexicon or the analyzer changed: regenerate with
//   build/native/tools/gen_lexicon_keys > core/src/lexicon_keys.cpp
#include "toolsearch/json_api.hpp"
#include "toolsearch/lexicon.hpp"
#include "toolsearch/tokenizer.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <string>

using namespace toolsearch;

namespace {
bool json_ok(const std::string& answer) { return nlohmann::json::parse(answer)["ok"] == true; }
}  // namespace

TEST_CASE("precomputed lexicon keys are the analyzer's", "[lexicon]") {
  const Analyzer analyzer;
  const auto [keys, count] = built_in_lexicon_keys();
  REQUIRE(count > 0);
  for (size_t i = 1; i < count; ++i) CHECK(keys[i - 1].word < keys[i].word);  // sorted, no repeats
  size_t next = 0;
  for (const auto& [word, meaning] : built_in_lexicon_entries()) {
    const bool listed = next < count && keys[next].word == word;
    const std::string_view expected = listed ? keys[next++].key : word;
    INFO(std::string(word));
    CHECK(lexicon_key(analyzer, word) == expected);
  }
  CHECK(next == count);  // every listed word is a built-in word
}

TEST_CASE("the built-in entries are the default lexicon's", "[lexicon]") {
  const auto& entries = built_in_lexicon_entries();
  REQUIRE(entries.size() == default_lexicon().size());
  auto it = default_lexicon().begin();
  for (const auto& [word, meaning] : entries) {
    CHECK(it->first == word);
    CHECK(it->second == meaning);
    ++it;
  }
}

TEST_CASE("an index from precomputed keys explains as one that analyses every word", "[lexicon]") {
  // The same lexicon, once as the built-in object (precomputed keys) and once as a copy a host
  // extended with one unrelated word (every word analysed).
  JsonEngine built_in, analysed;
  REQUIRE(json_ok(analysed.configure(R"({"analysis":{"lexicon":{"zzqx":"file"}}})")));
  const std::string tools = R"([{"name":"read_file","description":"Read a file from a directory"},
                                {"name":"create_issue","description":"Create an issue in a repository"}])";
  REQUIRE(json_ok(built_in.add_tools(tools)));
  REQUIRE(json_ok(analysed.add_tools(tools)));
  for (const char* query : {"Datei lesen", "ファイルを読む", "créer un dossier", "report a bug", "open a PR"}) {
    INFO(query);
    CHECK(built_in.explain(query, "read_file") == analysed.explain(query, "read_file"));
    CHECK(built_in.explain(query, "create_issue") == analysed.explain(query, "create_issue"));
  }
}
