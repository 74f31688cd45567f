#include "toolsearch/json_codec.hpp"

namespace toolsearch {
namespace {

using nlohmann::json;

// Depth is checked on the text before parsing, so a hostile "[[[[..." never builds a tree.
size_t max_nesting(std::string_view text) {
  size_t depth = 0, deepest = 0;
  bool in_string = false, escaped = false;
  for (char c : text) {
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    else if (c == '[' || c == '{') deepest = std::max(deepest, ++depth);
    else if ((c == ']' || c == '}') && depth > 0) --depth;
  }
  return deepest;
}

Status field_error(const std::string& field, const char* expected, const json& got) {
  return Status::error(ErrorCode::InvalidArgument,
                       "'" + field + "' must be " + expected + ", got " + got.type_name());
}

Result<std::vector<std::string>> string_list(const json& j, const std::string& field) {
  if (!j.is_array()) return field_error(field, "an array of strings", j);
  std::vector<std::string> out;
  for (const json& e : j) {
    if (!e.is_string()) return field_error(field, "an array of strings", e);
    out.push_back(e.get<std::string>());
  }
  return out;
}

std::string camel(const std::string& key) {
  std::string out;
  out.reserve(key.size());
  bool upper = false;
  for (char c : key) {
    if (c == '_' && !out.empty()) {
      upper = true;
      continue;
    }
    out.push_back(upper && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c);
    upper = false;
  }
  return out;
}

}  // namespace

Result<json> parse_json(std::string_view text, const JsonLimits& limits) {
  if (text.size() > limits.max_text_bytes) {
    return Status::error(ErrorCode::TooLarge, "JSON text is " + std::to_string(text.size()) +
                                                  " bytes; the limit is " +
                                                  std::to_string(limits.max_text_bytes));
  }
  if (max_nesting(text) > limits.max_depth) {
    return Status::error(ErrorCode::TooLarge,
                         "JSON nests deeper than " + std::to_string(limits.max_depth) + " levels");
  }
  // The plain DOM builder, without the callback variant json::parse() also instantiates:
  // one parser in the wasm instead of two.
  json parsed;
  nlohmann::detail::json_sax_dom_parser<json> builder(parsed, /*allow_exceptions=*/false);
  if (!json::sax_parse(text.begin(), text.end(), &builder, nlohmann::json::input_format_t::json,
                       /*strict=*/true) ||
      builder.is_errored()) {
    return Status::error(ErrorCode::InvalidJson, "text is not valid JSON");
  }
  return parsed;
}

Result<Tool> tool_from_json(const json& j) {
  if (!j.is_object()) return field_error("tool", "an object", j);
  Tool t;
  auto name = j.find("name");
  if (name == j.end()) return Status::error(ErrorCode::InvalidTool, "a tool needs a 'name'");
  if (!name->is_string()) return field_error("name", "a string", *name);
  t.name = name->get<std::string>();
  auto str = [&](const char* key, std::string& out) -> Status {
    auto it = j.find(key);
    if (it == j.end() || it->is_null()) return {};
    if (!it->is_string()) return field_error(std::string(key) + "' of tool '" + t.name, "a string", *it);
    out = it->get<std::string>();
    return {};
  };
  if (Status s = str("description", t.description); !s.ok()) return s;
  if (Status s = str("title", t.title); !s.ok()) return s;
  if (Status s = str("source", t.source); !s.ok()) return s;
  if (Status s = str("originalName", t.original_name); !s.ok()) return s;
  t.input_schema = json{{"type", "object"}};
  for (const char* key : {"inputSchema", "input_schema", "parameters"}) {
    if (auto it = j.find(key); it != j.end() && !it->is_null()) {
      t.input_schema = *it;  // the catalog validates its shape
      break;
    }
  }
  if (auto it = j.find("class"); it != j.end() && !it->is_null()) {
    if (*it == "core") t.tool_class = ToolClass::Core;
    else if (*it == "deferrable") t.tool_class = ToolClass::Deferrable;
    else return Status::error(ErrorCode::InvalidTool, "'class' of tool '" + t.name +
                                                          "' must be \"core\" or \"deferrable\"");
  }
  if (auto it = j.find("annotations"); it != j.end() && !it->is_null()) t.annotations = *it;
  if (auto it = j.find("tags"); it != j.end() && !it->is_null()) {
    auto tags = string_list(*it, "tags");
    if (!tags.ok()) return tags.status();
    t.tags = std::move(tags).value();
  }
  if (auto it = j.find("pinned"); it != j.end() && !it->is_null()) {
    if (!it->is_boolean()) return field_error("pinned", "a boolean", *it);
    t.pinned = it->get<bool>();
  }
  return t;
}

Result<std::vector<Tool>> tools_from_json(const json& j) {
  if (!j.is_array()) return field_error("tools", "an array", j);
  std::vector<Tool> out;
  out.reserve(j.size());
  for (const json& e : j) {
    auto t = tool_from_json(e);
    if (!t.ok()) return t.status();
    out.push_back(std::move(t).value());
  }
  return out;
}

json tool_to_json(const Tool& t) {
  json j = {{"name", t.name},
            {"description", t.description},
            {"inputSchema", t.input_schema},
            {"source", t.source},
            {"class", t.tool_class == ToolClass::Core ? "core" : "deferrable"},
            {"pinned", t.pinned}};
  if (t.original_name != t.name) j["originalName"] = t.original_name;
  if (!t.title.empty()) j["title"] = t.title;
  if (!t.annotations.empty()) j["annotations"] = t.annotations;
  if (!t.tags.empty()) j["tags"] = t.tags;
  return j;
}

Result<Scope> scope_from_json(const json& j) {
  Scope scope;
  if (j.is_null()) return scope;
  if (!j.is_object()) return field_error("scope", "an object", j);
  for (const auto& [key, value] : j.items()) {
    std::set<std::string>* target = key == "sources"    ? &scope.sources
                                    : key == "toolsets" ? &scope.toolsets
                                    : key == "tools"    ? &scope.tools
                                                        : nullptr;
    if (!target) {
      return Status::error(ErrorCode::InvalidArgument,
                           "unknown scope key '" + key + "'; expected sources, toolsets or tools");
    }
    auto list = string_list(value, key);
    if (!list.ok()) return list.status();
    target->insert(list->begin(), list->end());
  }
  return scope;
}

std::vector<std::string> required_params(const json& schema) {
  std::vector<std::string> out;
  auto it = schema.find("required");
  if (it == schema.end() || !it->is_array()) return out;
  for (const json& r : *it) {
    if (r.is_string()) out.push_back(r.get<std::string>());
  }
  return out;
}

json explanation_to_json(const Explanation& e, const Tool& tool) {
  json terms = json::array();
  for (const TermContribution& c : e.terms) {
    terms.push_back({{"term", c.term},
                     {"field", camel(c.field)},
                     {"idf", c.idf},
                     {"tf", c.tf},
                     {"weight", c.weight},
                     {"lengthNorm", c.length_norm},
                     {"score", c.score}});
  }
  return {{"name", tool.name},     {"match", to_string(e.kind)}, {"score", e.score},
          {"queryTokens", e.query_tokens}, {"terms", std::move(terms)}};
}

}  // namespace toolsearch
