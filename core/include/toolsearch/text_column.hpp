// Many short strings in one buffer with their end offsets: a vocabulary or a table of names
// costs two allocations instead of one per string, and a snapshot copies it whole.
#pragma once

#include "toolsearch/byte_io.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace toolsearch {

/// UTF-8 strings, addressed by position.
class TextColumn {
 public:
  using View = std::string_view;

  void push_back(View s) {
    chars_.append(s.data(), s.size());
    ends_.push_back(static_cast<uint32_t>(chars_.size()));
  }
  View operator[](size_t i) const {
    const uint32_t begin = i == 0 ? 0 : ends_[i - 1];
    return View(chars_.data() + begin, ends_[i] - begin);
  }
  /// (*this)[i] == s, comparing the bytes in place.
  bool equals(size_t i, View s) const {
    const uint32_t begin = i == 0 ? 0 : ends_[i - 1];
    const char* at = chars_.data() + begin;
    // The same bytes (a dictionary checking its own terms) need no comparing.
    return ends_[i] - begin == s.size() && (at == s.data() || std::char_traits<char>::compare(at, s.data(), s.size()) == 0);
  }
  size_t size() const { return ends_.size(); }
  void clear() {
    chars_.clear();
    ends_.clear();
  }
  void reserve(size_t strings, size_t chars) {
    ends_.reserve(strings);
    chars_.reserve(chars);
  }

  /// The characters, then the end offsets (docs/snapshot-format.md).
  void write(ByteWriter& out) const {
    out.u32(static_cast<uint32_t>(chars_.size()));
    out.raw(chars_.data(), chars_.size());
    out.array(ends_);
  }
  /// Replaces the contents with what write() wrote; offsets that do not fit fail `in`.
  void read(ByteReader& in) {
    // One copy: resize() would zero megabytes of schema text first.
    const std::string_view bytes = in.raw(in.count(1));
    chars_.assign(bytes.data(), bytes.size());
    in.array(ends_);
    uint32_t last = 0;
    bool ordered = true;
    for (uint32_t end : ends_) {
      ordered = ordered && end >= last;
      last = end;
    }
    if (!ordered || last != chars_.size()) {
      in.fail("a string table's offsets do not fit its characters");
      clear();
    }
  }

 private:
  std::string chars_;
  std::vector<uint32_t> ends_;
};

}  // namespace toolsearch
