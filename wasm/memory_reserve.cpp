// A reserve of wasm memory for unwinding when the module's memory is full (wasm only: the
// module is the whole program, so it may set the new-handler; the core, a library, does not).
//
// When every engine's memory together reaches the module's 2 GiB, an allocation fails in the
// middle of a call and std::bad_alloc unwinds through destructors. Some allocate:
// nlohmann::json's destructor moves the children it destroys onto a std::vector instead of
// recursing. A throw inside a noexcept destructor is std::terminate, which under wasm
// exceptions recursed until the stack overflowed (round 33's review). So 16 MiB are held, and
// the first failed allocation of a call frees them and throws: the unwinding then has that
// memory, and the call ends as TOO_LARGE (run_guarded in core/src/json_api.cpp). Every call
// re-arms the reserve first (when the memory allows). emmalloc writes only the block's two ends:
// the reserve costs address space in the module's memory, not resident memory.
//
// The core calls this hook (a weak symbol there, absent natively) as every JSON call starts.
#include <cstdlib>
#include <new>

namespace {
// The most a destructor's stack can need: nlohmann::json keeps one json (16 bytes in wasm32) per
// child of the node it destroys, and one JSON input holds at most 1,048,576 values (JsonLimits).
constexpr size_t kReserveBytes = 16 << 20;
void* reserve = nullptr;

void release_reserve() {
  std::free(reserve);
  reserve = nullptr;
  throw std::bad_alloc();
}
}  // namespace

extern "C" void toolsearch_arm_memory_reserve() {
  if (reserve == nullptr) reserve = std::malloc(kReserveBytes);
  std::set_new_handler(release_reserve);
}
