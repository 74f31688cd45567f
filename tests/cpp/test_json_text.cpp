#include "toolsearch/json_text.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace toolsearch;

TEST_CASE("append_json_string escapes what JSON requires and round-trips", "[json_text]") {
  const std::string tricky = std::string("a\"b\\c\nd\te\r\x01\x1f\0", 13) + "\xCE\xB1\xE4\xB8\xAD/";
  std::string out;
  append_json_string(out, tricky);
  CHECK(out.find('\n') == std::string::npos);
  CHECK(out.find("\\u0001") != std::string::npos);
  CHECK(nlohmann::json::parse(out).get<std::string>() == tricky);
  std::string empty;
  append_json_string(empty, "");
  CHECK(empty == "\"\"");
}

TEST_CASE("append_json_number keeps doubles exact and maps non-finite to 0", "[json_text]") {
  for (double v : {0.0, 1.0, -2.5, 0.1, 12.345678901234567, 1e-300}) {
    std::string out;
    append_json_number(out, v);
    CHECK(nlohmann::json::parse(out).get<double>() == v);
  }
  std::string inf;
  append_json_number(inf, 1.0 / 0.0);
  CHECK(nlohmann::json::parse(inf).get<double>() == 0.0);
  // Shortest round-trip digits, as json::dump writes them.
  std::string tenth;
  append_json_number(tenth, 0.1);
  CHECK(tenth == "0.1");
}

TEST_CASE("format_number writes prose numbers without a trailing .0", "[json_text]") {
  CHECK(format_number(10.0) == "10");
  CHECK(format_number(12.5) == "12.5");
  CHECK(format_number(0.1) == "0.1");
}

TEST_CASE("append_json_string_array", "[json_text]") {
  std::string out;
  append_json_string_array(out, {"a", "b\"c"});
  CHECK(nlohmann::json::parse(out) == nlohmann::json({"a", "b\"c"}));
  std::string none;
  append_json_string_array(none, {});
  CHECK(none == "[]");
}
