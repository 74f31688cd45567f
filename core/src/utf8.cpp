#include "toolsearch/utf8.hpp"

namespace toolsearch {

char32_t decode_utf8_at(std::string_view bytes, size_t& i, bool* valid) {
  const auto* s = reinterpret_cast<const unsigned char*>(bytes.data());
  const size_t n = bytes.size();
  const unsigned char c = s[i];
  if (valid) *valid = true;
  if (c < 0x80) {
    ++i;
    return c;
  }
  size_t len = 0;
  char32_t cp = 0;
  if (c >= 0xC2 && c <= 0xDF) {
    len = 2;
    cp = c & 0x1Fu;
  } else if (c >= 0xE0 && c <= 0xEF) {
    len = 3;
    cp = c & 0x0Fu;
  } else if (c >= 0xF0 && c <= 0xF4) {
    len = 4;
    cp = c & 0x07u;
  }
  bool ok = len != 0 && i + len <= n;
  for (size_t k = 1; ok && k < len; ++k) {
    if ((s[i + k] & 0xC0u) != 0x80u) {
      ok = false;
    } else {
      cp = (cp << 6) | (s[i + k] & 0x3Fu);
    }
  }
  // Overlong forms, UTF-16 surrogates (what a lone JS surrogate becomes) and > U+10FFFF.
  if (ok && ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
             (cp >= 0xD800 && cp <= 0xDFFF))) {
    ok = false;
  }
  if (!ok) {
    if (valid) *valid = false;
    ++i;
    return kReplacementChar;
  }
  i += len;
  return cp;
}

size_t first_invalid_utf8(std::string_view text) {
  bool valid = true;
  for (size_t i = 0; i < text.size();) {
    const size_t at = i;
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      ++i;
      continue;
    }
    decode_utf8_at(text, i, &valid);
    if (!valid) return at;
  }
  return std::string_view::npos;
}

size_t decode_utf8_into(std::string_view bytes, std::u32string& out) {
  out.resize(bytes.size());  // at most one code point per byte
  const auto* s = reinterpret_cast<const unsigned char*>(bytes.data());
  size_t invalid = 0;
  size_t n = 0;
  bool valid = true;
  for (size_t i = 0; i < bytes.size();) {
    if (s[i] < 0x80) {
      out[n++] = s[i++];
      continue;
    }
    out[n++] = decode_utf8_at(bytes, i, &valid);
    if (!valid) ++invalid;
  }
  out.resize(n);
  return invalid;
}

DecodedText decode_utf8(std::string_view bytes) {
  DecodedText result;
  result.invalid_bytes = decode_utf8_into(bytes, result.text);
  return result;
}

std::string valid_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  while (!text.empty()) {
    const size_t bad = first_invalid_utf8(text);
    if (bad == std::string_view::npos) {
      out.append(text);
      break;
    }
    out.append(text.substr(0, bad));
    append_utf8(kReplacementChar, out);
    text.remove_prefix(bad + 1);
  }
  return out;
}

size_t count_code_points(std::string_view text) {
  size_t count = 0;
  for (size_t i = 0; i < text.size(); ++count) decode_utf8_at(text, i);
  return count;
}

char* detail::write_utf8_multibyte(char32_t cp, char* out) {
  if (cp < 0x800) {
    *out++ = static_cast<char>(0xC0 | (cp >> 6));
  } else if (cp < 0x10000) {
    *out++ = static_cast<char>(0xE0 | (cp >> 12));
    *out++ = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
  } else {
    *out++ = static_cast<char>(0xF0 | (cp >> 18));
    *out++ = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    *out++ = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
  }
  *out++ = static_cast<char>(0x80 | (cp & 0x3F));
  return out;
}

void append_utf8(char32_t cp, std::string& out) {
  char bytes[4];
  out.append(bytes, static_cast<size_t>(write_utf8(cp, bytes) - bytes));
}


std::string to_utf8(std::u32string_view text) {
  std::string out;
  append_utf8(text, out);
  return out;
}

std::string_view clip_utf8(std::string_view text, size_t max_bytes) {
  if (text.size() <= max_bytes) return text;
  size_t end = max_bytes;
  // Back up over continuation bytes so the cut lands on a sequence start.
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return text.substr(0, end);
}

}  // namespace toolsearch
