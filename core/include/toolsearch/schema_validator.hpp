// Checks a JSON value (a tool call's arguments) against the JSON Schema subset that real MCP
// tools use, and reports violations the model can act on.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <vector>

/// Whether `pattern` and `patternProperties` are checked, with the linear-time matcher
/// (regex.hpp). Default 1 everywhere: the module carries the matcher for the regex strategy
/// anyway. Define TOOLSEARCH_SCHEMA_PATTERNS to 0 to leave both keywords unchecked.
#ifndef TOOLSEARCH_SCHEMA_PATTERNS
#define TOOLSEARCH_SCHEMA_PATTERNS 1
#endif

namespace toolsearch {

/// One reason the value does not match the schema.
struct SchemaViolation {
  std::string path;     ///< JSON pointer into the value ("" is the value itself, "/city", "/tags/0")
  std::string keyword;  ///< the schema keyword that failed: "type", "required", "enum", ...
  std::string message;  ///< e.g. "required property missing (expected string)"
};

/// "/city: required property missing"; the root is written "(root)".
std::string to_string(const SchemaViolation& violation);

/// Work bounds, so hostile values or self-referencing schemas cost bounded time and stack.
struct ValidationLimits {
  size_t max_depth = 64;       ///< deepest value nesting checked; deeper is a violation (default 64)
  size_t max_errors = 20;      ///< violations reported before stopping (default 20)
  size_t max_ref_hops = 32;    ///< $ref hops without descending into the value (default 32)
  size_t max_schema_depth = 256;  ///< nested schema frames (combinators, refs) (default 256)
  size_t max_steps = 50000;    ///< schema nodes visited in total (default 50000)
  /// Pattern matching work in total, counted as (code points + 1) x compiled pattern size per
  /// match (the linear-time matcher's bound); a match beyond it is not checked and the report
  /// is incomplete (default 10,000,000, a few tens of milliseconds in wasm).
  size_t max_pattern_work = 10000000;
};

struct ValidationReport {
  std::vector<SchemaViolation> violations;  ///< in document order of discovery, at most max_errors
  bool truncated = false;  ///< max_errors was reached with parts still unchecked
  /// False when a bound stopped the check early without a verdict for some part (the step
  /// budget, the schema frame depth, a chain of more than max_ref_hops distinct $refs). What
  /// was checked is still reported, but the verdict is unknown: the bridge refuses such a call
  /// (arguments_too_complex) rather than dispatch what it could not check. A $ref cycle that
  /// returns to a schema already on the chain is complete: it has nothing new to check.
  bool complete = true;

  bool ok() const { return violations.empty(); }
};

/// Validates `value` against `schema`.
///
/// Supported: type (string or array; "integer" accepts 3 and 3.0 but not 3.5; OpenAPI
/// "nullable": true), enum, const, required, properties, patternProperties, additionalProperties
/// (false or a schema), minProperties/maxProperties, items (schema or tuple array), prefixItems,
/// minItems/maxItems, minLength/maxLength (in code points), pattern, minimum/maximum,
/// exclusiveMinimum/exclusiveMaximum (number, or the draft-4 boolean form), allOf/anyOf/oneOf/not,
/// boolean schemas, and $ref to a JSON pointer inside the same document ("#",
/// "#/definitions/x", "#/$defs/x").
/// `pattern` and `patternProperties` (when TOOLSEARCH_SCHEMA_PATTERNS) use the linear-time
/// matcher (regex.hpp, never a backtracking one), unanchored as in ECMAScript. A pattern outside
/// its syntax or limits is ignored like an unknown keyword, and additionalProperties then skips
/// the keys it cannot classify; so does it whenever patternProperties is present but unchecked.
/// Unknown keywords, remote $refs and malformed keyword values are ignored. Never throws.
ValidationReport validate_against_schema(const nlohmann::json& value, const nlohmann::json& schema,
                                         const ValidationLimits& limits = {});

/// Nesting depth of `value` (a scalar is 0, [] is 1, [[1]] is 2), counted without recursion and
/// stopping at `cap` + 1, so it is safe on values too deep to copy or compare.
size_t json_depth(const nlohmann::json& value, size_t cap);

}  // namespace toolsearch
