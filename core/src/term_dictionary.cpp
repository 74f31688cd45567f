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
  terms_.emplace_back(term);
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

void TermDictionary::write(ByteWriter& out) const { out.strs(terms_); }

void TermDictionary::read(ByteReader& in) {
  std::vector<std::string> terms;
  in.strs(terms);
  terms_.clear();
  hashes_.clear();
  terms_.reserve(terms.size());
  hashes_.reserve(terms.size());
  size_t slots = 64;
  while (slots < 2 * (terms.size() + 1)) slots *= 2;  // sized once: no rehash while interning
  rehash(slots);
  for (const std::string& term : terms) {
    const auto next = static_cast<uint32_t>(terms_.size());
    if (intern(term) != next) {
      in.fail("a vocabulary repeats the term '" + term.substr(0, 64) + "'");
      return;
    }
  }
}

}  // namespace toolsearch
