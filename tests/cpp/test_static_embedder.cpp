#include "toolsearch/static_embedder.hpp"
#include "toolsearch/stemmer.hpp"
#include "toolsearch/utf8.hpp"

#include "shipped_table.hpp"

#include <catch2/catch.hpp>
#include <memory>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

using namespace toolsearch;

namespace {

void put_u32(std::vector<uint8_t>& out, size_t at, uint32_t v) {
  for (int i = 0; i < 4; i++) out[at + i] = static_cast<uint8_t>(v >> (8 * i));
}

/// A TSSE table written independently of the loader (words must be given sorted).
std::vector<uint8_t> make_table(const std::vector<std::string>& words, const std::vector<std::vector<int8_t>>& rows,
                                const std::vector<float>& scales) {
  const size_t dims = rows.at(0).size();
  size_t vocab = 0;
  for (const std::string& w : words) vocab += 1 + w.size();
  const size_t pad = (4 - (32 + vocab) % 4) % 4;
  std::vector<uint8_t> out(32 + vocab + pad + 4 * words.size() + words.size() * dims, 0);
  std::memcpy(out.data(), "TSSE", 4);
  put_u32(out, 4, 1);
  put_u32(out, 8, static_cast<uint32_t>(dims));
  put_u32(out, 12, static_cast<uint32_t>(words.size()));
  put_u32(out, 16, static_cast<uint32_t>(vocab));
  size_t at = 32;
  for (const std::string& w : words) {
    out[at++] = static_cast<uint8_t>(w.size());
    std::memcpy(out.data() + at, w.data(), w.size());
    at += w.size();
  }
  at += pad;
  for (float s : scales) {
    uint32_t bits;
    std::memcpy(&bits, &s, 4);
    put_u32(out, at, bits);
    at += 4;
  }
  for (const auto& r : rows) {
    std::memcpy(out.data() + at, r.data(), dims);
    at += dims;
  }
  return out;
}

// forecast (0,0,2 at scale .5 -> 0,0,1), get (1,0,0), weather (0,1,0 at scale 2 -> 0,2,0)
std::vector<uint8_t> small_table() {
  return make_table({"forecast", "get", "weather"}, {{0, 0, 2}, {1, 0, 0}, {0, 1, 0}}, {0.5f, 1.0f, 2.0f});
}

}  // namespace

TEST_CASE("static embedder: looks up analyzer tokens, sums weighted rows, normalises", "[static_embedder]") {
  auto loaded = StaticEmbedder::load(small_table());
  REQUIRE(loaded.ok());
  const StaticEmbedder& e = loaded.value();
  CHECK(e.dimensions() == 3);
  CHECK(e.vocabulary_size() == 3);
  CHECK(e.find("weather") == 2);
  CHECK(e.find("snow") == 3);

  // Identifier split and case folding come from the analyzer: get + weather + forecast.
  const StaticEmbedding v = e.embed("getWeather FORECAST, today");
  CHECK(v.tokens == 4);
  CHECK(v.known_tokens == 3);
  const float n = std::sqrt(1.0f + 4.0f + 1.0f);
  CHECK(v.vector[0] == Approx(1 / n));
  CHECK(v.vector[1] == Approx(2 / n));
  CHECK(v.vector[2] == Approx(1 / n));

  // Whole identifiers are not extra tokens: "get_weather" is get + weather only.
  const StaticEmbedding w = e.embed("get_weather");
  CHECK(w.tokens == 2);
  CHECK(w.vector[0] == Approx(1 / std::sqrt(5.0f)));

  const StaticEmbedding none = e.embed("snow tomorrow 天気");
  CHECK(none.known_tokens == 0);
  CHECK(none.vector == std::vector<float>(3, 0.0f));
  CHECK(e.embed("").tokens == 0);
}

TEST_CASE("static embedder: with an owner the rows are read in place, and embed as a copy does", "[static_embedder]") {
  auto bytes = std::make_shared<std::vector<uint8_t>>(small_table());
  auto copied = StaticEmbedder::load(*bytes);
  auto shared = StaticEmbedder::load(bytes->data(), bytes->size(), bytes);
  REQUIRE(copied.ok());
  REQUIRE(shared.ok());
  CHECK(bytes.use_count() == 2);  // the table holds the bytes
  // Rows in place: a change to the owner's bytes shows through (nothing may write them; this
  // only proves there is no copy), while the copied table is untouched.
  (*bytes)[bytes->size() - 1] = 100;  // weather's last code: 0 -> 100
  CHECK(shared.value().embed("weather").vector[2] > 0.99f);
  CHECK(copied.value().embed("weather").vector[2] == 0.0f);
  const std::weak_ptr<std::vector<uint8_t>> watch = bytes;
  bytes.reset();
  CHECK_FALSE(watch.expired());
  shared = Status::error(ErrorCode::InvalidArgument, "dropped");  // the table goes, and the bytes with it
  CHECK(watch.expired());
}

TEST_CASE("static embedder: every truncation and corruption is a typed error", "[static_embedder]") {
  const std::vector<uint8_t> good = small_table();
  REQUIRE(StaticEmbedder::load(good).ok());

  for (size_t len = 0; len < good.size(); len++) {
    const auto r = StaticEmbedder::load(good.data(), len);
    CHECK_FALSE(r.ok());
    CHECK(r.status().code == ErrorCode::InvalidArgument);
  }
  CHECK_FALSE(StaticEmbedder::load(nullptr, 0).ok());

  auto with = [&](size_t at, uint8_t byte) {
    std::vector<uint8_t> b = good;
    b[at] = byte;
    return StaticEmbedder::load(b).status().message;
  };
  CHECK(with(0, 'X').find("magic") != std::string::npos);
  CHECK(with(4, 2).find("version") != std::string::npos);
  CHECK(with(20, 1).find("flags") != std::string::npos);
  CHECK(with(24, 1).find("reserved") != std::string::npos);
  CHECK(with(31, 0x80).find("reserved") != std::string::npos);
  CHECK(with(8, 0).find("dims") != std::string::npos);
  CHECK(with(12, 4).find("truncated") != std::string::npos);  // count says 4 words

  std::vector<uint8_t> longer = good;
  longer.push_back(0);
  CHECK(StaticEmbedder::load(longer).status().message.find("trailing") != std::string::npos);

  const auto unsorted = make_table({"get", "forecast", "weather"}, {{0, 0, 2}, {1, 0, 0}, {0, 1, 0}}, {1, 1, 1});
  CHECK(StaticEmbedder::load(unsorted).status().message.find("ascending") != std::string::npos);
  const auto duplicate = make_table({"get", "get", "weather"}, {{0, 0, 2}, {1, 0, 0}, {0, 1, 0}}, {1, 1, 1});
  CHECK(StaticEmbedder::load(duplicate).status().message.find("ascending") != std::string::npos);
  const auto bad_utf8 = make_table({"ge\xff", "weather"}, {{1, 0, 0}, {0, 1, 0}}, {1, 1});
  CHECK(StaticEmbedder::load(bad_utf8).status().message.find("UTF-8") != std::string::npos);
  const auto negative = make_table({"get", "weather"}, {{1, 0, 0}, {0, 1, 0}}, {1, -1});
  CHECK(StaticEmbedder::load(negative).status().message.find("scale") != std::string::npos);
  const auto nan = make_table({"get", "weather"}, {{1, 0, 0}, {0, 1, 0}}, {std::nanf(""), 1});
  CHECK(StaticEmbedder::load(nan).status().message.find("scale") != std::string::npos);

  // A word length pointing past the vocabulary block.
  std::vector<uint8_t> overrun = good;
  overrun[32] = 200;
  CHECK_FALSE(StaticEmbedder::load(overrun).ok());
  // A zero-length word.
  std::vector<uint8_t> empty_word = good;
  empty_word[32] = 0;
  CHECK_FALSE(StaticEmbedder::load(empty_word).ok());
}

TEST_CASE("static embedder: the distilled table in js/assets loads and embeds", "[static_embedder]") {
  const std::string text = test::shipped_static_table();
  if (text.empty()) {
    WARN("js/assets/static-embeddings.tsse not present; skipped");
    return;
  }
  auto loaded = StaticEmbedder::load(reinterpret_cast<const uint8_t*>(text.data()), text.size());
  REQUIRE(loaded.ok());
  const StaticEmbedder& e = loaded.value();
  auto cos = [&](const char* a, const char* b) {
    const auto va = e.embed(a).vector, vb = e.embed(b).vector;
    float s = 0;
    for (size_t i = 0; i < va.size(); i++) s += va[i] * vb[i];
    return s;
  };
  // A sanity check of meaning, not a quality bar: a paraphrase beats an unrelated text.
  CHECK(cos("send an email to my colleague", "compose mail message") >
        cos("send an email to my colleague", "weather forecast for tomorrow"));
}

TEST_CASE("static embedder: any valid table embeds to a unit vector, whatever its scales", "[static_embedder]") {
  // Found by the vectors fuzz target: scales near FLT_MAX overflowed the float sum (inf, then
  // NaN after normalising), and subnormal scales an infinite float inverse; either way a text
  // search on a table the loader had accepted failed with "query has a NaN or infinite value".
  const float tiny = std::numeric_limits<float>::denorm_min();
  for (const float scale : {std::numeric_limits<float>::max(), 1e30f, tiny, 1e-40f}) {
    const auto table = make_table({"forecast", "get", "weather"}, {{0, 0, 2}, {127, 0, 0}, {0, 127, 0}}, {scale, scale, scale});
    auto loaded = StaticEmbedder::load(table);
    REQUIRE(loaded.ok());
    const StaticEmbedding v = loaded.value().embed("get weather forecast weather get");
    double norm2 = 0;
    for (float x : v.vector) {
      CHECK(std::isfinite(x));
      norm2 += double{x} * x;
    }
    CHECK(norm2 == Approx(1.0).margin(1e-5));
    // The direction of (2·127, 2·127, 2) at any scale.
    CHECK(v.vector[0] == Approx(v.vector[1]));
    CHECK(v.vector[2] == Approx(2.0 / std::sqrt(2.0 * 254 * 254 + 4)).margin(1e-5));
  }
}

TEST_CASE("static embedder: words are looked up as the table holds them, unstemmed", "[static_embedder]") {
  // The distilled table holds surface words. The search analyzer's default light stemmer once
  // reached the embedder too, so "create an issue" looked up "creat" and "issu" and embedded
  // to nothing (found by reading the fuzz harness's static-table searches).
  const auto table = make_table({"create", "file", "issue"}, {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, {1, 1, 1});
  auto loaded = StaticEmbedder::load(table);
  REQUIRE(loaded.ok());
  const StaticEmbedding v = loaded.value().embed("Create an issue for this file");
  CHECK(v.known_tokens == 3);
  CHECK(v.vector[0] == Approx(1 / std::sqrt(3.0f)));
  CHECK(loaded.value().embed("creating issues").known_tokens == 0);  // other surface forms are other words
}

TEST_CASE("static embedder: a search analyzer's surface tokens embed as the text does", "[static_embedder]") {
  // Hybrid search embeds the keyword leg's surface tokens instead of analysing the query again
  // (Engine::run_strategy). They must be the embedder's own tokens: unstemmed ("creating",
  // "issues", "файлами" would stem to words the table lacks), without whole identifiers, with
  // the same stop words, short tokens and CJK bigrams dropped or made.
  const std::vector<std::string> words = {"creating", "forecast", "get", "issues", "weather",
                                          "файлами", "天气", "气预", "预报"};
  std::vector<std::vector<int8_t>> rows(words.size(), std::vector<int8_t>(words.size(), 0));
  for (size_t i = 0; i < words.size(); i++) rows[i][i] = static_cast<int8_t>(i + 1);
  auto loaded = StaticEmbedder::load(make_table(words, rows, std::vector<float>(words.size(), 1.0f)));
  REQUIRE(loaded.ok());
  const StaticEmbedder& e = loaded.value();
  AnalyzerOptions porter;
  porter.stemmer = english_stem;
  for (const AnalyzerOptions& options : {AnalyzerOptions{}, porter}) {
    REQUIRE(e.reads_like(options));
    const Analyzer search(options);
    for (const char* text : {"getWeatherForecast for the issues I am creating", "a b c", "天气预报 and 天气",
                             "Работа с файлами: get_weather", "", "   ", "x_y_z issues_creating"}) {
      const std::u32string decoded = decode_utf8(text).text;
      TokenBuffer stemmed, surface;
      search.analyze_into(decoded, stemmed, &surface);
      const StaticEmbedding own = e.embed(text), shared = e.embed_tokens(surface);
      INFO(text);
      CHECK(shared.tokens == own.tokens);
      CHECK(shared.known_tokens == own.known_tokens);
      CHECK(shared.vector == own.vector);
    }
  }
  // The search analyzer's stems differ from the surface: the case above is not vacuous.
  TokenBuffer stemmed, surface;
  Analyzer().analyze_into(decode_utf8("creating issues").text, stemmed, &surface);
  CHECK(e.embed_tokens(surface).known_tokens == 2);
  CHECK(e.embed_tokens(stemmed).known_tokens == 0);

  AnalyzerOptions other;
  other.stop_words = false;
  CHECK_FALSE(e.reads_like(other));
  other = {};
  other.cjk_bigrams = false;
  CHECK_FALSE(e.reads_like(other));
  other = {};
  other.min_token_chars = 3;
  CHECK_FALSE(e.reads_like(other));
  other = {};
  other.keep_whole_identifier = false;
  other.stemmer = Stemmer();
  CHECK(e.reads_like(other));
}
