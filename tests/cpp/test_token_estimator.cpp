#include "toolsearch/token_estimator.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <stdexcept>
#include <string>

using namespace toolsearch;

namespace {

double relative_error(size_t estimate, size_t real) {
  return std::abs(static_cast<double>(estimate) - static_cast<double>(real)) / static_cast<double>(real);
}

// Real tool text from @modelcontextprotocol/server-filesystem as tool_token_text serializes it;
// o200k_base (js-tiktoken) counts 94 tokens, chars/4 says 125.
const char* kCreateDirectory =
    R"({"name":"create_directory","description":"Create a new directory or ensure a directory exists. )"
    R"(Can create multiple nested directories in one operation. If the directory already exists, this )"
    R"(operation will succeed silently. Perfect for setting up directory structures for projects or )"
    R"(ensuring required paths exist. Only works within allowed directories.","parameters":{"$schema":)"
    R"("http://json-schema.org/draft-07/schema#","properties":{"path":{"type":"string"}},"required":)"
    R"(["path"],"type":"object"}})";

// A line of seed 000 (Traditional Chinese): o200k_base counts 57 tokens over 121 code points.
const char* kChinese =
    "當你的 session 掛載了大量 MCP server 或非核心 plugin tools 時,它們的 JSON schema "
    "可能在每一輪都佔據相當比例的 context window ——即使其中只有少數工具與使用者實際詢問的內容相關。";

}  // namespace

TEST_CASE("pre-tokenizer splits words, camel humps, digits, punctuation and spaces", "[tokens]") {
  SECTION("a leading space joins the word; letters beyond 4 and 8 are counted") {
    TokenFeatures f = analyze_tokens("hello world");
    CHECK(f.words == 2);
    CHECK(f.word_letters_over_4 == 2);  // 5 - 4 twice
    CHECK(f.word_letters_over_8 == 0);
    CHECK(f.spaces == 0);
  }
  SECTION("camelCase splits at a lower-to-upper boundary; an acronym joins the next hump") {
    CHECK(analyze_tokens("analyzeEvidence").words == 2);
    TokenFeatures acronym = analyze_tokens("JSONSchema");
    CHECK(acronym.words == 1);
    CHECK(acronym.word_letters_over_4 == 6);
    CHECK(acronym.word_letters_over_8 == 2);
    CHECK(analyze_tokens("HTTP").words == 1);
  }
  SECTION("JSON structure: punctuation runs, a key, a number") {
    // {"  a  ":  1  }
    TokenFeatures f = analyze_tokens(R"({"a":1})");
    CHECK(f.punct_runs == 3);
    CHECK(f.words == 1);
    CHECK(f.numbers == 1);
    CHECK(f.word_punct_prefix == 0);
  }
  SECTION("a punctuation character directly before letters leads the word") {
    TokenFeatures f = analyze_tokens("evidence_type");
    CHECK(f.words == 2);
    CHECK(f.word_punct_prefix == 1);
    CHECK(f.punct_runs == 0);
  }
  SECTION("digits group by three") {
    CHECK(analyze_tokens("1234567").numbers == 3);
    CHECK(analyze_tokens("123").numbers == 1);
  }
  SECTION("whitespace: runs before a word give back their last space; newlines are pieces") {
    TokenFeatures two = analyze_tokens("a  b");
    CHECK(two.words == 2);
    CHECK(two.spaces == 1);
    CHECK(analyze_tokens("x\n\ny").spaces == 1);
    CHECK(analyze_tokens("a   ").spaces == 1);
    CHECK(analyze_tokens("a b").spaces == 0);
  }
  SECTION("punctuation run length beyond two") {
    CHECK(analyze_tokens(R"("}}},)").punct_chars_over_2 == 3);
  }
  SECTION("CJK characters are counted apart from words") {
    TokenFeatures f = analyze_tokens("中文字");
    CHECK(f.cjk_chars == 3);
    CHECK(f.words == 0);
    TokenFeatures mixed = analyze_tokens("café");
    CHECK(mixed.words == 1);
    CHECK(mixed.non_ascii_letters == 1);
  }
  SECTION("emoji and invalid bytes are symbols, never a crash") {
    CHECK(analyze_tokens("\xF0\x9F\x98\x80").symbols == 1);
    TokenFeatures bad = analyze_tokens(std::string("a\xFF\xFE", 3));
    CHECK(bad.symbols == 2);
    CHECK(bad.words == 1);
  }
}

TEST_CASE("estimate_tokens: empty is zero, anything else at least one", "[tokens]") {
  CHECK(estimate_tokens("") == 0);
  CHECK(estimate_tokens("a") >= 1);
  CHECK(estimate_tokens(" ") >= 1);
}

TEST_CASE("estimator beats chars/4 on real text measured with o200k_base", "[tokens]") {
  SECTION("an MCP tool definition (English + JSON)") {
    size_t est = estimate_tokens(kCreateDirectory);
    CHECK(chars_div_4(kCreateDirectory) == 125);
    CHECK(relative_error(est, 94) <= 0.10);
    CHECK(relative_error(est, 94) < relative_error(chars_div_4(kCreateDirectory), 94));
  }
  SECTION("Chinese prose, where chars/4 undercounts by half") {
    size_t est = estimate_tokens(kChinese);
    CHECK(chars_div_4(kChinese) == 31);
    CHECK(relative_error(est, 57) <= 0.20);
    CHECK(relative_error(est, 57) < relative_error(chars_div_4(kChinese), 57));
  }
}

TEST_CASE("chars_div_4 counts code points and rounds up", "[tokens]") {
  CHECK(chars_div_4("") == 0);
  CHECK(chars_div_4("abcd") == 1);
  CHECK(chars_div_4("abcde") == 2);
  CHECK(chars_div_4("中文中文中") == 2);  // 5 code points, 15 bytes
}

TEST_CASE("a host counter replaces the estimator; a throwing one falls back", "[tokens]") {
  TokenCounter fixed = [](std::string_view) { return size_t{42}; };
  CHECK(count_tokens("anything", fixed) == 42);
  TokenCounter broken = [](std::string_view) -> size_t { throw std::runtime_error("tokenizer not loaded"); };
  CHECK(count_tokens("hello world", broken) == estimate_tokens("hello world"));
  CHECK(count_tokens("hello world") == estimate_tokens("hello world"));
}

TEST_CASE("tool_token_text is the compact provider serialization", "[tokens]") {
  nlohmann::json schema = {{"type", "object"}};
  CHECK(tool_token_text("x", "d", schema) == R"({"name":"x","description":"d","parameters":{"type":"object"}})");
  CHECK(tool_token_text("q", "say \"hi\"", nlohmann::json::object()) ==
        R"({"name":"q","description":"say \"hi\"","parameters":{}})");
  SECTION("invalid UTF-8 is replaced, not thrown") {
    std::string text = tool_token_text("x", std::string("a\xFF", 2), schema);
    CHECK(text.find("\xEF\xBF\xBD") != std::string::npos);
  }
}

TEST_CASE("estimate_tool_tokens adds the per-tool overhead to either counter", "[tokens]") {
  Tool tool;
  tool.name = "get_weather";
  tool.description = "Current weather for a city";
  tool.input_schema = {{"type", "object"}, {"properties", {{"city", {{"type", "string"}}}}}};
  const std::string text = tool_token_text(tool);
  TokenCounter bytes = [](std::string_view t) { return t.size(); };
  CHECK(estimate_tool_tokens(tool, bytes) == text.size() + kPerToolOverheadTokens);
  CHECK(estimate_tool_tokens(tool) == estimate_tokens(text) + kPerToolOverheadTokens);
}
