// The alphabet of tool names, and the names reserved for the bridge tools with their lookalikes.
#pragma once

#include "toolsearch/status.hpp"

#include <string_view>

namespace toolsearch {

/// True when `cp` may appear in a tool name. The base is the MCP specification's tool-name
/// characters (ASCII letters, digits, `_`, `-`, `.`); every other visible ASCII character is
/// accepted too, because real catalogs use them (`acme.crm/find-contact`, `PDF&URLTool`), and
/// so are letters, combining marks and digits of the scripts the analyzer knows (Latin, Greek,
/// Cyrillic, Armenian, Georgian, Hebrew, Arabic, Devanagari, Thai, CJK, fullwidth forms).
/// Refused: ASCII space and controls, and every other code point, which covers Unicode
/// white space, C1 controls, format characters (zero-width, bidi overrides, BOM, soft hyphen),
/// variation selectors, Hangul fillers, symbols, private use and unassigned code points.
bool is_tool_name_char(char32_t cp);

/// True when `name` is a bridge tool name or reads as one: equal after case folding (fullwidth
/// forms fold to ASCII), dropping combining marks, reading `0` as `o` and `1`/`I` as `l`, with
/// any other non-ASCII letter standing in for any letter (a Cyrillic `о` for `o`).
bool looks_like_bridge_name(std::string_view name);

/// InvalidTool for an empty name, invalid UTF-8 or a character outside the alphabet;
/// ReservedName for a bridge name or a lookalike of one. The size limit is the catalog's.
Status check_tool_name(std::string_view name);

/// True for a name check_tool_name() accepts without decoding: visible ASCII that cannot read
/// as a bridge name, which needs its length (9, 11 or 13) and a first letter folding to 't'.
/// Most names are; the rest take the full check.
inline bool is_plain_tool_name(std::string_view name) {
  for (const char c : name) {
    if (c <= 0x20 || c >= 0x7F) return false;
  }
  const bool bridge_length = name.size() == 9 || name.size() == 11 || name.size() == 13;
  return !name.empty() && (!bridge_length || (name[0] | 0x20) != 't');
}

}  // namespace toolsearch
