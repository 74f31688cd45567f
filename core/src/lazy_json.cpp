#include "toolsearch/lazy_json.hpp"

#include "toolsearch/json_codec.hpp"
#include "toolsearch/json_text.hpp"

namespace toolsearch {

LazyJson& LazyJson::operator=(nlohmann::json value) {
  *this = LazyJson(std::move(value));
  return *this;
}

void LazyJson::share(const std::shared_ptr<const void>& owner, std::string_view canonical) {
  if (has_tree_) tree_ = nullptr;  // only get() or a tree fills it
  has_tree_ = false;
  text_parses_ = true;
  owner_ = owner;
  shared_ = canonical;
}

const nlohmann::json& LazyJson::get() const {
  if (!has_tree_) {
    auto parsed = parse_json(text());
    // Shared text is a snapshot's schema or annotations, always an object; loading does not
    // read it, so a forged one that is anything else is caught here.
    text_parses_ = parsed.ok() && (!owner_ || parsed.value().is_object());
    tree_ = text_parses_ ? std::move(parsed.value()) : nlohmann::json::object();
    has_tree_ = true;
  }
  return tree_;
}

std::string_view LazyJson::valid_text() const {
  if (owner_ && !has_tree_) get();  // text of its own is a default "{}" or json_text()'s
  return text_parses_ ? text() : std::string_view("{}");
}

std::string_view LazyJson::text() const {
  if (owner_) return shared_;
  if (!has_text_) {
    text_ = json_text(tree_);
    has_text_ = true;
  }
  return text_.empty() ? std::string_view("{}") : std::string_view(text_);
}

}  // namespace toolsearch
