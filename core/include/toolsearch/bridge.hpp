// Bridge-call resolution: turns one tool call from the model (a bridge tool or a real tool by
// name) into a search result, a schema, a dispatch the host performs, or a refusal the model can
// act on. Pure: the only state it touches is the session's activated set.
#pragma once

#include "toolsearch/bridge_render.hpp"
#include "toolsearch/catalog.hpp"
#include "toolsearch/config.hpp"
#include "toolsearch/schema_validator.hpp"
#include "toolsearch/search_index.hpp"
#include "toolsearch/session.hpp"
#include "toolsearch/tool.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace toolsearch {

/// One tool call as the model emitted it.
struct ModelToolCall {
  std::string name;
  /// Usually an object; JSON text, "" and null are accepted and repaired.
  nlohmann::json arguments = nlohmann::json::object();
};

enum class BridgeOutcomeKind {
  Search,    ///< tool_search: ranked matches
  Describe,  ///< tool_describe: one full schema
  Dispatch,  ///< the host must invoke `name` with `arguments`
  Refusal,   ///< nothing is invoked; `result` tells the model what to do instead
};
const char* to_string(BridgeOutcomeKind kind);  // "search", "describe", "dispatch", "refusal"

/// Stable refusal reason codes (BridgeOutcome::reason).
namespace refusal {
/// tool_call named a bridge tool (tool_search, tool_describe or tool_call).
inline constexpr std::string_view kBridgeRecursion = "bridge_recursion";
/// tool_call named a core tool: "call it directly".
inline constexpr std::string_view kCoreViaBridge = "core_via_bridge";
/// Unknown, or outside the session's scope: both read exactly alike.
inline constexpr std::string_view kNotFound = "not_found";
/// The arguments fail the tool's schema; the schema is returned and the tool is not invoked.
inline constexpr std::string_view kInvalidArguments = "invalid_arguments";
/// The schema check ran out of its work budget before reaching a verdict (a huge array, a
/// combinatorial anyOf chain): the call is refused rather than dispatched unchecked.
inline constexpr std::string_view kArgumentsTooComplex = "arguments_too_complex";
/// The bridge call itself is malformed (no name, blank query, wrong payload type).
inline constexpr std::string_view kInvalidCall = "invalid_call";
/// A direct call to a deferred tool while lazy activation is off: use describe + tool_call.
inline constexpr std::string_view kDeferredTool = "deferred_tool";
/// A bug or an allocation failure; never expected.
inline constexpr std::string_view kInternalError = "internal_error";
}  // namespace refusal

/// The resolution of one call.
struct BridgeOutcome {
  BridgeOutcomeKind kind = BridgeOutcomeKind::Refusal;
  /// The real tool (dispatch, describe, and refusals about a resolved tool); "tool_search" for
  /// search; "" when no tool was resolved (not_found, invalid_call, bridge_recursion).
  std::string name;
  /// Dispatch and invalid_arguments: the repaired arguments object. Search/describe: the
  /// normalised bridge payload. Otherwise {}.
  nlohmann::json arguments = nlohmann::json::object();
  /// What the model sees for search (render_search_result), describe (render_describe_result)
  /// and refusals; {} for a dispatch.
  nlohmann::json result = nlohmann::json::object();
  std::string reason;                ///< refusal code (see `refusal`), "" otherwise
  /// The resolved tool's source ("mcp:github", ...) and estimated definition tokens, when
  /// `name` is a real tool; "" and 0 otherwise.
  std::string source;
  size_t tokens = 0;
  std::vector<std::string> repairs;  ///< stable codes of the repairs applied, in order
  /// The call disclosed or dispatched a tool that was deferred this turn (it is now in the
  /// session's activated set).
  bool activated = false;
  /// The model's call named a bridge tool (tool_search, tool_describe or tool_call).
  bool via_bridge = false;
  std::vector<SchemaViolation> violations;    ///< invalid_arguments only
};

/// Tokens of one tool definition; the gate's estimator plugs in here.
using ToolTokenEstimator = std::function<size_t(const Tool&)>;

/// Resolves `call` for `session`.
///
/// - `index` must have been built from `catalog` (hits index into catalog.tools()).
/// - `deferred`: the catalog positions hidden behind the bridge in this turn's assembly, in
///   ascending order (AssemblyResult::deferred).
/// - `estimate`: tokens of a tool, for inlining small schemas into search hits
///   (config.inline_schema_max_tokens). Empty = estimate_tool_tokens.
/// - `search`: the ranking tool_search uses. Empty = index.search (keyword).
///
/// Scope is enforced everywhere: a tool outside `session.scope` cannot be found, described,
/// suggested or called, and every answer about it is identical to one about a name that does
/// not exist. Search, describe and dispatch of deferrable tools add them to `session.activated`.
/// Never throws.
///
/// Repair codes: bridge_arguments_null, bridge_arguments_empty_string,
/// bridge_arguments_json_string, bridge_arguments_bare_string, arguments_null,
/// arguments_empty_string, arguments_json_string, arguments_double_encoded, arguments_nested,
/// arguments_name_wrapped, arguments_flattened, arguments_missing, limit_clamped, limit_invalid,
/// query_clipped.
BridgeOutcome resolve_call(const Catalog& catalog, const SearchIndex& index, const GateConfig& config,
                           const std::vector<uint32_t>& deferred, Session& session,
                           const ModelToolCall& call, const ToolTokenEstimator& estimate = {},
                           const SearchFunction& search = {});

}  // namespace toolsearch
