#include "toolsearch/json_text.hpp"

#include "toolsearch/utf8.hpp"

#include <cmath>
#include <nlohmann/json.hpp>

namespace toolsearch {

void append_json_string(std::string& out, std::string_view text) {
  // One pass over ASCII text; UTF-8 is validated from the first non-ASCII byte on.
  size_t ascii = 0;
  while (ascii < text.size() && static_cast<unsigned char>(text[ascii]) < 0x80) ++ascii;
  if (ascii < text.size() && first_invalid_utf8(text.substr(ascii)) != std::string_view::npos) {
    // Rare (a query echo with a lone surrogate): each invalid byte becomes U+FFFD.
    append_json_string(out, valid_utf8(text));
    return;
  }
  static const char* kHex = "0123456789abcdef";
  out.push_back('"');
  size_t run = 0;  // start of the pending run of bytes that need no escaping
  for (size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c != '"' && c != '\\') continue;
    out.append(text.data() + run, i - run);
    run = i + 1;
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      default:
        out += "\\u00";
        out.push_back(kHex[c >> 4]);
        out.push_back(kHex[c & 0xF]);
    }
  }
  out.append(text.data() + run, text.size() - run);
  out.push_back('"');
}

void append_json_number(std::string& out, double value) {
  if (!std::isfinite(value)) value = 0;
  // nlohmann's shortest round-trip formatting (Grisu2): the same digits json::dump writes, and
  // no printf in the module (printf with long-double support is ~9 KB of wasm).
  char buf[64];
  const char* end = nlohmann::detail::to_chars(buf, buf + sizeof buf, value);
  out.append(buf, static_cast<size_t>(end - buf));
}

void append_json_value(std::string& out, const nlohmann::json& value) {
  // Written here rather than by json::dump: the same text, several times faster (no
  // serializer object, no locale lookup per call), and nlohmann's serializer stays out of the
  // wasm module. Objects iterate in key order, as dump writes them.
  using Type = nlohmann::json::value_t;
  switch (value.type()) {
    case Type::object: {
      out.push_back('{');
      bool first = true;
      for (auto it = value.begin(); it != value.end(); ++it) {
        if (!first) out.push_back(',');
        first = false;
        append_json_string(out, it.key());
        out.push_back(':');
        append_json_value(out, it.value());
      }
      out.push_back('}');
      return;
    }
    case Type::array: {
      out.push_back('[');
      for (size_t i = 0; i < value.size(); ++i) {
        if (i) out.push_back(',');
        append_json_value(out, value[i]);
      }
      out.push_back(']');
      return;
    }
    case Type::string: append_json_string(out, value.get_ref<const std::string&>()); return;
    case Type::boolean: out += value.get<bool>() ? "true" : "false"; return;
    case Type::number_integer: out += std::to_string(value.get<int64_t>()); return;
    case Type::number_unsigned: out += std::to_string(value.get<uint64_t>()); return;
    case Type::number_float: {
      const double d = value.get<double>();
      if (std::isfinite(d)) append_json_number(out, d);
      else out += "null";
      return;
    }
    default: out += "null"; return;  // null, discarded, and binary (never parsed from text)
  }
}

std::string json_text(const nlohmann::json& value) {
  std::string out;
  append_json_value(out, value);
  return out;
}

std::string format_number(double value) {
  std::string out;
  append_json_number(out, value);
  // "10.0" reads better as "10" in prose.
  if (out.size() > 2 && out.compare(out.size() - 2, 2, ".0") == 0) out.resize(out.size() - 2);
  return out;
}

void append_json_string_array(std::string& out, const std::vector<std::string>& items) {
  out.push_back('[');
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out.push_back(',');
    append_json_string(out, items[i]);
  }
  out.push_back(']');
}

}  // namespace toolsearch
