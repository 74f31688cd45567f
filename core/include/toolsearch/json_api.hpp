// The engine behind JSON text: the exact surface the wasm layer registers
// (docs/wasm-boundary.md). Every method returns an envelope, never throws:
//   {"ok":true,"value":...}  or  {"ok":false,"error":{"code":"...","message":"..."}}
#pragma once

#include "toolsearch/engine.hpp"
#include "toolsearch/json_codec.hpp"
#include "toolsearch/packed_results.hpp"

#include <map>
#include <memory>
#include <string>
#include <string_view>

namespace toolsearch {

class JsonEngine {
 public:
  /// Invalid options leave the defaults in place; configure() reports the error.
  explicit JsonEngine(const std::string& options_json = "{}");

  std::string configure(const std::string& options_json);
  /// options: {onInvalid?: "error" | "skip"}. Value: {added, rejected: [{index, name, code,
  /// message}], fingerprint}; `rejected` is empty unless onInvalid is "skip".
  std::string add_tools(const std::string& tools_json, const std::string& options_json = "null");
  std::string remove_tools(const std::string& names_json);
  std::string replace_source(const std::string& source, const std::string& tools_json);
  std::string clear();
  std::string pin_tool(const std::string& name, bool pinned);
  std::string pin_server(const std::string& server, bool pinned);
  /// names_json: null for every tool, or an array of names (unknown ones skipped). Each entry
  /// carries sourceKind, server and tokens.
  std::string list_tools(const std::string& names_json = "null");
  std::string info();
  /// The value is the hits; the envelope also carries "strategy" (what ran) and, when a semantic
  /// or hybrid search ran as keyword, "degraded" (why). `vector`: the query's embedding as
  /// little-endian float32 bytes ("" for none; it replaces options.vector). JSON numbers cost
  /// wasm a strtod each: about 0.5 ms for 384 of 17 digits, against microseconds here.
  std::string search(const std::string& query, const std::string& options_json, const std::string& vector = "");
  /// search() with the options as numbers and the hits written to results() instead of JSON:
  /// the JS layer's search path. The query (UTF-8), the session id and the query vector
  /// (little-endian float32) are read from input_buffer(), one after another, `query_bytes`,
  /// `session_bytes` and `vector_bytes` long: the caller writes them with one copy each, and no
  /// string crosses the boundary. `limit` 0 takes the default; `flags`: PackedSearchFlags; an
  /// empty session is the default session. Returns the number of hits, or -1 when the search
  /// failed (last_error() holds the error envelope).
  int search_packed(uint32_t query_bytes, uint32_t limit, uint32_t flags, uint32_t session_bytes,
                    uint32_t vector_bytes);
  /// A buffer of at least `bytes` bytes for search_packed's inputs, kept between searches (one
  /// over kKeptInputBytes is freed after the next search), or for load_static_table_input's
  /// table (which takes it); nullptr when it cannot be had or `bytes` is over kMaxInputBytes.
  /// Its address changes when it grows, and after load_static_table_input took it.
  char* input_buffer(size_t bytes);
  static constexpr size_t kKeptInputBytes = 64 * 1024;
  static constexpr size_t kMaxInputBytes = 256 * 1024 * 1024;
  /// Where the last search_packed wrote its results (stable for the engine's life).
  const PackedResults& results() const { return packed_; }
  /// The error envelope of the last search_packed that returned -1.
  std::string last_error() const { return last_error_; }
  /// The reason of the last search_packed whose results say `degraded`.
  std::string degraded_reason() const { return degraded_; }
  /// What a search hit carries besides its scores, for catalog positions (a JSON array of
  /// numbers): [{name, source, server, description, required}], in the order asked. A
  /// position outside the catalog is NOT_FOUND.
  std::string tool_summaries(const std::string& positions_json);
  /// options: the search options (session, strategy, vector, ...); a tool outside the session's
  /// scope reads as NOT_FOUND. Besides the BM25 terms, the value carries {strategy, rank,
  /// strategyScore, legs: {keyword, semantic}} for the tool.
  std::string explain(const std::string& query, const std::string& name, const std::string& options_json = "{}",
                      const std::string& vector = "");
  // ---- the semantic leg (docs/wasm-boundary.md) -------------------------------------------------
  /// Selects the embedder whose vectors are stored: {id, dimensions}.
  std::string use_embedder(const std::string& embedder_json);
  /// [{name, text, hash}] of tools that need embedding for the current embedder.
  std::string pending_vectors();
  /// meta: {names: [...], hashes: [...]}; `vectors`: little-endian float32 bytes, names x dims.
  std::string store_vectors(const std::string& meta_json, const std::string& vectors);
  /// A static embedding table (TSSE bytes, static_embedder.hpp). Value {dimensions}.
  std::string load_static_table(std::string_view table);
  /// load_static_table() of the first `bytes` bytes of input_buffer(), which the caller wrote:
  /// how the JS layer passes a table, with one copy into wasm memory. The table takes the
  /// buffer and reads its rows where they are (no second copy), so the next search asks for a
  /// new input buffer.
  std::string load_static_table_input(uint32_t bytes);
  /// {embedder, dimensions, static, vectors (current for the catalog), tools}.
  std::string vector_info();
  std::string describe(const std::string& name, const std::string& session);
  std::string suggest(const std::string& name, const std::string& session);
  std::string open_session(const std::string& scope_json);
  std::string close_session(const std::string& id);
  /// `vector`: the user message's embedding as float32 bytes ("" for none), as in search().
  /// The value leaves out `deferred` (the visible names subtracted from `logical`) and carries
  /// `revision`, the catalog revision; `logical` is left out too when `known_revision` equals
  /// it (the caller holds those names already; -1: it holds none).
  std::string assemble(const std::string& request_json, const std::string& vector = "", double known_revision = -1);
  /// `vector`: the embedding of a tool_search query as float32 bytes ("" for none).
  std::string handle_call(const std::string& session, const std::string& call_json, const std::string& vector = "");
  std::string estimate_tokens(const std::string& tool_json);

  // ---- snapshots (docs/snapshot-format.md) -----------------------------------------------------
  /// Writes the engine's snapshot into snapshot_bytes(); value {size}. The bytes stay until
  /// release_snapshot() or the next snapshot().
  std::string snapshot();
  std::string_view snapshot_bytes() const {
    return reserved_ ? std::string_view(reserved_.get(), reserved_size_) : std::string_view(snapshot_);
  }
  void release_snapshot() {
    std::string().swap(snapshot_);
    reserved_.reset();
    reserved_size_ = 0;
  }
  /// Replaces the engine's catalog, options, index and vectors with a snapshot's, all or
  /// nothing. Value {config (the effective options), fingerprint, size}.
  std::string load_snapshot(std::string_view bytes);
  /// Makes snapshot_bytes() `size` bytes long for the caller to fill, then load_reserved_snapshot()
  /// loads them (and frees them): how the JS layer passes a snapshot, with one copy into wasm
  /// memory (an argument would be copied again into a std::string). False when memory is short.
  bool reserve_snapshot(size_t size);
  std::string load_reserved_snapshot();

  Engine& engine() { return engine_; }

 private:
  Engine engine_;
  PackedResults packed_{};
  // Each session's last assembly text, returned again while its key (Engine::assembly_stamp
  // plus the request, the message only where pre-selection reads it) is the same: a turn
  // that changes nothing recomputes nothing.
  struct Turn {
    std::string key;
    std::string text;
  };
  std::map<std::string, Turn> turns_;
  std::string last_error_;
  std::string degraded_;
  std::string snapshot_;               // written by snapshot()
  std::shared_ptr<char[]> reserved_;  // for a snapshot to load; not zero-filled (11 MB for 10,000 tools)
  size_t reserved_size_ = 0;
  std::shared_ptr<char[]> input_;  // search_packed's inputs (or a static table), written by the caller
  size_t input_size_ = 0;
  void release_long_input();
  std::string load_static_table(std::string_view table, std::shared_ptr<const void> owner);
};

}  // namespace toolsearch
