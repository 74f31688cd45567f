// memcpy, memmove and memset as single wasm bulk-memory instructions, and a wider memcmp. Linked at -Oz, Emscripten
// 3.1.6 takes them from libc-optz, where they are byte-at-a-time loops: loading a 10,000-tool
// snapshot spent 10 of its 24 ms in them (9 MB copied, vectors zero-filled), and every string
// copy in the module paid the same rate. memory.copy and memory.fill run at native speed, and
// every runtime that has the SIMD this module already requires has them too.
#include <cstddef>

extern "C" void* memcpy(void* __restrict dest, const void* __restrict src, size_t n) {
  __builtin_memcpy(dest, src, n);  // with -mbulk-memory: memory.copy, not a call
  return dest;
}

extern "C" void* memmove(void* dest, const void* src, size_t n) {
  __builtin_memmove(dest, src, n);
  return dest;
}

extern "C" void* memset(void* dest, int value, size_t n) {
  __builtin_memset(dest, value, n);  // memory.fill
  return dest;
}

// memcmp, eight bytes at a time: the -Oz libc's is a byte loop too, and every string comparison
// in the module (sorting, map lookups, dictionary checks) goes through it.
extern "C" int memcmp(const void* a, const void* b, size_t n) {
  const unsigned char* x = static_cast<const unsigned char*>(a);
  const unsigned char* y = static_cast<const unsigned char*>(b);
  for (; n >= 8; n -= 8, x += 8, y += 8) {
    unsigned long long u, v;
    __builtin_memcpy(&u, x, 8);
    __builtin_memcpy(&v, y, 8);
    if (u != v) break;  // the first differing byte is among these eight
  }
  for (; n > 0; --n, ++x, ++y) {
    if (*x != *y) return *x < *y ? -1 : 1;
  }
  return 0;
}
