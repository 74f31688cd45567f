#include "toolsearch/bridge_render.hpp"

#include "toolsearch/text.hpp"
#include "toolsearch/utf8.hpp"

namespace toolsearch {
namespace {

using json = nlohmann::json;

bool is_abbreviation(const std::string& text, size_t dot) {
  size_t start = text.rfind(' ', dot);
  start = start == std::string::npos ? 0 : start + 1;
  const std::string_view word = std::string_view(text).substr(start, dot - start);
  return word.size() == 1 || word.find('.') != std::string_view::npos || word == "vs";
}

}  // namespace

json render_search_result(const std::string& query, const std::vector<SearchMatch>& matches,
                          size_t total_available, const std::set<std::string>& sources) {
  json listed = json::array();
  for (const SearchMatch& m : matches) {
    json entry = {{"name", m.name},         {"description", m.description},
                  {"source", m.source},     {"score", m.score},
                  {"match", to_string(m.match)}, {"required", m.required},
                  {"callable_directly", m.callable_directly}};
    if (m.schema_inlined) entry["input_schema"] = m.input_schema;
    listed.push_back(std::move(entry));
  }
  json result = {{"query", query}, {"matches", std::move(listed)}, {"total_available", total_available}};
  if (matches.empty()) {
    result["available_sources"] = sources;
    result["hint"] =
        "No tool matched. Try other words: the action and the object (\"send email\", \"list "
        "issues\"), a service name from available_sources, or a shorter query.";
  } else {
    result["hint"] =
        "Invoke a match with tool_call {\"name\": ..., \"arguments\": {...}}. A match with "
        "callable_directly can be called by its own name. Use tool_describe {\"name\": ...} for a "
        "schema not shown here.";
  }
  return result;
}

json render_describe_result(const Tool& tool, bool callable_directly) {
  json result = {{"name", tool.name},
                 {"description", tool.description},
                 {"source", tool.source},
                 {"input_schema", tool.input_schema},
                 {"callable_directly", callable_directly}};
  if (!tool.title.empty()) result["title"] = tool.title;
  result["hint"] = callable_directly ? "Call " + tool.name + " directly by its name."
                                     : "Invoke it with tool_call {\"name\": \"" + tool.name +
                                           "\", \"arguments\": {...}} following input_schema.";
  return result;
}

std::string short_description(std::string_view description, size_t max_bytes) {
  const std::string text = valid_utf8(description);
  // The first paragraph only: a blank line ends it.
  size_t para_end = text.size();
  for (size_t i = text.find('\n'); i != std::string::npos; i = text.find('\n', i + 1)) {
    size_t j = i + 1;
    while (j < text.size() && (text[j] == ' ' || text[j] == '\t' || text[j] == '\r')) ++j;
    if (j < text.size() && text[j] == '\n' && !trim_blanks(std::string_view(text).substr(0, i)).empty()) {
      para_end = i;
      break;
    }
  }
  std::string flat;
  flat.reserve(para_end);
  for (size_t i = 0; i < para_end; ++i) {
    if (is_blank(text[i])) {
      if (!flat.empty() && flat.back() != ' ') flat += ' ';
    } else {
      flat += text[i];
    }
  }
  while (!flat.empty() && flat.back() == ' ') flat.pop_back();

  size_t end = flat.size();
  for (size_t i = 0; i < flat.size(); ++i) {
    const char c = flat[i];
    if ((c == '.' || c == '!' || c == '?') && (i + 1 == flat.size() || flat[i + 1] == ' ')) {
      if (c == '.' && is_abbreviation(flat, i)) continue;
      end = i + 1;
      break;
    }
    // 。(E3 80 82) ！(EF BC 81) ？(EF BC 9F) end a sentence with no space after them.
    if (i + 3 <= flat.size()) {
      const std::string_view three = std::string_view(flat).substr(i, 3);
      if (three == "\xE3\x80\x82" || three == "\xEF\xBC\x81" || three == "\xEF\xBC\x9F") {
        end = i + 3;
        break;
      }
    }
  }
  std::string sentence = flat.substr(0, end);
  if (sentence.size() <= max_bytes) return sentence;

  const std::string ellipsis = "\xE2\x80\xA6";  // …
  if (max_bytes < ellipsis.size()) return std::string(clip_utf8(sentence, max_bytes));
  const size_t budget = max_bytes - ellipsis.size();
  std::string_view cut = clip_utf8(sentence, budget);
  // Prefer a word boundary when one is reasonably close to the end.
  const size_t space = cut.rfind(' ');
  if (space != std::string_view::npos && space > budget / 2) cut = cut.substr(0, space);
  while (!cut.empty() && (cut.back() == ' ' || cut.back() == ',' || cut.back() == ';')) cut.remove_suffix(1);
  return std::string(cut) + ellipsis;
}

}  // namespace toolsearch
