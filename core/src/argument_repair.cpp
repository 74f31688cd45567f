#include "toolsearch/argument_repair.hpp"

#include "toolsearch/json_codec.hpp"
#include "toolsearch/schema_validator.hpp"
#include "toolsearch/text.hpp"

#include <algorithm>
#include <cmath>

namespace toolsearch {

using json = nlohmann::json;

bool decode_arguments(const json& raw, json& value, std::string& error, std::vector<std::string>& repairs) {
  if (raw.is_object()) {
    value = raw;
    return true;
  }
  if (raw.is_null()) {
    repairs.emplace_back("arguments_null");
    value = json::object();
    return true;
  }
  if (!raw.is_string()) {
    error = std::string("arguments must be a JSON object of parameters; got ") + raw.type_name();
    return false;
  }
  const std::string& text = raw.get_ref<const std::string&>();
  if (trim_blanks(text).empty()) {
    repairs.emplace_back("arguments_empty_string");
    value = json::object();
    return true;
  }
  const JsonLimits limits{JsonLimits{}.max_text_bytes, kMaxArgumentDepth + 2};
  auto parsed = parse_json(text, limits);
  if (parsed.ok() && parsed->is_string()) {  // JSON text encoded twice
    auto again = parse_json(parsed->get_ref<const std::string&>(), limits);
    if (again.ok() && again->is_object()) {
      repairs.emplace_back("arguments_json_string");
      repairs.emplace_back("arguments_double_encoded");
      value = std::move(again.value());
      return true;
    }
  }
  if (parsed.ok() && (parsed->is_object() || parsed->is_null())) {
    repairs.emplace_back("arguments_json_string");
    value = parsed->is_object() ? std::move(parsed.value()) : json::object();
    return true;
  }
  if (!parsed.ok() && parsed.status().code == ErrorCode::TooLarge) {
    error = "arguments are too large or nest too deeply: " + parsed.status().message;
  } else if (!parsed.ok()) {
    error = "arguments must be a JSON object of parameters; got a string that is not JSON: " + quoted_echo(text, 40);
  } else {
    error = std::string("arguments must be a JSON object of parameters; got a string holding ") +
            parsed->type_name();
  }
  return false;
}


void unwrap_arguments(const Tool& tool, json& value, std::vector<std::string>& repairs) {
  auto props = tool.input_schema->find("properties");
  if (props != tool.input_schema->end() && props->is_object() && props->contains("arguments")) return;
  for (int round = 0; round < 2; ++round) {
    auto inner = value.find("arguments");
    if (inner == value.end()) return;
    const bool alone = value.size() == 1;
    bool named = false;
    if (value.size() == 2) {
      auto n = value.find("name");
      named = n != value.end() && n->is_string() &&
              (*n == tool.name || *n == tool.original_name);
    }
    if (!alone && !named) return;
    json next;
    std::string ignored;
    std::vector<std::string> trial;
    if (!decode_arguments(*inner, next, ignored, trial)) return;  // leave it to the validator
    repairs.emplace_back(alone ? "arguments_nested" : "arguments_name_wrapped");
    for (std::string& r : trial) repairs.push_back(std::move(r));
    value = std::move(next);
  }
}


bool decode_bridge_payload(const json& raw, std::string_view bridge, const char* bare_key, const char* example,
                           json& payload, std::string& error, std::vector<std::string>& repairs) {
  auto repair = [&](const char* code) { repairs.emplace_back(code); };
  auto invalid_call = [&](std::string message) { error = std::move(message); };
  if (json_depth(raw, kMaxArgumentDepth + 2) > kMaxArgumentDepth + 2) {
    invalid_call("The arguments of " + std::string(bridge) + " nest deeper than " +
                 std::to_string(kMaxArgumentDepth) + " levels.");
    return false;
  }
  if (raw.is_object()) {
    payload = raw;
    return true;
  }
  if (raw.is_null()) {
    repair("bridge_arguments_null");
    payload = json::object();
    return true;
  }
  if (raw.is_string()) {
    const std::string& text = raw.get_ref<const std::string&>();
    if (trim_blanks(text).empty()) {
      repair("bridge_arguments_empty_string");
      payload = json::object();
      return true;
    }
    auto parsed = parse_json(text, JsonLimits{JsonLimits{}.max_text_bytes, kMaxArgumentDepth + 2});
    if (parsed.ok() && parsed->is_object()) {
      repair("bridge_arguments_json_string");
      payload = std::move(parsed.value());
      return true;
    }
    const char first = trim_blanks(text).front();
    if (!parsed.ok() && (first == '{' || first == '[')) {
      invalid_call("The arguments of " + std::string(bridge) + " are not valid JSON (" +
                   parsed.status().message + "); send an object, e.g. " + example + ".");
      return false;
    }
    std::string bare = parsed.ok() && parsed->is_string() ? parsed->get<std::string>() : text;
    if (!trim_blanks(bare).empty() && !(parsed.ok() && parsed->is_structured())) {
      repair("bridge_arguments_bare_string");
      payload = json::object();
      payload[bare_key] = std::string(trim_blanks(bare));
      return true;
    }
  }
  invalid_call(std::string(bridge) + " takes an object of arguments, e.g. " + example + "; got " +
               raw.type_name() + ".");
  return false;
}


size_t repaired_search_limit(const json& payload, size_t default_limit, size_t max_limit,
                             std::vector<std::string>& repairs) {
  auto repair = [&](const char* code) { repairs.emplace_back(code); };
  const size_t max = std::max<size_t>(1, max_limit);
  const size_t fallback = std::clamp<size_t>(default_limit, 1, max);
  auto it = payload.find("limit");
  if (it == payload.end() || it->is_null()) return fallback;
  json number = *it;
  if (it->is_string()) {  // "5": a number sent as text
    auto parsed = parse_json(it->get_ref<const std::string&>());
    if (parsed.ok() && parsed->is_number()) number = parsed.value();
  }
  if (!number.is_number() || !std::isfinite(number.get<double>())) {
    repair("limit_invalid");
    return fallback;
  }
  const double requested = std::floor(number.get<double>());
  if (requested < 1) {
    repair("limit_clamped");
    return 1;
  }
  if (requested > static_cast<double>(max)) {
    repair("limit_clamped");
    return max;
  }
  return static_cast<size_t>(requested);
}

}  // namespace toolsearch
