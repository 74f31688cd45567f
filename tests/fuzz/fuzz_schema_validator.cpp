// Fuzzer bytes split into a JSON Schema and an instance, validated against each other.
// Input: "<byte 0: limits><schema JSON>\0<instance JSON>"; without a NUL the schema text is also
// the instance (a schema validated against itself is a rich, self-similar case).
#include "fuzz_common.hpp"

#include "toolsearch/json_codec.hpp"
#include "toolsearch/schema_validator.hpp"

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

using namespace toolsearch;
using nlohmann::json;

namespace {

void check_report(const ValidationReport& r, const ValidationLimits& limits) {
  FUZZ_CHECK(r.violations.size() <= std::max<size_t>(limits.max_errors, 1),
              "more violations than max_errors");
  if (r.truncated) FUZZ_CHECK(!r.violations.empty(), "truncated without a violation");
  for (const SchemaViolation& v : r.violations) {
    FUZZ_CHECK(v.path.empty() || v.path[0] == '/', "violation path is not a JSON pointer", v.path);
    FUZZ_CHECK(!v.keyword.empty(), "violation without a keyword", v.message);
    (void)to_string(v);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const auto [schema_text, value_text] = fuzz::split_at_nul(data, size);

  // parse_json is the boundary's own parser (depth-limited); text it refuses never reaches the
  // validator in production, so it is not interesting here.
  auto schema = parse_json(schema_text);
  auto value = parse_json(value_text);
  if (!schema.ok() || !value.ok()) return 0;

  ValidationLimits limits;
  const uint8_t knobs = data[0];
  if (knobs & 1) {  // small bounds reach the truncation and budget paths with short inputs
    limits.max_depth = 1 + (knobs >> 1 & 7);
    limits.max_errors = 1 + (knobs >> 4 & 3);
    limits.max_ref_hops = 1 + (knobs >> 6);
    limits.max_schema_depth = 4;
    limits.max_steps = 64;
  }

  const ValidationReport report = validate_against_schema(value.value(), schema.value(), limits);
  check_report(report, limits);

  // Determinism: the same pair gives the same verdict and violations.
  const ValidationReport again = validate_against_schema(value.value(), schema.value(), limits);
  FUZZ_CHECK(again.violations.size() == report.violations.size() && again.ok() == report.ok() &&
                  again.complete == report.complete && again.truncated == report.truncated,
              "validation is not deterministic");

  // The empty schema and `true` accept every value that is within the depth bound.
  if (json_depth(value.value(), limits.max_depth) <= limits.max_depth) {
    FUZZ_CHECK(validate_against_schema(value.value(), json::object(), limits).ok(), "{} rejected a value");
    FUZZ_CHECK(validate_against_schema(value.value(), json(true), limits).ok(), "true rejected a value");
  }
  FUZZ_CHECK(!validate_against_schema(value.value(), json(false), limits).ok(), "false accepted a value");

  // {"not": S} must give the opposite verdict whenever both checks ran to completion. Only for
  // schemas without $ref: wrapping moves the document root, so "#/..." would point elsewhere.
  // Only object and boolean schemas: any other value is a malformed schema, which the validator
  // ignores (accepts everything) both bare and under "not".
  if (!knobs && (schema->is_object() || schema->is_boolean()) &&
      schema_text.find("$ref") == std::string_view::npos && report.complete &&
      json_depth(value.value(), limits.max_depth) <= limits.max_depth) {
    const json negated = {{"not", schema.value()}};
    const ValidationReport inverse = validate_against_schema(value.value(), negated, limits);
    if (inverse.complete) {
      FUZZ_CHECK(inverse.ok() != report.ok(), "{\"not\": S} agrees with S",
                  fuzz::dump(schema.value()) + "\nvalue: " + fuzz::dump(value.value()));
    }
  }
  return 0;
}
