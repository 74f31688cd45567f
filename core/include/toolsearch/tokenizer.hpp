// Text analysis shared by indexing and querying: a pipeline of named stages, each callable and
// testable on its own, composed by Analyzer.
//
//   decode_utf8 -> split_words -> split_identifier -> fold_case -> cjk_bigrams -> drop_short -> stem
//
// Text is not Unicode-normalised: a precomposed "é" and "e" + U+0301 stay different tokens.
#pragma once

#include "toolsearch/unicode.hpp"
#include "toolsearch/utf8.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace toolsearch {

// ---------------------------------------------------------------------------------------------
// Stage "decode_utf8": decode_utf8() in utf8.hpp. Code point classes and case folding: unicode.hpp.

// ---------------------------------------------------------------------------------------------
// Stage "split_words"

/// A maximal run of word characters; a view into the text given to split_words.
struct Word {
  std::u32string_view text;
  bool cjk = false;  ///< a run of CharClass::Cjk characters (never mixed with other letters)
};
/// Splits on everything that is not a letter or a digit, and between CJK and non-CJK letters.
/// `_` and `-` between two word characters are kept inside the word: they are identifier
/// joiners, which split_identifier handles (so the whole identifier can be kept as a token).
std::vector<Word> split_words(std::u32string_view text);
/// split_words into a reused vector (cleared first).
void split_words_into(std::u32string_view text, std::vector<Word>& words);

// ---------------------------------------------------------------------------------------------
// Stage "split_identifier"

/// The parts of one non-CJK word, case preserved: splits on `_`/`-` (snake_case, kebab-case),
/// at lower-to-upper changes (camelCase), before the last capital of an acronym followed by a
/// lowercase letter ("parseHTTPResponse" -> parse, HTTP, Response) and at letter/digit
/// boundaries ("v2api" -> v, 2, api). Joiners never appear in the parts.
std::vector<std::u32string_view> split_identifier(std::u32string_view word);
/// split_identifier into a reused vector (cleared first).
void split_identifier_into(std::u32string_view word, std::vector<std::u32string_view>& parts);

// ---------------------------------------------------------------------------------------------
// Stage "fold_case"

/// fold_char applied to every code point.
std::u32string fold_case(std::u32string_view text);

// ---------------------------------------------------------------------------------------------
// Stage "cjk_bigrams"

/// Overlapping character bigrams of a CJK run ("天気予報" -> 天気, 気予, 予報); a run of one
/// character gives that single character (a unigram).
std::vector<std::u32string_view> cjk_bigrams(std::u32string_view run);

// ---------------------------------------------------------------------------------------------
// Stage "drop_short"

/// True when the folded token should be dropped: fewer than `min_chars` code points and not
/// CJK. With the default of 2 this drops every 1-character letter AND digit token ("a", "x",
/// "2"): single digits are mostly list markers and example values in tool descriptions, and
/// identifiers such as "s3" or "v2" survive as whole-identifier tokens.
bool is_short_token(std::u32string_view token, size_t min_chars = 2);

// ---------------------------------------------------------------------------------------------
// Stage "stem" (optional)

/// Maps a folded UTF-8 token to its stem. Must be deterministic. A std::function (any callable,
/// or nullptr for none) that also remembers the plain function it was made from, so that a
/// configuration can name its stemmer without RTTI (std::function::target needs RTTI, and the
/// wasm build has none).
class Stemmer : public std::function<std::string(std::string_view)> {
 public:
  using Function = std::string (*)(std::string_view);
  using std::function<std::string(std::string_view)>::function;
  Stemmer() = default;
  Stemmer(Function f) : std::function<std::string(std::string_view)>(f), plain_(f) {}  // NOLINT: implicit on purpose

  /// The plain function this stemmer was made from; nullptr for a lambda or other callable.
  Function plain_function() const { return plain_; }

 private:
  Function plain_ = nullptr;
};

/// A light suffix stemmer. For English words (a-z), plural -s/-es/-ies, -ing, -ed, final -e and
/// a doubled final consonant, in the spirit of Porter step 1; words of 3 or fewer letters are
/// returned unchanged. For Russian words (lowercase Cyrillic), one noun or adjective case
/// ending ("файле", "файлами" -> "файл"), leaving at least three letters; verb endings are
/// kept. Other tokens are returned unchanged. Idempotent on its own output for common words.
std::string light_stem(std::string_view token);
/// light_stem of the `size` bytes at `token`, written over them (a stem is never
/// longer than its word); returns the stem's length.
size_t light_stem_in_place(char* token, size_t size);

// ---------------------------------------------------------------------------------------------
// The pipeline

struct AnalyzerOptions {
  /// Also emit the whole multi-part identifier, folded ("get_weather", "parsehttpresponse"),
  /// next to its parts. Default true.
  bool keep_whole_identifier = true;
  /// Index CJK runs as bigrams (default true); when false a CJK run is one token.
  bool cjk_bigrams = true;
  /// Non-CJK tokens with fewer code points are dropped. Default 2 (drops 1-character tokens).
  size_t min_token_chars = 2;
  /// Drop English stop words (stop_words.hpp) among the part tokens. Default true.
  bool stop_words = true;
  /// Applied to non-CJK part tokens (not to whole identifiers). Default light_stem;
  /// english_stem (Porter2, stemmer.hpp) and none are the alternatives.
  Stemmer stemmer = light_stem;
};

/// The tokens of one text in one character buffer: what the search path analyses a query into,
/// with no allocation per token once the buffers have grown.
class TokenBuffer {
 public:
  size_t size() const { return ends_.size(); }
  bool empty() const { return ends_.empty(); }
  std::string_view operator[](size_t i) const {
    const size_t begin = i == 0 ? 0 : ends_[i - 1];
    return std::string_view(chars_.data() + begin, ends_[i] - begin);
  }
  void clear() {
    chars_.clear();
    ends_.clear();
  }

 private:
  friend class Analyzer;
  // A vector, not a std::string: the analyzer resizes it for every token, and a vector's
  // resize inlines where a string's is a call into the prebuilt library (utf8.hpp).
  std::vector<char> chars_;
  std::vector<uint32_t> ends_;  // one past each token's last byte
};

/// Composes the stages. Stateless after construction: one Analyzer can serve many threads.
class Analyzer {
 public:
  explicit Analyzer(AnalyzerOptions options = {});

  /// Tokens of `text`, in text order (a whole identifier follows its parts).
  std::vector<std::string> analyze(std::string_view text) const;
  /// Same, appending to `out`.
  void analyze_into(std::string_view text, std::vector<std::string>& out) const;
  /// Same, appending to `out`, for text already decoded (decode_utf8). With `surface`, also
  /// appends there each part token as it was before stemming, and no whole identifiers: what
  /// an analyzer of the same options without stemming or whole identifiers would make (the
  /// static embedder's reading, so a hybrid query is split and folded once).
  void analyze_into(std::u32string_view text, TokenBuffer& out, TokenBuffer* surface = nullptr) const;

  /// The folded identifier parts of `text`, for exact-name matching: nothing dropped, no
  /// stemming, no whole identifiers, a CJK run kept as one part.
  std::vector<std::string> name_parts(std::string_view text) const;
  /// Same, appending to `out`, for text already decoded.
  void name_parts_into(std::u32string_view text, TokenBuffer& out) const;

  /// The active stages in order, e.g. {"decode_utf8", "split_words", ..., "drop_short"}.
  std::vector<std::string> stage_names() const;
  const AnalyzerOptions& options() const { return options_; }

 private:
  AnalyzerOptions options_;
};

}  // namespace toolsearch
