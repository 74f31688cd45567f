// snprintf without floating point. The module's only snprintf calls are nlohmann's integer
// formats ("\u%04x" escapes, "<U+%.4X>" in parse errors), but musl's snprintf links printf's
// floating-point formatter with its long-double arithmetic (~5 KB of wasm). Emscripten's
// libc has the integer-only vsniprintf (what LLVM turns integer-only printf calls into);
// snprintf goes there. A %f/%g/%e/%a format would reach no formatter: none exists here.
#include <cstdarg>
#include <cstddef>

extern "C" int vsniprintf(char* s, size_t n, const char* fmt, va_list ap);

extern "C" int snprintf(char* s, size_t n, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  const int written = vsniprintf(s, n, fmt, ap);
  va_end(ap);
  return written;
}
