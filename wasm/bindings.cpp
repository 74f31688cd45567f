// Registers the JSON engine with embind. Nothing else lives here. Every value crosses as a
// copy (docs/wasm-boundary.md):
// - in: strings (vectors as bytes: embind copies a Uint8Array into a std::string), except the
//   packed search's inputs and a static table, which the JS layer writes into a buffer the
//   engine keeps;
// - out: every string answer as its UTF-8 bytes (a JSON envelope, or degradedReason's text),
//   and the packed search's hits as fixed rows, both copied out of wasm memory by the JS layer.
#include "toolsearch/json_api.hpp"

#include <emscripten/bind.h>

namespace {
using toolsearch::JsonEngine;

std::string version() { return TOOLSEARCH_VERSION; }  // from js/package.json, via CMake
// The packed results' address in wasm memory, where the JS layer reads them.
uintptr_t results_address(const JsonEngine& engine) { return reinterpret_cast<uintptr_t>(&engine.results()); }
// Where the JS layer writes a search's query, session and vector (0: the memory cannot be had).
uintptr_t input_address(JsonEngine& engine, uint32_t bytes) {
  return reinterpret_cast<uintptr_t>(engine.input_buffer(bytes));
}
// Where the last snapshot's bytes are, for the JS layer to copy out (JsonEngine::snapshot).
uintptr_t snapshot_address(const JsonEngine& engine) {
  return reinterpret_cast<uintptr_t>(engine.snapshot_bytes().data());
}

// A string answer leaves as the address of its UTF-8 bytes' location and length (two u32),
// which the JS layer reads and decodes at once with TextDecoder (decodeAnswer in
// js/src/raw.js), before its next call into the module. Embind's std::string return walks
// every byte twice in JS before it decodes (looking for NUL bytes): 4.5 µs for a 2 KB answer
// against 0.4 µs, 100 µs against 5 for 50 KB. The bytes stay here until the next answer is
// made: freeing them first interleaved them with the engine's own small allocations, and
// 200,000 abandoned sessions then left emmalloc's heap 1.4 MB larger (tests/js/memory.test.mjs).
std::string last_answer;
uint32_t last_answer_at[2];  // address, length

uintptr_t answer_bytes(std::string answer) {
  last_answer = std::move(answer);
  last_answer_at[0] = static_cast<uint32_t>(reinterpret_cast<uintptr_t>(last_answer.data()));
  last_answer_at[1] = static_cast<uint32_t>(last_answer.size());
  return reinterpret_cast<uintptr_t>(last_answer_at);
}

template <typename Method, Method method>
struct Answer;
template <typename... Args, std::string (JsonEngine::*method)(Args...)>
struct Answer<std::string (JsonEngine::*)(Args...), method> {
  static uintptr_t call(JsonEngine& engine, Args... args) { return answer_bytes((engine.*method)(args...)); }
};
template <typename... Args, std::string (JsonEngine::*method)(Args...) const>
struct Answer<std::string (JsonEngine::*)(Args...) const, method> {
  static uintptr_t call(const JsonEngine& engine, Args... args) { return answer_bytes((engine.*method)(args...)); }
};
}  // namespace

// JsonEngine::NAME, registered to answer in bytes.
#define TOOLSEARCH_ANSWER(name) &Answer<decltype(&JsonEngine::name), &JsonEngine::name>::call

EMSCRIPTEN_BINDINGS(tool_search) {
  emscripten::function("version", &version);
  emscripten::class_<JsonEngine>("Engine")
      .constructor<std::string>()
      .function("configure", TOOLSEARCH_ANSWER(configure))
      .function("addTools", TOOLSEARCH_ANSWER(add_tools))
      .function("removeTools", TOOLSEARCH_ANSWER(remove_tools))
      .function("replaceSource", TOOLSEARCH_ANSWER(replace_source))
      .function("clear", TOOLSEARCH_ANSWER(clear))
      .function("pinTool", TOOLSEARCH_ANSWER(pin_tool))
      .function("pinServer", TOOLSEARCH_ANSWER(pin_server))
      .function("listTools", TOOLSEARCH_ANSWER(list_tools))
      .function("info", TOOLSEARCH_ANSWER(info))
      .function("searchPacked", &JsonEngine::search_packed)
      .function("inputAddress", &input_address)
      .function("resultsAddress", &results_address)
      .function("lastError", TOOLSEARCH_ANSWER(last_error))
      .function("degradedReason", TOOLSEARCH_ANSWER(degraded_reason))
      .function("toolSummaries", TOOLSEARCH_ANSWER(tool_summaries))
      .function("explain", TOOLSEARCH_ANSWER(explain))
      .function("describe", TOOLSEARCH_ANSWER(describe))
      .function("suggest", TOOLSEARCH_ANSWER(suggest))
      .function("openSession", TOOLSEARCH_ANSWER(open_session))
      .function("closeSession", TOOLSEARCH_ANSWER(close_session))
      .function("assemble", TOOLSEARCH_ANSWER(assemble))
      .function("handleCall", TOOLSEARCH_ANSWER(handle_call))
      .function("estimateTokens", TOOLSEARCH_ANSWER(estimate_tokens))
      .function("useEmbedder", TOOLSEARCH_ANSWER(use_embedder))
      .function("pendingVectors", TOOLSEARCH_ANSWER(pending_vectors))
      .function("storeVectors", TOOLSEARCH_ANSWER(store_vectors))
      .function("loadStaticTable", TOOLSEARCH_ANSWER(load_static_table_input))
      .function("vectorInfo", TOOLSEARCH_ANSWER(vector_info))
      .function("snapshot", TOOLSEARCH_ANSWER(snapshot))
      .function("snapshotAddress", &snapshot_address)
      .function("releaseSnapshot", &JsonEngine::release_snapshot)
      .function("reserveSnapshot", &JsonEngine::reserve_snapshot)
      .function("loadSnapshot", TOOLSEARCH_ANSWER(load_reserved_snapshot));
}
