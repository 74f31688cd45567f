#include "toolsearch/term_dictionary.hpp"

#include "toolsearch/fnv_hash.hpp"

namespace toolsearch {

uint32_t TermDictionary::hash(std::string_view term) {
  Fnv1a64 h;
  h.bytes(term);
  return static_cast<uint32_t>(h.h ^ (h.h >> 32));
}

uint32_t TermDictionary::find(std::string_view term) const {
  if (slots_.empty()) return kNone;
  const size_t mask = slots_.size() - 1;
  const uint32_t h = hash(term);
  for (size_t i = h & mask;; i = (i + 1) & mask) {
    const uint32_t slot = slots_[i];
    if (slot == 0) return kNone;
    if (hashes_[slot - 1] == h && terms_[slot - 1] == term) return slot - 1;
  }
}

uint32_t TermDictionary::intern(std::string_view term) {
  if (2 * (terms_.size() + 1) > slots_.size()) rehash(slots_.empty() ? 64 : 2 * slots_.size());
  const size_t mask = slots_.size() - 1;
  const uint32_t h = hash(term);
  size_t i = h & mask;
  for (;; i = (i + 1) & mask) {
    const uint32_t slot = slots_[i];
    if (slot == 0) break;
    if (hashes_[slot - 1] == h && terms_[slot - 1] == term) return slot - 1;
  }
  const auto id = static_cast<uint32_t>(terms_.size());
  terms_.push_back(term);
  hashes_.push_back(h);
  slots_[i] = id + 1;
  return id;
}

void TermDictionary::rehash(size_t slots) {
  slots_.assign(slots, 0);
  const size_t mask = slots - 1;
  for (uint32_t id = 0; id < terms_.size(); ++id) {
    size_t i = hashes_[id] & mask;
    while (slots_[i] != 0) i = (i + 1) & mask;
    slots_[i] = id + 1;
  }
}

void TermDictionary::reserve(size_t terms, size_t chars) {
  terms_.reserve(terms, chars);
  hashes_.reserve(terms);
  size_t slots = slots_.empty() ? 64 : slots_.size();
  while (slots < 2 * (terms + 1)) slots *= 2;  // as interning would grow it, at once
  if (slots != slots_.size()) rehash(slots);
}

void TermDictionary::write(ByteWriter& out) const { terms_.write(out); }

void TermDictionary::read(ByteReader& in) {
  terms_.read(in);
  hashes_.resize(terms_.size());
  for (uint32_t id = 0; id < terms_.size(); ++id) hashes_[id] = hash(terms_[id]);
  slots_.clear();
  reserve(terms_.size(), 0);  // rehash() places every id
  // A repeated term would be found under its first id only.
  for (uint32_t id = 0; id < terms_.size(); ++id) {
    if (find(terms_[id]) != id) {
      in.fail("a vocabulary repeats the term '" + std::string(terms_[id].substr(0, 64)) + "'");
      return;
    }
  }
}

}  // namespace toolsearch
