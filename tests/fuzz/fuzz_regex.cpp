// The linear-time matcher (core/src/regex.cpp, a Pike VM) on arbitrary patterns and texts.
// Input: "<byte 0: flags><pattern>\0<text>"; without a NUL the pattern is also the text.
// Flag bit 0 = case-insensitive.
//
// Invariants beyond "no crash, no sanitizer report, no timeout" (a backtracking matcher would
// time out on the corpus's "(a*)*b" seeds):
// - compile answers ok or InvalidArgument / TooLarge, and TooLarge whenever a documented limit
//   is exceeded; a compiled program never exceeds kMaxProgram;
// - full_match implies search; wrapping the pattern in "(?:...)" changes no answer; search(t)
//   equals full_match of "[\s\S]*(?:p)[\s\S]*" (search is "a match somewhere");
// - on printable ASCII (where the documented syntax is ECMAScript's), the answers equal
//   libstdc++'s std::regex (ECMAScript grammar, its non-backtracking executor) whenever both
//   accept the pattern.
#include "fuzz_common.hpp"

#include "toolsearch/regex.hpp"

#include <cstdint>
#include <regex>
#include <string>
#include <string_view>

using namespace toolsearch;

namespace {

bool printable_ascii(std::string_view s) {
  for (char c : s) {
    if (c < 0x20 || c > 0x7E) return false;
  }
  return true;
}

// std::regex as the reference, where it is comparable: small printable ASCII inputs (its '.'
// also excludes '\r', and its classes work on bytes), and only when it accepts the pattern.
void compare_with_std(const Regex& re, std::string_view pattern, std::string_view text, bool icase) {
#ifdef __GLIBCXX__
  if (pattern.size() > 48 || text.size() > 48 || !printable_ascii(pattern) || !printable_ascii(text)) return;
  // Only patterns both sides accept are compared: each refuses some the other reads (lookahead
  // and backreferences there; some identity escapes here), and a refusal is no disagreement.
  // __polynomial picks libstdc++'s breadth-first executor, so the reference cannot time out.
  auto flags = std::regex::ECMAScript | std::regex_constants::__polynomial;
  if (icase) flags |= std::regex::icase;
  std::regex reference;
  try {
    reference.assign(pattern.begin(), pattern.end(), flags);
  } catch (const std::regex_error&) {
    return;
  }
  try {
    const std::string t(text);
    const bool s = std::regex_search(t, reference);
    const bool m = std::regex_match(t, reference);
    FUZZ_CHECK(re.search(text) == s, "search disagrees with std::regex",
               "pattern: " + std::string(pattern) + "\ntext: " + t + "\nstd: " + (s ? "match" : "no match"));
    FUZZ_CHECK(re.full_match(text) == m, "full_match disagrees with std::regex",
               "pattern: " + std::string(pattern) + "\ntext: " + t + "\nstd: " + (m ? "match" : "no match"));
  } catch (const std::regex_error&) {
    // error_complexity / error_stack: the reference gave up, nothing to compare.
  }
#else
  (void)re, (void)pattern, (void)text, (void)icase;
#endif
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const auto [pattern, text] = fuzz::split_at_nul(data, size);
  RegexOptions options;
  options.case_insensitive = data[0] & 1;

  auto compiled = Regex::compile(pattern, options);
  if (!compiled.ok()) {
    const ErrorCode code = compiled.status().code;
    FUZZ_CHECK(code == ErrorCode::InvalidArgument || code == ErrorCode::TooLarge,
               "compile failed with a code other than INVALID_ARGUMENT / TOO_LARGE", compiled.status().message);
    FUZZ_CHECK(pattern.size() <= Regex::kMaxPatternBytes || code == ErrorCode::TooLarge,
               "an over-long pattern is not TOO_LARGE", compiled.status().message);
    return 0;
  }
  FUZZ_CHECK(pattern.size() <= Regex::kMaxPatternBytes, "a pattern over kMaxPatternBytes compiled");
  const Regex& re = compiled.value();
  FUZZ_CHECK(re.program_size() <= Regex::kMaxProgram, "compiled program exceeds kMaxProgram");
  FUZZ_CHECK(re.pattern() == pattern, "pattern() is not the compiled text");

  const bool found = re.search(text);
  const bool whole = re.full_match(text);
  FUZZ_CHECK(!whole || found, "full_match without search", std::string(pattern) + "\n" + std::string(text));

  // A non-capturing group around the whole pattern changes nothing (unless it hits a limit).
  if (auto grouped = Regex::compile("(?:" + std::string(pattern) + ")", options); grouped.ok()) {
    FUZZ_CHECK(grouped->search(text) == found && grouped->full_match(text) == whole,
               "(?:p) answers differently from p", std::string(pattern) + "\n" + std::string(text));
  }
  // search = "matches somewhere" = the whole text matches anything, p, anything.
  if (auto around = Regex::compile("[\\s\\S]*(?:" + std::string(pattern) + ")[\\s\\S]*", options); around.ok()) {
    FUZZ_CHECK(around->full_match(text) == found, "search(p) differs from full_match(.*p.*)",
               std::string(pattern) + "\n" + std::string(text));
  }
  compare_with_std(re, pattern, text, options.case_insensitive);
  return 0;
}
