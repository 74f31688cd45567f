#include "toolsearch/schema_validator.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using toolsearch::SchemaViolation;
using toolsearch::ValidationLimits;
using toolsearch::ValidationReport;
using toolsearch::json_depth;
using toolsearch::validate_against_schema;
using json = nlohmann::json;

namespace {

ValidationReport check(const char* value, const char* schema, const ValidationLimits& limits = {}) {
  return validate_against_schema(json::parse(value), json::parse(schema), limits);
}

std::vector<std::string> lines(const ValidationReport& report) {
  std::vector<std::string> out;
  for (const SchemaViolation& v : report.violations) out.push_back(toolsearch::to_string(v));
  return out;
}

// [[[...0...]]] nested `depth` times, built without recursion.
json nested_arrays(size_t depth) {
  json value = 0;
  for (size_t i = 0; i < depth; ++i) value = json::array({std::move(value)});
  return value;
}

}  // namespace

TEST_CASE("type: each JSON type, integer versus number", "[schema]") {
  CHECK(check("\"x\"", R"({"type":"string"})").ok());
  CHECK(check("true", R"({"type":"boolean"})").ok());
  CHECK(check("null", R"({"type":"null"})").ok());
  CHECK(check("{}", R"({"type":"object"})").ok());
  CHECK(check("[]", R"({"type":"array"})").ok());
  CHECK(check("3", R"({"type":"integer"})").ok());
  CHECK(check("-3", R"({"type":"integer"})").ok());
  CHECK(check("3.0", R"({"type":"integer"})").ok());  // mathematically an integer
  CHECK(check("3.5", R"({"type":"number"})").ok());
  CHECK(check("3", R"({"type":"number"})").ok());

  CHECK(lines(check("3.5", R"({"type":"integer"})")) ==
        std::vector<std::string>{"(root): expected integer, got number 3.5"});
  CHECK(lines(check("\"3\"", R"({"type":"integer"})")) ==
        std::vector<std::string>{"(root): expected integer, got string \"3\""});
  CHECK(lines(check("1", R"({"type":"boolean"})")) ==
        std::vector<std::string>{"(root): expected boolean, got integer 1"});
  CHECK(lines(check("false", R"({"type":"string"})")) ==
        std::vector<std::string>{"(root): expected string, got boolean false"});
  CHECK(check("{}", R"({"type":"array"})").violations.at(0).keyword == "type");
}

TEST_CASE("type: arrays of types and nullable forms", "[schema]") {
  CHECK(check("null", R"({"type":["string","null"]})").ok());
  CHECK(check("\"a\"", R"({"type":["string","null"]})").ok());
  CHECK(lines(check("5", R"({"type":["string","null"]})")) ==
        std::vector<std::string>{"(root): expected string or null, got integer 5"});
  CHECK(lines(check("5", R"({"type":["string","boolean","null"]})")) ==
        std::vector<std::string>{"(root): expected string, boolean or null, got integer 5"});
  // OpenAPI 3.0 "nullable": true.
  CHECK(check("null", R"({"type":"string","nullable":true})").ok());
  CHECK_FALSE(check("null", R"({"type":"string","nullable":false})").ok());
  // Unknown type names are a schema quirk, not a constraint.
  CHECK(check("5", R"({"type":"text"})").ok());
  CHECK(check("5", R"({"type":["text","integer"]})").ok());
  CHECK(lines(check("\"a\"", R"({"type":["text","integer"]})")) ==
        std::vector<std::string>{"(root): expected integer, got string \"a\""});
}

TEST_CASE("required names the missing property by JSON pointer", "[schema]") {
  const char* schema = R"({"type":"object","properties":{"city":{"type":"string"},"days":{}},
                           "required":["city","days"]})";
  auto report = check(R"({"days":3})", schema);
  REQUIRE(report.violations.size() == 1);
  CHECK(report.violations[0].path == "/city");
  CHECK(report.violations[0].keyword == "required");
  CHECK(toolsearch::to_string(report.violations[0]) == "/city: required property missing (expected string)");
  // A property without a declared type gets no hint.
  CHECK(lines(check(R"({"city":"Oslo"})", schema)) ==
        std::vector<std::string>{"/days: required property missing"});
  CHECK(check(R"({"city":"Oslo","days":3})", schema).ok());
  // Both missing: reported in the order of "required".
  CHECK(lines(check("{}", schema)) ==
        std::vector<std::string>{"/city: required property missing (expected string)",
                                 "/days: required property missing"});
  // "required" only applies to objects.
  CHECK(check("[1]", R"({"required":["a"]})").ok());
}

TEST_CASE("nested objects and arrays report the full path", "[schema]") {
  const char* schema = R"({
    "type":"object",
    "properties":{
      "address":{"type":"object","properties":{"zip":{"type":"string"}},"required":["street"]},
      "tags":{"type":"array","items":{"type":"object","properties":{"id":{"type":"integer"}}}}
    }})";
  auto report = check(R"({"address":{"zip":1234},"tags":[{"id":1},{"id":"two"}]})", schema);
  CHECK(lines(report) == std::vector<std::string>{
                             "/address/street: required property missing",
                             "/address/zip: expected string, got integer 1234",
                             "/tags/1/id: expected integer, got string \"two\""});
}

TEST_CASE("keys with '/' and '~' are escaped in paths", "[schema]") {
  const char* schema = R"({"properties":{"a/b":{"type":"string"},"t~x":{"type":"string"}}})";
  CHECK(lines(check(R"({"a/b":1,"t~x":2})", schema)) ==
        std::vector<std::string>{"/a~1b: expected string, got integer 1",
                                 "/t~0x: expected string, got integer 2"});
}

TEST_CASE("additionalProperties false lists the allowed names; a schema validates extras", "[schema]") {
  const char* closed = R"({"type":"object","properties":{"city":{},"units":{}},"additionalProperties":false})";
  CHECK(check(R"({"city":"Oslo"})", closed).ok());
  CHECK(lines(check(R"({"city":"Oslo","colour":"red"})", closed)) ==
        std::vector<std::string>{"/colour: unexpected property; allowed properties: city, units"});
  CHECK(lines(check(R"({"x":1})", R"({"additionalProperties":false})")) ==
        std::vector<std::string>{"/x: unexpected property; allowed properties: none"});

  const char* typed = R"({"properties":{"a":{}},"additionalProperties":{"type":"integer"}})";
  CHECK(check(R"({"a":"s","b":2})", typed).ok());
  CHECK(lines(check(R"({"a":"s","b":"x"})", typed)) ==
        std::vector<std::string>{"/b: expected integer, got string \"x\""});
  // A key a pattern matches is not "additional" (and where patterns are unchecked, no key under
  // patternProperties is judged additional).
  CHECK(check(R"({"x_1":1})", R"({"patternProperties":{"^x_":{}},"additionalProperties":false})").ok());
  // Absent or true: anything goes.
  CHECK(check(R"({"z":1})", R"({"properties":{"a":{}}})").ok());
  CHECK(check(R"({"z":1})", R"({"properties":{"a":{}},"additionalProperties":true})").ok());
}

TEST_CASE("minProperties and maxProperties at their boundaries", "[schema]") {
  const char* schema = R"({"minProperties":1,"maxProperties":2})";
  CHECK(lines(check("{}", schema)) ==
        std::vector<std::string>{"(root): must have at least 1 property, got 0"});
  CHECK(check(R"({"a":1})", schema).ok());
  CHECK(check(R"({"a":1,"b":2})", schema).ok());
  CHECK(lines(check(R"({"a":1,"b":2,"c":3})", schema)) ==
        std::vector<std::string>{"(root): must have at most 2 properties, got 3"});
}

TEST_CASE("enum and const compare JSON values", "[schema]") {
  const char* units = R"({"enum":["c","f"]})";
  CHECK(check("\"c\"", units).ok());
  CHECK(lines(check("\"k\"", units)) ==
        std::vector<std::string>{"(root): must be one of \"c\", \"f\"; got \"k\""});
  CHECK(check("1.0", R"({"enum":[1,2]})").ok());      // numbers compare by value
  CHECK_FALSE(check("true", R"({"enum":[1]})").ok());  // but a boolean is not a number
  CHECK(check(R"({"a":[1]})", R"({"enum":[{"a":[1]}]})").ok());
  CHECK(check("null", R"({"enum":[null]})").ok());

  CHECK(check("\"v1\"", R"({"const":"v1"})").ok());
  CHECK(lines(check("\"v2\"", R"({"const":"v1"})")) ==
        std::vector<std::string>{"(root): must be exactly \"v1\"; got \"v2\""});
  CHECK_FALSE(check("null", R"({"const":false})").ok());

  // Long enums are listed up to 10 values.
  auto report = check("0", R"({"enum":[1,2,3,4,5,6,7,8,9,10,11,12]})");
  REQUIRE(report.violations.size() == 1);
  CHECK(report.violations[0].message ==
        "must be one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, ... (12 in all); got 0");
}

TEST_CASE("items: one schema, tuple forms, and item counts at the boundaries", "[schema]") {
  CHECK(lines(check(R"([1,"b",3])", R"({"items":{"type":"integer"}})")) ==
        std::vector<std::string>{"/1: expected integer, got string \"b\""});
  // Draft-7 tuple: positions, then additionalItems.
  const char* tuple = R"({"items":[{"type":"string"},{"type":"integer"}],"additionalItems":false})";
  CHECK(check(R"(["a",1])", tuple).ok());
  CHECK(lines(check(R"([1,1,true])", tuple)) ==
        std::vector<std::string>{"/0: expected string, got integer 1", "/2: no value is allowed here"});
  // 2020-12 prefixItems, then items.
  const char* prefix = R"({"prefixItems":[{"type":"string"}],"items":{"type":"boolean"}})";
  CHECK(check(R"(["a",true,false])", prefix).ok());
  CHECK(lines(check(R"(["a",true,3])", prefix)) ==
        std::vector<std::string>{"/2: expected boolean, got integer 3"});

  const char* counted = R"({"minItems":2,"maxItems":3})";
  CHECK(lines(check("[1]", counted)) ==
        std::vector<std::string>{"(root): must have at least 2 items, got 1"});
  CHECK(check("[1,2]", counted).ok());
  CHECK(check("[1,2,3]", counted).ok());
  CHECK(lines(check("[1,2,3,4]", counted)) ==
        std::vector<std::string>{"(root): must have at most 3 items, got 4"});
  CHECK(lines(check("[]", R"({"minItems":1})")) ==
        std::vector<std::string>{"(root): must have at least 1 item, got 0"});
}

TEST_CASE("minLength and maxLength count code points, not bytes", "[schema]") {
  const char* schema = R"({"minLength":2,"maxLength":5})";
  CHECK(lines(check("\"a\"", schema)) ==
        std::vector<std::string>{"(root): must be at least 2 characters long, got 1"});
  CHECK(check("\"ab\"", schema).ok());
  CHECK(check("\"h\u00e9llo\"", schema).ok());          // 5 code points, 6 bytes
  CHECK(check("\"\u6771\u4eac\u90fd\"", schema).ok());  // 3 code points, 9 bytes
  CHECK(lines(check("\"abcdef\"", schema)) ==
        std::vector<std::string>{"(root): must be at most 5 characters long, got 6"});
  // Malformed bounds are ignored.
  CHECK(check("\"abc\"", R"({"maxLength":-1})").ok());
  CHECK(check("\"abc\"", R"({"maxLength":"2"})").ok());
  CHECK_FALSE(check("\"abc\"", R"({"maxLength":2.0})").ok());
}

TEST_CASE("minimum, maximum and both exclusive forms at the boundaries", "[schema]") {
  const char* range = R"({"minimum":0,"maximum":10})";
  CHECK(check("0", range).ok());
  CHECK(check("10", range).ok());
  CHECK(check("10.0", range).ok());
  CHECK(lines(check("-1", range)) == std::vector<std::string>{"(root): must be >= 0, got -1"});
  CHECK(lines(check("10.5", range)) == std::vector<std::string>{"(root): must be <= 10, got 10.5"});

  const char* exclusive = R"({"exclusiveMinimum":0,"exclusiveMaximum":1})";
  CHECK(check("0.5", exclusive).ok());
  CHECK(lines(check("0", exclusive)) == std::vector<std::string>{"(root): must be > 0, got 0"});
  CHECK(lines(check("1", exclusive)) == std::vector<std::string>{"(root): must be < 1, got 1"});

  const char* draft4 = R"({"minimum":0,"exclusiveMinimum":true,"maximum":1,"exclusiveMaximum":true})";
  CHECK(check("0.5", draft4).ok());
  CHECK(lines(check("0", draft4)) == std::vector<std::string>{"(root): must be > 0, got 0"});
  CHECK(lines(check("1", draft4)) == std::vector<std::string>{"(root): must be < 1, got 1"});

  // Integers compare exactly: 2^53 + 1 exceeds 2^53 although both round to the same double.
  CHECK_FALSE(check("9007199254740993", R"({"maximum":9007199254740992})").ok());
  CHECK(check("9007199254740992", R"({"maximum":9007199254740992})").ok());
  CHECK(check("-5", R"({"maximum":18446744073709551615})").ok());
  CHECK_FALSE(check("18446744073709551615", R"({"maximum":-1})").ok());
  // Bounds only apply to numbers.
  CHECK(check("\"100\"", range).ok());
}

TEST_CASE("anyOf: a match passes; nullable anyOf merges the types", "[schema]") {
  const char* nullable = R"({"anyOf":[{"type":"string"},{"type":"null"}]})";
  CHECK(check("null", nullable).ok());
  CHECK(check("\"x\"", nullable).ok());
  auto report = check("5", nullable);
  CHECK(lines(report) == std::vector<std::string>{"(root): expected string or null, got integer 5"});
  CHECK(report.violations.at(0).keyword == "type");

  // When one alternative fits the type, its deeper errors are the useful ones.
  const char* shapes = R"({"anyOf":[
      {"type":"string"},
      {"type":"object","properties":{"lat":{"type":"number"},"lon":{"type":"number"}},"required":["lat","lon"]}]})";
  CHECK(lines(check(R"({"lat":1})", shapes)) == std::vector<std::string>{"/lon: required property missing (expected number)"});
  // Between two fitting alternatives, the one with fewer errors.
  const char* two = R"({"anyOf":[{"required":["a","b"]},{"required":["c"]}]})";
  CHECK(lines(check("{}", two)) == std::vector<std::string>{"/c: required property missing"});
}

TEST_CASE("oneOf: none, exactly one, or several alternatives", "[schema]") {
  const char* schema = R"({"oneOf":[{"type":"integer"},{"type":"number","minimum":5}]})";
  CHECK(check("2", schema).ok());     // integer only
  CHECK(check("5.5", schema).ok());   // number >= 5 only
  CHECK(lines(check("7", schema)) ==
        std::vector<std::string>{"(root): matches 2 of the oneOf alternatives (#0, #1); it must match exactly one"});
  CHECK(lines(check("\"x\"", schema)) ==
        std::vector<std::string>{"(root): expected integer or number, got string \"x\""});
}

TEST_CASE("allOf accumulates and not rejects", "[schema]") {
  const char* all = R"({"allOf":[{"required":["a"]},{"required":["b"]}]})";
  CHECK(lines(check("{}", all)) == std::vector<std::string>{"/a: required property missing",
                                                            "/b: required property missing"});
  CHECK(check(R"({"a":1,"b":2})", all).ok());
  CHECK(lines(check("\"x\"", R"({"not":{"type":"string"}})")) ==
        std::vector<std::string>{"(root): must not match the schema under \"not\""});
  CHECK(check("1", R"({"not":{"type":"string"}})").ok());
}

TEST_CASE("boolean schemas and unknown keywords", "[schema]") {
  CHECK(check("1", "true").ok());
  CHECK(lines(check("1", "false")) == std::vector<std::string>{"(root): no value is allowed here"});
  CHECK(lines(check(R"({"a":1})", R"({"properties":{"a":false}})")) ==
        std::vector<std::string>{"/a: no value is allowed here"});
  // format, uniqueItems, x-vendor: ignored, never a false refusal.
  CHECK(check("\"not-an-email\"", R"({"type":"string","format":"email"})").ok());
  CHECK(check("[1,1]", R"({"uniqueItems":true,"x-vendor":{"a":1}})").ok());
  // A malformed (non-object) schema or sub-schema constrains nothing.
  CHECK(check("1", "\"string\"").ok());
  CHECK(check(R"({"a":1})", R"({"properties":{"a":"integer"}})").ok());
}

TEST_CASE("$ref into definitions and $defs, including recursive schemas", "[schema]") {
  const char* defs = R"({"type":"object","properties":{"home":{"$ref":"#/definitions/address"},
                          "work":{"$ref":"#/$defs/address"}},
                          "definitions":{"address":{"type":"object","required":["city"]}},
                          "$defs":{"address":{"type":"object","required":["zip"]}}})";
  CHECK(lines(check(R"({"home":{},"work":{}})", defs)) ==
        std::vector<std::string>{"/home/city: required property missing", "/work/zip: required property missing"});

  // A tree: the schema refers to itself, the value is finite.
  const char* tree = R"({"type":"object","properties":{"name":{"type":"string"},
                          "children":{"type":"array","items":{"$ref":"#"}}}})";
  CHECK(check(R"({"name":"a","children":[{"name":"b","children":[{"name":"c"}]}]})", tree).ok());
  CHECK(lines(check(R"({"name":"a","children":[{"name":"b","children":[{"name":3}]}]})", tree)) ==
        std::vector<std::string>{"/children/0/children/0/name: expected string, got integer 3"});

  // Pointer escapes: "~1" is '/', "%25" is '%'.
  CHECK_FALSE(check("1", R"({"$ref":"#/$defs/a~1b","$defs":{"a/b":{"type":"string"}}})").ok());
  CHECK_FALSE(check("1", R"({"$ref":"#/$defs/100%25","$defs":{"100%":{"type":"string"}}})").ok());
  // Unresolvable and remote refs are ignored.
  CHECK(check("1", R"({"$ref":"#/$defs/missing"})").ok());
  CHECK(check("1", R"({"$ref":"https://example.com/schema.json"})").ok());
  // Siblings of $ref apply too (2019+ semantics).
  CHECK_FALSE(check("\"abcdef\"", R"({"$ref":"#/$defs/s","maxLength":3,"$defs":{"s":{"type":"string"}}})").ok());
}

TEST_CASE("self-referencing schemas terminate; a $ref cycle adds no constraint", "[schema]") {
  // Back on a schema already on the $ref chain, with the same value: nothing new to check.
  auto cycle = check("1", R"({"$ref":"#"})");
  CHECK(cycle.ok());
  CHECK(cycle.complete);
  CHECK_FALSE(check("1", R"({"$ref":"#","type":"string"})").ok());

  auto mutual = check("1", R"({"$ref":"#/$defs/a","$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}}})");
  CHECK(mutual.ok());
  CHECK(mutual.complete);
  auto self_fan = check("1", R"({"$defs":{"a":{"anyOf":[{"$ref":"#/$defs/a"},{"$ref":"#/$defs/a"}]}},
                                 "$ref":"#/$defs/a"})");
  CHECK(self_fan.ok());
  CHECK(self_fan.complete);

  // Exponential fan-out through distinct schemas (2 branches per hop, 24 hops) is cut by the
  // step budget: no verdict.
  json defs = json::object();
  for (int i = 0; i < 24; ++i) {
    const std::string next = "#/$defs/d" + std::to_string(i + 1);
    defs["d" + std::to_string(i)] = {{"anyOf", json::array({{{"$ref", next}}, {{"$ref", next}}})}};
  }
  defs["d24"] = {{"type", "integer"}};
  auto bomb = validate_against_schema(json("x"), json{{"$defs", defs}, {"$ref", "#/$defs/d0"}});
  CHECK_FALSE(bomb.complete);

  // A chain of more distinct $refs than max_ref_hops, without descending: no verdict.
  json chain = json::object();
  for (int i = 0; i < 40; ++i) chain["c" + std::to_string(i)] = {{"$ref", "#/$defs/c" + std::to_string(i + 1)}};
  chain["c40"] = {{"type", "integer"}};
  CHECK_FALSE(validate_against_schema(json(1), json{{"$defs", chain}, {"$ref", "#/$defs/c0"}}).complete);

  // A finite ref chain is complete.
  CHECK(check("1", R"({"$ref":"#/$defs/a","$defs":{"a":{"type":"integer"}}})").complete);
}

TEST_CASE("the error cap stops reporting and says so", "[schema]") {
  json value = json::object();
  for (int i = 0; i < 100; ++i) value["k" + std::to_string(1000 + i)] = i;
  auto report = validate_against_schema(value, json::parse(R"({"additionalProperties":false})"));
  CHECK(report.violations.size() == 20);
  CHECK(report.truncated);
  CHECK(report.violations.front().path == "/k1000");

  ValidationLimits three;
  three.max_errors = 3;
  auto capped = validate_against_schema(value, json::parse(R"({"additionalProperties":false})"), three);
  CHECK(capped.violations.size() == 3);
  CHECK(capped.truncated);
  // Exactly at the cap is not truncation.
  auto exact = validate_against_schema(json::parse(R"({"a":1,"b":2,"c":3})"),
                                       json::parse(R"({"additionalProperties":false})"), three);
  CHECK(exact.violations.size() == 3);
  CHECK_FALSE(exact.truncated);
  // A trial branch that fills up does not truncate the top-level report.
  auto branch = validate_against_schema(value, json::parse(R"({"anyOf":[{"additionalProperties":false},true]})"));
  CHECK(branch.ok());
  CHECK_FALSE(branch.truncated);
}

TEST_CASE("hostile values: deep nesting and huge strings give values, not crashes", "[schema]") {
  // Deeper than any real argument: rejected up front, without recursion.
  json deep = nested_arrays(100000);
  auto report = validate_against_schema(deep, json::parse(R"({"items":{"$ref":"#"}})"));
  REQUIRE(report.violations.size() == 1);
  CHECK(report.violations[0].keyword == "depth");
  CHECK(toolsearch::to_string(report.violations[0]) == "(root): nested deeper than 64 levels; flatten the value");

  // The boundary: 64 levels pass, 65 do not.
  CHECK(validate_against_schema(nested_arrays(64), json::parse(R"({"items":{"$ref":"#"}})")).ok());
  CHECK_FALSE(validate_against_schema(nested_arrays(65), json::parse(R"({"items":{"$ref":"#"}})")).ok());

  // A 4 MB string: the message quotes a short preview, not the string.
  json huge = std::string(4 * 1024 * 1024, 'x');
  auto long_string = validate_against_schema(huge, json::parse(R"({"maxLength":10})"));
  REQUIRE(long_string.violations.size() == 1);
  CHECK(long_string.violations[0].message == "must be at most 10 characters long, got 4194304");
  auto wrong_type = validate_against_schema(huge, json::parse(R"({"type":"integer"})"));
  REQUIRE(wrong_type.violations.size() == 1);
  CHECK(wrong_type.violations[0].message.size() < 100);
  auto bad_enum = validate_against_schema(json::array({huge, huge}), json::parse(R"({"enum":[1]})"));
  CHECK(bad_enum.violations.at(0).message.size() < 100);

  // A huge key stays bounded in the path.
  json big_key = json::object();
  big_key[std::string(100000, 'k')] = 1;
  auto keyed = validate_against_schema(big_key, json::parse(R"({"additionalProperties":false})"));
  CHECK(keyed.violations.at(0).path.size() < 200);

  // Invalid UTF-8 in a value does not throw while quoting it.
  json bad_utf8 = std::string("\xff\xfe bad", 6);
  auto quoted = validate_against_schema(bad_utf8, json::parse(R"({"type":"integer"})"));
  CHECK(quoted.violations.size() == 1);

  // Many items: the step budget bounds the work and the report says it was cut short.
  ValidationLimits small;
  small.max_steps = 100;
  auto many = validate_against_schema(json(std::vector<int>(1000, 1)), json::parse(R"({"items":{"type":"integer"}})"), small);
  CHECK(many.ok());
  CHECK_FALSE(many.complete);
}

TEST_CASE("json_depth counts nesting iteratively and stops at the cap", "[schema]") {
  CHECK(json_depth(json(1), 10) == 0);
  CHECK(json_depth(json::array(), 10) == 1);
  CHECK(json_depth(json::parse("[[1]]"), 10) == 2);
  CHECK(json_depth(json::parse(R"({"a":{"b":[]},"c":1})"), 10) == 3);
  CHECK(json_depth(json::parse(R"([1,[2,[3]],{}])"), 10) == 3);
  CHECK(json_depth(nested_arrays(5), 5) == 5);
  CHECK(json_depth(nested_arrays(6), 5) == 6);       // cap + 1 means "deeper than cap"
  CHECK(json_depth(nested_arrays(200000), 64) == 65);
}

#if TOOLSEARCH_SCHEMA_PATTERNS
TEST_CASE("pattern and patternProperties use the linear-time matcher, unanchored", "[schema]") {
  const char* dated = R"({"type":"string","pattern":"^\\d{4}-\\d{2}-\\d{2}$"})";
  CHECK(check(R"("2024-06-11")", dated).ok());
  CHECK(lines(check(R"("11.06.2024")", dated)) ==
        std::vector<std::string>{"(root): must match the pattern \"^\\\\d{4}-\\\\d{2}-\\\\d{2}$\", got \"11.06.2024\""});
  CHECK(check(R"("xxaayy")", R"({"pattern":"a+"})").ok());  // not anchored
  CHECK(check("3", R"({"pattern":"^a$"})").ok());          // only strings
  // A hostile pattern costs linear time, not exponential.
  CHECK_FALSE(check(("\"" + std::string(5000, 'a') + "!\"").c_str(), R"({"pattern":"^(a+)+$"})").ok());
  // Outside the matcher's syntax (lookahead) or limits: ignored, like an unknown keyword.
  CHECK(check(R"("b")", R"j({"pattern":"(?=a)"})j").ok());
  CHECK(check(R"("b")", ("{\"pattern\":\"" + std::string(300, 'a') + "\"}").c_str()).ok());

  const char* by_prefix = R"({"properties":{"id":{}},"patternProperties":{"^x_":{"type":"integer"},"_n$":{"minimum":0}},)"
                          R"("additionalProperties":false})";
  CHECK(check(R"({"id":"a","x_1":2,"x_n":3})", by_prefix).ok());
  CHECK(lines(check(R"({"x_1":"two"})", by_prefix)) == std::vector<std::string>{"/x_1: expected integer, got string \"two\""});
  CHECK(lines(check(R"({"x_n":-1})", by_prefix)) == std::vector<std::string>{"/x_n: must be >= 0, got -1"});
  CHECK(lines(check(R"({"y":1})", by_prefix)) ==
        std::vector<std::string>{"/y: unexpected property; allowed properties: id"});
  // A pattern the matcher refuses leaves additionalProperties unable to judge: nothing is extra.
  CHECK(check(R"({"y":1})", R"j({"patternProperties":{"(?!x)":{}},"additionalProperties":false})j").ok());
}

TEST_CASE("pattern matching work is bounded: beyond max_pattern_work the check is skipped", "[schema]") {
  ValidationLimits limits;
  limits.max_pattern_work = 1000;
  const json many = json(std::vector<std::string>(100, std::string(50, 'a')));
  const ValidationReport r = validate_against_schema(many, json::parse(R"({"items":{"pattern":"^b"}})"), limits);
  CHECK_FALSE(r.ok());  // the first strings were checked
  CHECK(r.violations.size() < 10);  // the rest were not: the budget ran out
  CHECK_FALSE(r.complete);
}
#else
TEST_CASE("pattern and patternProperties are unchecked in this build", "[schema]") {
  CHECK(check(R"("b")", R"({"pattern":"^a$"})").ok());
  CHECK(check(R"({"y":1})", R"({"patternProperties":{"^x":{}},"additionalProperties":false})").ok());
}
#endif
