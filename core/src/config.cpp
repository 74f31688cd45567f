#include "toolsearch/config.hpp"

#include "toolsearch/text.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace toolsearch {
namespace {

using nlohmann::json;

// Token-valued settings stay below this so they fit a 32-bit size_t (wasm32) with headroom.
constexpr size_t kMaxTokenSetting = 1000000000;
constexpr size_t kMaxSearchLimit = 50;
constexpr size_t kTopKMax = 50;

// Declaration order: also the order of suggestions' tie-break.
const std::vector<std::string>& known_keys() {
  static const std::vector<std::string> keys = {
      "enabled",           "threshold_pct",     "min_tokens",       "max_tokens",
      "search_default_limit", "max_search_limit", "inline_max_count", "inline_max_tokens",
      "lazy_activation",   "activation",        "listing_max_tokens", "preselect_top_k",
      "inline_schema_max_tokens"};
  return keys;
}

// "thresholdPct" -> "threshold_pct", "Max-Tokens" -> "max_tokens": JS and YAML habits.
std::string to_snake_case(const std::string& key) {
  std::string out;
  for (char c : key) {
    if (c >= 'A' && c <= 'Z') {
      if (!out.empty() && out.back() != '_') out += '_';
      out += static_cast<char>(c - 'A' + 'a');
    } else {
      out += (c == '-' || c == ' ') ? '_' : c;
    }
  }
  return out;
}

// The known key a typo most likely meant (in snake_case, as typed in either convention).
std::string closest_key(const std::string& typed) { return closest_match(to_snake_case(typed), known_keys()); }

Status invalid(const std::string& message) { return Status::error(ErrorCode::InvalidConfig, message); }

const char* type_name(const json& value) {
  return value.type_name();  // "null", "object", "array", "string", "boolean", "number"
}

Result<GateMode> parse_mode(const json& value) {
  if (value.is_boolean()) return value.get<bool>() ? GateMode::Auto : GateMode::Off;
  if (value.is_string()) {
    const std::string& s = value.get_ref<const std::string&>();
    if (s == "off") return GateMode::Off;
    if (s == "auto") return GateMode::Auto;
    if (s == "on") return GateMode::On;
    return invalid("enabled: \"" + s + "\" is not one of \"off\", \"auto\", \"on\", true, false");
  }
  return invalid(std::string("enabled: expected \"off\", \"auto\", \"on\" or a boolean, got ") +
                 type_name(value));
}

// A whole number in [lo, hi]. Integral floats (5.0) are accepted: JSON does not distinguish.
Result<size_t> parse_count(const std::string& key, const json& value, size_t lo, size_t hi) {
  const std::string range = " (range " + std::to_string(lo) + ".." + std::to_string(hi) + ")";
  if (!value.is_number()) {
    return invalid(key + ": expected an integer" + range + ", got " + type_name(value));
  }
  if (value.is_number_float()) {
    double d = value.get<double>();
    if (d != std::floor(d)) return invalid(key + ": expected an integer" + range + ", got " + value.dump());
    if (d < static_cast<double>(lo) || d > static_cast<double>(hi)) {
      return invalid(key + ": " + value.dump() + " is out of range" + range);
    }
    return static_cast<size_t>(d);
  }
  if (value.is_number_integer() && value.get<int64_t>() < 0) {
    return invalid(key + ": " + value.dump() + " is out of range" + range);
  }
  uint64_t n = value.get<uint64_t>();
  if (n < lo || n > hi) return invalid(key + ": " + value.dump() + " is out of range" + range);
  return static_cast<size_t>(n);
}

Status apply_key(GateConfig& config, const std::string& key, const json& value) {
  auto count = [&](size_t& field, size_t lo, size_t hi) -> Status {
    Result<size_t> parsed = parse_count(key, value, lo, hi);
    if (!parsed.ok()) return parsed.status();
    field = parsed.value();
    return Status::success();
  };
  if (key == "enabled") {
    Result<GateMode> mode = parse_mode(value);
    if (!mode.ok()) return mode.status();
    config.enabled = mode.value();
    return Status::success();
  }
  if (key == "threshold_pct") {
    if (!value.is_number()) return invalid("threshold_pct: expected a number (range 0..100), got " + std::string(type_name(value)));
    double pct = value.get<double>();
    if (!(pct >= 0.0 && pct <= 100.0)) return invalid("threshold_pct: " + value.dump() + " is out of range (range 0..100)");
    config.threshold_pct = pct;
    return Status::success();
  }
  if (key == "lazy_activation") {
    if (!value.is_boolean()) return invalid("lazy_activation: expected a boolean, got " + std::string(type_name(value)));
    config.lazy_activation = value.get<bool>();
    return Status::success();
  }
  if (key == "activation") {
    if (value.is_string() && value.get_ref<const std::string&>() == "stable") {
      config.activation = ActivationPolicy::Stable;
      return Status::success();
    }
    if (value.is_string() && value.get_ref<const std::string&>() == "promote") {
      config.activation = ActivationPolicy::Promote;
      return Status::success();
    }
    return invalid("activation: expected \"stable\" or \"promote\", got " + value.dump());
  }
  if (key == "min_tokens") return count(config.min_tokens, 0, kMaxTokenSetting);
  if (key == "max_tokens") return count(config.max_tokens, 0, kMaxTokenSetting);
  if (key == "search_default_limit") return count(config.search_default_limit, 1, kMaxSearchLimit);
  if (key == "max_search_limit") return count(config.max_search_limit, 1, kMaxSearchLimit);
  if (key == "inline_max_count") return count(config.inline_max_count, 0, kMaxTokenSetting);
  if (key == "inline_max_tokens") return count(config.inline_max_tokens, 0, kMaxTokenSetting);
  if (key == "listing_max_tokens") return count(config.listing_max_tokens, 0, kMaxTokenSetting);
  if (key == "preselect_top_k") return count(config.preselect_top_k, 1, kTopKMax);
  if (key == "inline_schema_max_tokens") return count(config.inline_schema_max_tokens, 0, kMaxTokenSetting);
  return invalid("unknown key \"" + key + "\"; did you mean \"" + closest_key(key) + "\"?");
}

std::string range_error(const char* key, size_t value, size_t lo, size_t hi) {
  return std::string(key) + ": " + std::to_string(value) + " is out of range (range " + std::to_string(lo) +
         ".." + std::to_string(hi) + ")";
}

}  // namespace

const char* to_string(GateMode mode) {
  switch (mode) {
    case GateMode::Off: return "off";
    case GateMode::Auto: return "auto";
    case GateMode::On: return "on";
  }
  return "auto";
}

Status validate(const GateConfig& c) {
  if (!(c.threshold_pct >= 0.0 && c.threshold_pct <= 100.0)) {
    return invalid("threshold_pct: " + json(c.threshold_pct).dump() + " is out of range (range 0..100)");
  }
  struct Bound {
    const char* key;
    size_t value, lo, hi;
  };
  const Bound bounds[] = {
      {"min_tokens", c.min_tokens, 0, kMaxTokenSetting},
      {"max_tokens", c.max_tokens, 0, kMaxTokenSetting},
      {"max_search_limit", c.max_search_limit, 1, kMaxSearchLimit},
      {"search_default_limit", c.search_default_limit, 1, kMaxSearchLimit},
      {"inline_max_count", c.inline_max_count, 0, kMaxTokenSetting},
      {"inline_max_tokens", c.inline_max_tokens, 0, kMaxTokenSetting},
      {"listing_max_tokens", c.listing_max_tokens, 0, kMaxTokenSetting},
      {"preselect_top_k", c.preselect_top_k, 1, kTopKMax},
      {"inline_schema_max_tokens", c.inline_schema_max_tokens, 0, kMaxTokenSetting},
  };
  for (const Bound& b : bounds) {
    if (b.value < b.lo || b.value > b.hi) return invalid(range_error(b.key, b.value, b.lo, b.hi));
  }
  if (c.search_default_limit > c.max_search_limit) {
    return invalid("search_default_limit: " + std::to_string(c.search_default_limit) +
                   " exceeds max_search_limit " + std::to_string(c.max_search_limit) +
                   " (range 1..max_search_limit)");
  }
  if (c.min_tokens > c.max_tokens) {
    return invalid("min_tokens: " + std::to_string(c.min_tokens) + " exceeds max_tokens " +
                   std::to_string(c.max_tokens));
  }
  return Status::success();
}

Result<GateConfig> parse_gate_config(const json& input, const GateConfig& base) {
  try {
    GateConfig config = base;
    if (input.is_boolean() || input.is_string()) {
      // The legacy shorthand: `tool_search: true` (auto), `false` (off) or a mode string.
      Result<GateMode> mode = parse_mode(input);
      if (!mode.ok()) return mode.status();
      config.enabled = mode.value();
    } else if (input.is_object()) {
      // Unknown keys first: a typo is the likelier mistake and its message is the more useful.
      for (const auto& item : input.items()) {
        const auto& keys = known_keys();
        if (std::find(keys.begin(), keys.end(), item.key()) == keys.end()) {
          return invalid("unknown key \"" + item.key() + "\"; did you mean \"" + closest_key(item.key()) + "\"?");
        }
      }
      for (const auto& item : input.items()) {
        Status applied = apply_key(config, item.key(), item.value());
        if (!applied.ok()) return applied;
      }
    } else {
      return invalid(std::string("config: expected an object, a boolean or a mode string, got ") +
                     type_name(input));
    }
    Status valid = validate(config);
    if (!valid.ok()) return valid;
    return config;
  } catch (const std::exception& e) {
    return Status::error(ErrorCode::Internal, std::string("config parsing failed: ") + e.what());
  }
}

json to_json(const GateConfig& c) {
  json out = json::object();
  out["enabled"] = to_string(c.enabled);
  out["threshold_pct"] = c.threshold_pct;
  out["min_tokens"] = c.min_tokens;
  out["max_tokens"] = c.max_tokens;
  out["search_default_limit"] = c.search_default_limit;
  out["max_search_limit"] = c.max_search_limit;
  out["inline_max_count"] = c.inline_max_count;
  out["inline_max_tokens"] = c.inline_max_tokens;
  out["lazy_activation"] = c.lazy_activation;
  out["activation"] = c.activation == ActivationPolicy::Promote ? "promote" : "stable";
  out["listing_max_tokens"] = c.listing_max_tokens;
  out["preselect_top_k"] = c.preselect_top_k;
  out["inline_schema_max_tokens"] = c.inline_schema_max_tokens;
  return out;
}

}  // namespace toolsearch
