#include "toolsearch/regex.hpp"

#include "toolsearch/tokenizer.hpp"
#include "toolsearch/utf8.hpp"
#include "toolsearch/sort_by.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

namespace toolsearch {
namespace {

constexpr char32_t kMaxCodePoint = 0x10FFFF;
constexpr char32_t kReplacement = 0xFFFD;
constexpr char32_t kNoChar = 0xFFFFFFFF;  // before the start or past the end of the text
constexpr uint32_t kNoNode = UINT32_MAX;

// ---------------------------------------------------------------------------------------------
// Code point sets

struct Range {
  char32_t lo;
  char32_t hi;
};
using Ranges = std::vector<Range>;

// Sorted and merged, so that lookup is a binary search.
Ranges normalized(Ranges r) {
  sort_by(r, [](const Range& a, const Range& b) { return a.lo < b.lo; });  // equal lo: merged alike
  Ranges out;
  for (const Range& x : r) {
    if (!out.empty() && x.lo <= out.back().hi + 1) {
      out.back().hi = std::max(out.back().hi, x.hi);
    } else {
      out.push_back(x);
    }
  }
  return out;
}

Ranges complement(const Ranges& normal) {
  Ranges out;
  char32_t next = 0;
  for (const Range& x : normal) {
    if (x.lo > next) out.push_back({next, x.lo - 1});
    next = x.hi + 1;
  }
  if (next <= kMaxCodePoint) out.push_back({next, kMaxCodePoint});
  return out;
}

bool contains(const Ranges& normal, char32_t c) {
  const auto it = std::upper_bound(normal.begin(), normal.end(), c,
                                   [](char32_t v, const Range& x) { return v < x.lo; });
  return it != normal.begin() && c <= std::prev(it)->hi;
}

Ranges digit_ranges() { return {{'0', '9'}}; }
Ranges word_ranges() { return {{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}}; }
Ranges space_ranges() {
  return {{0x09, 0x0D}, {0x20, 0x20},     {0xA0, 0xA0},     {0x1680, 0x1680}, {0x2000, 0x200A},
          {0x2028, 0x2029}, {0x202F, 0x202F}, {0x205F, 0x205F}, {0x3000, 0x3000}, {0xFEFF, 0xFEFF}};
}

bool is_word_char(char32_t c) {
  return c != kNoChar && ((c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_');
}

// Every code point that fold_char changes, with its folded form, sorted. fold_char only changes
// BMP code points (a test holds it to that), so scanning the BMP once is enough.
const std::vector<std::pair<char32_t, char32_t>>& fold_changes() {
  static const std::vector<std::pair<char32_t, char32_t>> table = [] {
    std::vector<std::pair<char32_t, char32_t>> t;
    for (char32_t c = 0; c <= 0xFFFF; ++c) {
      if (c >= 0xD800 && c <= 0xDFFF) continue;
      const char32_t f = fold_char(c);
      if (f != c) t.emplace_back(c, f);
    }
    return t;
  }();
  return table;
}

// {fold_char(x) : x in r}. The range itself stays in: folded forms are fixed points of
// fold_char, so the unfolded members never equal a folded code point and do no harm.
Ranges fold_image(const Ranges& r) {
  Ranges out = r;
  const auto& changes = fold_changes();
  for (const Range& x : r) {
    auto it = std::lower_bound(changes.begin(), changes.end(), x.lo,
                               [](const std::pair<char32_t, char32_t>& p, char32_t v) { return p.first < v; });
    for (; it != changes.end() && it->first <= x.hi; ++it) out.push_back({it->second, it->second});
  }
  return normalized(std::move(out));
}

// A class, `.` or a shorthand. Shorthands go to `exact` even when matching ignores case:
// folding \W would let it match "s" (the fold of U+017F long s, which is not a word char).
struct CodePointSet {
  Ranges exact;   ///< tested against the code point as it is
  Ranges folded;  ///< tested against its fold_char form (literals under case_insensitive)
  bool negated = false;

  bool matches(char32_t c, char32_t folded_c) const {
    return (contains(exact, c) || contains(folded, folded_c)) != negated;
  }
};

// ---------------------------------------------------------------------------------------------
// Syntax tree

enum class Kind : unsigned char {
  Empty, Char, Set, Begin, End, WordBoundary, NotWordBoundary, Concat, Alternate, Repeat,
};

struct Node {
  Kind kind = Kind::Empty;
  char32_t cp = 0;     ///< Char: the code point (folded when matching ignores case)
  uint32_t set = 0;    ///< Set: index into the set table
  uint32_t min = 0;    ///< Repeat
  uint32_t max = 0;    ///< Repeat, unless unbounded
  bool unbounded = false;
  std::vector<uint32_t> kids;
};

bool is_assertion(Kind k) {
  return k == Kind::Begin || k == Kind::End || k == Kind::WordBoundary || k == Kind::NotWordBoundary;
}

bool is_ascii_alnum(char32_t c) {
  return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

std::string describe(char32_t c) {
  std::string s;
  append_utf8(c, s);
  return "'" + s + "'";
}

// Recursive descent over code points. Recursion follows group nesting, which kMaxNesting
// bounds (wasm stacks are small); the text is never seen here.
class Parser {
 public:
  Parser(std::u32string_view cps, std::vector<size_t> offsets, bool fold, std::vector<Node>& nodes,
         std::vector<CodePointSet>& sets)
      : cps_(cps), offsets_(std::move(offsets)), fold_(fold), nodes_(nodes), sets_(sets) {}

  uint32_t parse() {
    const uint32_t root = alternation();
    if (root == kNoNode) return kNoNode;
    if (!at_end()) return fail(i_, "unbalanced ')'");  // the only thing that stops a top level
    return root;
  }
  const Status& error() const { return error_; }

 private:
  bool at_end(size_t k = 0) const { return i_ + k >= cps_.size(); }
  char32_t peek(size_t k = 0) const { return at_end(k) ? kNoChar : cps_[i_ + k]; }
  static bool is_quantifier(char32_t c) { return c == '*' || c == '+' || c == '?' || c == '{'; }

  uint32_t fail(size_t at, const std::string& problem, ErrorCode code = ErrorCode::InvalidArgument) {
    if (error_.ok()) error_ = Status::error(code, "regex: " + problem + " at byte " + std::to_string(offsets_[at]));
    return kNoNode;
  }

  uint32_t add(Node n) {
    nodes_.push_back(std::move(n));
    return static_cast<uint32_t>(nodes_.size() - 1);
  }
  uint32_t add_set(CodePointSet s) {
    sets_.push_back(std::move(s));
    Node n;
    n.kind = Kind::Set;
    n.set = static_cast<uint32_t>(sets_.size() - 1);
    return add(std::move(n));
  }
  uint32_t add_char(char32_t c) {
    Node n;
    n.kind = Kind::Char;
    n.cp = fold_ ? fold_char(c) : c;
    return add(std::move(n));
  }
  uint32_t add_kind(Kind k) {
    Node n;
    n.kind = k;
    return add(std::move(n));
  }

  uint32_t alternation() {
    std::vector<uint32_t> branches;
    for (;;) {
      const uint32_t b = concatenation();
      if (b == kNoNode) return kNoNode;
      branches.push_back(b);
      if (peek() != '|') break;
      ++i_;
    }
    if (branches.size() == 1) return branches[0];
    Node n;
    n.kind = Kind::Alternate;
    n.kids = std::move(branches);
    return add(std::move(n));
  }

  uint32_t concatenation() {
    std::vector<uint32_t> items;
    while (!at_end() && peek() != '|' && peek() != ')') {
      const uint32_t item = repetition();
      if (item == kNoNode) return kNoNode;
      items.push_back(item);
    }
    if (items.empty()) return add_kind(Kind::Empty);
    if (items.size() == 1) return items[0];
    Node n;
    n.kind = Kind::Concat;
    n.kids = std::move(items);
    return add(std::move(n));
  }

  uint32_t repetition() {
    if (is_quantifier(peek())) return fail(i_, "nothing to repeat before " + describe(peek()));
    const bool group = peek() == '(';
    const uint32_t atom_node = atom();
    if (atom_node == kNoNode || !is_quantifier(peek())) return atom_node;
    // A bare "^*" is surely a mistake; "(^|a)*" and even "($){2}" are valid and harmless.
    if (!group && is_assertion(nodes_[atom_node].kind)) return fail(i_, "an anchor or \\b cannot be repeated");

    Node n;
    n.kind = Kind::Repeat;
    n.kids = {atom_node};
    const char32_t q = peek();
    const size_t q_at = i_;
    ++i_;
    if (q == '*') {
      n.unbounded = true;
    } else if (q == '+') {
      n.min = 1;
      n.unbounded = true;
    } else if (q == '?') {
      n.max = 1;
    } else if (!counted(q_at, n)) {
      return kNoNode;
    }
    if (peek() == '?') ++i_;  // lazy: the same answer to "is there a match?"
    if (is_quantifier(peek())) return fail(i_, "nothing to repeat before " + describe(peek()));
    return add(std::move(n));
  }

  // After '{': "m}", "m,}" or "m,n}".
  bool counted(size_t open_at, Node& n) {
    const char* malformed = "malformed repetition count (expected {m}, {m,} or {m,n})";
    uint32_t min = 0;
    uint32_t max = 0;
    bool ok = number(min);
    max = min;
    if (ok && peek() == ',') {
      ++i_;
      if (peek() == '}') {
        n.unbounded = true;
      } else {
        ok = number(max);
      }
    }
    if (!ok || peek() != '}') {
      fail(open_at, malformed);
      return false;
    }
    ++i_;
    if (min > Regex::kMaxRepeat || (!n.unbounded && max > Regex::kMaxRepeat)) {
      fail(open_at, "repetition count above " + std::to_string(Regex::kMaxRepeat), ErrorCode::TooLarge);
      return false;
    }
    if (!n.unbounded && max < min) {
      fail(open_at, "repetition count {m,n} with n < m");
      return false;
    }
    n.min = min;
    n.max = max;
    return true;
  }

  bool number(uint32_t& out) {
    if (!(peek() >= '0' && peek() <= '9')) return false;
    uint32_t v = 0;
    while (peek() >= '0' && peek() <= '9') {
      v = std::min<uint32_t>(v * 10 + (peek() - '0'), 1000000);  // saturate: reported as too big
      ++i_;
    }
    out = v;
    return true;
  }

  uint32_t atom() {
    const char32_t c = peek();
    switch (c) {
      case '(': return group();
      case '[': return bracket_class();
      case '^': ++i_; return add_kind(Kind::Begin);
      case '$': ++i_; return add_kind(Kind::End);
      case '.': {
        ++i_;
        CodePointSet any;
        any.exact = {{'\n', '\n'}};
        any.negated = true;
        return add_set(std::move(any));
      }
      case '\\': return escape();
      default: break;
    }
    ++i_;
    return add_char(c);
  }

  uint32_t group() {
    const size_t open_at = i_;
    if (depth_ == Regex::kMaxNesting) {
      return fail(open_at, "groups nest deeper than " + std::to_string(Regex::kMaxNesting), ErrorCode::TooLarge);
    }
    ++i_;
    if (peek() == '?') {
      const char32_t kind = peek(1);
      if (kind == ':') {
        i_ += 2;
      } else if (kind == '=' || kind == '!') {
        return fail(open_at, "lookahead (?= or (?! is not supported");
      } else if (kind == '<' && (peek(2) == '=' || peek(2) == '!')) {
        return fail(open_at, "lookbehind (?<= or (?<! is not supported");
      } else {
        return fail(open_at, "unsupported group syntax '(?' (only (?: is supported)");
      }
    }
    ++depth_;
    const uint32_t inner = alternation();
    --depth_;
    if (inner == kNoNode) return kNoNode;
    if (peek() != ')') return fail(open_at, "missing ')' for the group opened");
    ++i_;
    return inner;
  }

  // A shorthand's ranges, when `e` (the letter after '\') names one.
  static bool shorthand(char32_t e, Ranges& out) {
    switch (e) {
      case 'd': out = digit_ranges(); return true;
      case 'w': out = word_ranges(); return true;
      case 's': out = normalized(space_ranges()); return true;
      case 'D': out = complement(digit_ranges()); return true;
      case 'W': out = complement(word_ranges()); return true;
      case 'S': out = complement(normalized(space_ranges())); return true;
      default: return false;
    }
  }

  static bool control_escape(char32_t e, char32_t& out) {
    switch (e) {
      case 't': out = '\t'; return true;
      case 'n': out = '\n'; return true;
      case 'r': out = '\r'; return true;
      case 'f': out = '\f'; return true;
      case 'v': out = '\v'; return true;
      default: return false;
    }
  }

  // Letters and digits are reserved for escapes with a meaning; everything else escapes itself.
  uint32_t unsupported_escape(size_t at, char32_t e) {
    if ((e >= '1' && e <= '9') || e == 'k') return fail(at, "backreferences are not supported");
    return fail(at, "unsupported escape \\" + std::string(1, static_cast<char>(e)));
  }

  uint32_t escape() {
    const size_t at = i_;
    ++i_;
    if (at_end()) return fail(at, "the pattern ends with a lone backslash");
    const char32_t e = peek();
    ++i_;
    Ranges ranges;
    char32_t c = 0;
    if (shorthand(e, ranges)) {
      CodePointSet s;
      s.exact = std::move(ranges);
      return add_set(std::move(s));
    }
    if (e == 'b') return add_kind(Kind::WordBoundary);
    if (e == 'B') return add_kind(Kind::NotWordBoundary);
    if (control_escape(e, c)) return add_char(c);
    if (is_ascii_alnum(e)) return unsupported_escape(at, e);
    return add_char(e);
  }

  // One member of a bracket class: a code point, or (is_set) a shorthand's ranges.
  struct ClassAtom {
    char32_t cp = 0;
    bool is_set = false;
    Ranges ranges;
  };

  bool class_atom(ClassAtom& out) {
    const size_t at = i_;
    const char32_t c = peek();
    ++i_;
    if (c != '\\') {
      out.cp = c;
      return true;
    }
    if (at_end()) {
      fail(at, "the pattern ends with a lone backslash");
      return false;
    }
    const char32_t e = peek();
    ++i_;
    if (shorthand(e, out.ranges)) {
      out.is_set = true;
      return true;
    }
    if (control_escape(e, out.cp)) return true;
    if (e == 'b') {
      fail(at, "\\b is not allowed in a class");
      return false;
    }
    if (is_ascii_alnum(e)) {
      unsupported_escape(at, e);
      return false;
    }
    out.cp = e;
    return true;
  }

  uint32_t bracket_class() {
    const size_t open_at = i_;
    ++i_;
    CodePointSet set;
    if (peek() == '^') {
      set.negated = true;
      ++i_;
    }
    if (peek() == ']') return fail(open_at, "empty class [] or [^] (write \\] for a literal ])");
    Ranges literal;
    Ranges exact;
    for (;;) {
      if (at_end()) return fail(open_at, "unterminated character class opened");
      if (peek() == ']') {
        ++i_;
        break;
      }
      if (peek() == '[' && peek(1) == ':') return fail(i_, "POSIX classes like [:alpha:] are not supported");
      ClassAtom lo;
      if (!class_atom(lo)) return kNoNode;
      const bool range = peek() == '-' && !at_end(1) && peek(1) != ']';
      if (lo.is_set) {
        if (range) return fail(i_, "a shorthand like \\d cannot bound a range");
        exact.insert(exact.end(), lo.ranges.begin(), lo.ranges.end());
        continue;
      }
      if (!range) {
        literal.push_back({lo.cp, lo.cp});
        continue;
      }
      const size_t dash_at = i_;
      ++i_;
      ClassAtom hi;
      if (!class_atom(hi)) return kNoNode;
      if (hi.is_set) return fail(dash_at, "a shorthand like \\d cannot bound a range");
      if (hi.cp < lo.cp) return fail(dash_at, "range out of order");
      literal.push_back({lo.cp, hi.cp});
    }
    if (fold_) {
      set.folded = fold_image(normalized(std::move(literal)));
    } else {
      exact.insert(exact.end(), literal.begin(), literal.end());
    }
    set.exact = normalized(std::move(exact));
    return add_set(std::move(set));
  }

  std::u32string_view cps_;
  std::vector<size_t> offsets_;  ///< byte offset of each code point, plus the pattern's end
  bool fold_;
  std::vector<Node>& nodes_;
  std::vector<CodePointSet>& sets_;
  size_t i_ = 0;
  size_t depth_ = 0;  ///< groups open around the current position
  Status error_;
};

// ---------------------------------------------------------------------------------------------
// Program

enum class Op : unsigned char {
  Char,             ///< consume x (compared with the folded code point when ignoring case)
  Set,              ///< consume a member of sets[x]
  Split,            ///< continue at x and at y
  Jump,             ///< continue at x
  Begin,            ///< only at the start of the text
  End,              ///< only at the end of the text
  WordBoundary,     ///< \b
  NotWordBoundary,  ///< \B
  Match,
};

struct Inst {
  Op op;
  uint32_t x = 0;
  uint32_t y = 0;
};

}  // namespace

struct Regex::Program {
  std::string pattern;
  RegexOptions options;
  std::vector<Inst> code;
  std::vector<CodePointSet> sets;
  bool anchored = false;  ///< every match starts at the beginning of the text
};

namespace {

// Instructions `node` compiles to, saturated just above the limit so that nested counted
// repetition cannot overflow the arithmetic.
uint64_t compiled_size(const std::vector<Node>& nodes, uint32_t index) {
  constexpr uint64_t kCap = Regex::kMaxProgram + 1;
  const Node& n = nodes[index];
  uint64_t total = 0;
  switch (n.kind) {
    case Kind::Empty: return 0;
    case Kind::Concat:
      for (uint32_t k : n.kids) total += compiled_size(nodes, k);
      return std::min(total, kCap);
    case Kind::Alternate:
      for (uint32_t k : n.kids) total += compiled_size(nodes, k);
      return std::min(total + 2 * (n.kids.size() - 1), kCap);
    case Kind::Repeat: {
      const uint64_t e = compiled_size(nodes, n.kids[0]);
      if (e == 0) return 0;
      if (n.unbounded) return std::min(n.min == 0 ? e + 2 : n.min * e + 1, kCap);
      return std::min(n.min * e + (uint64_t{n.max} - n.min) * (e + 1), kCap);
    }
    default: return 1;
  }
}

class Emitter {
 public:
  explicit Emitter(const std::vector<Node>& nodes) : nodes_(nodes) {}

  void emit(uint32_t index) {
    const Node& n = nodes_[index];
    switch (n.kind) {
      case Kind::Empty: return;
      case Kind::Char: push(Op::Char, n.cp); return;
      case Kind::Set: push(Op::Set, n.set); return;
      case Kind::Begin: push(Op::Begin); return;
      case Kind::End: push(Op::End); return;
      case Kind::WordBoundary: push(Op::WordBoundary); return;
      case Kind::NotWordBoundary: push(Op::NotWordBoundary); return;
      case Kind::Concat:
        for (uint32_t k : n.kids) emit(k);
        return;
      case Kind::Alternate: alternate(n); return;
      case Kind::Repeat: repeat(n); return;
    }
  }

  std::vector<Inst> take() { return std::move(code_); }

 private:
  uint32_t pc() const { return static_cast<uint32_t>(code_.size()); }
  uint32_t push(Op op, uint32_t x = 0, uint32_t y = 0) {
    code_.push_back(Inst{op, x, y});
    return pc() - 1;
  }

  // split L1, L2 / L1: a / jump end / L2: split ... / last branch / end:
  void alternate(const Node& n) {
    std::vector<uint32_t> jumps;
    for (size_t k = 0; k + 1 < n.kids.size(); ++k) {
      const uint32_t split = push(Op::Split, pc() + 1);
      emit(n.kids[k]);
      jumps.push_back(push(Op::Jump));
      code_[split].y = pc();
    }
    emit(n.kids.back());
    for (uint32_t j : jumps) code_[j].x = pc();
  }

  // e{m,n} is m copies of e then n-m copies of e?; e{m,} ends in e* (or e+ when m > 0).
  void repeat(const Node& n) {
    const uint32_t kid = n.kids[0];
    if (compiled_size(nodes_, kid) == 0) return;  // repeating the empty string is the empty string
    if (n.unbounded && n.min == 0) {
      const uint32_t loop = push(Op::Split, pc() + 1);
      emit(kid);
      push(Op::Jump, loop);
      code_[loop].y = pc();
      return;
    }
    if (n.unbounded) {
      for (uint32_t k = 1; k < n.min; ++k) emit(kid);
      const uint32_t body = pc();
      emit(kid);
      push(Op::Split, body, pc() + 1);
      return;
    }
    for (uint32_t k = 0; k < n.min; ++k) emit(kid);
    for (uint32_t k = n.min; k < n.max; ++k) {
      const uint32_t split = push(Op::Split, pc() + 1);
      emit(kid);
      code_[split].y = pc();
    }
  }

  const std::vector<Node>& nodes_;
  std::vector<Inst> code_;
};

bool starts_with_begin(const std::vector<Node>& nodes, uint32_t root) {
  const Node& n = nodes[root];
  if (n.kind == Kind::Begin) return true;
  return n.kind == Kind::Concat && nodes[n.kids[0]].kind == Kind::Begin;
}

// ---------------------------------------------------------------------------------------------
// Simulation

// One code point of `text` at `pos` and its length. Same rules as decode_utf8, one code point at
// a time so that matching needs no copy of the text: a byte that does not start a well-formed
// sequence reads as U+FFFD and is consumed alone.
char32_t decode_at(std::string_view text, size_t pos, size_t& len) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[pos + k]); };
  const unsigned char b0 = byte(0);
  len = 1;
  if (b0 < 0x80) return b0;
  size_t need = 0;
  unsigned char lo = 0x80;
  unsigned char hi = 0xBF;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    need = 1;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    need = 2;
    if (b0 == 0xE0) lo = 0xA0;  // overlong
    if (b0 == 0xED) hi = 0x9F;  // surrogates
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    need = 3;
    if (b0 == 0xF0) lo = 0x90;  // overlong
    if (b0 == 0xF4) hi = 0x8F;  // above U+10FFFF
  } else {
    return kReplacement;
  }
  if (text.size() - pos <= need) return kReplacement;  // truncated
  if (byte(1) < lo || byte(1) > hi) return kReplacement;
  for (size_t k = 2; k <= need; ++k) {
    if ((byte(k) & 0xC0) != 0x80) return kReplacement;
  }
  char32_t cp = b0 & (0x7F >> (need + 1));
  for (size_t k = 1; k <= need; ++k) cp = (cp << 6) | (byte(k) & 0x3F);
  len = need + 1;
  return cp;
}

// The code points on either side of a position, for ^, $ and \b.
struct Position {
  char32_t before;
  char32_t after;
};

// The state-set simulation. The hot loop works on plain arrays and makes one call per code
// point: the wasm build is compiled for size (-Oz), which inlines little.
class Simulation {
 public:
  explicit Simulation(const Regex::Program& p) : p_(p), n_(p.code.size()), storage_(6 * n_ + 1) {
    // Two sparse sets (dense + sparse arrays each) and the closure stack. Every state is
    // inserted once per step and pushes at most two successors, so 2n + 1 bounds the stack.
    sets_[0] = Set{&storage_[0], &storage_[n_]};
    sets_[1] = Set{&storage_[2 * n_], &storage_[3 * n_]};
    stack_ = &storage_[4 * n_];
  }

  // One step: the states of `current` that accept `c` (plus a fresh start when `restart`)
  // and everything reachable from them before the next code point, into the other set.
  // Returns true when Match is reached. Pass kNoChar as `c` for the initial closure.
  bool step(char32_t c, bool restart, Position at) {
    Set& from = sets_[current_];
    Set& to = sets_[current_ ^ 1];
    uint32_t top = 0;
    if (c != kNoChar) {
      const bool fold = p_.options.case_insensitive;
      const char32_t folded = fold ? fold_char(c) : c;
      const char32_t key = fold ? folded : c;
      for (uint32_t i = 0; i < from.size; ++i) {
        const uint32_t pc = from.dense[i];
        const Inst& inst = p_.code[pc];
        if ((inst.op == Op::Char && inst.x == key) ||
            (inst.op == Op::Set && p_.sets[inst.x].matches(c, folded))) {
          stack_[top++] = pc + 1;
        }
      }
    }
    if (restart) stack_[top++] = 0;
    // The order of the states does not matter: only membership is asked of the set.
    to.size = 0;
    bool matched = false;
    while (top > 0) {
      const uint32_t pc = stack_[--top];
      const uint32_t slot = to.sparse[pc];
      if (slot < to.size && to.dense[slot] == pc) continue;
      to.sparse[pc] = to.size;
      to.dense[to.size++] = pc;
      const Inst& inst = p_.code[pc];
      switch (inst.op) {
        case Op::Jump: stack_[top++] = inst.x; break;
        case Op::Split:
          stack_[top++] = inst.y;
          stack_[top++] = inst.x;
          break;
        case Op::Begin:
          if (at.before == kNoChar) stack_[top++] = pc + 1;
          break;
        case Op::End:
          if (at.after == kNoChar) stack_[top++] = pc + 1;
          break;
        case Op::WordBoundary:
          if (is_word_char(at.before) != is_word_char(at.after)) stack_[top++] = pc + 1;
          break;
        case Op::NotWordBoundary:
          if (is_word_char(at.before) == is_word_char(at.after)) stack_[top++] = pc + 1;
          break;
        case Op::Match: matched = true; break;
        case Op::Char:
        case Op::Set: break;  // waits for the next code point
      }
    }
    current_ ^= 1;
    return matched;
  }

  bool dead() const { return sets_[current_].size == 0; }

 private:
  // A sparse set of program counters: O(1) insert, membership and clear.
  struct Set {
    uint32_t* dense = nullptr;
    uint32_t* sparse = nullptr;
    uint32_t size = 0;
  };

  const Regex::Program& p_;
  size_t n_;
  std::vector<uint32_t> storage_;
  Set sets_[2];
  uint32_t* stack_ = nullptr;
  int current_ = 0;
};

}  // namespace

Result<Regex> Regex::compile(std::string_view pattern, RegexOptions options) {
  if (pattern.size() > kMaxPatternBytes) {
    return Status::error(ErrorCode::TooLarge, "regex: the pattern is " + std::to_string(pattern.size()) +
                                                  " bytes; the limit is " + std::to_string(kMaxPatternBytes));
  }
  if (const size_t bad = first_invalid_utf8(pattern); bad != std::string_view::npos) {
    return Status::error(ErrorCode::InvalidArgument, "regex: invalid UTF-8 at byte " + std::to_string(bad));
  }
  const std::u32string cps = decode_utf8(pattern).text;
  std::vector<size_t> offsets;
  offsets.reserve(cps.size() + 1);
  size_t offset = 0;
  for (char32_t c : cps) {
    offsets.push_back(offset);
    offset += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  offsets.push_back(offset);

  Program program;
  program.pattern = std::string(pattern);
  program.options = options;
  std::vector<Node> nodes;
  Parser parser(cps, std::move(offsets), options.case_insensitive, nodes, program.sets);
  const uint32_t root = parser.parse();
  if (root == kNoNode) return parser.error();

  const uint64_t size = compiled_size(nodes, root) + 1;  // + Match
  if (size > kMaxProgram) {
    return Status::error(ErrorCode::TooLarge,
                         "regex: the pattern expands to more than " + std::to_string(kMaxProgram) +
                             " instructions (counted repetition copies what it repeats)");
  }
  Emitter emitter(nodes);
  emitter.emit(root);
  program.code = emitter.take();
  program.code.push_back(Inst{Op::Match});
  program.anchored = starts_with_begin(nodes, root);
  return Regex(std::make_shared<const Program>(std::move(program)));
}

bool Regex::run(std::string_view text, bool whole) const {
  const Program& p = *program_;
  // An unanchored search starts a new attempt at every position; the state set keeps the
  // attempts merged, which is what keeps the cost linear.
  const bool unanchored = !whole && !p.anchored;
  Simulation sim(p);
  const auto decode = [&text](size_t pos, size_t& len) -> char32_t {
    if (pos >= text.size()) return kNoChar;
    const auto b = static_cast<unsigned char>(text[pos]);
    if (b < 0x80) {
      len = 1;
      return b;
    }
    return decode_at(text, pos, len);
  };

  size_t pos = 0;
  size_t len = 0;
  char32_t c = decode(0, len);
  bool matched = sim.step(kNoChar, true, Position{kNoChar, c});
  while (c != kNoChar) {
    if (matched && !whole) return true;
    if (!unanchored && sim.dead()) return false;
    const size_t next_pos = pos + len;
    size_t next_len = 0;
    const char32_t after = decode(next_pos, next_len);
    matched = sim.step(c, unanchored, Position{c, after});
    pos = next_pos;
    len = next_len;
    c = after;
  }
  return matched;
}

bool Regex::search(std::string_view text) const { return run(text, false); }
bool Regex::full_match(std::string_view text) const { return run(text, true); }
const std::string& Regex::pattern() const { return program_->pattern; }
const RegexOptions& Regex::options() const { return program_->options; }
size_t Regex::program_size() const { return program_->code.size(); }

}  // namespace toolsearch
