// Decimal text to the nearest double, correctly rounded, without long double. The wasm module's
// strtod (wasm/strtod.cpp) is this function: musl's strtod computes in long double, a 128-bit
// software float on wasm32 that cost the module ~7 KB gzipped. Native builds keep libc's strtod;
// the tests compare the two.
#pragma once

#include <cstddef>
#include <string_view>

namespace toolsearch {

/// What parse_decimal read.
struct DecimalParse {
  /// The double nearest to the text (ties to even), as strtod in round-to-nearest returns it:
  /// ±HUGE_VAL past the largest double, ±0 below half the smallest denormal, the sign kept.
  double value = 0;
  /// Bytes of the text that form the number (strtod's endptr); 0 when there is none.
  size_t consumed = 0;
  /// strtod's ERANGE, as glibc on x86 sets it: the result overflowed to infinity, or it
  /// underflowed, i.e. it is inexact and the value is below 2^-1022 even after rounding to 53
  /// bits (the C standard leaves errno on underflow to the implementation).
  bool out_of_range = false;
};

/// strtod's decimal syntax in the "C" locale, exactly rounded for any number of digits and any
/// exponent: leading whitespace (" \t\n\v\f\r"), an optional sign, then digits with an optional
/// '.' (at least one digit) and an optional exponent ('e'/'E', optional sign, digits; an 'e'
/// without digits is not consumed), or "inf", "infinity", "nan", "nan(chars)" in any case.
/// Unsupported: hexadecimal floats ("0x1p3" reads as the "0" before the 'x', C89's reading) and
/// NaN payloads ("nan(123)" is consumed whole but gives the default quiet NaN).
DecimalParse parse_decimal(std::string_view text);

}  // namespace toolsearch
