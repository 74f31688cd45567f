// The one codec between core values and the JSON shapes of the wasm boundary (see
// docs/wasm-boundary.md). Keys are camelCase everywhere; the gate's snake_case spellings from
// the seeds are accepted on input. Schemas and arguments pass through untouched. What the
// model reads from the bridge tools is rendered in bridge_render.hpp, not here.
#pragma once

#include "toolsearch/assembly.hpp"
#include "toolsearch/bridge.hpp"
#include "toolsearch/catalog.hpp"
#include "toolsearch/config.hpp"
#include "toolsearch/engine.hpp"
#include "toolsearch/search_index.hpp"
#include "toolsearch/session.hpp"
#include "toolsearch/status.hpp"
#include "toolsearch/tool.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace toolsearch {

/// Limits on JSON text accepted at the boundary (hostile input gets TooLarge, not a crash).
/// Together they bound the memory one call's parsed input may take: the text, plus at most
/// max_values tree nodes (about 16 bytes each in wasm32, 64 with an object key), checked on
/// the text before any node is allocated.
struct JsonLimits {
  size_t max_text_bytes = 64 * 1024 * 1024;  ///< default 64 MiB per call
  size_t max_depth = 128;                    ///< default 128 nested arrays/objects
  size_t max_values = 1u << 20;              ///< default 1,048,576 values (scalars, arrays, objects)
};

/// A model tool call is at most 4 MiB of JSON (far above what a model can emit in one turn):
/// its arguments are copied a few times on the way to a dispatch.
inline constexpr size_t kMaxCallJsonBytes = 4 * 1024 * 1024;

/// Parses JSON text with size, depth and value-count limits. InvalidJson / TooLarge on failure.
Result<nlohmann::json> parse_json(std::string_view text, const JsonLimits& limits = {});

// ---- tools and scopes ----------------------------------------------------------------------

/// One tool from MCP form {name, description, inputSchema}, catalog form {parameters} or
/// snake_case {input_schema}; plus source, class, title, annotations, tags, pinned. Its strings,
/// schema and annotations are moved out of `json` (not copied), and only on success: a refused
/// entry is left as it was.
Result<Tool> tool_from_json(nlohmann::json&& json);
/// Every entry of an array, as tool_from_json; the array is consumed.
Result<std::vector<Tool>> tools_from_json(nlohmann::json&& json);
/// Appends {name, description, inputSchema, source, sourceKind, server (null unless MCP), class,
/// pinned, tokens, originalName?, title?, annotations?, tags?} (sorted keys). `pinned` is the
/// catalog's answer (a pinned server pins its tools), `tokens` the tool's estimated cost.
void append_tool_json(std::string& out, const Tool& tool, bool pinned, size_t tokens);

/// Options of an add: {onInvalid: "error" (default, all-or-nothing) | "skip"}.
struct AddOptions {
  bool skip_invalid = false;
};
Result<AddOptions> add_options_from_json(const nlohmann::json& json);
/// Appends {code, index, message, name}.
void append_rejection_json(std::string& out, const Catalog::Rejection& rejection);

/// {"sources":[...],"toolsets":[...],"tools":[...]}, all optional.
Result<Scope> scope_from_json(const nlohmann::json& json);

/// Required parameter names of a schema, in schema order (non-strings are skipped).
std::vector<std::string> required_params(const nlohmann::json& input_schema);

// ---- configuration -------------------------------------------------------------------------

/// A JSON object of GateConfig fields over `base`: camelCase keys ("thresholdPct"), snake_case
/// accepted ("threshold_pct"); or the shorthand true / false / "off" / "auto" / "on". Unknown
/// keys and out-of-range values are InvalidConfig errors naming the key, with a "did you mean".
Result<GateConfig> gate_config_from_json(const nlohmann::json& json, const GateConfig& base = {});
/// Every field, camelCase keys (sorted), as text and as a json value.
void append_gate_config_json(std::string& out, const GateConfig& config);
nlohmann::json gate_config_to_json(const GateConfig& config);

/// The options object {"gate","bm25","namespacing"} over `base`.
Result<EngineOptions> engine_options_from_json(const nlohmann::json& json, const EngineOptions& base);
/// Appends the options as configure() reports them (sorted keys; lexicon: the host's own entries).
void append_engine_options_json(std::string& out, const EngineOptions& options);
nlohmann::json engine_options_to_json(const EngineOptions& options);

// ---- requests ------------------------------------------------------------------------------

/// {limit?, session?, deferredOnly?, strategy?, descriptions?, caseSensitive?}; unknown keys are
/// InvalidArgument with a "did you mean". The query vector travels as bytes (json_api.hpp).
Result<SearchRequest> search_request_from_json(const nlohmann::json& json);
/// {session?, contextWindow?, mode?, userMessage?, topK?}; the session id goes to `session`.
Result<AssembleRequest> assemble_request_from_json(const nlohmann::json& json, std::string& session);
/// {name, arguments?}; absent arguments read as null (repaired to {} by the bridge).
Result<ModelToolCall> model_call_from_json(const nlohmann::json& json);

// ---- results -------------------------------------------------------------------------------

/// Appends `"source":..,"server":..,"description":..,"required":[..]` (no braces): what a search
/// hit says about its tool besides the name.
void append_tool_details_json(std::string& out, const Tool& tool);
/// Appends [{name, score, match, weak, source, server, description, required, legs?}, ...] as
/// text (legs: {keyword, semantic}, each {rank, score} or null, on hybrid hits): the hot path,
/// where a json tree plus dump would cost more than the search.
void append_search_hits_json(std::string& out, const std::vector<SearchHit>& hits, const std::vector<Tool>& tools);
/// Appends {name, match, score, queryTokens, terms: [{term, field, idf, tf, weight, lengthNorm,
/// queryWeight, score}], expansions: [{from, to}], strategy, degraded?, rank (null when the tool
/// is not in `ranking`), strategyScore?, legs? (hybrid: {keyword, semantic}, each {rank, score}
/// or null)}: `e` for `tool`, placed in `ranking`, the whole ranking of the requested strategy.
void append_explanation_json(std::string& out, const Explanation& e, const Tool& tool, const Retrieval& ranking);

/// Sorted keys, so equal results give byte-identical text: {strategy, tier, visible: [{name,
/// description, inputSchema, kind, tokens}], logical, deferred, tokens: {withoutDeferral,
/// withDeferral, saved}, gate: {mode, active, contextWindow, threshold, deferrableCount,
/// deferrableTokens, reason}}. Written as text (the API's path); the json value is for tests.
/// `logical` and `deferred` are names. With `compact` (the JS layer's form), `deferred` is left
/// out (it is `logical` minus the visible names), `logical` is written only when
/// `with_logical`, and `revision` says which catalog revision the names belong to.
void append_assembly_json(std::string& out, const AssemblyResult& result, const Catalog& catalog,
                          bool compact = false, bool with_logical = true);
nlohmann::json assembly_to_json(const AssemblyResult& result, const Catalog& catalog);

/// {kind, name, arguments, result, reason, repairs, activated, viaBridge, source, server,
/// sourceKind, tokens}; the last four are null unless `name` is a real tool. Sorted keys.
void append_outcome_json(std::string& out, const BridgeOutcome& outcome);
nlohmann::json outcome_to_json(const BridgeOutcome& outcome);

}  // namespace toolsearch
