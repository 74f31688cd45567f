// Little-endian binary writing and bounds-checked reading, for the snapshot format
// (docs/snapshot-format.md). Primitives only: each component writes and reads its own fields.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

namespace toolsearch {

// Arrays of integers and doubles are copied as they lie in memory; the format is little-endian
// and so are wasm and every host we build for.
static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "the snapshot format assumes a little-endian host");

/// Appends values to a byte string. Strings and arrays are length-prefixed with a u32.
class ByteWriter {
 public:
  explicit ByteWriter(std::string& out) : out_(out) {}

  void u8(uint8_t v) { out_.push_back(static_cast<char>(v)); }
  void u32(uint32_t v) { raw(&v, sizeof v); }
  void u64(uint64_t v) { raw(&v, sizeof v); }
  void f32(float v) { raw(&v, sizeof v); }
  void f64(double v) { raw(&v, sizeof v); }
  /// `size` bytes as they are, no prefix.
  void raw(const void* data, size_t size);
  /// u32 byte length, then the bytes.
  void str(std::string_view s);
  /// u32 count, then the strings.
  void strs(const std::vector<std::string>& list);
  /// u32 count, then the elements' bytes (integers, doubles, arrays of them).
  template <class T>
  void array(const std::vector<T>& v) {
    u32(static_cast<uint32_t>(v.size()));
    raw(v.data(), v.size() * sizeof(T));
  }

  /// Starts a section (u32 tag, u32 length to be patched); returns where its length goes.
  size_t begin_section(uint32_t tag);
  /// Writes the length of the section begun at `at`.
  void end_section(size_t at);

 private:
  std::string& out_;
};

/// Reads what ByteWriter wrote, never past the end. The first failure (a read past the end, or
/// a check the caller reports with fail()) is kept; later reads return zeros and empty values,
/// so a caller checks ok() once per section instead of after every read. A count is refused
/// when its elements could not fit in the bytes left, so no allocation exceeds the input's size.
class ByteReader {
 public:
  explicit ByteReader(std::string_view bytes) : data_(bytes) {}

  bool ok() const { return error_.empty(); }
  /// Why reading failed ("" when it did not).
  const std::string& error() const { return error_; }
  /// Records `why` unless a failure is already recorded. Returns false, for `return r.fail(...)`.
  bool fail(std::string why);
  size_t remaining() const { return data_.size() - at_; }
  size_t position() const { return at_; }

  // Inline: a snapshot load reads a few hundred thousand of these.
  uint8_t u8() { return static_cast<uint8_t>(fixed<1>()); }
  uint32_t u32() { return static_cast<uint32_t>(fixed<4>()); }
  uint64_t u64() { return fixed<8>(); }
  float f32();
  double f64();
  /// The next `size` bytes (empty, and failed, when fewer remain).
  std::string_view raw(size_t size) {
    if (size > data_.size() - at_) return short_read();
    const std::string_view out(data_.data() + at_, size);
    at_ += size;
    return out;
  }
  /// A u32 byte length, then the bytes.
  std::string_view str_view() { return raw(u32()); }
  std::string str() { return std::string(str_view()); }
  /// A u32 count, then the strings.
  void strs(std::vector<std::string>& out);
  /// A u32 count of elements of `element_bytes` each (at least 1), checked against the bytes
  /// left; 0 on failure.
  uint32_t count(size_t element_bytes);
  /// A u32 count, then the elements' bytes. Assigned from the bytes directly: resize() would
  /// first zero every element, one call each in the wasm build (a fifth of a 10,000-tool load).
  template <class T>
  void array(std::vector<T>& out) {
    const std::string_view bytes = raw(count(sizeof(T)) * sizeof(T));
    out.assign(Elements<T>{bytes.data()}, Elements<T>{bytes.data() + bytes.size()});
  }
  /// Copies the next `size` bytes to `to` (zeros on failure).
  void copy(void* to, size_t size);

  /// Enters the next section: checks its tag, and limits reading to its length until
  /// end_section(), which fails unless the section was read to its last byte.
  void begin_section(uint32_t tag);
  void end_section();

 private:
  // A little-endian unsigned integer of N bytes (0 past the end).
  template <size_t N>
  uint64_t fixed() {
    uint64_t v = 0;
    const std::string_view b = raw(N);
    if (b.size() == N) std::memcpy(&v, b.data(), N);
    return v;
  }
  std::string_view short_read();  // records the failure; out of line, as it is rare

  // The elements of a little-endian array in bytes, as a random-access iterator (each read
  // with memcpy: the bytes need not be aligned).
  template <class T>
  struct Elements {
    using iterator_category = std::random_access_iterator_tag;
    using value_type = T;
    using difference_type = std::ptrdiff_t;
    using pointer = const T*;
    using reference = T;
    const char* at;
    T operator*() const {
      T v;
      std::memcpy(&v, at, sizeof v);
      return v;
    }
    Elements& operator++() { return at += sizeof(T), *this; }
    Elements operator++(int) { return Elements{(at += sizeof(T)) - sizeof(T)}; }
    Elements& operator--() { return at -= sizeof(T), *this; }
    Elements& operator+=(difference_type n) { return at += n * static_cast<difference_type>(sizeof(T)), *this; }
    Elements operator+(difference_type n) const { return Elements{at + n * static_cast<difference_type>(sizeof(T))}; }
    difference_type operator-(const Elements& o) const { return (at - o.at) / static_cast<difference_type>(sizeof(T)); }
    bool operator==(const Elements& o) const { return at == o.at; }
    bool operator!=(const Elements& o) const { return at != o.at; }
    bool operator<(const Elements& o) const { return at < o.at; }
  };

  std::string_view data_;
  size_t at_ = 0;
  size_t outer_end_ = 0;  // the enclosing end while inside a section
  std::string error_;
};

/// A section tag from four ASCII characters, as it reads in a hex dump ("OPTS").
constexpr uint32_t section_tag(const char (&name)[5]) {
  return static_cast<uint32_t>(static_cast<unsigned char>(name[0])) |
         static_cast<uint32_t>(static_cast<unsigned char>(name[1])) << 8 |
         static_cast<uint32_t>(static_cast<unsigned char>(name[2])) << 16 |
         static_cast<uint32_t>(static_cast<unsigned char>(name[3])) << 24;
}

}  // namespace toolsearch
