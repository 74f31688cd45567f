// Prints, for each tool of a catalog file, the exact text the estimator counts and its estimate,
// one JSON line per tool, so scripts/calibrate-tokens.mjs can count the same text with a real
// tokenizer.
//
// Usage: estimate_tokens [--features] FILE...
//        estimate_tokens --text [--features] FILE...   (each non-blank line is one text sample)
// FILE is a JSON array of MCP tools {name, description, inputSchema}, an MCP tools/list result
// {tools: [...]}, a multi-server capture {servers: [{server, tools}]}, or JSON lines {name, description, parameters} (catalog.jsonl).
// Output: {"name","estimate","chars_div_4","text"[, "features"]}. `estimate` is the text's
// tokens only (no per-tool overhead), so it is comparable with a tokenizer's count of `text`.
#include "toolsearch/token_estimator.hpp"

#include <nlohmann/json.hpp>

#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

using nlohmann::json;
using toolsearch::TokenFeatures;

json features_json(const TokenFeatures& f) {
  json out = json::object();
  out["words"] = f.words;
  out["word_letters_over_4"] = f.word_letters_over_4;
  out["word_letters_over_8"] = f.word_letters_over_8;
  out["word_punct_prefix"] = f.word_punct_prefix;
  out["non_ascii_letters"] = f.non_ascii_letters;
  out["cjk_chars"] = f.cjk_chars;
  out["numbers"] = f.numbers;
  out["punct_runs"] = f.punct_runs;
  out["punct_chars_over_2"] = f.punct_chars_over_2;
  out["symbols"] = f.symbols;
  out["spaces"] = f.spaces;
  return out;
}

void emit(const std::string& name, const std::string& text, bool with_features) {
  json line = json::object();
  line["name"] = name;
  line["estimate"] = toolsearch::estimate_tokens(text);
  line["chars_div_4"] = toolsearch::chars_div_4(text);
  line["text"] = text;
  if (with_features) line["features"] = features_json(toolsearch::analyze_tokens(text));
  std::cout << line.dump(-1, ' ', false, json::error_handler_t::replace) << '\n';
}

const json* schema_of(const json& tool) {
  for (const char* key : {"inputSchema", "input_schema", "parameters"}) {
    auto it = tool.find(key);
    if (it != tool.end()) return &*it;
  }
  return nullptr;
}

bool emit_tool(const json& tool, bool with_features) {
  if (!tool.is_object() || !tool.contains("name") || !tool["name"].is_string()) return false;
  static const json kEmptySchema = json::object();
  const json* schema = schema_of(tool);
  std::string description;
  if (tool.contains("description") && tool["description"].is_string()) description = tool["description"];
  const std::string name = tool["name"];
  emit(name, toolsearch::tool_token_text(name, description, schema ? *schema : kEmptySchema), with_features);
  return true;
}

int process_catalog(const std::string& path, const std::string& content, bool with_features) {
  json doc = json::parse(content, nullptr, false);
  if (!doc.is_discarded()) {
    if (doc.is_object() && doc.contains("servers") && doc["servers"].is_array()) {
      // A capture of several servers: {servers: [{server, tools: [...]}, ...]}.
      for (const json& server : doc["servers"]) {
        if (!server.is_object() || !server.contains("tools") || !server["tools"].is_array()) continue;
        for (const json& tool : server["tools"]) {
          if (!emit_tool(tool, with_features)) std::cerr << path << ": skipped an entry without a name\n";
        }
      }
      return 0;
    }
    const json* list = &doc;
    if (doc.is_object() && doc.contains("tools")) list = &doc["tools"];
    if (list->is_array()) {
      for (const json& tool : *list) {
        if (!emit_tool(tool, with_features)) std::cerr << path << ": skipped an entry without a name\n";
      }
      return 0;
    }
  }
  std::istringstream lines(content);
  std::string line;
  size_t number = 0;
  while (std::getline(lines, line)) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    json tool = json::parse(line, nullptr, false);
    if (tool.is_discarded() || !emit_tool(tool, with_features)) {
      std::cerr << path << ':' << number << ": not a tool object\n";
      return 1;
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  bool raw_text = false;
  bool with_features = false;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--text") raw_text = true;
    else if (arg == "--features") with_features = true;
    else files.push_back(arg);
  }
  if (files.empty()) {
    std::cerr << "usage: estimate_tokens [--text] [--features] FILE...\n";
    return 2;
  }
  for (const std::string& path : files) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      std::cerr << path << ": cannot open\n";
      return 1;
    }
    std::stringstream buffer;
    buffer << in.rdbuf();
    if (raw_text) {
      std::string line;
      size_t number = 0;
      while (std::getline(buffer, line)) {
        ++number;
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        emit(path + ":" + std::to_string(number), line, with_features);
      }
    } else if (int rc = process_catalog(path, buffer.str(), with_features); rc != 0) {
      return rc;
    }
  }
  return 0;
}
