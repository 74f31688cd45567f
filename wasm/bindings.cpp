// Registers the JSON engine with embind. Nothing else lives here: every value crosses as a
// copied string (vectors and static tables as bytes: embind copies a Uint8Array into a
// std::string), every result is a JSON envelope, except the packed search, whose inputs the JS
// layer writes into a buffer the engine keeps and whose hits are fixed rows that it copies out
// of wasm memory (docs/wasm-boundary.md).
#include "toolsearch/json_api.hpp"

#include <emscripten/bind.h>

namespace {
std::string version() { return TOOLSEARCH_VERSION; }  // from js/package.json, via CMake
// The packed results' address in wasm memory, where the JS layer reads them.
uintptr_t results_address(const toolsearch::JsonEngine& engine) { return reinterpret_cast<uintptr_t>(&engine.results()); }
// Where the JS layer writes a search's query, session and vector (0: the memory cannot be had).
uintptr_t input_address(toolsearch::JsonEngine& engine, uint32_t bytes) {
  return reinterpret_cast<uintptr_t>(engine.input_buffer(bytes));
}
// Where the last snapshot's bytes are, for the JS layer to copy out (JsonEngine::snapshot).
uintptr_t snapshot_address(const toolsearch::JsonEngine& engine) {
  return reinterpret_cast<uintptr_t>(engine.snapshot_bytes().data());
}
}  // namespace

EMSCRIPTEN_BINDINGS(tool_search) {
  using toolsearch::JsonEngine;
  emscripten::function("version", &version);
  emscripten::class_<JsonEngine>("Engine")
      .constructor<std::string>()
      .function("configure", &JsonEngine::configure)
      .function("addTools", &JsonEngine::add_tools)
      .function("removeTools", &JsonEngine::remove_tools)
      .function("replaceSource", &JsonEngine::replace_source)
      .function("clear", &JsonEngine::clear)
      .function("pinTool", &JsonEngine::pin_tool)
      .function("pinServer", &JsonEngine::pin_server)
      .function("listTools", &JsonEngine::list_tools)
      .function("info", &JsonEngine::info)
      .function("searchPacked", &JsonEngine::search_packed)
      .function("inputAddress", &input_address)
      .function("resultsAddress", &results_address)
      .function("lastError", &JsonEngine::last_error)
      .function("degradedReason", &JsonEngine::degraded_reason)
      .function("toolSummaries", &JsonEngine::tool_summaries)
      .function("explain", &JsonEngine::explain)
      .function("describe", &JsonEngine::describe)
      .function("suggest", &JsonEngine::suggest)
      .function("openSession", &JsonEngine::open_session)
      .function("closeSession", &JsonEngine::close_session)
      .function("assemble", &JsonEngine::assemble)
      .function("handleCall", &JsonEngine::handle_call)
      .function("estimateTokens", &JsonEngine::estimate_tokens)
      .function("useEmbedder", &JsonEngine::use_embedder)
      .function("pendingVectors", &JsonEngine::pending_vectors)
      .function("storeVectors", &JsonEngine::store_vectors)
      .function("loadStaticTable", &JsonEngine::load_static_table)
      .function("vectorInfo", &JsonEngine::vector_info)
      .function("snapshot", &JsonEngine::snapshot)
      .function("snapshotAddress", &snapshot_address)
      .function("releaseSnapshot", &JsonEngine::release_snapshot)
      .function("reserveSnapshot", &JsonEngine::reserve_snapshot)
      .function("loadSnapshot", &JsonEngine::load_reserved_snapshot);
}
