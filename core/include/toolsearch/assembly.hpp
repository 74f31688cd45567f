// Per-turn assembly: the gate decision and the two surfaces (prompt-visible and logical tools).
#pragma once

#include "toolsearch/catalog.hpp"
#include "toolsearch/config.hpp"
#include "toolsearch/gate.hpp"
#include "toolsearch/search_index.hpp"
#include "toolsearch/session.hpp"
#include "toolsearch/status.hpp"
#include "toolsearch/token_estimator.hpp"
#include "toolsearch/tool_costs.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace toolsearch {

/// What the caller wants when the gate activates.
enum class AssemblyMode {
  Bridge,               ///< default: hidden tools behind tool_search / tool_describe / tool_call
  Preselect,            ///< the top-K tools for the user's message as full schemas, no bridge
  PreselectWithBridge,  ///< top-K as full schemas plus the bridge for everything else
};
const char* to_string(AssemblyMode mode);  // "bridge", "preselect", "preselect+bridge"
/// The mode named by to_string, or nullopt.
std::optional<AssemblyMode> assembly_mode_from_string(std::string_view text);

/// Pre-selection mode clamps top_k to this.
inline constexpr size_t kMaxPreselectTopK = 50;

struct AssembleRequest {
  size_t context_window = 0;  ///< the model's window in tokens; 0 = unknown (threshold = max_tokens)
  AssemblyMode mode = AssemblyMode::Bridge;  ///< default Bridge
  std::string user_message;   ///< pre-selection query (ignored in Bridge mode)
  size_t top_k = 0;           ///< pre-selected tools; 0 = config.preselect_top_k; clamped to 50
};

/// Why a tool is in the prompt-visible array.
enum class VisibleKind {
  Core,         ///< a core tool (never deferred)
  Pinned,       ///< a deferrable tool pinned by name or by server
  Inline,       ///< within the hybrid partition (first N deferrable tools within the token budget)
  Activated,    ///< activated earlier in the session, shown under the Promote policy
  Preselected,  ///< among the top-K for the user's message
  Bridge,       ///< tool_search, tool_describe or tool_call
  Passthrough,  ///< a deferrable tool shown because the gate did not activate
};
const char* to_string(VisibleKind kind);  // "core", "pinned", "inline", ...

/// One entry of the prompt-visible array.
struct VisibleTool {
  std::string name;
  std::string description;
  nlohmann::json input_schema;
  VisibleKind kind = VisibleKind::Passthrough;
  size_t tokens = 0;  ///< estimated cost, per-tool overhead included
};

/// What was actually applied (the gate may overrule the requested mode). The same names as
/// AssemblyMode, plus "passthrough"; the JS provider plan's strategies extend this vocabulary.
enum class Strategy { Passthrough, Bridge, Preselect, PreselectWithBridge };
const char* to_string(Strategy strategy);  // "passthrough", "bridge", "preselect", "preselect+bridge"

struct TokenAccounting {
  size_t without_deferral = 0;  ///< every in-scope tool visible (what passthrough costs)
  size_t with_deferral = 0;     ///< the visible array as assembled (bridge tools included)
  int64_t saved = 0;            ///< without - with; negative when the bridge costs more than it hides
};

struct AssemblyResult {
  Strategy strategy = Strategy::Passthrough;
  /// Catalog order, then the bridge tools (tool_search, tool_describe, tool_call) last.
  std::vector<VisibleTool> visible;
  /// Catalog positions of the tools the session can use: core + every in-scope deferrable
  /// tool (catalog order). Bridge tools are never logical tools. tool_names() gives the names.
  std::vector<uint32_t> logical;
  /// Catalog positions of the in-scope deferrable tools not visible this turn (behind the
  /// bridge, or left out by pre-selection), in catalog order.
  std::vector<uint32_t> deferred;
  /// 0: no listing (passthrough or pre-selection without bridge); 1: bridge + per-tool name
  /// listing; 2: bridge + per-source summary with counts (the names exceed listing_max_tokens).
  int tier = 0;
  TokenAccounting tokens;
  GateDecision gate;
};

/// An in-scope tool as planned before pre-selection.
struct PlannedTool {
  /// Where the tool stands before the gate is applied.
  enum class Role { Core, Pinned, Candidate };
  size_t index;  ///< catalog position
  Role role;
  size_t tokens;
  VisibleKind kind = VisibleKind::Passthrough;
  bool visible = true;
};

/// What a turn is before the user message is read: the gate, which tools are shown or hidden,
/// and the bridge tools with their listing. It depends only on the catalog, the configuration,
/// the session and the window, so a caller may keep it while those stay the same (Engine
/// does) and finish each turn from it.
struct AssemblyPlan {
  size_t catalog_size = 0;
  std::vector<PlannedTool> entries;  ///< in-scope tools, catalog order
  std::vector<size_t> hidden;        ///< positions in `entries` hidden by the gate
  GateDecision gate;
  size_t without_deferral = 0;
  /// The bridge tools, listing every hidden tool, when the mode may show the bridge.
  std::vector<VisibleTool> bridge;
  int tier = 0;
};

/// The names of catalog positions (an assembly's logical or deferred tools).
std::vector<std::string> tool_names(const Catalog& catalog, const std::vector<uint32_t>& positions);

/// The message-independent part of assemble(). Errors: InvalidConfig.
Result<AssemblyPlan> plan_assembly(const Catalog& catalog, const GateConfig& config, const Session& session,
                                   size_t context_window, AssemblyMode mode, const TokenCounter& counter = {},
                                   const ToolCosts* costs = nullptr);
/// One turn from its plan (made for the same catalog and request mode): pre-selection, then
/// the two surfaces and the token accounting. Errors as assemble().
Result<AssemblyResult> finish_assembly(const Catalog& catalog, const GateConfig& config, const AssemblyPlan& plan,
                                       const AssembleRequest& request, const SearchIndex* index = nullptr,
                                       const SearchFunction& search = {});

/// Assembles one turn. Stateless and deterministic: the same inputs give byte-identical output.
/// `index` is required for the Preselect modes and must be built from this catalog snapshot
/// (InvalidArgument otherwise). `counter` replaces the estimator when set. `costs`, when built
/// from this catalog revision, saves re-estimating every tool (see ToolCosts); it is ignored
/// otherwise. `search`, when set, ranks pre-selection instead of index->search (the engine's
/// configured strategy). Errors: InvalidConfig (config fails validate), InvalidArgument (index
/// missing or from another catalog).
Result<AssemblyResult> assemble(const Catalog& catalog, const GateConfig& config, const Session& session,
                                const AssembleRequest& request, const SearchIndex* index = nullptr,
                                const TokenCounter& counter = {}, const ToolCosts* costs = nullptr,
                                const SearchFunction& search = {});

}  // namespace toolsearch
