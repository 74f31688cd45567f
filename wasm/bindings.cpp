// Exports the JSON engine as C functions. Nothing else lives here. Every value crosses as a
// copy (docs/wasm-boundary.md):
// - in: text and bytes as (address, length) pairs in wasm memory, which the JS layer writes
//   (js/src/raw-engine.js) and frees after the call; the packed search's inputs and a static
//   table through a buffer the engine keeps; numbers and flags as they are;
// - out: every string answer as the address of its UTF-8 bytes' location and length (a JSON
//   envelope, or degradedReason's text), and the packed search's hits as fixed rows, both
//   copied out of wasm memory by the JS layer.
//
// Not embind: its start-up registered each method and built-in type in JS, 3.4 ms of the
// module's 20 ms cold start in Node, and its glue and type tables were 6.3 KB of the gzipped
// package; the engine needs nothing of it beyond (address, length) pairs.
#include "toolsearch/json_api.hpp"

#include <emscripten/emscripten.h>

#include <cstdint>
#include <new>
#include <string>

namespace {
using toolsearch::JsonEngine;

// A string answer's bytes stay here until the next answer is made, and the JS layer decodes
// them at once (decodeAnswer in js/src/raw.js). Freeing them first interleaved them with the
// engine's own small allocations, and 200,000 abandoned sessions then left emmalloc's heap
// 1.4 MB larger (tests/js/memory.test.mjs).
std::string last_answer;
uint32_t last_answer_at[2];  // address, length

uintptr_t answer_at(const char* bytes, size_t size) {
  last_answer_at[0] = static_cast<uint32_t>(reinterpret_cast<uintptr_t>(bytes));
  last_answer_at[1] = static_cast<uint32_t>(size);
  return reinterpret_cast<uintptr_t>(last_answer_at);
}

// The answer when the arguments' own copies do not fit: the core's calls end as TOO_LARGE
// themselves when memory runs out (run_guarded), but the copies are made before they start.
constexpr char kArgumentsTooLarge[] =
    R"json({"ok":false,"error":{"code":"TOO_LARGE","message":"the engine's memory cannot hold this call's arguments (the engines of one module share at most 2 GiB; dispose() of unused engines frees theirs)"}})json";

template <typename Call>
uintptr_t answer(Call call) {
  try {
    last_answer = call();
    return answer_at(last_answer.data(), last_answer.size());
  } catch (const std::bad_alloc&) {
    return answer_at(kArgumentsTooLarge, sizeof kArgumentsTooLarge - 1);
  }
}

std::string text(const char* bytes, uint32_t size) { return size == 0 ? std::string() : std::string(bytes, size); }
}  // namespace

#define TOOLSEARCH_EXPORT extern "C" EMSCRIPTEN_KEEPALIVE
// The answering methods by their number of text arguments: ts_NAME(engine, [address, length]...).
#define TOOLSEARCH_ANSWER0(name, method) \
  TOOLSEARCH_EXPORT uintptr_t ts_##name(JsonEngine* e) { return answer([&] { return e->method(); }); }
#define TOOLSEARCH_ANSWER1(name, method)                                                  \
  TOOLSEARCH_EXPORT uintptr_t ts_##name(JsonEngine* e, const char* a, uint32_t a_size) { \
    return answer([&] { return e->method(text(a, a_size)); });                            \
  }
#define TOOLSEARCH_ANSWER2(name, method)                                                                           \
  TOOLSEARCH_EXPORT uintptr_t ts_##name(JsonEngine* e, const char* a, uint32_t a_size, const char* b, uint32_t b_size) { \
    return answer([&] { return e->method(text(a, a_size), text(b, b_size)); });                                   \
  }

/// The package version (from js/package.json, via CMake), answered like a method.
TOOLSEARCH_EXPORT uintptr_t ts_version() { return answer_at(TOOLSEARCH_VERSION, sizeof TOOLSEARCH_VERSION - 1); }

/// A new engine with the default options, or 0 when the module's memory cannot hold one.
TOOLSEARCH_EXPORT JsonEngine* ts_engine_new() {
  try {
    return new JsonEngine();
  } catch (...) {  // only bad_alloc can end it (the default options are valid)
    return nullptr;
  }
}
TOOLSEARCH_EXPORT void ts_engine_delete(JsonEngine* e) { delete e; }

TOOLSEARCH_ANSWER1(configure, configure)
TOOLSEARCH_ANSWER2(add_tools, add_tools)
TOOLSEARCH_ANSWER1(remove_tools, remove_tools)
TOOLSEARCH_ANSWER2(replace_source, replace_source)
TOOLSEARCH_ANSWER0(clear, clear)
TOOLSEARCH_EXPORT uintptr_t ts_pin_tool(JsonEngine* e, const char* a, uint32_t a_size, bool pinned) {
  return answer([&] { return e->pin_tool(text(a, a_size), pinned); });
}
TOOLSEARCH_EXPORT uintptr_t ts_pin_server(JsonEngine* e, const char* a, uint32_t a_size, bool pinned) {
  return answer([&] { return e->pin_server(text(a, a_size), pinned); });
}
TOOLSEARCH_ANSWER1(list_tools, list_tools)
TOOLSEARCH_ANSWER0(info, info)
TOOLSEARCH_ANSWER0(last_error, last_error)
TOOLSEARCH_ANSWER0(degraded_reason, degraded_reason)
TOOLSEARCH_ANSWER1(tool_summaries, tool_summaries)
TOOLSEARCH_EXPORT uintptr_t ts_explain(JsonEngine* e, const char* a, uint32_t a_size, const char* b, uint32_t b_size,
                                       const char* c, uint32_t c_size, const char* d, uint32_t d_size) {
  return answer([&] { return e->explain(text(a, a_size), text(b, b_size), text(c, c_size), text(d, d_size)); });
}
TOOLSEARCH_ANSWER2(describe, describe)
TOOLSEARCH_ANSWER2(suggest, suggest)
TOOLSEARCH_ANSWER1(open_session, open_session)
TOOLSEARCH_ANSWER1(close_session, close_session)
TOOLSEARCH_EXPORT uintptr_t ts_assemble(JsonEngine* e, const char* a, uint32_t a_size, const char* b, uint32_t b_size,
                                        double known_revision) {
  return answer([&] { return e->assemble(text(a, a_size), text(b, b_size), known_revision); });
}
TOOLSEARCH_EXPORT uintptr_t ts_handle_call(JsonEngine* e, const char* a, uint32_t a_size, const char* b, uint32_t b_size,
                                           const char* c, uint32_t c_size) {
  return answer([&] { return e->handle_call(text(a, a_size), text(b, b_size), text(c, c_size)); });
}
TOOLSEARCH_ANSWER1(estimate_tokens, estimate_tokens)
TOOLSEARCH_ANSWER1(use_embedder, use_embedder)
TOOLSEARCH_ANSWER0(pending_vectors, pending_vectors)
TOOLSEARCH_ANSWER2(store_vectors, store_vectors)
TOOLSEARCH_EXPORT uintptr_t ts_load_static_table(JsonEngine* e, uint32_t bytes) {
  return answer([&] { return e->load_static_table_input(bytes); });
}
TOOLSEARCH_ANSWER0(vector_info, vector_info)
TOOLSEARCH_ANSWER0(snapshot, snapshot)
TOOLSEARCH_ANSWER0(load_snapshot, load_reserved_snapshot)

/// JsonEngine::search_packed: the number of hits, or -1 (ts_last_error then says why).
TOOLSEARCH_EXPORT int ts_search_packed(JsonEngine* e, uint32_t query_bytes, uint32_t limit, uint32_t flags,
                                       uint32_t session_bytes, uint32_t vector_bytes) {
  return e->search_packed(query_bytes, limit, flags, session_bytes, vector_bytes);
}
/// Where the JS layer writes a search's query, session and vector (0: the memory cannot be had).
TOOLSEARCH_EXPORT uintptr_t ts_input_address(JsonEngine* e, uint32_t bytes) {
  return reinterpret_cast<uintptr_t>(e->input_buffer(bytes));
}
/// The packed results' address, where the JS layer reads them.
TOOLSEARCH_EXPORT uintptr_t ts_results_address(JsonEngine* e) { return reinterpret_cast<uintptr_t>(&e->results()); }
/// Where the last snapshot's bytes are, for the JS layer to copy out or in (JsonEngine::snapshot).
TOOLSEARCH_EXPORT uintptr_t ts_snapshot_address(JsonEngine* e) {
  return reinterpret_cast<uintptr_t>(e->snapshot_bytes().data());
}
TOOLSEARCH_EXPORT void ts_release_snapshot(JsonEngine* e) { e->release_snapshot(); }
TOOLSEARCH_EXPORT bool ts_reserve_snapshot(JsonEngine* e, uint32_t size) { return e->reserve_snapshot(size); }
