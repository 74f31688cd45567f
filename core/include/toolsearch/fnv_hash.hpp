// FNV-1a, 64 bits: tiny and stable across platforms and word sizes (wasm32 and x86_64 agree).
// The catalog fingerprint and the tool-vector cache keys both use it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace toolsearch {

struct Fnv1a64 {
  uint64_t h = 14695981039346656037ull;
  /// Adds the bytes of `s`.
  void bytes(std::string_view s) {
    for (unsigned char c : s) {
      h ^= c;
      h *= 1099511628211ull;
    }
  }
  /// Adds `s` and a separator byte, so ("ab", "c") and ("a", "bc") differ.
  void add(std::string_view s) {
    bytes(s);
    h ^= 0xFFu;
    h *= 1099511628211ull;
  }
  /// The hash as 16 lower-case hex digits.
  std::string hex() const {
    std::string out(16, '0');
    uint64_t v = h;
    for (size_t i = 16; i-- > 0; v >>= 4) out[i] = "0123456789abcdef"[v & 0xF];
    return out;
  }
};

}  // namespace toolsearch
