// Arbitrary bytes through every tokenizer stage and the composed Analyzer, plus name_parts.
// Input: byte 0 picks the analyzer options, the rest is the text.
#include "fuzz_common.hpp"

#include "toolsearch/stemmer.hpp"
#include "toolsearch/tokenizer.hpp"
#include "toolsearch/utf8.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

using namespace toolsearch;

namespace {

bool valid_utf8(std::string_view s) { return first_invalid_utf8(s) == std::string_view::npos; }

// Is `inner` a view into `outer`? (Stages return views; a view elsewhere would dangle.)
bool inside(std::u32string_view inner, std::u32string_view outer) {
  return inner.data() >= outer.data() && inner.data() + inner.size() <= outer.data() + outer.size();
}

void check_stages(std::string_view bytes) {
  const DecodedText decoded = decode_utf8(bytes);
  FUZZ_CHECK(decoded.invalid_bytes <= bytes.size(), "decode_utf8: more invalid bytes than bytes");
  FUZZ_CHECK(decoded.text.size() <= bytes.size(), "decode_utf8: more code points than bytes");
  const std::string reencoded = to_utf8(decoded.text);
  FUZZ_CHECK(valid_utf8(reencoded), "to_utf8 produced invalid UTF-8");
  // Well-formed input must survive decode + encode byte for byte, with nothing counted invalid.
  if (valid_utf8(bytes)) {
    FUZZ_CHECK(decoded.invalid_bytes == 0, "decode_utf8 counted invalid bytes in valid UTF-8");
    FUZZ_CHECK(reencoded == bytes, "decode/encode round trip changed valid UTF-8");
  } else {
    FUZZ_CHECK(decoded.invalid_bytes > 0, "decode_utf8 missed invalid UTF-8");
  }

  for (char32_t c : decoded.text) {
    FUZZ_CHECK(c <= 0x10FFFF && !(c >= 0xD800 && c <= 0xDFFF), "decode_utf8 produced a non-scalar value");
    const char32_t f = fold_char(c);
    // Folding twice must equal folding once, or a query typed in folded form misses the index.
    FUZZ_CHECK(fold_char(f) == f, "fold_char is not idempotent", to_utf8(std::u32string(1, c)));
    // Case folding never changes what kind of character it is (it would re-split words).
    FUZZ_CHECK(classify(f) == classify(c) || classify(c) == CharClass::Other,
                "fold_char changed the character class", to_utf8(std::u32string(1, c)));
  }

  const std::vector<Word> words = split_words(decoded.text);
  for (const Word& w : words) {
    FUZZ_CHECK(!w.text.empty(), "split_words: empty word");
    FUZZ_CHECK(inside(w.text, decoded.text), "split_words: word outside the text");
    if (w.cjk) {
      for (std::u32string_view g : cjk_bigrams(w.text)) {
        FUZZ_CHECK(inside(g, w.text) && (g.size() == 2 || (g.size() == 1 && w.text.size() == 1)),
                    "cjk_bigrams: not a bigram of the run");
      }
      continue;
    }
    for (std::u32string_view part : split_identifier(w.text)) {
      FUZZ_CHECK(!part.empty(), "split_identifier: empty part");
      FUZZ_CHECK(inside(part, w.text), "split_identifier: part outside the word");
      FUZZ_CHECK(part.find(U'_') == std::u32string_view::npos && part.find(U'-') == std::u32string_view::npos,
                  "split_identifier: a joiner inside a part");
      const std::u32string folded = fold_case(part);
      FUZZ_CHECK(folded.size() == part.size(), "fold_case changed the length");
      (void)is_short_token(folded);
      const std::string stem = light_stem(to_utf8(folded));
      FUZZ_CHECK(valid_utf8(stem), "light_stem produced invalid UTF-8");
    }
  }
}

void check_analyzer(std::string_view text, uint8_t flags) {
  AnalyzerOptions options;
  options.keep_whole_identifier = flags & 1;
  options.cjk_bigrams = flags & 2;
  options.min_token_chars = (flags >> 2) & 3;  // 0..3: 0 and 1 keep every token
  options.stop_words = flags & 64;
  options.stemmer = nullptr;
  if (flags & 16) options.stemmer = (flags & 128) ? Stemmer(english_stem) : Stemmer(light_stem);
  // A stemmer that erases some tokens exercises the "stemmer drops a token" path.
  if (flags & 32) options.stemmer = [](std::string_view t) { return t.size() % 3 == 0 ? std::string() : std::string(t); };
  const Analyzer analyzer(options);

  const std::vector<std::string> tokens = analyzer.analyze(text);
  for (const std::string& t : tokens) {
    FUZZ_CHECK(!t.empty(), "analyze emitted an empty token");
    FUZZ_CHECK(valid_utf8(t), "analyze emitted invalid UTF-8", t);
  }

  // analyze_into appends after what is already there and reports the same tokens.
  std::vector<std::string> appended = {"sentinel"};
  analyzer.analyze_into(text, appended);
  FUZZ_CHECK(appended.size() == tokens.size() + 1 && appended[0] == "sentinel" &&
                  std::equal(tokens.begin(), tokens.end(), appended.begin() + 1),
              "analyze_into differs from analyze");

  // (A third analysis to check determinism was a third of this harness's time; analyze and
  // analyze_into above already run the same text twice.)

  for (const std::string& p : analyzer.name_parts(text)) {
    FUZZ_CHECK(!p.empty() && valid_utf8(p), "name_parts emitted an empty or invalid part", p);
  }
  (void)analyzer.stage_names();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  check_stages(text);
  check_analyzer(text, data[0]);
  return 0;
}
