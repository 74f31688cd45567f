#include "toolsearch/schema_validator.hpp"
#include "toolsearch/json_text.hpp"

#include "toolsearch/utf8.hpp"
#if TOOLSEARCH_SCHEMA_PATTERNS
#include "toolsearch/regex.hpp"
#endif

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <utility>

namespace toolsearch {
namespace {

using json = nlohmann::json;

constexpr size_t kPreviewBytes = 40;     // values quoted in messages
constexpr size_t kListedChoices = 10;    // enum values / property names listed in messages
constexpr size_t kPathSegmentBytes = 128;  // hostile keys must not make paths huge

// A short rendering of `value` for messages: at most about `max_bytes`, without ever
// serializing a whole large value (a hostile argument may be megabytes).
void preview_into(const json& value, std::string& out, size_t max_bytes, int depth) {
  if (out.size() > max_bytes) return;
  if (value.is_string()) {
    const std::string& s = value.get_ref<const std::string&>();
    append_json_string(out, clip_utf8(s, max_bytes + 1));
  } else if (!value.is_structured()) {
    out += json_text(value);
  } else if (depth >= 3) {
    out += value.is_array() ? "[...]" : "{...}";
  } else {
    const bool array = value.is_array();
    out += array ? '[' : '{';
    bool first = true;
    for (auto it = value.begin(); it != value.end() && out.size() <= max_bytes; ++it) {
      if (!first) out += ',';
      first = false;
      if (!array) {
        append_json_string(out, clip_utf8(it.key(), max_bytes + 1));
        out += ':';
      }
      preview_into(it.value(), out, max_bytes, depth + 1);
    }
    out += array ? ']' : '}';
  }
}

std::string preview(const json& value, size_t max_bytes = kPreviewBytes) {
  std::string text;
  preview_into(value, text, max_bytes, 0);
  if (text.size() <= max_bytes) return text;
  return std::string(clip_utf8(text, max_bytes)) + "...";
}

std::string describe_value(const json& value) {
  switch (value.type()) {
    case json::value_t::null: return "null";
    case json::value_t::boolean: return std::string("boolean ") + (value.get<bool>() ? "true" : "false");
    case json::value_t::number_integer:
    case json::value_t::number_unsigned: return "integer " + preview(value);
    case json::value_t::number_float: return "number " + preview(value);
    case json::value_t::string: return "string " + preview(value);
    case json::value_t::array: return "array";
    case json::value_t::object: return "object";
    default: return "unsupported value";
  }
}

bool is_integral(const json& value) {
  if (value.is_number_integer()) return true;  // signed and unsigned
  if (!value.is_number_float()) return false;
  const double d = value.get<double>();
  return std::isfinite(d) && std::floor(d) == d;
}

// 1 = matches, 0 = does not, -1 = unknown type name (ignored).
int matches_type(const json& value, const std::string& type) {
  if (type == "string") return value.is_string();
  if (type == "number") return value.is_number();
  if (type == "integer") return is_integral(value);
  if (type == "boolean") return value.is_boolean();
  if (type == "object") return value.is_object();
  if (type == "array") return value.is_array();
  if (type == "null") return value.is_null();
  return -1;
}

// -1, 0 or 1. Integers compare exactly (no double rounding above 2^53); NaN compares equal.
int compare_numbers(const json& a, const json& b) {
  if (a.is_number_integer() && b.is_number_integer()) {
    const bool au = a.is_number_unsigned();
    const bool bu = b.is_number_unsigned();
    if (au && bu) {
      const uint64_t x = a.get<uint64_t>(), y = b.get<uint64_t>();
      return x < y ? -1 : (x > y ? 1 : 0);
    }
    if (!au && !bu) {
      const int64_t x = a.get<int64_t>(), y = b.get<int64_t>();
      return x < y ? -1 : (x > y ? 1 : 0);
    }
    if (au) {  // a unsigned, b signed
      const int64_t y = b.get<int64_t>();
      if (y < 0) return 1;
      const uint64_t x = a.get<uint64_t>(), yu = static_cast<uint64_t>(y);
      return x < yu ? -1 : (x > yu ? 1 : 0);
    }
    const int64_t x = a.get<int64_t>();
    if (x < 0) return -1;
    const uint64_t xu = static_cast<uint64_t>(x), y = b.get<uint64_t>();
    return xu < y ? -1 : (xu > y ? 1 : 0);
  }
  const double x = a.get<double>(), y = b.get<double>();
  return x < y ? -1 : (x > y ? 1 : 0);
}

// Code points; each stray byte of invalid UTF-8 counts as one.
size_t code_points(const std::string& s) {
  size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

// A non-negative integer keyword value (minItems, maxLength, ...), or false when malformed.
bool count_keyword(const json& schema, const char* key, uint64_t& out) {
  auto it = schema.find(key);
  if (it == schema.end() || !is_integral(*it)) return false;
  if (it->is_number_float()) {
    const double d = it->get<double>();
    if (d < 0) return false;
    out = d >= 1.8e19 ? std::numeric_limits<uint64_t>::max() : static_cast<uint64_t>(d);
    return true;
  }
  if (!it->is_number_unsigned() && it->get<int64_t>() < 0) return false;
  out = it->get<uint64_t>();
  return true;
}

std::string escape_segment(const std::string& key) {
  std::string_view clipped = clip_utf8(key, kPathSegmentBytes);
  std::string out;
  out.reserve(clipped.size() + 2);
  for (char c : clipped) {
    if (c == '~') out += "~0";
    else if (c == '/') out += "~1";
    else out += c;
  }
  if (clipped.size() < key.size()) out += "...";
  return out;
}

std::string plural(uint64_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// Decodes "%xx" escapes and "~1" / "~0" of one $ref pointer segment.
std::string unescape_pointer_segment(std::string_view seg) {
  std::string pct;
  for (size_t i = 0; i < seg.size(); ++i) {
    auto hex = [](char c) -> int {
      if (c >= '0' && c <= '9') return c - '0';
      if (c >= 'a' && c <= 'f') return c - 'a' + 10;
      if (c >= 'A' && c <= 'F') return c - 'A' + 10;
      return -1;
    };
    if (seg[i] == '%' && i + 2 < seg.size() &&
        hex(seg[i + 1]) >= 0 && hex(seg[i + 2]) >= 0) {
      pct += static_cast<char>(hex(seg[i + 1]) * 16 + hex(seg[i + 2]));
      i += 2;
    } else {
      pct += seg[i];
    }
  }
  std::string out;
  for (size_t i = 0; i < pct.size(); ++i) {
    if (pct[i] == '~' && i + 1 < pct.size() && (pct[i + 1] == '0' || pct[i + 1] == '1')) {
      out += pct[i + 1] == '0' ? '~' : '/';
      ++i;
    } else {
      out += pct[i];
    }
  }
  return out;
}

struct Violation {
  std::string path;
  std::string keyword;
  std::string message;
  std::string expected_types;  // set for "type" violations, so anyOf can merge them
};
using Violations = std::vector<Violation>;

class Validator {
 public:
  Validator(const json& root, const ValidationLimits& limits) : root_(root), limits_(limits) {}

  // Validates `value` at `path` into `out`. `hops` counts $refs since the last descent into
  // the value; `frames` counts nested calls (the C++ stack depth).
  void node(const json& value, const json& schema, std::string& path, size_t depth, size_t hops,
            size_t frames, Violations& out) {
    if (full(out)) return;
    if (++steps_ > limits_.max_steps || frames > limits_.max_schema_depth) {
      complete_ = false;
      return;
    }
    if (schema.is_boolean()) {
      if (!schema.get<bool>()) add(out, path, "false", "no value is allowed here");
      return;
    }
    if (!schema.is_object()) return;  // malformed sub-schema: no constraint

    if (auto ref = schema.find("$ref"); ref != schema.end() && ref->is_string()) {
      if (const json* target = resolve(ref->get_ref<const std::string&>())) {
        // A $ref back to a schema already on this chain (no descent into the value since)
        // would check the same value against the same schema again: nothing new to learn.
        if (!on_ref_chain(target)) {
          if (hops + 1 > limits_.max_ref_hops) {
            complete_ = false;
          } else {
            ref_chain_.push_back(target);
            node(value, *target, path, depth, hops + 1, frames + 1, out);
            ref_chain_.pop_back();
          }
        }
      }
    }

    if (!check_type(value, schema, path, out)) return;  // other keywords would only add noise
    check_enum_const(value, schema, path, out);
    if (value.is_object()) check_object(value, schema, path, depth, frames, out);
    if (value.is_array()) check_array(value, schema, path, depth, frames, out);
    if (value.is_string()) check_string(value, schema, path, out);
    if (value.is_number()) check_number(value, schema, path, out);
    check_combinators(value, schema, path, depth, hops, frames, out);
  }

  void set_top(const Violations* top) { top_ = top; }
  bool truncated() const { return truncated_; }
  bool complete() const { return complete_; }

 private:
  // Trial runs of anyOf/oneOf branches have their own lists; only the top list truncates.
  bool full(const Violations& out) {
    if (out.size() < limits_.max_errors) return false;
    if (&out == top_) truncated_ = true;
    return true;
  }

  bool add(Violations& out, const std::string& path, const char* keyword, std::string message,
           std::string expected_types = {}) {
    if (full(out)) return false;
    out.push_back(Violation{path, keyword, std::move(message), std::move(expected_types)});
    return true;
  }

  const json* resolve(const std::string& ref) const {
    if (ref.empty() || ref[0] != '#') return nullptr;  // remote refs are not fetched
    const json* at = &root_;
    std::string_view rest = std::string_view(ref).substr(1);
    if (rest.empty()) return at;
    if (rest[0] != '/') return nullptr;  // "#anchor" forms are not supported
    while (!rest.empty()) {
      rest.remove_prefix(1);
      const size_t slash = rest.find('/');
      const std::string seg = unescape_pointer_segment(rest.substr(0, slash));
      rest = slash == std::string_view::npos ? std::string_view() : rest.substr(slash);
      if (at->is_object()) {
        auto it = at->find(seg);
        if (it == at->end()) return nullptr;
        at = &*it;
      } else if (at->is_array()) {
        if (seg.empty() || seg.size() > 9 ||
            !std::all_of(seg.begin(), seg.end(), [](char c) { return c >= '0' && c <= '9'; })) {
          return nullptr;
        }
        const size_t index = static_cast<size_t>(std::stoul(seg));
        if (index >= at->size()) return nullptr;
        at = &(*at)[index];
      } else {
        return nullptr;
      }
    }
    return at;
  }

  bool check_type(const json& value, const json& schema, const std::string& path, Violations& out) {
    auto it = schema.find("type");
    if (it == schema.end()) return true;
    if (value.is_null()) {
      auto nullable = schema.find("nullable");  // OpenAPI 3.0 style, common in MCP schemas
      if (nullable != schema.end() && nullable->is_boolean() && nullable->get<bool>()) return true;
    }
    std::vector<std::string> known;
    auto consider = [&](const json& t) {
      if (!t.is_string()) return false;
      const int m = matches_type(value, t.get_ref<const std::string&>());
      if (m < 0) return false;
      known.push_back(t.get<std::string>());
      return m == 1;
    };
    if (it->is_string()) {
      if (consider(*it)) return true;
    } else if (it->is_array()) {
      for (const json& t : *it) {
        if (consider(t)) return true;
      }
    }
    if (known.empty()) return true;  // no type name we understand: no constraint
    std::string expected;
    for (size_t i = 0; i < known.size(); ++i) {
      if (i > 0) expected += i + 1 == known.size() ? " or " : ", ";
      expected += known[i];
    }
    add(out, path, "type", "expected " + expected + ", got " + describe_value(value), expected);
    return false;
  }

  void check_enum_const(const json& value, const json& schema, const std::string& path,
                        Violations& out) {
    // Deep comparison recurses: the value's depth was bounded on entry; bound the schema's too.
    if (auto it = schema.find("enum"); it != schema.end() && it->is_array() && !it->empty()) {
      bool found = false;
      for (const json& option : *it) {
        if (json_depth(option, limits_.max_depth) <= limits_.max_depth && option == value) {
          found = true;
          break;
        }
      }
      if (!found) {
        std::string list;
        size_t shown = 0;
        for (const json& option : *it) {
          if (shown == kListedChoices) {
            list += ", ... (" + std::to_string(it->size()) + " in all)";
            break;
          }
          list += (shown++ ? ", " : "") + preview(option);
        }
        add(out, path, "enum", "must be one of " + list + "; got " + preview(value));
      }
    }
    if (auto it = schema.find("const"); it != schema.end()) {
      const bool equal = json_depth(*it, limits_.max_depth) <= limits_.max_depth && *it == value;
      if (!equal) add(out, path, "const", "must be exactly " + preview(*it) + "; got " + preview(value));
    }
  }

  void check_object(const json& value, const json& schema, std::string& path, size_t depth,
                    size_t frames, Violations& out) {
    auto props = schema.find("properties");
    const bool has_props = props != schema.end() && props->is_object();

    if (auto req = schema.find("required"); req != schema.end() && req->is_array()) {
      for (const json& name : *req) {
        if (!name.is_string()) continue;
        const std::string& key = name.get_ref<const std::string&>();
        if (value.contains(key)) continue;
        std::string hint;
        if (has_props) {
          auto p = props->find(key);
          if (p != props->end() && p->is_object()) {
            auto t = p->find("type");
            if (t != p->end() && t->is_string()) hint = " (expected " + t->get<std::string>() + ")";
          }
        }
        if (!add(out, path + "/" + escape_segment(key), "required", "required property missing" + hint)) {
          return;
        }
      }
    }

    uint64_t bound = 0;
    if (count_keyword(schema, "minProperties", bound) && value.size() < bound) {
      add(out, path, "minProperties",
          "must have at least " + plural(bound, "property", "properties") + ", got " + std::to_string(value.size()));
    }
    if (count_keyword(schema, "maxProperties", bound) && value.size() > bound) {
      add(out, path, "maxProperties",
          "must have at most " + plural(bound, "property", "properties") + ", got " + std::to_string(value.size()));
    }

    auto additional = schema.find("additionalProperties");
    const bool check_additional = additional != schema.end() && (additional->is_boolean() || additional->is_object());
    auto patterns = schema.find("patternProperties");
    const bool has_patterns = patterns != schema.end() && patterns->is_object();
    for (auto it = value.begin(); it != value.end(); ++it) {
      if (full(out)) return;  // more to check but no room: truncated
      const size_t mark = path.size();
      path += "/" + escape_segment(it.key());
      const bool named = has_props && props->contains(it.key());
      if (named) descend(it.value(), (*props)[it.key()], path, depth, frames, out);
      // A key is "additional" only when no pattern matches it, which is unknown when a pattern
      // is not one the matcher supports (or its work budget ran out): then it is not judged.
      bool patterned = false;
      bool unknown = false;
      if (has_patterns) {
#if TOOLSEARCH_SCHEMA_PATTERNS
        for (auto p = patterns->begin(); p != patterns->end(); ++p) {
          const Regex* re = regex(p.key(), &p.value());
          const int m = re ? matches(*re, it.key()) : -1;
          if (m < 0) unknown = true;
          if (m != 1) continue;
          patterned = true;
          descend(it.value(), p.value(), path, depth, frames, out);
        }
#else
        unknown = true;
#endif
      }
      if (check_additional && !named && !patterned && !unknown) {
        if (additional->is_boolean() && !additional->get<bool>()) {
          add(out, path, "additionalProperties", "unexpected property; allowed properties: " +
                                                     allowed_properties(has_props ? &*props : nullptr));
        } else {
          descend(it.value(), *additional, path, depth, frames, out);
        }
      }
      path.resize(mark);
    }
  }

  static std::string allowed_properties(const json* props) {
    if (!props || props->empty()) return "none";
    std::string list;
    size_t shown = 0;
    for (auto it = props->begin(); it != props->end(); ++it) {
      if (shown == kListedChoices) {
        list += ", ...";
        break;
      }
      list += (shown++ ? ", " : "") + std::string(clip_utf8(it.key(), 64));
    }
    return list;
  }

  void check_array(const json& value, const json& schema, std::string& path, size_t depth,
                   size_t frames, Violations& out) {
    uint64_t bound = 0;
    if (count_keyword(schema, "minItems", bound) && value.size() < bound) {
      add(out, path, "minItems",
          "must have at least " + plural(bound, "item", "items") + ", got " + std::to_string(value.size()));
    }
    if (count_keyword(schema, "maxItems", bound) && value.size() > bound) {
      add(out, path, "maxItems",
          "must have at most " + plural(bound, "item", "items") + ", got " + std::to_string(value.size()));
    }
    // Positional schemas: 2020-12 "prefixItems", or the older array form of "items".
    const json* positional = nullptr;
    const json* rest = nullptr;
    auto prefix = schema.find("prefixItems");
    auto items = schema.find("items");
    if (prefix != schema.end() && prefix->is_array()) {
      positional = &*prefix;
      if (items != schema.end() && (items->is_object() || items->is_boolean())) rest = &*items;
    } else if (items != schema.end() && items->is_array()) {
      positional = &*items;
      auto extra = schema.find("additionalItems");
      if (extra != schema.end() && (extra->is_object() || extra->is_boolean())) rest = &*extra;
    } else if (items != schema.end() && (items->is_object() || items->is_boolean())) {
      rest = &*items;
    }
    if (!positional && !rest) return;
    for (size_t i = 0; i < value.size(); ++i) {
      if (full(out) || !complete_budget()) return;
      const json* item_schema = nullptr;
      if (positional && i < positional->size()) item_schema = &(*positional)[i];
      else item_schema = rest;
      if (!item_schema) continue;
      const size_t mark = path.size();
      path += "/" + std::to_string(i);
      descend(value[i], *item_schema, path, depth, frames, out);
      path.resize(mark);
    }
  }

  bool complete_budget() {
    if (steps_ < limits_.max_steps) return true;
    complete_ = false;
    return false;
  }

  void check_string(const json& value, const json& schema, const std::string& path, Violations& out) {
#if TOOLSEARCH_SCHEMA_PATTERNS
    if (auto p = schema.find("pattern"); p != schema.end() && p->is_string()) {
      const Regex* re = regex(p->get_ref<const std::string&>(), &*p);
      if (re && matches(*re, value.get_ref<const std::string&>()) == 0) {
        add(out, path, "pattern", "must match the pattern " + preview(*p) + ", got " + preview(value));
      }
    }
#endif
    uint64_t bound = 0;
    const bool has_min = count_keyword(schema, "minLength", bound);
    const uint64_t min_len = bound;
    const bool has_max = count_keyword(schema, "maxLength", bound);
    const uint64_t max_len = bound;
    if (!has_min && !has_max) return;
    const size_t length = code_points(value.get_ref<const std::string&>());
    if (has_min && length < min_len) {
      add(out, path, "minLength",
          "must be at least " + plural(min_len, "character", "characters") + " long, got " + std::to_string(length));
    }
    if (has_max && length > max_len) {
      add(out, path, "maxLength",
          "must be at most " + plural(max_len, "character", "characters") + " long, got " + std::to_string(length));
    }
  }

  void check_number(const json& value, const json& schema, const std::string& path, Violations& out) {
    auto bound_of = [&](const char* key) -> const json* {
      auto it = schema.find(key);
      return it != schema.end() && it->is_number() ? &*it : nullptr;
    };
    auto flag = [&](const char* key) {
      auto it = schema.find(key);
      return it != schema.end() && it->is_boolean() && it->get<bool>();
    };
    if (const json* min = bound_of("minimum")) {
      const bool exclusive = flag("exclusiveMinimum");  // draft-4 boolean form
      const int c = compare_numbers(value, *min);
      if (c < 0 || (exclusive && c == 0)) {
        add(out, path, "minimum", std::string("must be ") + (exclusive ? "> " : ">= ") + preview(*min) +
                                      ", got " + preview(value));
      }
    }
    if (const json* max = bound_of("maximum")) {
      const bool exclusive = flag("exclusiveMaximum");
      const int c = compare_numbers(value, *max);
      if (c > 0 || (exclusive && c == 0)) {
        add(out, path, "maximum", std::string("must be ") + (exclusive ? "< " : "<= ") + preview(*max) +
                                      ", got " + preview(value));
      }
    }
    if (const json* min = bound_of("exclusiveMinimum"); min && compare_numbers(value, *min) <= 0) {
      add(out, path, "exclusiveMinimum", "must be > " + preview(*min) + ", got " + preview(value));
    }
    if (const json* max = bound_of("exclusiveMaximum"); max && compare_numbers(value, *max) >= 0) {
      add(out, path, "exclusiveMaximum", "must be < " + preview(*max) + ", got " + preview(value));
    }
  }

  void check_combinators(const json& value, const json& schema, std::string& path, size_t depth,
                         size_t hops, size_t frames, Violations& out) {
    if (auto all = schema.find("allOf"); all != schema.end() && all->is_array()) {
      for (const json& branch : *all) node(value, branch, path, depth, hops, frames + 1, out);
    }
    if (auto any = schema.find("anyOf"); any != schema.end() && any->is_array() && !any->empty()) {
      std::vector<Violations> failures;
      if (!any_branch_matches(value, *any, path, depth, hops, frames, failures)) {
        report_no_match(failures, path, "anyOf", out);
      }
    }
    if (auto one = schema.find("oneOf"); one != schema.end() && one->is_array() && !one->empty()) {
      std::vector<Violations> failures;
      std::vector<size_t> matched;
      for (size_t i = 0; i < one->size(); ++i) {
        Violations trial;
        node(value, (*one)[i], path, depth, hops, frames + 1, trial);
        if (trial.empty()) matched.push_back(i);
        failures.push_back(std::move(trial));
      }
      if (matched.empty()) {
        report_no_match(failures, path, "oneOf", out);
      } else if (matched.size() > 1) {
        std::string which;
        for (size_t i = 0; i < matched.size(); ++i) which += (i ? ", #" : "#") + std::to_string(matched[i]);
        add(out, path, "oneOf",
            "matches " + std::to_string(matched.size()) + " of the oneOf alternatives (" + which +
                "); it must match exactly one");
      }
    }
    if (auto neg = schema.find("not"); neg != schema.end() && (neg->is_object() || neg->is_boolean())) {
      Violations trial;
      const size_t steps_before = steps_;
      const bool was_complete = complete_;
      node(value, *neg, path, depth, hops, frames + 1, trial);
      // A cut-short check proves nothing, so "not" only fires on a complete match.
      if (trial.empty() && complete_ && was_complete && steps_before <= limits_.max_steps) {
        add(out, path, "not", "must not match the schema under \"not\"");
      }
    }
  }

  bool any_branch_matches(const json& value, const json& branches, std::string& path, size_t depth,
                          size_t hops, size_t frames, std::vector<Violations>& failures) {
    for (const json& branch : branches) {
      Violations trial;
      node(value, branch, path, depth, hops, frames + 1, trial);
      if (trial.empty()) return true;
      failures.push_back(std::move(trial));
    }
    return false;
  }

  // No alternative matched. When every alternative only disagreed on the type of this very
  // value, say so once ("expected string or null"); otherwise report the closest alternative.
  void report_no_match(std::vector<Violations>& failures, const std::string& path, const char* keyword,
                       Violations& out) {
    auto root_type_only = [&](const Violations& v) {
      return v.size() == 1 && v[0].keyword == "type" && v[0].path == path;
    };
    if (std::all_of(failures.begin(), failures.end(), root_type_only)) {
      std::string expected;
      for (size_t i = 0; i < failures.size(); ++i) {
        if (i > 0) expected += i + 1 == failures.size() ? " or " : ", ";
        expected += failures[i][0].expected_types;
      }
      const std::string& message = failures[0][0].message;
      const std::string got = message.substr(message.find(", got ") + 6);
      add(out, path, "type", "expected " + expected + ", got " + got, expected);
      return;
    }
    // Closest: an alternative whose type fits (its errors are deeper) with the fewest errors.
    size_t best = failures.size();
    for (size_t i = 0; i < failures.size(); ++i) {
      if (root_type_only(failures[i])) continue;
      if (best == failures.size() || failures[i].size() < failures[best].size()) best = i;
    }
    (void)keyword;
    for (Violation& v : failures[best]) {
      if (!add(out, v.path, v.keyword.c_str(), std::move(v.message), std::move(v.expected_types))) return;
    }
  }

  void descend(const json& value, const json& schema, std::string& path, size_t depth, size_t frames,
               Violations& out) {
    if (depth + 1 > limits_.max_depth) {
      add(out, path, "depth", "nested deeper than " + std::to_string(limits_.max_depth) +
                                  " levels; flatten the value");
      return;
    }
    ref_chain_.push_back(nullptr);  // a new value: the $ref chain starts afresh
    node(value, schema, path, depth + 1, 0, frames + 1, out);
    ref_chain_.pop_back();
  }

  bool on_ref_chain(const json* target) const {
    for (auto it = ref_chain_.rbegin(); it != ref_chain_.rend() && *it != nullptr; ++it) {
      if (*it == target) return true;
    }
    return false;
  }

#if TOOLSEARCH_SCHEMA_PATTERNS
  // The compiled pattern `source` (cached under `slot`, its place in the schema), or nullptr when
  // it is not a pattern the linear-time matcher supports: that keyword is then ignored.
  const Regex* regex(const std::string& source, const json* slot) {
    auto it = regexes_.find(slot);
    if (it == regexes_.end()) {
      auto compiled = Regex::compile(source);
      it = regexes_.emplace(slot, compiled.ok() ? std::make_unique<Regex>(std::move(compiled).value()) : nullptr).first;
    }
    return it->second.get();
  }

  // 1 = `text` matches somewhere (patterns are not anchored), 0 = not, -1 = not checked because
  // the pattern work budget is spent (the report is then incomplete).
  int matches(const Regex& re, const std::string& text) {
    const uint64_t work = (static_cast<uint64_t>(code_points(text)) + 1) * re.program_size();
    const uint64_t budget = limits_.max_pattern_work;
    if (work > budget - std::min(pattern_work_, budget)) {
      complete_ = false;
      return -1;
    }
    pattern_work_ += work;
    return re.search(text) ? 1 : 0;
  }

  std::map<const json*, std::unique_ptr<Regex>> regexes_;
  uint64_t pattern_work_ = 0;
#endif

  const json& root_;
  const ValidationLimits& limits_;
  const Violations* top_ = nullptr;
  // Schemas entered through $ref since the last descent into the value (nullptr marks a descent).
  std::vector<const json*> ref_chain_;
  size_t steps_ = 0;
  bool truncated_ = false;
  bool complete_ = true;
};

}  // namespace

std::string to_string(const SchemaViolation& violation) {
  return (violation.path.empty() ? std::string("(root)") : violation.path) + ": " + violation.message;
}

size_t json_depth(const nlohmann::json& value, size_t cap) {
  // Iterative walk with an explicit stack of (position, end) iterators: no recursion, so it is
  // safe on values far too deep for the recursive json operations.
  struct Frame {
    json::const_iterator at;
    json::const_iterator end;
  };
  if (!value.is_structured()) return 0;
  std::vector<Frame> stack{{value.cbegin(), value.cend()}};
  size_t deepest = 1;
  while (!stack.empty()) {
    if (stack.size() > cap) return cap + 1;
    Frame& top = stack.back();
    if (top.at == top.end) {
      stack.pop_back();
      continue;
    }
    const json& child = *top.at;
    ++top.at;
    if (child.is_structured()) {
      stack.push_back({child.cbegin(), child.cend()});
      deepest = std::max(deepest, stack.size());
    }
  }
  return deepest;
}

ValidationReport validate_against_schema(const nlohmann::json& value, const nlohmann::json& schema,
                                         const ValidationLimits& limits) {
  ValidationReport report;
  try {
    if (json_depth(value, limits.max_depth) > limits.max_depth) {
      report.violations.push_back({"", "depth", "nested deeper than " + std::to_string(limits.max_depth) +
                                                    " levels; flatten the value"});
      return report;
    }
    Validator validator(schema, limits);
    Violations found;
    std::string path;
    validator.set_top(&found);
    validator.node(value, schema, path, 0, 0, 0, found);
    for (Violation& v : found) {
      report.violations.push_back({std::move(v.path), std::move(v.keyword), std::move(v.message)});
    }
    report.truncated = validator.truncated();
    report.complete = validator.complete();
  } catch (const std::exception& e) {
    // Only allocation failure can land here; say so rather than pretend the value is valid.
    report.violations.push_back({"", "internal", std::string("validation failed: ") + e.what()});
    report.complete = false;
  }
  return report;
}

}  // namespace toolsearch
