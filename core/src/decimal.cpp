// Correctly rounded decimal-to-double conversion (and to float, through a double rounded to odd)
// in two steps:
//   1. Clinger's fast path: at most 19 digits forming an integer w <= 2^53 and a power of ten
//      10^k with |k| <= 22 are both exact doubles, so w * 10^k (or w / 10^-k) is a single
//      IEEE operation and rounds correctly. Short JSON numbers end here (17-digit ones, as JS
//      prints many doubles, do not).
//   2. Otherwise exact integer arithmetic: the value is D * 10^E = (D * 5^E) / 5^-E * 2^E with
//      D the digits as an integer. After aligning numerator and denominator, 64 steps of
//      binary long division give the value's leading 64 bits plus a sticky bit for the rest,
//      and those round to the double's 53 bits (or fewer, for a denormal) exactly.
// No power-of-ten tables (5^13 fits a limb and is the only constant) and no long double: the
// point is a small wasm module, where musl's long-double strtod cost ~7 KB gzipped.
#include "toolsearch/decimal.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>

namespace toolsearch {
namespace {

// Significant digits kept exactly. A halfway point between two doubles has at most 768
// significant digits, so digits past the 800th can only tell "exactly these digits" from "a bit
// more": a nonzero one among them is replaced by a single trailing 1 (see below), which lies on
// the same side of every halfway point as the full text does.
constexpr int kMaxDigits = 800;

// A natural number in little-endian 32-bit limbs, no high zero limb. 86 limbs (2752 bits) hold
// the largest operand: 801 digits (< 2^2661), shifted left one bit during the division.
// `size` comes first so that an overrun would leave the object (and trip ASan), not corrupt it.
struct BigInt {
  int size = 0;
  uint32_t limb[86];
};

// x = x * m + a.
void mul_add(BigInt& x, uint32_t m, uint32_t a) {
  uint64_t carry = a;
  for (int i = 0; i < x.size; ++i) {
    carry += uint64_t{x.limb[i]} * m;
    x.limb[i] = static_cast<uint32_t>(carry);
    carry >>= 32;
  }
  if (carry) x.limb[x.size++] = static_cast<uint32_t>(carry);
}

// x = x * 5^k.
void mul_pow5(BigInt& x, int k) {
  for (; k >= 13; k -= 13) mul_add(x, 1220703125, 0);  // 5^13, the largest power in a limb
  uint32_t p = 1;
  for (; k > 0; --k) p *= 5;
  mul_add(x, p, 0);
}

int bit_length(const BigInt& x) {
  return x.size == 0 ? 0 : 32 * x.size - __builtin_clz(x.limb[x.size - 1]);
}

// x = x * 2^n, n >= 0.
void shift_left(BigInt& x, int n) {
  const int words = n >> 5;
  const int bits = n & 31;
  if (bits) {
    uint32_t carry = 0;
    for (int i = 0; i < x.size; ++i) {
      const uint32_t v = x.limb[i];
      x.limb[i] = v << bits | carry;
      carry = v >> (32 - bits);
    }
    if (carry) x.limb[x.size++] = carry;
  }
  if (words && x.size) {
    std::memmove(x.limb + words, x.limb, sizeof(uint32_t) * x.size);
    std::memset(x.limb, 0, sizeof(uint32_t) * words);
    x.size += words;
  }
}

bool less(const BigInt& a, const BigInt& b) {
  if (a.size != b.size) return a.size < b.size;
  for (int i = a.size - 1; i >= 0; --i) {
    if (a.limb[i] != b.limb[i]) return a.limb[i] < b.limb[i];
  }
  return false;
}

// a = a - b, given a >= b.
void subtract(BigInt& a, const BigInt& b) {
  uint64_t borrow = 0;
  for (int i = 0; i < a.size; ++i) {
    const uint64_t d = uint64_t{a.limb[i]} - (i < b.size ? b.limb[i] : 0) - borrow;
    a.limb[i] = static_cast<uint32_t>(d);
    borrow = d >> 63;
  }
  while (a.size && a.limb[a.size - 1] == 0) --a.size;
}

// 10^k for 0 <= k <= 22: every step is exact, so no table is needed.
double pow10_exact(int k) {
  double p = 1;
  for (; k > 0; --k) p *= 10;
  return p;
}

// The text to a double, rounded to nearest-even or, with `to_odd`, to odd (see
// parse_decimal_float).
DecimalParse parse(std::string_view text, bool to_odd) {
  DecimalParse out;
  const char* const begin = text.data();
  const char* const end = begin + text.size();
  const char* p = begin;
  const bool negative = p != end && *p == '-';
  if (p != end && (*p == '-' || *p == '+')) ++p;
  const uint64_t sign = uint64_t{negative} << 63;

  // The digits, as an integer D (the first kMaxDigits from the first nonzero one, then a 1
  // standing for any nonzero digit past them) and a decimal exponent: the value is D * 10^e10.
  BigInt num;
  int kept = 0;
  bool more = false;
  bool any_digit = false;
  bool fraction = false;
  int64_t e10 = 0;
  for (; p != end; ++p) {
    const char c = *p;
    if (c == '.' && !fraction) {
      fraction = true;
      continue;
    }
    if (c < '0' || c > '9') break;
    any_digit = true;
    if (kept == kMaxDigits) {
      more |= c != '0';
      e10 += !fraction;
    } else if (kept || c != '0') {
      mul_add(num, 10, static_cast<uint32_t>(c - '0'));
      ++kept;
      e10 -= fraction;
    } else {
      e10 -= fraction;  // a leading zero
    }
  }
  if (!any_digit) return out;  // no number: nothing consumed, +0

  if (p != end && (*p | 32) == 'e') {
    const char* q = p + 1;
    const bool exp_negative = q != end && *q == '-';
    if (q != end && (*q == '-' || *q == '+')) ++q;
    if (q != end && *q >= '0' && *q <= '9') {
      // Saturates far beyond any exponent that changes the result, and far below overflow.
      int64_t exponent = 0;
      for (; q != end && *q >= '0' && *q <= '9'; ++q) {
        if (exponent < 100000000000000000) exponent = exponent * 10 + (*q - '0');
      }
      e10 += exp_negative ? -exponent : exponent;
      p = q;
    }
  }
  out.consumed = static_cast<size_t>(p - begin);
  if (more) {
    mul_add(num, 10, 1);
    --e10;
  }

  // The value is below 10^(kept + more + e10) and at least a tenth of that.
  const int64_t point = kept + more + e10;
  uint64_t bits = sign;  // ±0
  if (!kept) {
    // zero: bits stay ±0
  } else if (point > 309) {  // >= 10^309
    bits |= 0x7FF0000000000000;
    out.out_of_range = true;
  } else if (point < -323) {  // < 10^-324, under half the smallest denormal
    out.out_of_range = true;
  } else {
    // Fast path: at most 19 digits (two limbs) forming w <= 2^53, and |e10| <= 22.
    if (kept <= 19 && !to_odd && e10 >= -22 && e10 <= 22) {
      const uint64_t w = num.limb[0] | (num.size > 1 ? uint64_t{num.limb[1]} << 32 : 0);
      if (w <= uint64_t{1} << 53) {
        const double x = static_cast<double>(w);
        const double scale = pow10_exact(static_cast<int>(e10 < 0 ? -e10 : e10));
        const double v = e10 < 0 ? x / scale : x * scale;
        out.value = negative ? -v : v;
        return out;
      }
    }

    // num / den * 2^e10 = D * 5^e10 / 5^-e10 * 2^e10. e10 is in [-1124, 309]: point is in
    // [-323, 309] and D has at most 801 digits.
    BigInt den;
    den.size = 1;
    den.limb[0] = 1;
    mul_pow5(e10 > 0 ? num : den, static_cast<int>(e10 > 0 ? e10 : -e10));

    // Align so that num / den is in [1, 2), then divide bit by bit.
    int e2 = static_cast<int>(e10) + bit_length(num) - bit_length(den);
    if (e2 > e10) {
      shift_left(den, static_cast<int>(e2 - e10));
    } else {
      shift_left(num, static_cast<int>(e10 - e2));
    }
    if (less(num, den)) {
      shift_left(num, 1);
      --e2;
    }
    uint64_t q = 0;  // floor(num / den * 2^63): the value is q * 2^(e2 - 63) and a bit more
    for (int i = 0; i < 64; ++i) {
      q <<= 1;
      if (!less(num, den)) {
        subtract(num, den);
        q |= 1;
      }
      shift_left(num, 1);
    }
    bool rest = num.size != 0;  // anything below q's last bit
    // Underflow as glibc on x86 reports it: tiny after rounding, i.e. below 2^-1022 even when
    // rounded to 53 bits with an unbounded exponent (below 2^-1022 - 2^-1076).
    const bool tiny = e2 < -1023 || (e2 == -1023 && q < 0xFFFFFFFFFFFFFC00);

    // Keep 53 bits, or fewer so that the last kept bit is worth 2^-1074 (a denormal). Since
    // the value is >= 10^-324, at most 66 bits are dropped; q >> 64 is undefined, so first
    // fold the bits past 63 into `rest`.
    e2 -= 63;  // q's last bit is worth 2^e2
    int drop = -1074 - e2;
    if (drop < 11) drop = 11;
    const int lsb = e2 + drop;  // the exponent of the result's last bit, >= -1074
    for (; drop > 63; --drop) {
      rest |= q & 1;
      q >>= 1;
    }
    uint64_t m = q >> drop;
    const uint64_t dropped = q & ((uint64_t{1} << drop) - 1);
    const uint64_t half = uint64_t{1} << (drop - 1);
    if (to_odd) {
      m |= dropped || rest;
    } else if (dropped > half || (dropped == half && (rest || (m & 1)))) {
      ++m;
    }
    // m's hidden bit (2^52) adds one to the biased exponent field, and a rounding carry to 2^53
    // another: a denormal rounding up becomes the smallest normal, the largest finite becomes
    // infinity, with no special case.
    const uint64_t magnitude = (uint64_t(lsb + 1074) << 52) + m;
    if (magnitude >= 0x7FF0000000000000) {
      bits |= 0x7FF0000000000000;
      out.out_of_range = true;
    } else {
      bits |= magnitude;
      out.out_of_range = tiny && (dropped || rest);
    }
  }
  std::memcpy(&out.value, &bits, sizeof bits);
  return out;
}

}  // namespace

DecimalParse parse_decimal(std::string_view text) { return parse(text, false); }

DecimalParse parse_decimal_float(std::string_view text) {
  // Rounded to odd (truncated, the last bit set when anything was cut off), a double keeps
  // every fact that rounding to a narrower format needs: it lies strictly between the same
  // two floats as the text, or on one exactly, and equals no float midpoint unless the text
  // does (double has more than 2 * 24 + 1 bits). So one ordinary conversion finishes the job.
  DecimalParse out = parse(text, true);
  const double d = out.value;
  const float f = static_cast<float>(d);
  out.value = f;
  const double magnitude = d < 0 ? -d : d;
  // Overflow: infinity from a finite text. Underflow as glibc on x86 reports it: inexact and
  // tiny after rounding, i.e. below 2^-126 - 2^-151 (where a 24-bit rounding with an unbounded
  // exponent stays under 2^-126); the odd double compares with that bound as the text does.
  if ((std::isinf(f) && !std::isinf(d)) || (magnitude < 0x1p-126 - 0x1p-151 && out.value != d)) out.out_of_range = true;
  return out;
}

}  // namespace toolsearch
