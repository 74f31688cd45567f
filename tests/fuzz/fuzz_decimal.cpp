// parse_decimal and parse_decimal_float (the wasm module's strtod and strtof, core/src/decimal.cpp)
// against glibc's strtod and strtof. Input: "<byte 0: shape><text>". Each input is read twice:
//   1. the text itself, up to its first NUL (as strtod sees a C string);
//   2. a JSON number (what nlohmann's lexer passes: -?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?) built
//      from the text's bytes, each taken modulo 10 as a digit. Byte 0: the integer part's digits
//      (bits 0-5; 63: all of them), whether a fraction follows (bit 6), whether an exponent does
//      (bit 7). The exponent takes the last 3 digits, or 20 (a huge one) when the last byte is
//      odd. Odd text bytes 0, 1, 2, 3: a minus sign, 'E' for 'e', an exponent sign, '-' for it.
//
// Invariants, on both readings, for both formats: the same endptr as glibc; the same value (bit
// for bit) and ERANGE, or, where the values differ, an exact referee (tests/cpp/decimal_referee.hpp)
// accepts ours and rejects glibc's (glibc 2.36 misrounds some long inputs just below DBL_MIN).
// Where our syntax is narrower by design (leading whitespace, inf, nan, hexadecimal), ours must
// read no number, or the "0" of "0x".
#include "fuzz_common.hpp"

#include "../cpp/decimal_referee.hpp"

#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>

using namespace decimal_test;

namespace {

// Whether libc may read `s` differently from us by design (see decimal.hpp): after an optional
// sign, anything but a digit or '.', or a "0x" prefix. Then ours must read no number, or "0".
bool outside_our_syntax(const std::string& s, const DecimalParse& ours) {
  size_t i = (!s.empty() && (s[0] == '-' || s[0] == '+')) ? 1 : 0;
  const bool hex = s.size() > i + 1 && s[i] == '0' && (s[i + 1] | 32) == 'x';
  const bool starts_number = i < s.size() && ((s[i] >= '0' && s[i] <= '9') || s[i] == '.');
  if (hex) {
    FUZZ_CHECK(ours.consumed == i + 1 && ours.value == 0, "\"0x\" not read as the \"0\" before the 'x'", s);
    return true;
  }
  if (!starts_number) {
    FUZZ_CHECK(ours.consumed == 0 && bits_of(ours.value) == 0 && !ours.out_of_range,
               "text that starts no number read as one", s);
    return true;
  }
  return false;
}

template <typename T>
void compare(const std::string& s, bool json) {
  const DecimalParse ours = Format<T>::ours(s);
  FUZZ_CHECK(ours.consumed <= s.size(), "consumed past the text", s);
  FUZZ_CHECK(static_cast<double>(static_cast<T>(ours.value)) == ours.value || std::isnan(ours.value),
             "value not representable in the format", s);
  if (json) FUZZ_CHECK(ours.consumed == s.size(), "a JSON number not read whole", s);
  if (outside_our_syntax(s, ours)) return;
  const Libc<T> ref = libc_parse<T>(s);
  const T value = static_cast<T>(ours.value);
  const std::string detail = s + "\nours " + hex(value) + ", glibc " + hex(ref.value);
  FUZZ_CHECK(ours.consumed == ref.consumed, "endptr differs from glibc's", detail);
  if (bits_of(value) == bits_of(ref.value)) {
    FUZZ_CHECK(ours.out_of_range == ref.erange, "ERANGE differs from glibc's", detail);
    return;
  }
  const std::string number = s.substr(0, ours.consumed);
  FUZZ_CHECK(kExactMidpoints && correctly_rounded(number, value), "value differs from glibc's, and ours is wrong",
             detail);
  FUZZ_CHECK(!correctly_rounded(number, ref.value), "value differs from glibc's, and both are right?", detail);
}

// Reading 2: a JSON number from the bytes (see the header).
std::string json_number(uint8_t shape, std::string_view bytes) {
  std::string digits;
  for (unsigned char c : bytes) digits += static_cast<char>('0' + c % 10);
  std::string s = !bytes.empty() && (bytes[0] & 1) ? "-" : "";
  size_t integer = shape & 63;
  if (integer == 63 || integer > digits.size()) integer = digits.size();
  size_t i = 0;
  if (integer == 0 || digits[0] == '0') {
    s += '0';
    i = integer == 0 ? 0 : 1;  // a leading zero stands alone
  } else {
    s += digits.substr(0, integer);
    i = integer;
  }
  const bool exponent = shape & 128;
  const size_t exponent_digits = exponent ? (bytes.size() > 1 && (bytes.back() & 1) ? 20 : 3) : 0;
  const size_t fraction_end = digits.size() > i + exponent_digits ? digits.size() - exponent_digits : i;
  if ((shape & 64) && fraction_end > i) s += "." + digits.substr(i, fraction_end - i);
  if (exponent) {
    s += (bytes.size() > 2 && (bytes[1] & 1)) ? 'E' : 'e';
    if (bytes.size() > 3 && (bytes[2] & 1)) s += (bytes[3] & 1) ? '-' : '+';
    const std::string e = digits.substr(fraction_end);
    s += e.empty() ? "0" : e;
  }
  return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::string_view rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  const std::string text(rest.substr(0, rest.find('\0')));
  compare<double>(text, false);
  compare<float>(text, false);
  const std::string number = json_number(data[0], rest);
  compare<double>(number, true);
  compare<float>(number, true);
  return 0;
}
