#include "toolsearch/stemmer.hpp"

#include <algorithm>
#include <cstddef>

namespace toolsearch {
namespace {

// The algorithm marks a consonant-y as 'Y' so that it stops counting as a vowel; 'Y' is
// therefore neither a vowel nor one of the "non-vowel other than w, x or Y".
bool is_vowel(char c) {
  return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u' || c == 'y';
}

bool is_double(std::string_view s) {
  static constexpr std::string_view kDoubles[] = {"bb", "dd", "ff", "gg", "mm", "nn", "pp", "rr", "tt"};
  return std::find(std::begin(kDoubles), std::end(kDoubles), s) != std::end(kDoubles);
}

bool is_li_ending(char c) { return std::string_view("cdeghkmnrt").find(c) != std::string_view::npos; }

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

struct Rule {
  std::string_view from;  // a suffix, or a whole word for the word lists
  std::string_view to;
};

// The word being stemmed, with its regions. p1/p2 are computed once, on the word after the
// prelude, exactly as the algorithm does; later steps compare suffix starts against them.
class Word {
 public:
  explicit Word(std::string_view token) : s_(token) {}

  std::string& text() { return s_; }
  size_t size() const { return s_.size(); }
  bool ends_with(std::string_view suffix) const { return toolsearch::ends_with(s_, suffix); }
  /// Start of `suffix` at the end of the word (the caller checked that it ends with it).
  size_t start_of(std::string_view suffix) const { return s_.size() - suffix.size(); }
  bool in_r1(size_t pos) const { return pos >= p1_; }
  bool in_r2(size_t pos) const { return pos >= p2_; }
  bool r1_empty() const { return p1_ >= s_.size(); }
  void replace_tail(size_t pos, std::string_view with) {
    s_.resize(pos);
    s_.append(with);
  }

  // Y marking: an initial y, and a y after a vowel, are consonants. Scanning left to right
  // with the marks already made is what makes "ayyy" -> "aYyY".
  void mark_y() {
    for (size_t i = 0; i < s_.size(); ++i) {
      if (s_[i] == 'y' && (i == 0 || is_vowel(s_[i - 1]))) s_[i] = 'Y';
    }
  }
  void unmark_y() { std::replace(s_.begin(), s_.end(), 'Y', 'y'); }

  void mark_regions() {
    // These prefixes would otherwise put R1 too early ("generous" vs "gener-ate").
    static constexpr std::string_view kPrefixes[] = {"gener", "commun", "arsen"};
    const auto* prefix = std::find_if(std::begin(kPrefixes), std::end(kPrefixes),
                                      [&](std::string_view p) { return s_.compare(0, p.size(), p) == 0; });
    p1_ = prefix != std::end(kPrefixes) ? prefix->size() : region_after(0);
    p2_ = region_after(p1_);
  }

  /// True when the word, cut at `end`, ends in a short syllable: non-vowel (not w, x, Y),
  /// vowel, non-vowel; or, for a two-letter start, vowel then non-vowel.
  bool short_syllable_before(size_t end) const {
    if (end >= 3) {
      const char c = s_[end - 1];
      return !is_vowel(c) && c != 'w' && c != 'x' && c != 'Y' && is_vowel(s_[end - 2]) &&
             !is_vowel(s_[end - 3]);
    }
    return end == 2 && is_vowel(s_[0]) && !is_vowel(s_[1]);
  }
  bool is_short() const { return r1_empty() && short_syllable_before(s_.size()); }

  bool has_vowel_before(size_t end) const {
    return std::any_of(s_.begin(), s_.begin() + static_cast<std::ptrdiff_t>(end), is_vowel);
  }

  /// The longest rule whose suffix ends the word, or nullptr.
  template <size_t N>
  const Rule* longest(const Rule (&rules)[N]) const {
    const Rule* best = nullptr;
    for (const Rule& r : rules) {
      if (ends_with(r.from) && (!best || r.from.size() > best->from.size())) best = &r;
    }
    return best;
  }

 private:
  // The position after the first non-vowel that follows a vowel, searching from `from`.
  size_t region_after(size_t from) const {
    size_t i = from;
    while (i < s_.size() && !is_vowel(s_[i])) ++i;
    while (i < s_.size() && is_vowel(s_[i])) ++i;
    return i < s_.size() ? i + 1 : s_.size();
  }

  std::string s_;
  size_t p1_ = 0;
  size_t p2_ = 0;
};

// Whole words with a fixed stem (or none), checked before anything else.
constexpr Rule kSpecialWords[] = {
    {"skis", "ski"},     {"skies", "sky"},   {"dying", "die"},   {"lying", "lie"},
    {"tying", "tie"},    {"idly", "idl"},    {"gently", "gentl"}, {"ugly", "ugli"},
    {"early", "earli"},  {"only", "onli"},   {"singly", "singl"}, {"sky", "sky"},
    {"news", "news"},    {"howe", "howe"},   {"atlas", "atlas"}, {"cosmos", "cosmos"},
    {"bias", "bias"},    {"andes", "andes"},
};

// Whole words left as they are once step 1a has run ("inning" is not "inn" + "ing").
constexpr std::string_view kInvariantAfter1a[] = {"inning", "outing", "canning", "herring",
                                                  "earring", "proceed", "exceed", "succeed"};

void step0(Word& w) {
  static constexpr Rule kRules[] = {{"'s'", ""}, {"'s", ""}, {"'", ""}};
  if (const Rule* r = w.longest(kRules)) w.replace_tail(w.start_of(r->from), "");
}

void step1a(Word& w) {
  static constexpr Rule kRules[] = {{"sses", ""}, {"ied", ""}, {"ies", ""},
                                          {"us", ""},   {"ss", ""},  {"s", ""}};
  const Rule* r = w.longest(kRules);
  if (!r) return;
  const size_t pos = w.start_of(r->from);
  if (r->from == "sses") {
    w.replace_tail(pos, "ss");
  } else if (r->from == "ied" || r->from == "ies") {
    w.replace_tail(pos, pos > 1 ? "i" : "ie");  // "cries" -> "cri" but "ties" -> "tie"
  } else if (r->from == "s") {
    // Only when a vowel comes before the letter preceding the s: "gaps" -> "gap", "gas" stays.
    if (pos >= 1 && w.has_vowel_before(pos - 1)) w.replace_tail(pos, "");
  }  // "us" and "ss" stay
}

void step1b(Word& w) {
  static constexpr Rule kRules[] = {{"eedly", ""}, {"eed", ""},   {"ingly", ""},
                                          {"edly", ""},  {"ing", ""},   {"ed", ""}};
  const Rule* r = w.longest(kRules);
  if (!r) return;
  const size_t pos = w.start_of(r->from);
  if (r->from == "eed" || r->from == "eedly") {
    if (w.in_r1(pos)) w.replace_tail(pos, "ee");
    return;
  }
  if (!w.has_vowel_before(pos)) return;
  w.replace_tail(pos, "");
  if (w.ends_with("at") || w.ends_with("bl") || w.ends_with("iz")) {
    w.text() += 'e';  // "luxuriat" -> "luxuriate"
  } else if (w.size() >= 2 && is_double(std::string_view(w.text()).substr(w.size() - 2))) {
    w.text().pop_back();  // "hopp" -> "hop"
  } else if (w.is_short()) {
    w.text() += 'e';  // "hop" -> "hope"
  }
}

void step1c(Word& w) {
  std::string& s = w.text();
  const size_t n = s.size();
  // A final y after a consonant that is not the first letter: "cry" -> "cri", "by" stays.
  if (n >= 3 && (s[n - 1] == 'y' || s[n - 1] == 'Y') && !is_vowel(s[n - 2])) s[n - 1] = 'i';
}

void step2(Word& w) {
  static constexpr Rule kRules[] = {
      {"tional", "tion"}, {"enci", "ence"},    {"anci", "ance"},    {"abli", "able"},
      {"entli", "ent"},   {"izer", "ize"},     {"ization", "ize"},  {"ational", "ate"},
      {"ation", "ate"},   {"ator", "ate"},     {"alism", "al"},     {"aliti", "al"},
      {"alli", "al"},     {"fulness", "ful"},  {"ousli", "ous"},    {"ousness", "ous"},
      {"iveness", "ive"}, {"iviti", "ive"},    {"biliti", "ble"},   {"bli", "ble"},
      {"ogi", "og"},      {"fulli", "ful"},    {"lessli", "less"},  {"li", ""},
  };
  const Rule* r = w.longest(kRules);
  if (!r) return;
  const size_t pos = w.start_of(r->from);
  // Only the longest suffix is considered: if it fails its condition, the step does nothing.
  if (!w.in_r1(pos)) return;
  if (r->from == "ogi" && (pos == 0 || w.text()[pos - 1] != 'l')) return;
  if (r->from == "li" && (pos == 0 || !is_li_ending(w.text()[pos - 1]))) return;
  w.replace_tail(pos, r->to);
}

void step3(Word& w) {
  static constexpr Rule kRules[] = {
      {"tional", "tion"}, {"ational", "ate"}, {"alize", "al"}, {"icate", "ic"}, {"iciti", "ic"},
      {"ical", "ic"},     {"ful", ""},        {"ness", ""},    {"ative", ""},
  };
  const Rule* r = w.longest(kRules);
  if (!r) return;
  const size_t pos = w.start_of(r->from);
  if (!w.in_r1(pos)) return;
  if (r->from == "ative" && !w.in_r2(pos)) return;
  w.replace_tail(pos, r->to);
}

void step4(Word& w) {
  static constexpr Rule kRules[] = {
      {"al", ""},   {"ance", ""}, {"ence", ""}, {"er", ""},  {"ic", ""},  {"able", ""},
      {"ible", ""}, {"ant", ""},  {"ement", ""}, {"ment", ""}, {"ent", ""}, {"ism", ""},
      {"ate", ""},  {"iti", ""},  {"ous", ""},  {"ive", ""}, {"ize", ""}, {"ion", ""},
  };
  const Rule* r = w.longest(kRules);
  if (!r) return;
  const size_t pos = w.start_of(r->from);
  if (!w.in_r2(pos)) return;
  if (r->from == "ion" && (pos == 0 || (w.text()[pos - 1] != 's' && w.text()[pos - 1] != 't'))) return;
  w.replace_tail(pos, "");
}

void step5(Word& w) {
  const size_t n = w.size();
  if (n == 0) return;
  const size_t pos = n - 1;
  const char last = w.text()[pos];
  if (last == 'e') {
    if (w.in_r2(pos) || (w.in_r1(pos) && !w.short_syllable_before(pos))) w.replace_tail(pos, "");
  } else if (last == 'l') {
    if (w.in_r2(pos) && pos > 0 && w.text()[pos - 1] == 'l') w.replace_tail(pos, "");
  }
}

bool stemmable(std::string_view token) {
  return std::all_of(token.begin(), token.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '\'';
  });
}

}  // namespace

std::string english_stem(std::string_view folded_token) {
  if (folded_token.size() <= 2 || !stemmable(folded_token)) return std::string(folded_token);
  for (const Rule& special : kSpecialWords) {
    if (folded_token == special.from) return std::string(special.to);
  }

  Word w(folded_token.front() == '\'' ? folded_token.substr(1) : folded_token);
  w.mark_y();
  w.mark_regions();
  step0(w);
  step1a(w);
  const bool invariant = std::find(std::begin(kInvariantAfter1a), std::end(kInvariantAfter1a),
                                   std::string_view(w.text())) != std::end(kInvariantAfter1a);
  if (!invariant) {
    step1b(w);
    step1c(w);
    step2(w);
    step3(w);
    step4(w);
    step5(w);
  }
  w.unmark_y();
  return std::move(w.text());
}

}  // namespace toolsearch
