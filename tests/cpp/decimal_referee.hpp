// An exact referee for decimal-to-binary conversion, shared by tests/cpp/test_decimal.cpp and
// tests/fuzz/fuzz_decimal.cpp: whether a double or float is the one nearest to a decimal text,
// decided by comparing the text digit by digit with the exact decimal midpoints around it. It
// shares no code with core/src/decimal.cpp, so it can settle a disagreement between that and
// libc (glibc 2.36 misrounds some long inputs). Also: libc's strtod/strtof behind one interface.
#pragma once

#include "toolsearch/decimal.hpp"

#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>

namespace decimal_test {

using toolsearch::DecimalParse;

inline uint64_t bits_of(double d) {
  uint64_t b;
  std::memcpy(&b, &d, sizeof b);
  return b;
}
inline uint64_t bits_of(float f) {
  uint32_t b;
  std::memcpy(&b, &f, sizeof b);
  return b;
}

inline std::string hex(double d) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%a", d);
  return buf;
}

// What differs between strtod and strtof, for the checks written once for both.
template <typename T>
struct Format;
template <>
struct Format<double> {
  static DecimalParse ours(std::string_view s) { return toolsearch::parse_decimal(s); }
  static double libc(const char* s, char** end) { return std::strtod(s, end); }
  static constexpr long double kHalfMin = 0x1p-1075L;              // half the smallest denormal
  static constexpr long double kMaxMidpoint = 0x1p1024L - 0x1p970L;  // above the largest: ties up
};
template <>
struct Format<float> {
  static DecimalParse ours(std::string_view s) { return toolsearch::parse_decimal_float(s); }
  static float libc(const char* s, char** end) { return std::strtof(s, end); }
  static constexpr long double kHalfMin = 0x1p-150L;
  static constexpr long double kMaxMidpoint = 0x1p128L - 0x1p103L;
};

template <typename T>
struct Libc {
  T value;
  size_t consumed;
  bool erange;
};
template <typename T>
Libc<T> libc_parse(const std::string& s) {
  errno = 0;
  char* end = nullptr;
  const T v = Format<T>::libc(s.c_str(), &end);
  return {v, static_cast<size_t>(end - s.c_str()), errno == ERANGE};
}

// The referee needs midpoints between doubles as exact decimals: a long double with at least 64
// significand bits holds each exactly (x87 natively, binary128 in wasm), and glibc's and musl's
// printf print them exactly (in wasm only with -sPRINTF_LONG_DOUBLE=1, which the tests link).
constexpr bool kExactMidpoints = std::numeric_limits<long double>::digits >= 64;

inline std::string exact_decimal(long double v) {
  static char buf[1200];
  std::snprintf(buf, sizeof buf, "%.800Le", v);  // a midpoint has at most 768 significant digits
  return buf;
}

// A decimal's magnitude as 0.digits * 10^point, digits without leading or trailing zeros.
struct Magnitude {
  std::string digits;
  long long point = 0;
};
inline Magnitude magnitude(std::string_view s) {
  Magnitude m;
  m.digits.reserve(s.size());
  size_t i = 0;
  if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
  bool fraction = false;
  for (; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '.') {
      fraction = true;
    } else if (c >= '0' && c <= '9') {
      if (m.digits.empty() && c == '0') {
        m.point -= fraction;
      } else {
        m.digits += c;
        m.point += !fraction;
      }
    } else {
      break;
    }
  }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) m.point += std::atoll(s.data() + i + 1);
  m.digits.resize(m.digits.find_last_not_of('0') + 1);  // npos + 1 == 0: all zeros
  return m;
}

// Compares the magnitudes of two decimal texts exactly: <0, 0, >0.
inline int compare_decimal(std::string_view a, std::string_view b) {
  const Magnitude x = magnitude(a);
  const Magnitude y = magnitude(b);
  if (x.digits.empty() || y.digits.empty()) return int(!x.digits.empty()) - int(!y.digits.empty());
  if (x.point != y.point) return x.point < y.point ? -1 : 1;
  const int c = x.digits.compare(y.digits);  // a proper prefix is the smaller: no trailing zeros
  return c < 0 ? -1 : c > 0;
}

// Whether `d` is the T nearest to the decimal text `s` (JSON-shaped: [-]digits[.digits]
// [e[+-]digits]), ties to even: |s| within the midpoints to d's neighbours.
template <typename T>
bool correctly_rounded(const std::string& s, T d) {
  const bool negative = s[0] == '-';
  if (std::signbit(d) != negative) return false;
  const T a = std::fabs(d);
  const bool even = (bits_of(a) & 1) == 0;
  if (a == 0) return compare_decimal(s, exact_decimal(Format<T>::kHalfMin)) <= 0;
  if (std::isinf(a)) return compare_decimal(s, exact_decimal(Format<T>::kMaxMidpoint)) >= 0;
  const long double below = (static_cast<long double>(a) + std::nextafter(a, T(0))) / 2;
  const long double above = a == std::numeric_limits<T>::max()
                                ? Format<T>::kMaxMidpoint
                                : (static_cast<long double>(a) + std::nextafter(a, std::numeric_limits<T>::infinity())) / 2;
  const int lo = compare_decimal(s, exact_decimal(below));
  const int hi = compare_decimal(s, exact_decimal(above));
  return (lo > 0 || (lo == 0 && even)) && (hi < 0 || (hi == 0 && even));
}

}  // namespace decimal_test
