// Direct JSON text writing for the hot paths (search hits): building nlohmann values and then
// dumping them costs several times more than the search itself.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace toolsearch {

/// Appends `text` as a JSON string literal, exactly as json::dump writes it: only quotes,
/// backslashes and control characters are escaped; invalid UTF-8 is replaced by U+FFFD.
void append_json_string(std::string& out, std::string_view text);

/// Appends a finite double in its shortest round-trip form (non-finite values become 0).
void append_json_number(std::string& out, double value);

/// Appends `value` as compact JSON, as json::dump writes it (keys in order; invalid UTF-8 in
/// strings replaced by U+FFFD, one per invalid byte).
void append_json_value(std::string& out, const nlohmann::json& value);
/// append_json_value into a new string: every place that needs a value's text uses this, not
/// json::dump.
std::string json_text(const nlohmann::json& value);

/// The shortest round-trip form of `value` for prose: "12.5", "10" (locale independent).
std::string format_number(double value);

/// Appends ["a","b",...].
void append_json_string_array(std::string& out, const std::vector<std::string>& items);

}  // namespace toolsearch
