#include "toolsearch/term_dictionary.hpp"

#include "toolsearch/fnv_hash.hpp"

#include <algorithm>

namespace toolsearch {

uint32_t TermDictionary::hash(std::string_view term) {
  // FNV-1a 64 as Fnv1a64 computes it, written out over a pointer: the shared inline copy of
  // Fnv1a64::bytes that the wasm link kept was compiled for size, and hashing names then took
  // longer than the rest of a snapshot's name tables.
  uint64_t h = Fnv1a64().h;
  const auto* p = reinterpret_cast<const unsigned char*>(term.data());
  for (const auto* end = p + term.size(); p != end; ++p) h = (h ^ *p) * 1099511628211ull;
  return static_cast<uint32_t>(h ^ (h >> 32));
}

uint32_t TermDictionary::find(std::string_view term) const {
  if (slots_.empty()) return kNone;
  const size_t mask = slots_.size() - 1;
  const uint32_t h = hash(term);
  for (size_t i = h & mask;; i = (i + 1) & mask) {
    const uint32_t slot = slots_[i];
    if (slot == 0) return kNone;
    if (hashes_[slot - 1] == h && terms_.equals(slot - 1, term)) return slot - 1;
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
    if (hashes_[slot - 1] == h && terms_.equals(slot - 1, term)) return slot - 1;
  }
  const auto id = static_cast<uint32_t>(terms_.size());
  terms_.push_back(term);
  hashes_.push_back(h);
  slots_[i] = id + 1;
  return id;
}

namespace {

// Every id in order at the first free slot from its hash: what interning leaves, growing or not.
std::vector<uint32_t> slots_for(const std::vector<uint32_t>& hashes, size_t slots) {
  std::vector<uint32_t> out(slots, 0);
  const size_t mask = slots - 1;
  for (uint32_t id = 0; id < hashes.size(); ++id) {
    size_t i = hashes[id] & mask;
    while (out[i] != 0) i = (i + 1) & mask;
    out[i] = id + 1;
  }
  return out;
}

}  // namespace

void TermDictionary::rehash(size_t slots) { slots_ = slots_for(hashes_, slots); }

bool TermDictionary::ids_are_unique() const {
  for (uint32_t id = 0; id < terms_.size(); ++id) {
    if (find(terms_[id]) != id) return false;
  }
  return true;
}

void TermDictionary::reserve(size_t terms, size_t chars) {
  terms_.reserve(terms, chars);
  hashes_.reserve(terms);
  size_t slots = slots_.empty() ? 64 : slots_.size();
  while (slots < 2 * (terms + 1)) slots *= 2;  // as interning would grow it, at once
  if (slots != slots_.size()) rehash(slots);
}

bool TermDictionary::is_interned_table() const {
  // The hashes must be the terms' own, and the slots what interning them leaves.
  for (uint32_t id = 0; id < terms_.size(); ++id) {
    if (hashes_[id] != hash(terms_[id])) return false;
  }
  return slots_for(hashes_, slots_.size()) == slots_;
}

void TermDictionary::write(ByteWriter& out) const {
  terms_.write(out);
  out.array(hashes_);
  out.array(slots_);
}

void TermDictionary::read(ByteReader& in) {
  // Copied as they are, hash table included: rebuilding it took most of a load's time. What
  // keeps lookups in bounds, finite and short is checked (a wrong hash only misses).
  terms_.read(in);
  in.array(hashes_);
  in.array(slots_);
  const size_t n = terms_.size();
  // No table at all is an empty dictionary's (find() checks for it).
  bool ok = hashes_.size() == n && (slots_.empty() ? n == 0 : slots_.size() > n && (slots_.size() & (slots_.size() - 1)) == 0);
  // A lookup walks the run of filled slots its hash lands in, to the first empty slot. So
  // every slot names a term or none, one at least is empty, and a run (the last one wraps into
  // the first) longer than kMaxRun must be the table's own: a forged table of 2^23 slots all
  // naming one term made every lookup of a missing word walk it (16 s for a 1,800-word query
  // through wasm). Interning keeps a table at most half full, where runs stay a few dozen slots
  // long; only terms written to collide make longer ones. One pass without branches: filled
  // and empty slots alternate at random.
  uint32_t largest = 0;
  size_t run = 0, longest = 0, filled = 0;
  for (const uint32_t slot : slots_) {
    largest = std::max(largest, slot);
    const size_t full = slot != 0;
    filled += full;
    run = (run + 1) * full;
    longest = std::max(longest, run);
  }
  size_t lead = 0;  // the first run, which the last continues
  while (lead < slots_.size() && lead <= kMaxRun && slots_[lead] != 0) ++lead;
  ok = ok && largest <= n && filled < slots_.size() + slots_.empty();
  if (ok && (longest > kMaxRun || run + lead > kMaxRun)) ok = is_interned_table();
  if (!ok) {
    in.fail("a vocabulary's hash table is not well formed");
    *this = TermDictionary();
  }
}

}  // namespace toolsearch
