// The regex strategy's matcher: a bounded, linear-time regular expression engine. Patterns
// compile to a Thompson NFA that is simulated as a set of states (no backtracking), so a
// hostile pattern such as "(a+)+$" costs O(text x program) time and O(program) memory.
#pragma once

#include "toolsearch/status.hpp"

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

namespace toolsearch {

struct RegexOptions {
  /// Match ignoring case, by comparing fold_char forms (tokenizer.hpp): ASCII plus the
  /// simple Unicode foldings of the scripts the tokenizer knows. Default false.
  bool case_insensitive = false;
};

/// A compiled pattern. Immutable and cheap to copy; one Regex may be used from many threads.
///
/// Syntax (a subset of ECMAScript that needs no backtracking):
/// - literals (any UTF-8 text), `.` (any code point except `\n`);
/// - escapes: `\.` `\\` `\(` ... (any ASCII punctuation), `\t \n \r \f \v`,
///   `\d \w \s` and `\D \W \S` (ASCII digits and word characters as in ECMAScript; `\s` is
///   ASCII and Unicode white space);
/// - classes `[a-z0-9_]`, `[^...]`, with escapes and `\d`-style shorthands inside;
///   `[]` and `[^]` are rejected as ambiguous (write `\]` for a literal `]`);
/// - alternation `|`, groups `( )` and `(?: )` (nothing is captured);
/// - quantifiers `* + ? {m} {m,} {m,n}`; a lazy `?` suffix is accepted and changes nothing,
///   since only match / no match is answered;
/// - anchors `^` and `$` (start and end of the whole text; there is no multi-line mode) and
///   word boundaries `\b \B` (ASCII word characters).
///
/// Rejected with ErrorCode::InvalidArgument and a message naming the byte offset: unbalanced
/// parentheses or brackets, quantifiers with nothing to repeat (or on a bare `^`, `$`, `\b`),
/// bad counts, invalid UTF-8, and the unsupported backreferences (`\1`, `\k<name>`),
/// lookaround (`(?=` `(?!` `(?<=` `(?<!`), other `(?` groups, unknown letter escapes and POSIX
/// classes (`[[:alpha:]]`). Limits below fail with ErrorCode::TooLarge.
///
/// Text is matched code point by code point; invalid UTF-8 bytes in the text each read as one
/// U+FFFD, as decode_utf8 does.
class Regex {
 public:
  /// Longest accepted pattern, in bytes. Longer patterns fail with ErrorCode::TooLarge.
  static constexpr size_t kMaxPatternBytes = 200;
  /// Largest count in a counted repetition {m}, {m,} or {m,n} (ErrorCode::TooLarge beyond).
  static constexpr size_t kMaxRepeat = 1000;
  /// Largest compiled program, in instructions. Counted repetition copies its operand, so
  /// "(a{1000}){1000}" is refused (ErrorCode::TooLarge) instead of compiling a million states.
  static constexpr size_t kMaxProgram = 5000;
  /// Deepest group nesting (ErrorCode::TooLarge beyond): parsing recurses once per level.
  static constexpr size_t kMaxNesting = 64;

  /// Compiles `pattern`. The empty pattern is valid and matches everywhere.
  static Result<Regex> compile(std::string_view pattern, RegexOptions options = {});

  /// True when the pattern matches somewhere in `text` (like std::regex_search).
  bool search(std::string_view text) const;
  /// True when the pattern matches the whole of `text` (like std::regex_match).
  bool full_match(std::string_view text) const;

  const std::string& pattern() const;
  const RegexOptions& options() const;
  /// Number of compiled instructions (at most kMaxProgram). Matching costs at most this many
  /// steps per code point of text, so "a{1000}" over 100 KB is still ~10^8 steps.
  size_t program_size() const;

  struct Program;  // opaque: defined in regex.cpp

 private:
  explicit Regex(std::shared_ptr<const Program> program) : program_(std::move(program)) {}
  bool run(std::string_view text, bool whole) const;

  std::shared_ptr<const Program> program_;
};

}  // namespace toolsearch
