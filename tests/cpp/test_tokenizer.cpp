#include "toolsearch/tokenizer.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

using namespace toolsearch;

namespace {

// The splitting stages alone: no stop words, no stemmer.
AnalyzerOptions bare() {
  AnalyzerOptions options;
  options.stop_words = false;
  options.stemmer = nullptr;
  return options;
}


std::vector<std::string> words_of(std::string_view utf8) {
  const DecodedText decoded = decode_utf8(utf8);
  std::vector<std::string> out;
  for (const Word& w : split_words(decoded.text)) out.push_back(to_utf8(w.text) + (w.cjk ? "/cjk" : ""));
  return out;
}

std::vector<std::string> parts_of(std::string_view utf8) {
  const DecodedText decoded = decode_utf8(utf8);
  std::vector<std::string> out;
  for (std::u32string_view p : split_identifier(decoded.text)) out.push_back(to_utf8(p));
  return out;
}

std::string fold(std::string_view utf8) { return to_utf8(fold_case(decode_utf8(utf8).text)); }

using Tokens = std::vector<std::string>;

bool shares_token(const Tokens& a, const Tokens& b) {
  return std::any_of(a.begin(), a.end(), [&](const std::string& t) { return std::find(b.begin(), b.end(), t) != b.end(); });
}

}  // namespace

TEST_CASE("decode_utf8 decodes valid text of every sequence length", "[tokenizer]") {
  const DecodedText d = decode_utf8("a\xC3\xA9\xE4\xB8\xAD\xF0\x9F\x98\x80");  // a é 中 😀
  CHECK(d.invalid_bytes == 0);
  CHECK(d.text == U"a\u00E9\u4E2D\U0001F600");
  CHECK(decode_utf8("").text.empty());
}

TEST_CASE("decode_utf8 replaces each invalid byte by U+FFFD and counts it", "[tokenizer]") {
  SECTION("stray continuation byte and invalid lead bytes") {
    const DecodedText d = decode_utf8("a\x80" "b\xFF\xFE");
    CHECK(d.text == U"a\uFFFDb\uFFFD\uFFFD");
    CHECK(d.invalid_bytes == 3);
  }
  SECTION("truncated sequence: the valid byte after it survives") {
    const DecodedText d = decode_utf8("\xE2\x82" "A");
    CHECK(d.text == U"\uFFFD\uFFFDA");
    CHECK(d.invalid_bytes == 2);
  }
  SECTION("truncated at the end of input") {
    const DecodedText d = decode_utf8("ok\xF0\x9F\x98");
    CHECK(d.text == U"ok\uFFFD\uFFFD\uFFFD");
    CHECK(d.invalid_bytes == 3);
  }
  SECTION("overlong forms") {
    CHECK(decode_utf8("\xC0\xAF").invalid_bytes == 2);
    CHECK(decode_utf8("\xE0\x80\xAF").invalid_bytes == 3);
    CHECK(decode_utf8("\xF0\x80\x80\xAF").invalid_bytes == 4);
  }
  SECTION("surrogates and values above U+10FFFF") {
    CHECK(decode_utf8("\xED\xA0\x80").invalid_bytes == 3);
    CHECK(decode_utf8("\xF4\x90\x80\x80").invalid_bytes == 4);
    // The last valid code point is accepted.
    const DecodedText max = decode_utf8("\xF4\x8F\xBF\xBF");
    CHECK(max.invalid_bytes == 0);
    CHECK(max.text == std::u32string(1, 0x10FFFF));
  }
}

TEST_CASE("classify knows letters, digits and CJK across scripts", "[tokenizer]") {
  CHECK(classify(U'a') == CharClass::Letter);
  CHECK(classify(U'Z') == CharClass::Letter);
  CHECK(classify(U'7') == CharClass::Digit);
  CHECK(classify(U'_') == CharClass::Other);
  CHECK(classify(U' ') == CharClass::Other);
  CHECK(classify(0x00E9) == CharClass::Letter);   // é
  CHECK(classify(0x00D7) == CharClass::Other);    // ×
  CHECK(classify(0x0141) == CharClass::Letter);   // Ł
  CHECK(classify(0x0218) == CharClass::Letter);   // Ș
  CHECK(classify(0x0301) == CharClass::Letter);   // combining acute joins its letter
  CHECK(classify(0x03A9) == CharClass::Letter);   // Ω
  CHECK(classify(0x0387) == CharClass::Other);    // Greek ano teleia (punctuation)
  CHECK(classify(0x0416) == CharClass::Letter);   // Ж
  CHECK(classify(0x05D0) == CharClass::Letter);   // א
  CHECK(classify(0x0661) == CharClass::Digit);    // Arabic-Indic one
  CHECK(classify(0x1EA1) == CharClass::Letter);   // ạ (Vietnamese)
  CHECK(classify(0x4E2D) == CharClass::Cjk);      // 中
  CHECK(classify(0x306E) == CharClass::Cjk);      // の
  CHECK(classify(0x30AB) == CharClass::Cjk);      // カ
  CHECK(classify(0x30FC) == CharClass::Cjk);      // ー (prolonged sound mark)
  CHECK(classify(0x30FB) == CharClass::Other);    // ・ separates
  CHECK(classify(0x3002) == CharClass::Other);    // 。
  CHECK(classify(0xD55C) == CharClass::Cjk);      // 한
  CHECK(classify(0xFF10) == CharClass::Digit);    // fullwidth 0
  CHECK(classify(0xFF21) == CharClass::Letter);   // fullwidth A
  CHECK(classify(0xFF76) == CharClass::Cjk);      // halfwidth カ
  CHECK(classify(0x20000) == CharClass::Cjk);     // Han extension B
  CHECK(classify(0xFFFD) == CharClass::Other);
  CHECK(classify(0x1F600) == CharClass::Other);   // emoji
}

TEST_CASE("case folding covers Latin-1, Latin Extended-A/B, Greek and Cyrillic", "[tokenizer]") {
  SECTION("Latin") {
    CHECK(to_lower(U'A') == U'a');
    CHECK(to_lower(0x00C9) == 0x00E9);  // É
    CHECK(to_lower(0x00D7) == 0x00D7);  // × is not a letter
    CHECK(to_lower(0x00DE) == 0x00FE);  // Þ
    CHECK(to_lower(0x0100) == 0x0101);  // Ā
    CHECK(to_lower(0x0141) == 0x0142);  // Ł (odd-upper run)
    CHECK(to_lower(0x0178) == 0x00FF);  // Ÿ
    CHECK(to_lower(0x0130) == U'i');    // İ
    CHECK(to_lower(0x0131) == 0x0131);  // ı is already lowercase
    CHECK(to_lower(0x01C4) == 0x01C6);  // Ǆ
    CHECK(to_lower(0x01C5) == 0x01C6);  // ǅ (titlecase)
    CHECK(to_lower(0x0186) == 0x0254);  // Ɔ
    CHECK(to_lower(0x0218) == 0x0219);  // Ș
    CHECK(to_lower(0x1EA0) == 0x1EA1);  // Ạ
    CHECK(to_lower(0x1E9E) == 0x00DF);  // ẞ
    CHECK(fold("ÀÉÎÕÜÇ ŁÓDŹ ȘTIINȚĂ") == "àéîõüç łódź știință");
  }
  SECTION("Greek") {
    CHECK(to_lower(0x03A3) == 0x03C3);    // Σ
    CHECK(to_lower(0x0386) == 0x03AC);    // Ά
    CHECK(to_lower(0x038F) == 0x03CE);    // Ώ
    CHECK(to_lower(0x03A2) == 0x03A2);    // unassigned hole in the capitals
    CHECK(fold_char(0x03C2) == 0x03C3);   // final sigma folds to sigma
    CHECK(fold("ΟΔΥΣΣΈΑΣ") == "οδυσσέασ");
    CHECK(fold("Οδυσσέας") == fold("ΟΔΥΣΣΈΑΣ"));
  }
  SECTION("Cyrillic") {
    CHECK(to_lower(0x0401) == 0x0451);  // Ё
    CHECK(to_lower(0x0462) == 0x0463);  // Ѣ
    CHECK(to_lower(0x04C1) == 0x04C2);  // Ӂ (odd-upper run)
    CHECK(to_lower(0x04C0) == 0x04CF);  // Ӏ
    CHECK(fold("ПРИВЕТ Мир ЁЖИК") == "привет мир ёжик");
  }
  SECTION("Latin letters without their diacritics") {
    CHECK(latin_ascii(0x00C9) == "e");   // É
    CHECK(latin_ascii(0x00E9) == "e");   // é
    CHECK(latin_ascii(0x00DF) == "ss");  // ß
    CHECK(latin_ascii(0x00C6) == "ae");  // Æ
    CHECK(latin_ascii(0x00FE) == "th");  // þ
    CHECK(latin_ascii(0x0133) == "ij");  // ĳ
    CHECK(latin_ascii(0x0152) == "oe");  // Œ
    CHECK(latin_ascii(0x0142) == "l");   // ł
    CHECK(latin_ascii(0x017E) == "z");   // ž
    CHECK(latin_ascii(0x017F) == "s");   // ſ
    CHECK(latin_ascii(0x00D7).empty());  // ×
    CHECK(latin_ascii(0x00F7).empty());  // ÷
    CHECK(latin_ascii(U'e').empty());    // ASCII is not this table's
    CHECK(latin_ascii(0x00BF).empty());  // ¿
    CHECK(latin_ascii(0x0180).empty());  // beyond Extended-A
    CHECK(latin_ascii(0x0416).empty());  // Ж
    // Every letter of the range maps to lowercase ASCII letters.
    for (char32_t cp = 0xC0; cp <= 0x17F; ++cp) {
      for (char c : latin_ascii(cp)) CHECK((c >= 'a' && c <= 'z'));
    }
  }
  SECTION("special foldings and width") {
    CHECK(fold_char(0x017F) == U's');     // ſ
    CHECK(fold_char(0x00B5) == 0x03BC);   // µ -> μ
    CHECK(fold("ＡＰＩ１２") == "api12");  // fullwidth to ASCII
  }
  SECTION("is_upper") {
    CHECK(is_upper(U'Q'));
    CHECK_FALSE(is_upper(U'q'));
    CHECK(is_upper(0x0416));
    CHECK(is_upper(0x01C5));
    CHECK_FALSE(is_upper(0x4E2D));
    CHECK_FALSE(is_upper(U'5'));
  }
}

TEST_CASE("split_words splits on non-word characters and keeps identifier joiners", "[tokenizer]") {
  CHECK(words_of("Hello, world!") == std::vector<std::string>{"Hello", "world"});
  CHECK(words_of("call get_weather now") == std::vector<std::string>{"call", "get_weather", "now"});
  CHECK(words_of("--verbose trailing_ a - b") == std::vector<std::string>{"verbose", "trailing", "a", "b"});
  CHECK(words_of("foo__bar-baz") == std::vector<std::string>{"foo__bar-baz"});
  CHECK(words_of("naïve café") == std::vector<std::string>{"naïve", "café"});
  CHECK(words_of("Ωmega/Жук") == std::vector<std::string>{"Ωmega", "Жук"});
  CHECK(words_of("天気APIを使う") == std::vector<std::string>{"天気/cjk", "API", "を使う/cjk"});
  CHECK(words_of("カード・ローン") == std::vector<std::string>{"カード/cjk", "ローン/cjk"});
  CHECK(words_of("a\xEF\xBF\xBD" "b") == std::vector<std::string>{"a", "b"});  // U+FFFD separates
  CHECK(words_of("  ...  ").empty());
  CHECK(words_of("").empty());
}

TEST_CASE("split_identifier handles snake, kebab, camel, acronyms and digits", "[tokenizer]") {
  CHECK(parts_of("getWeather") == std::vector<std::string>{"get", "Weather"});
  CHECK(parts_of("parseHTTPResponse") == std::vector<std::string>{"parse", "HTTP", "Response"});
  CHECK(parts_of("XMLHttpRequest") == std::vector<std::string>{"XML", "Http", "Request"});
  CHECK(parts_of("snake_case_name") == std::vector<std::string>{"snake", "case", "name"});
  CHECK(parts_of("kebab-case") == std::vector<std::string>{"kebab", "case"});
  CHECK(parts_of("mcp__github__create_issue") == std::vector<std::string>{"mcp", "github", "create", "issue"});
  CHECK(parts_of("v2api") == std::vector<std::string>{"v", "2", "api"});
  CHECK(parts_of("HTTP2Server") == std::vector<std::string>{"HTTP", "2", "Server"});
  CHECK(parts_of("listURLs") == std::vector<std::string>{"list", "URLs"});
  CHECK(parts_of("getIDsFast") == std::vector<std::string>{"get", "IDs", "Fast"});
  CHECK(parts_of("ÉtatCivil") == std::vector<std::string>{"État", "Civil"});
  CHECK(parts_of("ПолучитьПогоду") == std::vector<std::string>{"Получить", "Погоду"});
  CHECK(parts_of("already") == std::vector<std::string>{"already"});
  CHECK(parts_of("ABC") == std::vector<std::string>{"ABC"});
  CHECK(parts_of("").empty());
}

TEST_CASE("cjk_bigrams gives overlapping bigrams, or a unigram for one character", "[tokenizer]") {
  const std::u32string run = U"天気予報";
  std::vector<std::string> grams;
  for (auto g : cjk_bigrams(run)) grams.push_back(to_utf8(g));
  CHECK(grams == std::vector<std::string>{"天気", "気予", "予報"});
  const std::u32string one = U"天";
  REQUIRE(cjk_bigrams(one).size() == 1);
  CHECK(to_utf8(cjk_bigrams(one)[0]) == "天");
  CHECK(cjk_bigrams(std::u32string_view()).empty());
}

TEST_CASE("is_short_token drops 1-character letters and digits, never CJK", "[tokenizer]") {
  CHECK(is_short_token(U"a"));
  CHECK(is_short_token(U"7"));
  CHECK(is_short_token(U"ж"));
  CHECK(is_short_token(U""));
  CHECK_FALSE(is_short_token(U"ab"));
  CHECK_FALSE(is_short_token(U"42"));
  CHECK_FALSE(is_short_token(U"天"));
  CHECK(is_short_token(U"ab", 3));
  CHECK_FALSE(is_short_token(U"a", 1));
}

TEST_CASE("light_stem conflates common inflections", "[tokenizer]") {
  CHECK(light_stem("queries") == "query");
  CHECK(light_stem("copied") == "copy");
  CHECK(light_stem("files") == "fil");
  CHECK(light_stem("file") == "fil");
  CHECK(light_stem("creates") == "creat");
  CHECK(light_stem("created") == "creat");
  CHECK(light_stem("creating") == "creat");
  CHECK(light_stem("running") == "run");
  CHECK(light_stem("processes") == "process");
  CHECK(light_stem("matches") == "match");
  CHECK(light_stem("installed") == "install");
  // Left alone: no real stem would remain, or the ending is not a suffix.
  CHECK(light_stem("status") == "status");
  CHECK(light_stem("analysis") == "analysis");
  CHECK(light_stem("string") == "string");
  CHECK(light_stem("speed") == "speed");
  CHECK(light_stem("api") == "api");
  CHECK(light_stem("café") == "café");
  CHECK(light_stem("mp3s") == "mp3s");
  // A noun of its own, not a form of "set".
  CHECK(light_stem("settings") == "setting");
  CHECK(light_stem("setting") == "setting");
  CHECK(light_stem("sets") == "set");
  for (const char* w : {"query", "fil", "creat", "run", "process", "match", "install"}) {
    CHECK(light_stem(w) == w);
  }
}

TEST_CASE("light_stem takes one case ending off a Russian noun or adjective", "[tokenizer]") {
  for (const char* w : {"файл", "файла", "файлу", "файле", "файлом", "файлы", "файлов", "файлами", "файлах"}) {
    INFO(w);
    CHECK(light_stem(w) == "файл");
  }
  CHECK(light_stem("задачи") == "задач");
  CHECK(light_stem("задачу") == "задач");
  CHECK(light_stem("задачей") == "задач");
  CHECK(light_stem("репозиторий") == light_stem("репозитории"));
  CHECK(light_stem("репозиторий") == light_stem("репозиториев"));
  CHECK(light_stem("сообщение") == light_stem("сообщений"));
  CHECK(light_stem("новую") == light_stem("новый"));
  // At least three letters stay; verb endings stay (a noun in -ет is no verb).
  CHECK(light_stem("коде") == "код");
  CHECK(light_stem("код") == "код");
  CHECK(light_stem("ищи") == "ищи");
  CHECK(light_stem("бюджет") == "бюджет");
  CHECK(light_stem("канал") == "канал");
  // Idempotent, and only whole lowercase Cyrillic words: mixed scripts and Greek are left alone.
  for (const char* w : {"файл", "задач", "код"}) CHECK(light_stem(w) == w);
  CHECK(light_stem("файлs") == "файлs");
  CHECK(light_stem("файл2") == "файл2");
  CHECK(light_stem("αρχεία") == "αρχεία");
}

TEST_CASE("Analyzer composes the stages and keeps the whole identifier", "[tokenizer]") {
  const Analyzer analyzer(bare());
  CHECK(analyzer.analyze("parseHTTPResponse") == Tokens{"parse", "http", "response", "parsehttpresponse"});
  CHECK(analyzer.analyze("get_weather") == Tokens{"get", "weather", "get_weather"});
  CHECK(analyzer.analyze("Get-Weather now") == Tokens{"get", "weather", "get-weather", "now"});
  // 1-character parts go, the identifier they came from stays.
  CHECK(analyzer.analyze("v2api") == Tokens{"api", "v2api"});
  CHECK(analyzer.analyze("upload to s3") == Tokens{"upload", "to", "s3"});
  CHECK(analyzer.analyze("a b c") == Tokens{});
  CHECK(analyzer.analyze("").empty());

  // "a" is dropped, the identifier keeps its parts and its whole form.
  CHECK(analyzer.analyze("Read a file_name") == Tokens{"read", "file", "name", "file_name"});
}

TEST_CASE("Analyzer reports invalid UTF-8 and keeps the valid text around it", "[tokenizer]") {
  const Analyzer analyzer(bare());
  // The replacement character separates words: nothing valid is lost, nothing invalid kept.
  CHECK(analyzer.analyze("weather\xFF" "report \xC3") == Tokens{"weather", "report"});
  CHECK(analyzer.analyze("\x80").empty());
}

TEST_CASE("Analyzer folds Greek, Cyrillic and Latin-1 so either case matches", "[tokenizer]") {
  const Analyzer analyzer(bare());
  CHECK(analyzer.analyze("ΚΑΙΡΌΣ Привет ÇA VA") == Tokens{"καιρόσ", "привет", "ça", "va"});
  CHECK(analyzer.analyze("καιρός") == analyzer.analyze("ΚΑΙΡΌΣ"));
  CHECK(analyzer.analyze("ПОГОДА") == analyzer.analyze("погода"));
  CHECK(analyzer.analyze("ÉTÉ") == analyzer.analyze("été"));
}

TEST_CASE("Analyzer indexes CJK as bigrams so Japanese and Chinese queries match", "[tokenizer]") {
  const Analyzer analyzer(bare());
  CHECK(analyzer.analyze("天気予報を取得") == Tokens{"天気", "気予", "予報", "報を", "を取", "取得"});
  CHECK(analyzer.analyze("天") == Tokens{"天"});

  SECTION("Japanese query against a Japanese description") {
    const Tokens doc = analyzer.analyze("指定した都市の天気予報を取得します。");
    CHECK(shares_token(analyzer.analyze("天気予報"), doc));
    CHECK(shares_token(analyzer.analyze("都市の天気"), doc));
    CHECK_FALSE(shares_token(analyzer.analyze("株価"), doc));
  }
  SECTION("Chinese query against a Chinese description") {
    const Tokens doc = analyzer.analyze("获取股票的最新价格");
    CHECK(shares_token(analyzer.analyze("股票价格"), doc));
    CHECK_FALSE(shares_token(analyzer.analyze("天气"), doc));
  }
  SECTION("Latin inside CJK text is its own token, fullwidth folded") {
    const Tokens doc = analyzer.analyze("ＧｉｔＨｕｂのイシューを作成");
    CHECK(std::find(doc.begin(), doc.end(), "github") != doc.end());
  }
  SECTION("without bigrams a run is one token") {
    AnalyzerOptions options;
    options.cjk_bigrams = false;
    CHECK(Analyzer(options).analyze("天気予報") == Tokens{"天気予報"});
  }
}

TEST_CASE("Analyzer stages can be configured and a stemmer plugged in", "[tokenizer]") {
  CHECK(Analyzer(bare()).stage_names() ==
        Tokens{"decode_utf8", "split_words", "split_identifier", "fold_case", "cjk_bigrams", "drop_short"});
  // The default pipeline also drops stop words and stems.
  CHECK(Analyzer().stage_names() == Tokens{"decode_utf8", "split_words", "split_identifier", "fold_case",
                                           "cjk_bigrams", "drop_short", "stop_words", "stem"});
  CHECK(Analyzer().analyze("Create the files in a directory") == Tokens{"creat", "fil", "directory"});

  AnalyzerOptions options;
  options.keep_whole_identifier = false;
  options.min_token_chars = 1;
  CHECK(Analyzer(options).analyze("v2api") == Tokens{"v", "2", "api"});

  options = AnalyzerOptions{};
  options.stemmer = light_stem;
  const Analyzer stemming(options);
  CHECK(stemming.stage_names().back() == "stem");
  // Whole identifiers are not stemmed: they must match names literally.
  CHECK(stemming.analyze("creating files list_files") == Tokens{"creat", "fil", "list", "fil", "list_files"});

  // A stemmer that erases a token drops it.
  options.stemmer = [](std::string_view t) { return t == "the" ? std::string() : std::string(t); };
  CHECK(Analyzer(options).analyze("the weather") == Tokens{"weather"});
}

TEST_CASE("name_parts keeps every folded part for exact-name matching", "[tokenizer]") {
  const Analyzer analyzer(bare());
  CHECK(analyzer.name_parts("mcp__GitHub__create_issue") == Tokens{"mcp", "git", "hub", "create", "issue"});
  CHECK(analyzer.name_parts("a_b v2") == Tokens{"a", "b", "v", "2"});
  CHECK(analyzer.name_parts("天気取得") == Tokens{"天気取得"});
  CHECK(analyzer.name_parts("Read File") == analyzer.name_parts("read_file"));
}
