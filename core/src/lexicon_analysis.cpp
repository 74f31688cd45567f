// The lexicon as the analyzer sees it (lexicon_analysis.hpp): made word by word for a host's
// lexicon, read from a table made at build time for the built-in one.
#include "lexicon_analysis.hpp"

#include "search_index_data.hpp"

#include "toolsearch/sort_by.hpp"
#include "toolsearch/utf8.hpp"
#include "toolsearch/word_list.hpp"
#include "toolsearch/xxh64.hpp"

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <unordered_map>

namespace toolsearch {

namespace {


using Words = std::vector<std::pair<std::string_view, std::string_view>>;
using index_data::lowercase_ascii;

// A key code's bits: another language's word, and how the key is made from the word: kNoEntry
// (the word makes no entry of its own), 1 + n (the word without its last n bytes, as stemming
// leaves it), kBigramKey (the word's character bigrams, as the analyzer splits a CJK word) or
// kExplicitKey (the next line of kExplicitKeys).
constexpr unsigned kLanguageWordBit = 0x80;
constexpr unsigned kLengthBits = 0x7f;
constexpr unsigned kNoEntry = 0;
constexpr unsigned kBigramKey = 0x7e;
constexpr unsigned kExplicitKey = 0x7f;
// A meaning's tokens are its words' first bytes (a code a word: how many, 0 for a stop word)
// unless its first code is kListedTokens: then they are the next line of kExplicitTokens.
constexpr unsigned kListedTokens = 0xff;

// kWordCount, kSourceHash, kKeyCodes, kExplicitKeys, kJoinedEntries, kJoinedMeanings,
// kMeaningCodes and kExplicitTokens: tools/gen_lexicon_analysis's output (built_in_lexicon_analysis_source()).
#include "lexicon_analysis_data.inc"

// A CJK word's key as the analyzer's cjk_bigrams stage makes it ("読み込み" -> "読み み込 込み").
std::string bigrams_of(std::string_view word) {
  std::u32string decoded;
  decode_utf8_into(word, decoded);
  std::string key;
  for (std::u32string_view gram : cjk_bigrams(decoded)) {
    if (!key.empty()) key += kPhraseGlue;
    append_utf8(gram, key);
  }
  return key;
}

// What the table was made from: the built-in tables' words and meanings, in order.
uint64_t source_hash(const Words& words) {
  std::string all;
  size_t size = 0;
  for (const auto& [word, meaning] : words) size += word.size() + meaning.size() + 2;
  all.reserve(size);
  for (const auto& [word, meaning] : words) all.append(word).append(1, '\t').append(meaning).append(1, '\n');
  return xxh64(all);
}

// Phrase heads, the longest phrase and the typo candidates: what follows from the entries'
// keys, in whatever order they came.
void finish(AnalyzedLexicon& a) {
  for (uint32_t i = 0; i < a.entries.size(); ++i) {
    const std::string_view key = a.keys[i];
    if (const size_t glue = key.find(kPhraseGlue); glue != std::string_view::npos) {
      a.phrase_heads.intern(key.substr(0, glue));
      a.longest_phrase = std::max<size_t>(a.longest_phrase, 1 + std::count(key.begin(), key.end(), kPhraseGlue));
    } else if (key.size() >= 4 && lowercase_ascii(key)) {
      a.typo_entries[static_cast<size_t>(key[0] - 'a')].push_back(i);
    }
  }
  for (std::vector<uint32_t>& list : a.typo_entries) {
    sort_by(list, [&](uint32_t x, uint32_t y) {
      const std::string_view p = a.keys[x];
      const std::string_view q = a.keys[y];
      return p.size() < q.size() || (p.size() == q.size() && p < q);
    });
  }
}

// The text up to the next line break, which it takes off `lines`.
std::string_view next_line(std::string_view& lines) {
  const size_t end = std::min(lines.find('\n'), lines.size());
  const std::string_view line = lines.substr(0, end);
  lines.remove_prefix(std::min(end + 1, lines.size()));
  return line;
}

}  // namespace

bool same_analysis(const AnalyzerOptions& p, const AnalyzerOptions& q) {
  // A stemmer that is not a plain function cannot be compared: such analyses are not shared.
  return p.stemmer.plain_function() == q.stemmer.plain_function() && static_cast<bool>(p.stemmer) == static_cast<bool>(q.stemmer) &&
         (!p.stemmer || p.stemmer.plain_function() != nullptr) && p.keep_whole_identifier == q.keep_whole_identifier &&
         p.cjk_bigrams == q.cjk_bigrams && p.min_token_chars == q.min_token_chars && p.stop_words == q.stop_words;
}

std::shared_ptr<const AnalyzedLexicon> analyse_lexicon(const Lexicon& lexicon, const AnalyzerOptions& options) {
  auto made = std::make_shared<AnalyzedLexicon>();
  made->lexicon = lexicon;
  made->options = options;
  const Analyzer analyzer(options);
  TermDictionary meaning_ids;  // ids in order of first use: index into made->meanings
  std::string key;
  // The built-in entries are read as the sorted views they are made from: building their map
  // would only cost more.
  const bool built_in = lexicon.same_entries(default_lexicon());
  const auto each = [&](auto&& visit) {
    if (built_in) {
      for (const auto& [word, meaning] : built_in_lexicon_entries()) visit(word, meaning);
    } else {
      for (const auto& [word, meaning] : made->lexicon) visit(std::string_view(word), std::string_view(meaning));
    }
  };
  std::vector<std::string> tokens;
  each([&](std::string_view word, std::string_view meaning) {
    tokens.clear();  // analyze_into appends
    analyzer.analyze_into(word, tokens);
    if (tokens.empty() || tokens.size() > kMaxPhraseTokens) return;
    key = tokens[0];
    for (size_t k = 1; k < tokens.size(); ++k) key.append(1, kPhraseGlue).append(tokens[k]);
    const auto meaning_of = [&](std::string_view text) {
      const uint32_t id = meaning_ids.intern(text);
      if (id == made->meanings.size()) made->meanings.push_back(analyzer.analyze(text));
      return id;
    };
    const uint32_t meaning_id = meaning_of(meaning);
    const std::vector<std::string>& meant = made->meanings[meaning_id];
    // A cognate ("profil" stems as "profile" does) would only give the English word synonyms.
    if (std::find(meant.begin(), meant.end(), key) != meant.end()) return;
    if (const uint32_t first = made->keys.find(key); first != TermDictionary::kNone) {
      // Two words, one key: Russian "задачи" (task) and "задачу" (task, issue) stem alike, and
      // Spanish "cerca de" (nearby) loses its "de" to the stop words and meets Italian "cerca"
      // (search). The key means both.
      AnalyzedLexicon::Entry& kept = made->entries[first];
      const std::vector<std::string>& had = made->meanings[kept.meaning_id];
      if (std::any_of(meant.begin(), meant.end(),
                      [&](const std::string& t) { return std::find(had.begin(), had.end(), t) == had.end(); })) {
        // (A meaning that already holds the kept one replaces it: "task todo" and "issue bug
        // task todo" make the second, not both in a row.)
        std::string both = meaning.find(kept.meaning) != std::string_view::npos
                               ? std::string(meaning)
                               : kept.meaning + ' ' + std::string(meaning);
        kept.meaning_id = meaning_of(both);
        kept.meaning = std::move(both);
      }
      return;
    }
    made->keys.intern(key);
    made->entries.push_back({word, std::string(meaning), meaning_id, is_language_word(word)});
  });
  finish(*made);
  return made;
}

std::shared_ptr<const AnalyzedLexicon> built_in_analysis_from_table() {
  Words words;
  append_built_in_words(words);
  if (words.size() != kWordCount || source_hash(words) != kSourceHash) return nullptr;
  auto made = std::make_shared<AnalyzedLexicon>();
  made->lexicon = default_lexicon();
  // Meaning ids in order of first use, as built_in_lexicon_analysis_source() numbers them.
  TermDictionary meaning_ids;
  std::string_view explicit_keys(kExplicitKeys, sizeof kExplicitKeys - 1);
  std::string_view joined(kJoinedMeanings, sizeof kJoinedMeanings - 1);
  size_t next_joined = 0;
  made->entries.reserve(kWordCount);
  std::string_view last_meaning;
  uint32_t last_id = 0;
  for (size_t i = 0; i < kWordCount; ++i) {
    const unsigned code = kKeyCodes[i];
    const unsigned length = code & kLengthBits;
    if (length == kNoEntry) continue;
    const auto& [word, source_meaning] = words[i];
    if (length == kExplicitKey) {
      made->keys.intern(next_line(explicit_keys));
    } else if (length == kBigramKey) {
      made->keys.intern(bigrams_of(word));
    } else {
      made->keys.intern(word.substr(0, word.size() - std::min<size_t>(word.size(), length - 1)));
    }
    const bool is_joined = next_joined < std::size(kJoinedEntries) - 1 && kJoinedEntries[next_joined] == made->entries.size();
    const std::string_view meaning = is_joined ? next_line(joined) : source_meaning;
    next_joined += is_joined;
    // A concept's words share one meaning text: only a new text is looked up.
    if (meaning.data() != last_meaning.data() || meaning.size() != last_meaning.size()) {
      last_meaning = meaning;
      last_id = meaning_ids.intern(meaning);
    }
    made->entries.push_back({word, std::string(meaning), last_id, (code & kLanguageWordBit) != 0});
  }
  const unsigned char* code = kMeaningCodes;
  std::string_view explicit_tokens(kExplicitTokens, sizeof kExplicitTokens - 1);
  for (uint32_t id = 0; id < meaning_ids.size(); ++id) {
    std::vector<std::string>& tokens = made->meanings.emplace_back();
    const auto add = [&](std::string_view token) {
      tokens.emplace_back(token);
      return false;
    };
    if (*code == kListedTokens) {
      ++code;
      any_piece_of(next_line(explicit_tokens), ' ', add);
    } else {
      any_piece_of(meaning_ids[id], ' ', [&](std::string_view word) {
        if (const unsigned length = *code++) add(word.substr(0, length));
        return false;
      });
    }
  }
  finish(*made);
  return made;
}

std::shared_ptr<const AnalyzedLexicon> analyzed_lexicon(const Lexicon& lexicon, const AnalyzerOptions& options) {
  if (lexicon.same_entries(default_lexicon()) && same_analysis(options, AnalyzerOptions())) {
    static const std::shared_ptr<const AnalyzedLexicon> table = built_in_analysis_from_table();
    if (table) return table;
  }
  thread_local std::shared_ptr<const AnalyzedLexicon> last;
  if (last && last->lexicon.same_entries(lexicon) && same_analysis(last->options, options)) return last;
  last = analyse_lexicon(lexicon, options);
  return last;
}

std::string built_in_lexicon_analysis_source() {
  const auto analysis = analyse_lexicon(default_lexicon(), AnalyzerOptions());
  Words words;
  append_built_in_words(words);
  // An entry's word is a view of the first place in the tables that holds it.
  std::unordered_map<const char*, uint32_t> entry_at;
  for (uint32_t e = 0; e < analysis->entries.size(); ++e) entry_at.emplace(analysis->entries[e].word.data(), e);
  TermDictionary meaning_ids;   // as built_in_analysis_from_table() numbers them
  std::vector<uint32_t> meanings;  // the analysis's meaning id of each
  std::string codes, explicit_keys, joined_entries, joined;
  size_t entries = 0;
  for (const auto& [word, meaning] : words) {
    const auto found = entry_at.find(word.data());
    if (found == entry_at.end()) {
      codes += "0,";
      continue;
    }
    const AnalyzedLexicon::Entry& e = analysis->entries[found->second];
    const std::string_view key = analysis->keys[found->second];
    entry_at.erase(found);  // a word twice in the tables makes one entry, at its first place
    unsigned code = e.language_word ? kLanguageWordBit : 0;
    if (key.size() <= word.size() && word.size() - key.size() + 1 < kBigramKey && word.substr(0, key.size()) == key) {
      code |= static_cast<unsigned>(word.size() - key.size() + 1);
    } else if (bigrams_of(word) == key) {
      code |= kBigramKey;
    } else {
      code |= kExplicitKey;
      explicit_keys.append(key).append(1, '\n');
    }
    codes += std::to_string(code) + ",";
    if (e.meaning != meaning) {
      joined_entries += std::to_string(entries) + ",";
      joined.append(e.meaning).append(1, '\n');
    }
    if (meaning_ids.intern(e.meaning) == meanings.size()) meanings.push_back(e.meaning_id);
    ++entries;
  }
  std::string meaning_codes, explicit_tokens;
  for (uint32_t id = 0; id < meanings.size(); ++id) {
    const std::vector<std::string>& tokens = analysis->meanings[meanings[id]];
    std::string codes;
    size_t next = 0;  // the token the next word may begin with
    any_piece_of(meaning_ids[id], ' ', [&](std::string_view word) {
      const bool begins = next < tokens.size() && !tokens[next].empty() && tokens[next].size() < kListedTokens &&
                          word.substr(0, tokens[next].size()) == tokens[next];
      codes += std::to_string(begins ? tokens[next++].size() : 0) + ",";
      return false;
    });
    if (next == tokens.size()) {
      meaning_codes += codes;
    } else {
      meaning_codes += std::to_string(kListedTokens) + ",";
      for (size_t t = 0; t < tokens.size(); ++t) explicit_tokens.append(t ? " " : "").append(tokens[t]);
      explicit_tokens.append(1, '\n');
    }
  }
  // C++ string literals: the text's bytes, quotes and backslashes escaped, a line a line.
  const auto literal = [](std::string_view text) {
    std::string out = "\"";
    for (char c : text) {
      if (c == '\n') {
        out += "\\n\"\n    \"";
      } else {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
      }
    }
    return out + "\"";
  };
  char hash[32];
  std::snprintf(hash, sizeof hash, "0x%016llxULL", static_cast<unsigned long long>(source_hash(words)));
  std::string out =
      "// Generated by tools/gen_lexicon_analysis (built_in_lexicon_analysis_source() in\n"
      "// core/src/lexicon_analysis.cpp) from the built-in lexicon and the default analyzer: do not\n"
      "// edit. The tests check it against the analyzer's own analysis.\n"
      "// clang-format off\n";
  out += "constexpr size_t kWordCount = " + std::to_string(words.size()) + ";\n";
  out += std::string("constexpr uint64_t kSourceHash = ") + hash + ";\n";
  out += "// One a word of the tables, in order: kLanguageWordBit, and kNoEntry, 1 + the bytes stemming\n"
         "// takes off, kBigramKey or kExplicitKey.\n";
  out += "constexpr unsigned char kKeyCodes[] = {" + codes + "};\n";
  out += "constexpr char kExplicitKeys[] =\n    " + literal(explicit_keys) + ";\n";
  out += "// The entries (their places among those the words make) whose meaning is two words' joined,\n"
         "// and those meanings; a last number past every entry ends the list.\n";
  out += "constexpr uint16_t kJoinedEntries[] = {" + joined_entries + "65535};\n";
  out += "constexpr char kJoinedMeanings[] =\n    " + literal(joined) + ";\n";
  out += "// The meanings, in order of first use: each word's code (its token's length, 0 for none),\n"
         "// or kListedTokens for a meaning whose tokens are the next line of kExplicitTokens.\n";
  out += "constexpr unsigned char kMeaningCodes[] = {" + meaning_codes + "0};\n";
  out += "constexpr char kExplicitTokens[] =\n    " + literal(explicit_tokens) + ";\n";
  out += "// clang-format on\n";
  return out;
}

std::string built_in_lexicon_analysis_mismatch() {
  const auto table = built_in_analysis_from_table();
  if (!table) return "the table was made from other words than the built-in tables hold";
  const auto made = analyse_lexicon(default_lexicon(), AnalyzerOptions());
  if (table->entries.size() != made->entries.size()) {
    return "entries: " + std::to_string(table->entries.size()) + " in the table, " + std::to_string(made->entries.size()) + " made";
  }
  for (uint32_t m = 0; m < made->entries.size(); ++m) {
    const std::string_view key = made->keys[m];
    const AnalyzedLexicon::Entry& e = made->entries[m];
    const uint32_t at = table->keys.find(key);
    if (at == TermDictionary::kNone) return "key \"" + std::string(key) + "\" (" + std::string(e.word) + ") is not in the table";
    const AnalyzedLexicon::Entry& t = table->entries[at];
    if (t.word != e.word || t.meaning != e.meaning || t.language_word != e.language_word ||
        table->meanings[t.meaning_id] != made->meanings[e.meaning_id]) {
      return "key \"" + std::string(key) + "\" differs: \"" + std::string(t.word) + "\" means \"" + t.meaning + "\" in the table, \"" +
             std::string(e.word) + "\" \"" + e.meaning + "\" made";
    }
  }
  for (size_t c = 0; c < 26; ++c) {
    if (table->typo_entries[c].size() != made->typo_entries[c].size()) return "typo candidates differ";
    for (size_t k = 0; k < table->typo_entries[c].size(); ++k) {
      if (table->keys[table->typo_entries[c][k]] != made->keys[made->typo_entries[c][k]]) return "typo candidates differ";
    }
  }
  if (table->longest_phrase != made->longest_phrase || table->phrase_heads.size() != made->phrase_heads.size()) {
    return "phrases differ";
  }
  return "";
}

}  // namespace toolsearch
