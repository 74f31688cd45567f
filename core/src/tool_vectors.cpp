#include "toolsearch/tool_vectors.hpp"

#include "toolsearch/fnv_hash.hpp"
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
  Fnv1a64 f;
  f.bytes(text);
  return f.hex();
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
  slots_.clear();
  ++version_;
  return Status::success();
}

ToolVectors::Entry* ToolVectors::find(const std::string& name) {
  auto it = slots_.find(name);
  return it == slots_.end() ? nullptr : &entries_[it->second];
}

const ToolVectors::Entry* ToolVectors::find(const std::string& name) const {
  return const_cast<ToolVectors*>(this)->find(name);
}

const ToolVectors::Entry* ToolVectors::current(const Tool& tool, std::string& hash) const {
  hash = text_hash(embedding_text(tool));
  const Entry* e = find(tool.name);
  return e != nullptr && e->hash == hash ? e : nullptr;
}

std::vector<PendingVector> ToolVectors::pending(const Catalog& catalog) const {
  std::vector<PendingVector> out;
  if (dims_ == 0) return out;
  for (const Tool& tool : catalog.tools()) {
    std::string text = embedding_text(tool);
    std::string hash = text_hash(text);
    const Entry* e = find(tool.name);
    if (e == nullptr || e->hash != hash) out.push_back({tool.name, std::move(text), std::move(hash)});
  }
  return out;
}

Status ToolVectors::store(const std::vector<std::string>& names, const std::vector<std::string>& hashes,
                          const float* values, size_t count) {
  if (dims_ == 0) return Status::error(ErrorCode::InvalidArgument, "no embedder is set");
  if (names.size() != hashes.size() || count != names.size() * dims_) {
    return Status::error(ErrorCode::InvalidArgument, "vectors do not match the embedder's dimensions");
  }
  if (!all_finite(values, count)) return Status::error(ErrorCode::InvalidArgument, "a vector has a NaN or infinite value");
  for (size_t r = 0; r < names.size(); ++r) {
    Entry* found = find(names[r]);
    if (found == nullptr) {
      slots_.emplace(names[r], static_cast<uint32_t>(entries_.size()));
      entries_.push_back({names[r], {}, {}, 0});
      found = &entries_.back();
    }
    Entry& e = *found;
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
  std::vector<Entry> kept;
  slots_.clear();
  for (Entry& e : entries_) {
    if (!catalog.find(e.name)) continue;
    slots_.emplace(e.name, static_cast<uint32_t>(kept.size()));
    kept.push_back(std::move(e));
  }
  entries_ = std::move(kept);
  ++version_;
}

void ToolVectors::write(ByteWriter& out) const {
  out.str(embedder_);
  out.u32(static_cast<uint32_t>(dims_));
  out.u32(static_cast<uint32_t>(entries_.size()));
  for (const Entry& e : entries_) {
    out.str(e.name);
    out.str(e.hash);
    out.f32(e.scale);
    out.raw(e.codes.data(), e.codes.size());
  }
}

void ToolVectors::read(ByteReader& in) {
  *this = ToolVectors();
  embedder_ = in.str();
  dims_ = in.u32();
  if (embedder_.empty() != (dims_ == 0) || dims_ > VectorIndex::kMaxDimensions) {
    in.fail("the vectors' embedder is not valid");
    return;
  }
  entries_.resize(in.count(2 * sizeof(uint32_t) + sizeof(float) + dims_));
  for (uint32_t i = 0; i < entries_.size() && in.ok(); ++i) {
    Entry& e = entries_[i];
    e.name = in.str();
    e.hash = in.str();
    e.scale = in.f32();
    e.codes.resize(dims_);
    in.copy(e.codes.data(), dims_);
    if (!(e.scale >= 0 && e.scale < 1e30f)) in.fail("a vector's scale is not a finite number");  // NaN would upset sorting
    if (!slots_.emplace(e.name, i).second) in.fail("two vectors are stored for '" + e.name.substr(0, 64) + "'");
  }
  ++version_;
}

}  // namespace toolsearch
