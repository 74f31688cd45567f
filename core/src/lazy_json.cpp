#include "toolsearch/lazy_json.hpp"

#include "toolsearch/json_codec.hpp"

namespace toolsearch {

LazyJson& LazyJson::operator=(nlohmann::json value) {
  tree_ = std::move(value);
  has_tree_ = true;
  text_.clear();
  has_text_ = false;
  return *this;
}

LazyJson LazyJson::from_text(std::string canonical) {
  LazyJson out;
  out.text_ = std::move(canonical);
  return out;
}

const nlohmann::json& LazyJson::get() const {
  if (!has_tree_) {
    // Canonical text was a valid value when it was written; only a damaged snapshot that still
    // passed its checksum (a crafted one) gets here with text that does not parse.
    auto parsed = parse_json(text_);
    tree_ = parsed.ok() ? std::move(parsed.value()) : nlohmann::json::object();
    has_tree_ = true;
  }
  return tree_;
}

const std::string& LazyJson::text() const {
  if (!has_text_) {
    text_ = tree_.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    has_text_ = true;
  }
  return text_;
}

}  // namespace toolsearch
