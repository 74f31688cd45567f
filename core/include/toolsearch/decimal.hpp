// Decimal text to the nearest double (or float), correctly rounded, without long double. The
// wasm module's strtod and strtof (wasm/strtod.cpp) are these functions: musl's strtod computes
// in long double, a 128-bit software float on wasm32 that cost the module ~7 KB gzipped. Native
// builds keep libc's strtod; the tests compare the two.
#pragma once

#include <cstddef>
#include <string_view>

namespace toolsearch {

/// What parse_decimal read.
struct DecimalParse {
  /// The double nearest to the text (ties to even), as strtod in round-to-nearest returns it:
  /// ±HUGE_VAL past the largest double, ±0 below half the smallest denormal, the sign kept.
  /// From parse_decimal_float: the nearest float, likewise, held exactly.
  double value = 0;
  /// Bytes of the text that form the number (strtod's endptr); 0 when there is none.
  size_t consumed = 0;
  /// strtod's ERANGE, as glibc on x86 sets it: the result overflowed to infinity, or it
  /// underflowed, i.e. it is inexact and the value is below 2^-1022 even after rounding to 53
  /// bits (the C standard leaves errno on underflow to the implementation).
  bool out_of_range = false;
};

/// strtod's decimal form in the "C" locale, exactly rounded for any number of digits and any
/// exponent: an optional sign, digits with an optional '.' (at least one digit), and an optional
/// exponent ('e' or 'E', an optional sign, digits; an 'e' without digits is not consumed).
/// Nothing else, to keep the wasm module small (its one caller, nlohmann's lexer, passes
/// validated JSON numbers): no leading whitespace, "inf", "nan" or hexadecimal floats. Such text
/// reads as no number (consumed 0, value +0), and "0x1p3" as the "0" before the 'x'.
DecimalParse parse_decimal(std::string_view text);

/// strtof: parse_decimal's syntax, `value` the float nearest to the text (ties to even),
/// `out_of_range` for float's range (overflow to infinity; underflow as glibc on x86 reports it).
DecimalParse parse_decimal_float(std::string_view text);

}  // namespace toolsearch
