// A JSON value kept as its canonical text (compact, keys sorted, invalid UTF-8 replaced: what
// json_text() writes) and parsed into a tree on first use. A tool's input schema and
// annotations are held this way: a snapshot holds the text, and loading 10,000 tools must not
// parse 10,000 schemas (3 MB took ~550 ms in wasm), when most are never validated against or
// described.
#pragma once

#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <string_view>

namespace toolsearch {

/// Either a tree (given by the host) or text (from a snapshot); each side is made from the
/// other once, when first asked for. Copies are deep, except that text shared by a snapshot's
/// tools stays shared. Not safe for concurrent first use from several threads (an Engine is
/// used from one thread at a time).
class LazyJson {
 public:
  /// An empty object.
  LazyJson() = default;
  LazyJson(nlohmann::json value) : tree_(std::move(value)), text_(), has_tree_(true), has_text_(false) {}  // NOLINT: implicit, like the json it replaces
  LazyJson& operator=(nlohmann::json value);

  /// Becomes text that `owner` keeps alive (one buffer for the schemas of a whole snapshot,
  /// instead of an allocation per tool). It must be what text() of an object would give; text
  /// that does not parse as an object (only a forged snapshot has such) reads as an empty
  /// object.
  void share(const std::shared_ptr<const void>& owner, std::string_view canonical);

  /// The tree, parsed from the text when first needed.
  const nlohmann::json& get() const;
  operator const nlohmann::json&() const { return get(); }  // NOLINT: implicit, so json-taking code reads it
  const nlohmann::json& operator*() const { return get(); }
  const nlohmann::json* operator->() const { return &get(); }

  /// The canonical text, made once (what fingerprints, token counts and snapshots read).
  std::string_view text() const;
  /// text(), checked to be JSON, for answers that embed it: a snapshot's text is parsed first
  /// (once), and text that does not parse as an object (only a forged snapshot has such)
  /// reads as "{}".
  std::string_view valid_text() const;

 private:
  // An empty object starts as its text: an empty text_ stands for "{}" (json_text() never
  // writes ""), so a default LazyJson constructs no string. Loading a snapshot default-constructs
  // two per tool before sharing its text; building "{}" in each was 8% of the load in wasm.
  mutable nlohmann::json tree_;
  mutable std::string text_;            // the text, unless it is shared; "" means "{}"
  std::shared_ptr<const void> owner_;   // keeps `shared_` alive when set
  std::string_view shared_;
  mutable bool has_tree_ = false;
  mutable bool has_text_ = true;
  mutable bool text_parses_ = true;
};

}  // namespace toolsearch
