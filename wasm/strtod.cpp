// strtod without long double. The module's only strtod caller is nlohmann's lexer, which hands
// it a validated JSON number, but musl's strtod computes in long double, a 128-bit software
// float on wasm32 (__multf3, __divtf3, fmodl, __floatscan...: ~7 KB gzipped). These are
// parse_decimal and parse_decimal_float (core/src/decimal.cpp, correctly rounded, tested natively
// against glibc). They read the decimal form only (see decimal.hpp): no leading whitespace,
// "inf", "nan" or hexadecimal floats, which nlohmann never passes.
//
// musl defines strtof, strtod and strtold in one archive member, and libc++'s string.o (pulled
// in for other reasons) refers to all three from std::stof/stod/stold. Any one left undefined
// here would pull that member in, and with it a second strtod. Nothing in the module calls
// strtof or strtold: LTO drops them.
#include "toolsearch/decimal.hpp"

#include <cerrno>
#include <cstring>

namespace {

toolsearch::DecimalParse finish(const char* s, char** end, const toolsearch::DecimalParse& r) {
  if (r.out_of_range) errno = ERANGE;
  // strtod's signature drops the const: endptr points into the caller's own string.
  if (end) *end = const_cast<char*>(s) + r.consumed;
  return r;
}

}  // namespace

extern "C" double strtod(const char* s, char** end) {
  return finish(s, end, toolsearch::parse_decimal(std::string_view(s, std::strlen(s)))).value;
}

extern "C" float strtof(const char* s, char** end) {
  return static_cast<float>(finish(s, end, toolsearch::parse_decimal_float(std::string_view(s, std::strlen(s)))).value);
}

// The nearest double, widened: a correctly rounded binary128 would need the software long-double
// arithmetic this file exists to keep out. Only std::stold could call it, and nothing does.
extern "C" long double strtold(const char* s, char** end) { return strtod(s, end); }
