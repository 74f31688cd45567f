#include "toolsearch/tool_name.hpp"

#include "toolsearch/tool.hpp"
#include "toolsearch/unicode.hpp"
#include "toolsearch/utf8.hpp"

#include <string>

namespace toolsearch {
namespace {

bool is_combining_mark(char32_t cp) {
  return (cp >= 0x0300 && cp <= 0x036F) || (cp >= 0x1AB0 && cp <= 0x1AFF) || (cp >= 0x1DC0 && cp <= 0x1DFF) ||
         (cp >= 0x20D0 && cp <= 0x20FF) || (cp >= 0xFE20 && cp <= 0xFE2F);
}

// The skeleton of one code point for the lookalike comparison: an ASCII character, or 0 for
// a non-ASCII letter, which may stand for any letter.
char32_t skeleton(char32_t cp) {
  if (cp == U'I' || cp == U'1') return U'l';  // before folding: "tooI_call", "too1_call"
  const char32_t folded = fold_char(cp);
  if (folded == U'I' || folded == U'1') return U'l';  // fullwidth forms
  if (folded == U'0') return U'o';
  return folded < 0x80 ? folded : 0;
}

bool reads_as(const std::u32string& skeleton_points, std::string_view reserved) {
  if (skeleton_points.size() != reserved.size()) return false;
  for (size_t i = 0; i < reserved.size(); ++i) {
    const char32_t c = skeleton_points[i];
    const auto r = static_cast<unsigned char>(reserved[i]);
    if (c == r) continue;
    if (c == 0 && r >= 'a' && r <= 'z') continue;  // a foreign letter in a letter's place
    return false;
  }
  return true;
}

}  // namespace

bool is_tool_name_char(char32_t cp) {
  if (cp < 0x80) return cp > 0x20 && cp < 0x7F;
  // Hangul fillers are classified with their blocks but print as nothing.
  if (cp == 0x115F || cp == 0x1160 || cp == 0x3164 || cp == 0xFFA0) return false;
  return classify(cp) != CharClass::Other;
}

bool looks_like_bridge_name(std::string_view name) {
  std::u32string points;
  for (size_t i = 0; i < name.size();) {
    const char32_t cp = decode_utf8_at(name, i);
    if (is_combining_mark(cp)) continue;
    points.push_back(skeleton(cp));
  }
  return reads_as(points, kToolSearch) || reads_as(points, kToolDescribe) || reads_as(points, kToolCall);
}

static_assert(kToolCall.size() == 9 && kToolSearch.size() == 11 && kToolDescribe.size() == 13 &&
                  kToolCall[0] == 't' && kToolSearch[0] == 't' && kToolDescribe[0] == 't',
              "is_plain_tool_name() knows the bridge names' lengths and first letter");

Status check_tool_name(std::string_view name) {
  if (is_plain_tool_name(name)) return Status::success();
  if (name.empty()) return Status::error(ErrorCode::InvalidTool, "tool name is empty");
  if (size_t bad = first_invalid_utf8(name); bad != std::string_view::npos) {
    return Status::error(ErrorCode::InvalidTool, "name of tool '" + std::string(clip_utf8(name, bad)) +
                                                     "' is not valid UTF-8 (byte " + std::to_string(bad) + ")");
  }
  for (size_t i = 0; i < name.size();) {
    const size_t at = i;
    const char32_t cp = decode_utf8_at(name, i);
    if (!is_tool_name_char(cp)) {
      static const char* kHex = "0123456789ABCDEF";
      std::string code = "U+";
      for (int shift = cp > 0xFFFF ? 20 : 12; shift >= 0; shift -= 4) code += kHex[(cp >> shift) & 0xF];
      return Status::error(ErrorCode::InvalidTool,
                           "tool name '" + valid_utf8(name) + "' contains " + code + " at byte " + std::to_string(at) +
                               " (names may not contain whitespace, control, format or symbol characters)");
    }
  }
  if (looks_like_bridge_name(name)) {
    const bool exact = is_bridge_name(name);
    return Status::error(ErrorCode::ReservedName,
                         "'" + std::string(name) + (exact ? "' is a reserved bridge tool name" : "' reads as a reserved bridge tool name") +
                             " and cannot be registered");
  }
  return Status::success();
}

}  // namespace toolsearch
