#include "toolsearch/byte_io.hpp"

#include <cstring>

namespace toolsearch {
namespace {

std::string tag_name(uint32_t tag) {
  std::string name(4, '?');
  for (size_t i = 0; i < 4; ++i) {
    const auto c = static_cast<char>(tag >> (8 * i));
    if (c >= 0x20 && c < 0x7F) name[i] = c;
  }
  return name;
}

}  // namespace

void ByteWriter::raw(const void* data, size_t size) {
  if (size) out_.append(static_cast<const char*>(data), size);
}

void ByteWriter::str(std::string_view s) {
  u32(static_cast<uint32_t>(s.size()));
  raw(s.data(), s.size());
}

void ByteWriter::strs(const std::vector<std::string>& list) {
  u32(static_cast<uint32_t>(list.size()));
  for (const std::string& s : list) str(s);
}

size_t ByteWriter::begin_section(uint32_t tag) {
  u32(tag);
  const size_t at = out_.size();
  u32(0);
  return at;
}

void ByteWriter::end_section(size_t at) {
  const auto length = static_cast<uint32_t>(out_.size() - at - sizeof(uint32_t));
  std::memcpy(&out_[at], &length, sizeof length);
}

bool ByteReader::fail(std::string why) {
  if (error_.empty()) error_ = std::move(why);
  at_ = data_.size();  // nothing more is read after a failure
  return false;
}

std::string_view ByteReader::short_read() {
  fail("it ends early (at byte " + std::to_string(at_) + " of " + std::to_string(data_.size()) + ")");
  return {};
}

void ByteReader::copy(void* to, size_t size) {
  std::string_view bytes = raw(size);
  if (bytes.size() == size) {
    if (size) std::memcpy(to, bytes.data(), size);
  } else if (size) {
    std::memset(to, 0, size);
  }
}

float ByteReader::f32() {
  float v;
  copy(&v, sizeof v);
  return v;
}

double ByteReader::f64() {
  double v;
  copy(&v, sizeof v);
  return v;
}

void ByteReader::strs(std::vector<std::string>& out) {
  out.resize(count(sizeof(uint32_t)));
  for (std::string& s : out) s = str_view();
}

uint32_t ByteReader::count(size_t element_bytes) {
  const uint32_t n = u32();
  if (n > remaining() / element_bytes) {
    fail("a count of " + std::to_string(n) + " does not fit in the " + std::to_string(remaining()) + " bytes left");
    return 0;
  }
  return n;
}

void ByteReader::begin_section(uint32_t tag) {
  const uint32_t found = u32();
  const uint32_t length = u32();
  if (!ok()) return;
  if (found != tag) {
    fail("section " + tag_name(tag) + " was expected, found " + tag_name(found));
    return;
  }
  if (length > remaining()) {
    fail("section " + tag_name(tag) + " is cut short (" + std::to_string(remaining()) + " of " +
         std::to_string(length) + " bytes)");
    return;
  }
  outer_end_ = data_.size();
  data_ = data_.substr(0, at_ + length);
}

void ByteReader::end_section() {
  if (ok() && remaining() != 0) fail(std::to_string(remaining()) + " unread bytes at the end of a section");
  if (outer_end_ != 0) data_ = std::string_view(data_.data(), outer_end_);
  outer_end_ = 0;
  if (!ok()) at_ = data_.size();  // still nothing more to read
}

}  // namespace toolsearch
