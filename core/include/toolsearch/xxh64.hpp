// XXH64 (Yann Collet's xxHash, 64-bit variant, seed 0): the snapshot checksum. Four independent
// lanes of multiply-rotate rounds over 32-byte stripes, so it runs at memory speed where FNV-1a,
// one dependent multiply per byte, took longer than the rest of a snapshot load. Any xxHash
// implementation (xxhsum -H1, the xxhash packages of npm and PyPI) gives the same value.
#pragma once

#include <cstdint>
#include <string_view>

namespace toolsearch {

/// XXH64 of `bytes` with seed 0.
uint64_t xxh64(std::string_view bytes);

}  // namespace toolsearch
