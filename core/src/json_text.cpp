#include "toolsearch/json_text.hpp"

#include "toolsearch/utf8.hpp"

#include <cmath>
#include <nlohmann/json.hpp>

namespace toolsearch {

void append_json_string(std::string& out, std::string_view text) {
  if (first_invalid_utf8(text) != std::string_view::npos) {
    // Rare (a query echo with a lone surrogate): nlohmann's replacement rules, byte for byte.
    append_json_value(out, nlohmann::json(std::string(text)));
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
  out += value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
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
