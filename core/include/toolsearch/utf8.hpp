// The one UTF-8 codec: decoding (one code point or a whole text), validation, encoding,
// clipping on code point boundaries and code point counting. Every other file uses these;
// none decodes bytes by hand.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace toolsearch {

/// U+FFFD, what every invalid byte decodes to.
constexpr char32_t kReplacementChar = 0xFFFD;

/// Decodes the code point starting at byte `i` and advances `i` past it. A byte that does not
/// start a well-formed sequence (stray continuation, truncated sequence, overlong form,
/// surrogate, value above U+10FFFF) decodes as U+FFFD and advances `i` by one, so a valid
/// sequence right after garbage is never swallowed. `valid`, when given, says which it was.
char32_t decode_utf8_at(std::string_view bytes, size_t& i, bool* valid = nullptr);

/// Byte offset of the first invalid UTF-8 sequence (as decode_utf8_at defines it), or
/// std::string_view::npos when the text is valid.
size_t first_invalid_utf8(std::string_view text);

/// Decoded text and how many bytes were replaced by U+FFFD (the tokenizer's first stage).
struct DecodedText {
  std::u32string text;
  size_t invalid_bytes = 0;
};
/// Decodes UTF-8: every invalid byte becomes one U+FFFD and is counted; nothing is dropped
/// and nothing throws.
DecodedText decode_utf8(std::string_view bytes);
/// decode_utf8 into `out` (replacing its contents, keeping its capacity); returns the number
/// of invalid bytes.
size_t decode_utf8_into(std::string_view bytes, std::u32string& out);

/// `text` with each invalid byte replaced by U+FFFD (always serialisable).
std::string valid_utf8(std::string_view text);

/// Code points in `text` (each invalid byte counts as one).
size_t count_code_points(std::string_view text);

namespace detail {
char* write_utf8_multibyte(char32_t cp, char* out);
}  // namespace detail
/// Writes the UTF-8 form of `cp` (which must be a scalar value) at `out`, which has room for
/// 4 bytes; returns the end. Inline for ASCII, which most text is.
inline char* write_utf8(char32_t cp, char* out) {
  if (cp < 0x80) {
    *out = static_cast<char>(cp);
    return out + 1;
  }
  return detail::write_utf8_multibyte(cp, out);
}
/// Appends the UTF-8 form of `cp` (which must be a scalar value) to `out`.
void append_utf8(char32_t cp, std::string& out);
/// Appends the UTF-8 form of every code point of `text` to `out` (a std::string or a
/// std::vector<char>): one resize, not one growth check per character. Hot paths pass a
/// vector: std::string's members are compiled into the prebuilt C++ library, so each call
/// stays a call (and a resize is several), where a vector's inline.
template <class Bytes>
void append_utf8(std::u32string_view text, Bytes& out) {
  const size_t start = out.size();
  out.resize(start + 4 * text.size());
  char* end = out.data() + start;
  for (char32_t c : text) end = write_utf8(c, end);
  out.resize(static_cast<size_t>(end - out.data()));
}
std::string to_utf8(std::u32string_view text);

/// At most `max_bytes` of `text`, cut on a code point boundary (never splits a sequence).
std::string_view clip_utf8(std::string_view text, size_t max_bytes);

}  // namespace toolsearch
