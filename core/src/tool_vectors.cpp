#include "toolsearch/tool_vectors.hpp"

#include "toolsearch/tokenizer.hpp"
#include "toolsearch/utf8.hpp"


namespace toolsearch {

std::string embedding_text(const Tool& tool) {
  // Identifier parts joined by spaces, so a sentence encoder reads words, not one opaque token.
  std::string text;
  const std::u32string name = decode_utf8(tool.name).text;
  for (const Word& w : split_words(name)) {
    for (std::u32string_view part : w.cjk ? std::vector<std::u32string_view>{w.text} : split_identifier(w.text)) {
      if (!text.empty()) text += ' ';
      text += to_utf8(part);
    }
  }
  if (!tool.description.empty()) {
    text += ": ";
    text += tool.description;
  }
  return text;
}

std::string text_hash(std::string_view text) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ull;
  }
  // By hand: snprintf would pull printf's formatting machinery into the wasm (several KB).
  std::string hex(16, '0');
  for (size_t i = 16; i-- > 0; h >>= 4) hex[i] = "0123456789abcdef"[h & 0xf];
  return hex;
}

Status ToolVectors::use_embedder(const std::string& embedder_id, size_t dimensions) {
  if (embedder_id.empty()) return Status::error(ErrorCode::InvalidArgument, "an embedder needs a non-empty id");
  if (dimensions == 0 || dimensions > VectorIndex::kMaxDimensions) {
    return Status::error(ErrorCode::InvalidArgument, "embedder dimensions must be 1.." +
                                                         std::to_string(VectorIndex::kMaxDimensions) + ", got " +
                                                         std::to_string(dimensions));
  }
  if (embedder_id == embedder_ && dimensions == dims_) return Status::success();
  embedder_ = embedder_id;
  dims_ = dimensions;
  entries_.clear();
  ++version_;
  return Status::success();
}

const ToolVectors::Entry* ToolVectors::current(const Tool& tool, std::string& hash) const {
  hash = text_hash(embedding_text(tool));
  auto it = entries_.find(tool.name);
  return it != entries_.end() && it->second.hash == hash ? &it->second : nullptr;
}

std::vector<PendingVector> ToolVectors::pending(const Catalog& catalog) const {
  std::vector<PendingVector> out;
  if (dims_ == 0) return out;
  for (const Tool& tool : catalog.tools()) {
    std::string text = embedding_text(tool);
    std::string hash = text_hash(text);
    auto it = entries_.find(tool.name);
    if (it == entries_.end() || it->second.hash != hash) out.push_back({tool.name, std::move(text), std::move(hash)});
  }
  return out;
}

Status ToolVectors::store(const std::vector<std::string>& names, const std::vector<std::string>& hashes,
                          const float* values, size_t count) {
  if (dims_ == 0) return Status::error(ErrorCode::InvalidArgument, "no embedder is set: vectors cannot be stored");
  if (names.size() != hashes.size() || count != names.size() * dims_) {
    return Status::error(ErrorCode::InvalidArgument,
                         std::to_string(count) + " values for " + std::to_string(names.size()) + " tools of " +
                             std::to_string(dims_) + " dimensions (expected " +
                             std::to_string(names.size() * dims_) + ")");
  }
  for (size_t r = 0; r < names.size(); ++r) {
    if (!all_finite(values + r * dims_, dims_)) {
      return Status::error(ErrorCode::InvalidArgument,
                           "the vector of '" + names[r] + "' has a NaN or infinite value");
    }
  }
  for (size_t r = 0; r < names.size(); ++r) {
    Entry& e = entries_[names[r]];
    e.hash = hashes[r];
    e.codes.resize(dims_);
    e.scale = quantize_unit_int8(values + r * dims_, dims_, e.codes.data());
  }
  if (!names.empty()) ++version_;
  return Status::success();
}

std::shared_ptr<const VectorIndex> ToolVectors::index(const Catalog& catalog) const {
  if (dims_ == 0) return nullptr;
  if (index_ && index_catalog_revision_ == catalog.revision() && index_version_ == version_) return index_;
  auto built = VectorIndex::create(dims_);
  auto index = std::make_shared<VectorIndex>(std::move(built.value()));
  const std::vector<int8_t> zero(dims_, 0);
  std::string hash;
  for (const Tool& tool : catalog.tools()) {
    const Entry* e = current(tool, hash);
    if (e) index->add_quantized(e->codes.data(), e->scale);
    else index->add_quantized(zero.data(), 0.0f);
  }
  index_ = std::move(index);
  index_catalog_revision_ = catalog.revision();
  index_version_ = version_;
  return index_;
}

size_t ToolVectors::coverage(const Catalog& catalog) const {
  size_t n = 0;
  std::string hash;
  for (const Tool& tool : catalog.tools()) n += current(tool, hash) != nullptr;
  return n;
}

void ToolVectors::prune(const Catalog& catalog) {
  for (auto it = entries_.begin(); it != entries_.end();) {
    if (catalog.find(it->first)) ++it;
    else it = entries_.erase(it);
  }
  ++version_;
}

}  // namespace toolsearch
