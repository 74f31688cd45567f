// A short cache that keeps the entries used most recently: a vector searched linearly (a few
// entries, and smaller in the wasm than another map instantiation). When full, adding drops the
// entry used longest ago, so a host that cycles through more keys than fit still keeps its hot
// ones, where emptying the whole list would rebuild every one of them.
#pragma once

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

namespace toolsearch {

template <class Entry, size_t Capacity>
class RecentList {
 public:
  static_assert(Capacity > 0, "a RecentList holds at least one entry");

  /// The first entry `match` accepts, now the most recent; nullptr when none does.
  template <class Match>
  Entry* find(const Match& match) {
    for (auto it = entries_.begin(); it != entries_.end(); ++it) {
      if (!match(*it)) continue;
      std::rotate(it, it + 1, entries_.end());
      return &entries_.back();
    }
    return nullptr;
  }

  /// Adds `entry` as the most recent, dropping the least recent one when the list is full.
  Entry& add(Entry entry) {
    if (entries_.size() >= Capacity) entries_.erase(entries_.begin());
    entries_.push_back(std::move(entry));
    return entries_.back();
  }

  void clear() { entries_.clear(); }
  bool empty() const { return entries_.empty(); }
  size_t size() const { return entries_.size(); }
  /// The least recently used entry (the list must not be empty).
  const Entry& oldest() const { return entries_.front(); }

 private:
  std::vector<Entry> entries_;
};

}  // namespace toolsearch
