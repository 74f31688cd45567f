// Small UTF-8 helpers shared by validation and text clipping.
#pragma once

#include <string>
#include <string_view>

namespace toolsearch {

/// Byte offset of the first invalid UTF-8 sequence (overlongs, surrogates and > U+10FFFF are
/// invalid), or std::string_view::npos when the text is valid.
size_t first_invalid_utf8(std::string_view text);

/// At most `max_bytes` of `text`, cut on a code point boundary (never splits a sequence).
std::string_view clip_utf8(std::string_view text, size_t max_bytes);

}  // namespace toolsearch
