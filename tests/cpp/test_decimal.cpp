// parse_decimal and parse_decimal_float (the wasm module's strtod and strtof) against known hard
// cases, strtod's syntax, and libc's strtod and strtof over generated decimals (glibc natively,
// musl in the wasm test build: both correctly rounded). Where ours and libc disagree, an exact
// referee decides: the decimal text compared digit by digit with the exact midpoints around each
// candidate double or float. glibc 2.36 does misround some long inputs (see "known hard cases"),
// so a disagreement fails only when the referee rejects our result. TOOLSEARCH_DECIMAL_CASES sets
// the number of generated cases (default 200,000; 40,000 in wasm, where the environment is not
// read), TOOLSEARCH_DECIMAL_SEED their seed.
#include "toolsearch/decimal.hpp"

#include "decimal_referee.hpp"

#include <catch2/catch.hpp>

#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <string_view>

using namespace toolsearch;
using namespace decimal_test;

namespace {

struct Tally {
  long cases = 0;
  long refereed = 0;    // checked by the exact referee as well
  long libc_wrong = 0;  // libc disagreed and the referee sided with us
};

// Ours agrees with libc on value, endptr and (glibc on x86) ERANGE, or, where the values differ,
// the referee accepts ours and rejects libc's. `referee`: check ours exactly regardless.
template <typename T>
void check_format(const std::string& s, Tally& tally, bool referee) {
  ++tally.cases;
  const DecimalParse ours = Format<T>::ours(s);
  const Libc<T> ref = libc_parse<T>(s);
  const T value = static_cast<T>(ours.value);
  INFO("input: " << s);
  INFO((sizeof(T) == 8 ? "double" : "float") << ": ours " << hex(value) << ", libc " << hex(ref.value));
  REQUIRE(ours.consumed == ref.consumed);
  REQUIRE(static_cast<double>(value) == ours.value);  // parse_decimal_float's value is a float
  const bool same = bits_of(value) == bits_of(ref.value) || (std::isnan(value) && std::isnan(ref.value));
  if ((referee || !same) && kExactMidpoints) {
    ++tally.refereed;
    REQUIRE(correctly_rounded(s.substr(0, ours.consumed), value));
  }
  if (!same) {
    REQUIRE(kExactMidpoints);  // no referee: a disagreement cannot be settled
    REQUIRE_FALSE(correctly_rounded(s.substr(0, ref.consumed), ref.value));
    ++tally.libc_wrong;
    return;
  }
#if defined(__GLIBC__) && (defined(__x86_64__) || defined(__i386__))
  REQUIRE(ours.out_of_range == ref.erange);  // x86 glibc: underflow is tininess after rounding
#endif
}

struct Tallies {
  Tally d, f;
};
void check_against_libc(const std::string& s, Tallies& t, bool referee_double = false, bool referee_float = false) {
  check_format<double>(s, t.d, referee_double);
  check_format<float>(s, t.f, referee_float);
}

double parse(std::string_view s) { return parse_decimal(s).value; }

// A few seconds either way: musl's strtod and printf in wasm are several times slower.
#ifdef __EMSCRIPTEN__
constexpr long kDefaultCases = 40000;
#else
constexpr long kDefaultCases = 200000;
#endif

long env_or(const char* name, long fallback) {
  const char* env = std::getenv(name);
  return env ? std::atol(env) : fallback;
}

// Random digits, `n` of them, the first nonzero when `nonzero_first`.
std::string random_digits(std::mt19937_64& rng, int n, bool nonzero_first) {
  std::string s;
  for (int i = 0; i < n; ++i) s += char('0' + (i == 0 && nonzero_first ? 1 + rng() % 9 : rng() % 10));
  return s;
}

// A text and the T it must read as, all of it consumed.
template <typename T>
struct Known {
  const char* text;
  T value;
  bool out_of_range;
};
template <typename T, size_t N>
void check_known(const Known<T> (&cases)[N]) {
  for (const Known<T>& c : cases) {
    INFO("input: " << c.text);
    const DecimalParse r = Format<T>::ours(c.text);
    CHECK(hex(r.value) == hex(c.value));
    CHECK(r.consumed == std::strlen(c.text));
    CHECK(r.out_of_range == c.out_of_range);
  }
}

}  // namespace

TEST_CASE("parse_decimal: known hard cases", "[decimal]") {
  using Case = Known<double>;
  const double max = std::numeric_limits<double>::max();
  const double inf = std::numeric_limits<double>::infinity();
  const Case cases[] = {
      {"0.1", 0x1.999999999999ap-4, false},
      {"1e-5", 0x1.4f8b588e368f1p-17, false},
      {"2.2250738585072011e-308", 0x0.fffffffffffffp-1022, true},  // the largest denormal
      {"2.2250738585072012e-308", 0x1p-1022, true},  // rounds up to DBL_MIN, but tiny after rounding
      {"2.2250738585072014e-308", 0x1p-1022, false},
      {"9007199254740993", 0x1p53, false},  // 2^53 + 1: a tie, to even
      {"9007199254740995", 0x1.0000000000002p53, false},
      {"9007199254740993.0000000000000000000000000001", 0x1.0000000000001p53, false},
      {"1e23", 0x1.52d02c7e14af6p76, false},  // just below the midpoint: 9.999999999999999e22
      {"8.98846567431158e307", 0x1p1023, false},
      {"4.9406564584124654e-324", 0x1p-1074, true},
      {"2.4703282292062328e-324", 0x1p-1074, true},  // just above half the smallest denormal
      {"2.4703282292062327e-324", 0, true},          // just below it
      {"1.7976931348623157e308", max, false},
      {"1.7976931348623158e308", max, false},
      {"1.7976931348623159e308", inf, true},
      // DBL_MAX's upper midpoint, 2^1024 - 2^970: a tie, and DBL_MAX is odd: infinity.
      {"179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286"
       "416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571"
       "366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792",
       inf, true},
      {"179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286"
       "416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571"
       "366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497791",
       max, false},
      {"1.00000000000000011102230246251565404236316680908203125", 1.0, false},  // 1 + 2^-53: tie, even
      {"1.00000000000000011102230246251565404236316680908203126", 0x1.0000000000001p0, false},
      {"1e-400", 0, true},
      {"1e400", inf, true},
      {"-1e400", -inf, true},
      {"1e99999999999999999999999999", inf, true},
      {"1e-99999999999999999999999999", 0, true},
      {"0e99999999999999999999999999", 0, false},
      {"123456789012345678901234567890", 0x1.8ee90ff6c373ep96, false},
      {"0.000001", 0x1.0c6f7a0b5ed8dp-20, false},
      {"1e22", 1e22, false},
      {"1e-22", 0x1.e392010175ee6p-74, false},
  };
  check_known(cases);
  CHECK(bits_of(parse("-0")) == bits_of(-0.0));
  CHECK(bits_of(parse("-0.0e-5")) == bits_of(-0.0));
  CHECK(bits_of(parse("-1e-999")) == bits_of(-0.0));
  CHECK(parse("-2.5") == -2.5);

  // Long mantissas: where the digit that decides lies past the 800 kept digits.
  const std::string tie = "1.00000000000000011102230246251565404236316680908203125";  // 1 + 2^-53
  CHECK(parse(tie + std::string(800, '0')) == 1.0);
  CHECK(parse(tie + std::string(800, '0') + "1") == 0x1.0000000000001p0);
  CHECK(parse("1.00000000000000011102230246251565404236316680908203124" + std::string(900, '9')) == 1.0);
  CHECK(parse("1" + std::string(799, '0') + "e-799") == 1.0);
  CHECK(parse("1" + std::string(799, '0') + "5e-800") == 1.0);
  CHECK(parse("0." + std::string(400, '0') + "1e401") == 1.0);
  CHECK(parse("1" + std::string(400, '0') + "e-400") == 1.0);
  CHECK(parse(std::string(1000, '9')) == std::numeric_limits<double>::infinity());
  CHECK(parse("0." + std::string(1000, '9')) == 1.0);

  if (kExactMidpoints) {
    // Exactly half the smallest denormal: a tie, to 0; anything more: the smallest denormal.
    const std::string half = exact_decimal(0x1p-1075L);
    CHECK(bits_of(parse(half)) == 0);
    const std::string more = half.substr(0, half.find('e')) + "1" + half.substr(half.find('e'));
    CHECK(parse(more) == 0x1p-1074);
    // glibc 2.36 returns 0x0.ffffffffffffep-1022 for this exact decimal of 2^-1022 - 5 * 2^-1076
    // written with 10 trailing zeros (777 characters); it is 1.25 denormal steps below DBL_MIN,
    // so the nearest double is DBL_MIN's predecessor (Python's float() agrees).
    char buf[1000];
    std::snprintf(buf, sizeof buf, "%.776Le", 0x1p-1022L - 5 * 0x1p-1076L);
    CHECK(parse(buf) == 0x0.fffffffffffffp-1022);
    CHECK(correctly_rounded(buf, 0x0.fffffffffffffp-1022));
    CHECK_FALSE(correctly_rounded(buf, 0x0.ffffffffffffep-1022));
  }
}

TEST_CASE("parse_decimal_float: known hard cases", "[decimal]") {
  using Case = Known<float>;
  const float max = std::numeric_limits<float>::max();
  const float inf = std::numeric_limits<float>::infinity();
  const Case cases[] = {
      {"0.1", 0x1.99999ap-4f, false},
      {"1.000000059604644775390625", 1.0f, false},  // 1 + 2^-24: a tie, to even
      {"1.0000000596046447753906250001", 0x1.000002p0f, false},
      {"1.0000000596046447753906249999", 1.0f, false},
      {"16777217", 0x1p24f, false},
      {"3.4028234663852886e38", max, false},
      {"3.4028235677973366e38", max, false},
      {"340282356779733661637539395458142568447", max, false},
      {"340282356779733661637539395458142568448", inf, true},  // FLT_MAX's upper midpoint: a tie, up
      {"1e39", inf, true},
      {"1e-45", 0x1p-149f, true},
      {"7.1e-46", 0x1p-149f, true},
      {"7e-46", 0, true},
      {"1.1754943508222875e-38", 0x1p-126f, false},
      {"1e-320", 0, true},  // a double denormal, a float zero
  };
  check_known(cases);
  CHECK(bits_of(static_cast<float>(parse_decimal_float("-1e-50").value)) == bits_of(-0.0f));
  if (kExactMidpoints) {
    // 1 + 2^-24 + 2^-60: the nearest double is 1 + 2^-24, a float midpoint, which would round to
    // 1.0f; the text is above that midpoint, so the float is 1 + 2^-23. (Double rounding: the
    // reason strtof goes through a double rounded to odd, not to nearest.)
    char buf[200];
    std::snprintf(buf, sizeof buf, "%.60Le", 1 + 0x1p-24L + 0x1p-60L);
    CHECK(parse_decimal(buf).value == 1 + 0x1p-24);
    CHECK(parse_decimal_float(buf).value == 0x1.000002p0);
    std::snprintf(buf, sizeof buf, "%.60Le", 1 + 0x1p-24L - 0x1p-60L);
    CHECK(parse_decimal(buf).value == 1 + 0x1p-24);
    CHECK(parse_decimal_float(buf).value == 1.0);
  }
}

TEST_CASE("parse_decimal: strtod's syntax and endptr", "[decimal]") {
  struct Case {
    const char* text;
    size_t consumed;
    double value;
  };
  const Case supported[] = {
      {"", 0, 0},      {"-", 0, 0},      {".", 0, 0},        {"+.e5", 0, 0},     {"e5", 0, 0},
      {"abc", 0, 0},   {"+1.5x", 4, 1.5}, {"1.", 2, 1},      {".5", 2, 0.5},     {"-.5e1", 5, -5},
      {"1e", 1, 1},    {"1e+", 1, 1},    {"1e-x", 1, 1},     {"1E+2", 4, 100},   {"1.2.3", 3, 1.2},
      {"+-1", 0, 0},   {"0012", 4, 12},  {"00.0", 4, 0},     {"12e0003", 7, 12000}, {"-0", 2, -0.0},
  };
  // Unsupported by design (decimal.hpp): what libc would read differently.
  const Case unsupported[] = {
      {" 1", 0, 0},     {"\t-2", 0, 0},   {"inf", 0, 0},     {"-Infinity", 0, 0}, {"nan", 0, 0},
      {"nan(1)", 0, 0}, {"0x1p3", 1, 0},  {"-0X10", 2, -0.0},
  };
  auto check = [](const Case& c) {
    INFO("input: " << c.text);
    const DecimalParse d = parse_decimal(c.text);
    const DecimalParse f = parse_decimal_float(c.text);
    CHECK(d.consumed == c.consumed);
    CHECK(f.consumed == c.consumed);
    CHECK(bits_of(d.value) == bits_of(c.value));
    CHECK(bits_of(f.value) == bits_of(static_cast<double>(static_cast<float>(c.value))));
    CHECK_FALSE(d.out_of_range);
    CHECK_FALSE(f.out_of_range);
  };
  for (const Case& c : supported) check(c);
  for (const Case& c : unsupported) check(c);
  // The supported forms as libc reads them, as doubles and as floats.
  Tallies tallies;
  for (const Case& c : supported) check_against_libc(c.text, tallies);
  // A view need not be NUL-terminated: the number ends with the view.
  CHECK(parse_decimal(std::string_view("12345", 3)).value == 123);
  CHECK(parse_decimal(std::string_view("1e5", 2)).consumed == 1);
}

namespace {

// A random finite double or float (as a double), often a denormal, near the largest, or an
// integer of 53 bits and more.
double random_value(std::mt19937_64& rng, bool single) {
  const int mantissa_bits = single ? 23 : 52;
  const uint64_t max_exponent = single ? 0xFF : 0x7FF;
  const uint64_t mantissa = rng() & ((uint64_t{1} << mantissa_bits) - 1);
  uint64_t exponent = rng() % max_exponent;
  switch (rng() % 6) {
    case 0: exponent = rng() % 2; break;                   // denormal or the first normal binade
    case 1: exponent = max_exponent - 1 - rng() % 4; break;  // near the largest
    case 2: exponent = (max_exponent >> 1) + mantissa_bits - 4 + rng() % 16; break;  // integers
    default: break;
  }
  const uint64_t bits = exponent << mantissa_bits | mantissa;
  if (single) {
    const uint32_t b = static_cast<uint32_t>(bits);
    float f;
    std::memcpy(&f, &b, sizeof f);
    return f;
  }
  double d;
  std::memcpy(&d, &bits, sizeof d);
  return d;
}

// The midpoint between `v` (a double, or a float when `single`) and its successor, exactly.
long double upper_midpoint(double v, bool single) {
  if (single) {
    const float f = static_cast<float>(v);
    return f == std::numeric_limits<float>::max() ? Format<float>::kMaxMidpoint
                                                  : (static_cast<long double>(f) + std::nextafter(f, INFINITY)) / 2;
  }
  return v == std::numeric_limits<double>::max() ? Format<double>::kMaxMidpoint
                                                 : (static_cast<long double>(v) + std::nextafter(v, INFINITY)) / 2;
}

}  // namespace

TEST_CASE("parse_decimal: agrees with libc's strtod and strtof on generated decimals", "[decimal]") {
  std::mt19937_64 rng(static_cast<uint64_t>(env_or("TOOLSEARCH_DECIMAL_SEED", 20261125)));
  const long total = env_or("TOOLSEARCH_DECIMAL_CASES", kDefaultCases);
  Tallies random, halfway, round_trip, boundary;
  char buf[1200];
  for (long i = 0; i < total; ++i) {
    switch (i % 10) {
      case 0: case 1: case 2: case 3: {
        // 1 to 40 digits, a point anywhere, exponents across the whole range and past it.
        const int n = 1 + static_cast<int>(rng() % 40);
        std::string digits = random_digits(rng, n, rng() % 4 != 0);
        std::string s = rng() % 2 ? "-" : "";
        const size_t point = rng() % (digits.size() + 1);
        s += digits.substr(0, point);
        if (point < digits.size() || rng() % 4 == 0) s += "." + digits.substr(point);
        if (point == 0 && rng() % 2) s = (s[0] == '-' ? "-0" : "0") + s.substr(s[0] == '-');
        if (rng() % 8 != 0) {
          s += rng() % 2 ? 'e' : 'E';
          const int exponent = static_cast<int>(rng() % 700) - 360;
          if (exponent >= 0 && rng() % 2) s += '+';
          s += std::to_string(exponent);
        }
        check_against_libc(s, random);
        break;
      }
      case 4: case 5: case 6: {
        // Midpoints between a double (or, one time in three, a float) and its successor, exact
        // and nudged, to any digit count; refereed exactly in that format.
        if (!kExactMidpoints) break;
        const bool single = rng() % 3 == 0;
        const long double mid = upper_midpoint(random_value(rng, single), single);
        std::string exact = exact_decimal(mid);
        const size_t e = exact.find('e');
        std::string mantissa = exact.substr(0, e);
        const std::string exponent = exact.substr(e);
        mantissa.resize(mantissa.find_last_not_of('0') + 1);
        if (mantissa.back() == '.') mantissa.pop_back();
        std::string s;
        switch (rng() % 5) {
          case 0: s = mantissa + std::string(rng() % 2 ? rng() % 300 : 0, '0') + exponent; break;  // the tie
          case 1: s = mantissa + std::string(rng() % 300, '0') + "1" + exponent; break;             // above
          case 2:  // below: the last digit one less, then nines
            s = mantissa;
            for (size_t k = s.size(); k-- > 0;) {
              if (s[k] == '.') continue;
              if (s[k] != '0') {
                --s[k];
                break;
              }
              s[k] = '9';
            }
            s += std::string(rng() % 300, '9') + exponent;
            break;
          default:  // rounded to 1..40 significant digits: close to the midpoint, rarely on it
            std::snprintf(buf, sizeof buf, "%.*Le", static_cast<int>(rng() % 40), mid);
            s = buf;
            break;
        }
        if (rng() % 2) s = "-" + s;
        check_against_libc(s, halfway, !single, single);
        break;
      }
      case 7: case 8: {
        // Shortest and near-shortest forms of random doubles and floats, as JSON writers print them.
        const bool single = rng() % 4 == 0;
        const double v = random_value(rng, single);
        const int digits = single ? 6 + static_cast<int>(rng() % 4) : 15 + static_cast<int>(rng() % 3);
        std::snprintf(buf, sizeof buf, "%.*g", digits, rng() % 2 ? -v : v);
        check_against_libc(buf, round_trip);
        break;
      }
      default: {
        // Near the overflow and underflow thresholds of both formats, with random extra digits.
        static const char* const stems[][2] = {
            {"1.797693134862315", "e308"},   {"1.7976931348623158079", "e308"},  // DBL_MAX, its midpoint
            {"2.225073858507201", "e-308"},  {"2.2250738585072013830", "e-308"},  // DBL_MIN
            {"4.940656458412465", "e-324"},  {"2.4703282292062327208", "e-324"},  // 2^-1074, 2^-1075
            {"7.4109846876186981626", "e-324"},                                    // 1.5 * 2^-1074
            {"3.402823466385288", "e38"},    {"3.4028235677973366", "e38"},        // FLT_MAX, its midpoint
            {"1.175494350822287", "e-38"},   {"1.1754942106924410754", "e-38"},   // FLT_MIN, below it
            {"1.4012984643248170709", "e-45"}, {"7.0064923216240853546", "e-46"}, // 2^-149, 2^-150
        };
        const auto& stem = stems[rng() % (sizeof stems / sizeof *stems)];
        check_against_libc(std::string(stem[0]) + random_digits(rng, static_cast<int>(rng() % 25), false) + stem[1],
                           boundary);
        break;
      }
    }
  }
  // The counts, for long runs (TOOLSEARCH_DECIMAL_CASES set); a default run stays quiet.
  if (std::getenv("TOOLSEARCH_DECIMAL_CASES")) {
    for (const auto& [name, t] : {std::pair{"random", &random}, {"near midpoints", &halfway},
                                  {"round trips", &round_trip}, {"thresholds", &boundary}}) {
      std::printf("%-15s double: %7ld cases, %7ld refereed, libc misrounded %ld; float: %7ld cases, %7ld "
                  "refereed, libc misrounded %ld\n",
                  name, t->d.cases, t->d.refereed, t->d.libc_wrong, t->f.cases, t->f.refereed, t->f.libc_wrong);
    }
  }
  CHECK(random.d.cases + halfway.d.cases + round_trip.d.cases + boundary.d.cases >= total * 6 / 10);
}
