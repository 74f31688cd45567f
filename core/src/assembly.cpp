#include "toolsearch/assembly.hpp"

#include "toolsearch/bridge_tools.hpp"
#include "toolsearch/listing.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace toolsearch {
namespace {

using nlohmann::json;

using Role = PlannedTool::Role;
using Entry = PlannedTool;

std::string outcome(const AssemblyResult& r, size_t preselected) {
  switch (r.strategy) {
    case Strategy::Passthrough:
      return r.gate.active ? "passthrough: every deferrable tool stays visible (inline, pinned or activated)"
                           : "passthrough";
    case Strategy::Bridge:
      return "bridge: " + std::to_string(r.deferred.size()) + " deferred, tier " + std::to_string(r.tier) + " listing";
    case Strategy::Preselect:
      return "preselect: " + std::to_string(preselected) + " pre-selected, " + std::to_string(r.deferred.size()) +
             " left out";
    case Strategy::PreselectWithBridge:
      return "preselect+bridge: " + std::to_string(preselected) + " pre-selected, " +
             std::to_string(r.deferred.size()) + " deferred, tier " + std::to_string(r.tier) + " listing";
  }
  return "";
}

size_t sum_tokens(const std::vector<VisibleTool>& tools) {
  size_t total = 0;
  for (const VisibleTool& t : tools) total += t.tokens;
  return total;
}

}  // namespace

const char* to_string(AssemblyMode mode) {
  switch (mode) {
    case AssemblyMode::Bridge: return "bridge";
    case AssemblyMode::Preselect: return "preselect";
    case AssemblyMode::PreselectWithBridge: return "preselect+bridge";
  }
  return "bridge";
}

std::optional<AssemblyMode> assembly_mode_from_string(std::string_view text) {
  for (AssemblyMode mode : {AssemblyMode::Bridge, AssemblyMode::Preselect, AssemblyMode::PreselectWithBridge}) {
    if (text == to_string(mode)) return mode;
  }
  return std::nullopt;
}

const char* to_string(VisibleKind kind) {
  switch (kind) {
    case VisibleKind::Core: return "core";
    case VisibleKind::Pinned: return "pinned";
    case VisibleKind::Inline: return "inline";
    case VisibleKind::Activated: return "activated";
    case VisibleKind::Preselected: return "preselected";
    case VisibleKind::Bridge: return "bridge";
    case VisibleKind::Passthrough: return "passthrough";
  }
  return "passthrough";
}

const char* to_string(Strategy strategy) {
  switch (strategy) {
    case Strategy::Passthrough: return "passthrough";
    case Strategy::Bridge: return "bridge";
    case Strategy::Preselect: return "preselect";
    case Strategy::PreselectWithBridge: return "preselect+bridge";
  }
  return "passthrough";
}

namespace {

// Every in-scope tool in catalog order with its role and cost. Out-of-scope tools are skipped
// here and so are, from then on, as if absent.
std::vector<Entry> in_scope_entries(const Catalog& catalog, const Session& session, const TokenCounter& counter,
                                    const ToolCosts* costs) {
  const std::vector<Tool>& tools = catalog.tools();
  const bool use_costs = costs != nullptr && costs->matches(catalog);
  std::vector<Entry> entries;
  entries.reserve(tools.size());
  for (size_t i = 0; i < tools.size(); ++i) {
    const Tool& tool = tools[i];
    const bool core = tool.tool_class == ToolClass::Core;
    if (!core && !session.scope.allows(tool)) continue;
    const Role role = core ? Role::Core : catalog.is_pinned(tool) ? Role::Pinned : Role::Candidate;
    const size_t tokens = use_costs ? costs->at(i) : estimate_tool_tokens(tool, counter);
    const VisibleKind kind = core ? VisibleKind::Core : role == Role::Pinned ? VisibleKind::Pinned : VisibleKind::Passthrough;
    entries.push_back({i, role, tokens, kind, true});
  }
  return entries;
}

// Hybrid partition (a prefix of the candidates within both the count and the token limit),
// then promotion of activated tools; every other candidate is hidden. Returns the hidden
// entries' positions.
std::vector<size_t> hide_candidates(const GateConfig& config, const Session& session, const std::vector<Tool>& tools,
                                    std::vector<Entry>& entries) {
  size_t inline_count = 0;
  size_t inline_tokens = 0;
  for (Entry& e : entries) {
    if (e.role != Role::Candidate) continue;
    if (inline_count >= config.inline_max_count) break;
    if (config.inline_max_tokens > 0 && inline_tokens + e.tokens > config.inline_max_tokens) break;
    e.kind = VisibleKind::Inline;
    ++inline_count;
    inline_tokens += e.tokens;
  }
  std::vector<size_t> hidden;
  for (size_t k = 0; k < entries.size(); ++k) {
    Entry& e = entries[k];
    if (e.role != Role::Candidate || e.kind == VisibleKind::Inline) continue;
    if (config.activation == ActivationPolicy::Promote && session.activated.count(tools[e.index].name)) {
      e.kind = VisibleKind::Activated;
      continue;
    }
    e.visible = false;
    hidden.push_back(k);
  }
  return hidden;
}

// Shows the top-K hidden tools for the user's message; returns how many were selected.
size_t preselect(const SearchFunction& search, const AssembleRequest& request, size_t default_top_k, size_t catalog_size,
                 const std::vector<size_t>& hidden, std::vector<Entry>& entries) {
  if (hidden.empty()) return 0;
  const size_t top_k = request.top_k == 0 ? default_top_k : std::min(request.top_k, kMaxPreselectTopK);
  std::vector<long> position(catalog_size, -1);  // catalog index -> position in `entries`
  for (size_t k : hidden) position[entries[k].index] = static_cast<long>(k);
  ToolFilter filter = [&position](size_t tool) { return tool < position.size() && position[tool] >= 0; };
  size_t selected = 0;
  for (const SearchHit& hit : search(request.user_message, top_k, filter)) {
    if (hit.tool >= position.size() || position[hit.tool] < 0) continue;
    Entry& e = entries[static_cast<size_t>(position[hit.tool])];
    if (e.visible) continue;  // a duplicate hit
    e.visible = true;
    e.kind = VisibleKind::Preselected;
    ++selected;
  }
  return selected;
}

Strategy choose_strategy(bool gate_active, AssemblyMode mode, bool nothing_hidden) {
  if (!gate_active) return Strategy::Passthrough;
  if (mode == AssemblyMode::Bridge) return nothing_hidden ? Strategy::Passthrough : Strategy::Bridge;
  if (mode == AssemblyMode::PreselectWithBridge && !nothing_hidden) return Strategy::PreselectWithBridge;
  return Strategy::Preselect;
}

}  // namespace

std::vector<std::string> tool_names(const Catalog& catalog, const std::vector<uint32_t>& positions) {
  std::vector<std::string> names;
  names.reserve(positions.size());
  for (uint32_t p : positions) names.push_back(catalog.tools()[p].name);
  return names;
}

Result<AssemblyPlan> plan_assembly(const Catalog& catalog, const GateConfig& config, const Session& session,
                                   size_t context_window, AssemblyMode mode, const TokenCounter& counter,
                                   const ToolCosts* costs) {
  try {
    if (Status valid = validate(config); !valid.ok()) return valid;
    const std::vector<Tool>& tools = catalog.tools();
    AssemblyPlan plan;
    plan.catalog_size = tools.size();
    plan.entries = in_scope_entries(catalog, session, counter, costs);
    size_t deferrable_count = 0;
    size_t deferrable_tokens = 0;
    for (const Entry& e : plan.entries) {
      plan.without_deferral += e.tokens;
      if (e.role != Role::Candidate) continue;
      ++deferrable_count;
      deferrable_tokens += e.tokens;
    }
    plan.gate = decide_gate(config, context_window, deferrable_count, deferrable_tokens);
    if (plan.gate.active) plan.hidden = hide_candidates(config, session, tools, plan.entries);
    if (mode != AssemblyMode::Preselect && !plan.hidden.empty()) {
      // The listing names every tool behind the bridge before pre-selection, so the bridge
      // definitions are the same whatever the user message (prompt caches keep hitting); a
      // pre-selected tool is also listed, which costs its name only.
      std::vector<ListingItem> items;
      items.reserve(plan.hidden.size());
      for (size_t k : plan.hidden) items.push_back({&tools[plan.entries[k].index].name, &tools[plan.entries[k].index].source});
      Listing listing = build_listing(items, config.listing_max_tokens, counter);
      plan.tier = listing.tier;
      plan.bridge = make_bridge_tools(config, listing.text, counter);
    }
    return plan;
  } catch (const std::exception& e) {
    return Status::error(ErrorCode::Internal, std::string("assembly failed: ") + e.what());
  }
}

Result<AssemblyResult> finish_assembly(const Catalog& catalog, const GateConfig& config, const AssemblyPlan& plan,
                                       const AssembleRequest& request, const SearchIndex* index,
                                       const SearchFunction& search) {
  try {
    const bool wants_preselect = request.mode != AssemblyMode::Bridge;
    if (wants_preselect && index == nullptr) {
      return Status::error(ErrorCode::InvalidArgument,
                           std::string("assembly mode ") + to_string(request.mode) + " needs a search index");
    }
    if (wants_preselect && index->size() != catalog.size()) {
      return Status::error(ErrorCode::InvalidArgument,
                           "the search index was built from another catalog (" + std::to_string(index->size()) +
                               " tools, the catalog has " + std::to_string(catalog.size()) + ")");
    }
    if (plan.catalog_size != catalog.size()) {
      return Status::error(ErrorCode::InvalidArgument, "the assembly plan was made for another catalog");
    }
    const std::vector<Tool>& tools = catalog.tools();
    std::vector<Entry> entries = plan.entries;
    size_t preselected = 0;
    if (wants_preselect) {
      const SearchFunction keyword = [index](std::string_view q, size_t limit, const ToolFilter& filter) {
        return index->search(q, limit, filter);
      };
      preselected = preselect(search ? search : keyword, request, config.preselect_top_k, tools.size(), plan.hidden, entries);
    }

    AssemblyResult result;
    result.gate = plan.gate;
    result.logical.reserve(entries.size());
    result.deferred.reserve(plan.hidden.size());
    for (const Entry& e : entries) {
      const auto position = static_cast<uint32_t>(e.index);
      result.logical.push_back(position);
      if (e.visible) {
        const Tool& tool = tools[e.index];
        result.visible.push_back({tool.name, tool.description, tool.input_schema, e.kind, e.tokens});
      } else {
        result.deferred.push_back(position);
      }
    }
    result.strategy = choose_strategy(result.gate.active, request.mode, result.deferred.empty());
    if (result.strategy == Strategy::Bridge || result.strategy == Strategy::PreselectWithBridge) {
      result.tier = plan.tier;
      result.visible.insert(result.visible.end(), plan.bridge.begin(), plan.bridge.end());
    }

    result.tokens.without_deferral = plan.without_deferral;
    result.tokens.with_deferral = sum_tokens(result.visible);
    result.tokens.saved = static_cast<int64_t>(plan.without_deferral) - static_cast<int64_t>(result.tokens.with_deferral);
    result.gate.reason += "; " + outcome(result, preselected);
    return result;
  } catch (const std::exception& e) {
    return Status::error(ErrorCode::Internal, std::string("assembly failed: ") + e.what());
  }
}

Result<AssemblyResult> assemble(const Catalog& catalog, const GateConfig& config, const Session& session,
                                const AssembleRequest& request, const SearchIndex* index,
                                const TokenCounter& counter, const ToolCosts* costs, const SearchFunction& search) {
  auto plan = plan_assembly(catalog, config, session, request.context_window, request.mode, counter, costs);
  if (!plan.ok()) return plan.status();
  return finish_assembly(catalog, config, plan.value(), request, index, search);
}

}  // namespace toolsearch
