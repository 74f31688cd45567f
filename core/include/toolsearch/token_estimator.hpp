// Token estimation for tool definitions: a JSON-aware heuristic (better than chars/4) and a
// seam for a host-supplied counter (a real tokenizer).
#pragma once

#include "toolsearch/tool.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace toolsearch {

/// A host-supplied token counter (e.g. a real BPE tokenizer). Empty = use the estimator.
using TokenCounter = std::function<size_t(std::string_view text)>;

/// Tokens a provider adds around each tool definition (role markers, "type":"function"
/// wrappers, separators). Our text is the bare {name, description, parameters} object, so
/// this constant is added once per tool to both the estimator's and a host counter's figure.
inline constexpr size_t kPerToolOverheadTokens = 8;

/// Pre-token counts of one text, split the way o200k-style BPE pre-tokenizers split text
/// (words with an optional leading character, camelCase humps, 1-3 digit groups, punctuation
/// runs, whitespace). Exposed so the weights can be calibrated and tested.
struct TokenFeatures {
  size_t words = 0;             ///< letter pieces (any script except CJK)
  size_t word_letters_over_4 = 0;  ///< sum over words of max(0, letters - 4)
  size_t word_letters_over_8 = 0;  ///< sum over words of max(0, letters - 8)
  size_t word_punct_prefix = 0;    ///< words led by a punctuation character ('"', '_', '(' ...)
  size_t non_ascii_letters = 0;    ///< non-CJK, non-ASCII letters (accents, Cyrillic, ...)
  size_t cjk_chars = 0;            ///< Han, kana and Hangul code points
  size_t numbers = 0;              ///< digit groups of 1 to 3 digits
  size_t punct_runs = 0;           ///< runs of punctuation (JSON structure lives here)
  size_t punct_chars_over_2 = 0;   ///< sum over runs of max(0, length - 2)
  size_t symbols = 0;              ///< non-ASCII symbols and emoji (code points)
  size_t spaces = 0;               ///< whitespace pieces not absorbed by a following word
};

/// Splits `text` into pre-tokens and counts them. Invalid UTF-8 bytes count as symbols.
TokenFeatures analyze_tokens(std::string_view text);

/// JSON-aware token estimate of `text` (weights calibrated against o200k_base on real tool
/// catalogs; see scripts/calibrate-tokens.mjs). Empty text is 0; any non-empty text is >= 1.
size_t estimate_tokens(std::string_view text);

/// The floor to beat: ceil(code points / 4).
size_t chars_div_4(std::string_view text);

/// Tokens of `text` by `counter` when it is set, else by estimate_tokens. A throwing counter
/// falls back to the estimator (errors never escape the core).
size_t count_tokens(std::string_view text, const TokenCounter& counter = {});

/// The exact text whose tokens stand for a tool's cost: compact JSON
/// {"name":...,"description":...,"parameters":...} as providers serialize function tools.
/// Invalid UTF-8 is replaced by U+FFFD rather than failing.
std::string tool_token_text(std::string_view name, std::string_view description,
                            const nlohmann::json& input_schema);
std::string tool_token_text(const Tool& tool);

/// count_tokens(tool_token_text(...)) + kPerToolOverheadTokens.
size_t estimate_tool_tokens(std::string_view name, std::string_view description,
                            const nlohmann::json& input_schema, const TokenCounter& counter = {});
size_t estimate_tool_tokens(const Tool& tool, const TokenCounter& counter = {});

}  // namespace toolsearch
