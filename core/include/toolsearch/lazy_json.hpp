// A JSON value kept as its canonical text (compact, keys sorted: json::dump, invalid UTF-8
// replaced) and parsed into a tree on first use. A tool's input schema and annotations are held
// this way: a snapshot holds the text, and loading 10,000 tools must not parse 10,000 schemas
// (3 MB took ~550 ms in wasm), when most are never validated against or described.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace toolsearch {

/// Either a tree (given by the host) or text (from a snapshot); each side is made from the
/// other once, when first asked for. Copies are deep. Not safe for concurrent first use from
/// several threads (an Engine is used from one thread at a time).
class LazyJson {
 public:
  /// An empty object.
  LazyJson() = default;
  LazyJson(nlohmann::json value) : tree_(std::move(value)), text_(), has_tree_(true), has_text_(false) {}  // NOLINT: implicit, like the json it replaces
  LazyJson& operator=(nlohmann::json value);

  /// Holds `canonical`, which must be what text() of a value would give (a snapshot's copy).
  /// Text that does not parse reads as an empty object.
  static LazyJson from_text(std::string canonical);

  /// The tree, parsed from the text when first needed.
  const nlohmann::json& get() const;
  operator const nlohmann::json&() const { return get(); }  // NOLINT: implicit, so json-taking code reads it
  const nlohmann::json& operator*() const { return get(); }
  const nlohmann::json* operator->() const { return &get(); }

  /// The canonical text (json::dump compact, invalid UTF-8 replaced by U+FFFD), made once.
  const std::string& text() const;

 private:
  // An empty object starts as its text, which costs no allocation: a snapshot load makes
  // 20,000 of these before giving each its own text.
  mutable nlohmann::json tree_;
  mutable std::string text_ = "{}";
  mutable bool has_tree_ = false;
  mutable bool has_text_ = true;
};

}  // namespace toolsearch
