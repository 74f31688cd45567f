// parse_json (json_codec.hpp): JSON text to a tree, with the text's depth and size checked
// before anything is built. Its own file so that it can be compiled for speed: catalogs are
// read through it, and at -Oz every character of the text cost several calls (the lexer's
// buffers, libc++'s string and vector members).
#include "toolsearch/json_codec.hpp"

#include <algorithm>

namespace toolsearch {
namespace {

// Depth and size are checked on the text before parsing, so a hostile "[[[[..." or
// "[0,0,0,..." never builds a tree.
struct TextShape {
  size_t depth = 0;   // deepest nesting
  size_t values = 0;  // an upper bound of the values: one per container, one per separator, the root
};
TextShape scan_json_text(std::string_view text) {
  TextShape shape;
  size_t depth = 0;
  bool in_string = false, escaped = false;
  shape.values = 1;
  for (char c : text) {
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    else if (c == '[' || c == '{') {
      shape.depth = std::max(shape.depth, ++depth);
      ++shape.values;
    } else if ((c == ']' || c == '}') && depth > 0) --depth;
    else if (c == ',') ++shape.values;
  }
  return shape;
}

}  // namespace

using nlohmann::json;

Result<json> parse_json(std::string_view text, const JsonLimits& limits) {
  if (text.size() > limits.max_text_bytes) {
    return Status::error(ErrorCode::TooLarge, "JSON text is " + std::to_string(text.size()) +
                                                  " bytes; the limit is " +
                                                  std::to_string(limits.max_text_bytes));
  }
  const TextShape shape = scan_json_text(text);
  if (shape.depth > limits.max_depth) {
    return Status::error(ErrorCode::TooLarge,
                         "JSON nests deeper than " + std::to_string(limits.max_depth) + " levels");
  }
  if (shape.values > limits.max_values) {
    return Status::error(ErrorCode::TooLarge, "JSON holds more than " + std::to_string(limits.max_values) +
                                                  " values; the limit bounds the memory one call may use");
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

}  // namespace toolsearch
