// The built-in lexicon is read three ways: as a map (default_lexicon(), what hosts extend), as
// the sorted views it is made from (built_in_lexicon_entries()), and, by index builds, as the
// table of its analysis made at build time (core/src/lexicon_analysis_data.inc). All must hold
// the same entries, and an index must answer the same either way.
#include "toolsearch/json_api.hpp"
#include "toolsearch/lexicon.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <string>

using namespace toolsearch;

namespace {
bool json_ok(const std::string& answer) { return nlohmann::json::parse(answer)["ok"] == true; }
}  // namespace

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

TEST_CASE("an index from the built-in views explains as one from a map", "[lexicon]") {
  // The same lexicon, once as the built-in object (its views) and once as a copy a host
  // extended with one unrelated word (its own map).
  JsonEngine built_in, analysed;
  REQUIRE(json_ok(analysed.configure(R"({"analysis":{"lexicon":{"zzqx":"file"}}})")));
  const std::string tools = R"([{"name":"read_file","description":"Read a file from a directory"},
                                {"name":"create_issue","description":"Create an issue in a repository"}])";
  REQUIRE(json_ok(built_in.add_tools(tools)));
  REQUIRE(json_ok(analysed.add_tools(tools)));
  for (const char* query : {"Datei lesen", "ファイルを読む", "créer un dossier", "report a bug", "open a PR",
                            "make a fodler", "Scrkvi un file"}) {
    INFO(query);
    CHECK(built_in.explain(query, "read_file") == analysed.explain(query, "read_file"));
    CHECK(built_in.explain(query, "create_issue") == analysed.explain(query, "create_issue"));
  }
}

TEST_CASE("the built-in lexicon's build-time table is what the analyzer makes of it", "[lexicon]") {
  // Fails after a change to the lexicon or the analyzer until the table is made again:
  //   build/native/tools/gen_lexicon_analysis core/src/lexicon_analysis_data.inc
  CHECK(built_in_lexicon_analysis_mismatch() == "");
}
