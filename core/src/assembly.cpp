#include "toolsearch/assembly.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace toolsearch {
namespace {

using nlohmann::json;

// Where an in-scope tool stands before the gate is applied.
enum class Role { Core, Pinned, Candidate };

struct Entry {
  size_t index;  // catalog position
  Role role;
  size_t tokens;
  VisibleKind kind = VisibleKind::Passthrough;
  bool visible = true;
};

std::string format_pct(double pct) {
  if (pct == std::floor(pct)) return std::to_string(static_cast<long long>(pct));
  return json(pct).dump();  // shortest round-trip form, locale independent
}

std::string tool_count(size_t n) { return std::to_string(n) + (n == 1 ? " tool" : " tools"); }

json search_schema(const GateConfig& config) {
  json query = {{"type", "string"},
                {"description", "What you need, in a few keywords, or a tool's exact name."}};
  json limit = {{"type", "integer"},
                {"minimum", 1},
                {"maximum", config.max_search_limit},
                {"description", "Maximum number of results (default " + std::to_string(config.search_default_limit) +
                                    ", at most " + std::to_string(config.max_search_limit) + ")."}};
  return {{"type", "object"},
          {"properties", {{"query", query}, {"limit", limit}}},
          {"required", json::array({"query"})},
          {"additionalProperties", false}};
}

json describe_schema() {
  json name = {{"type", "string"}, {"description", "The exact tool name, as listed or found by tool_search."}};
  return {{"type", "object"},
          {"properties", {{"name", name}}},
          {"required", json::array({"name"})},
          {"additionalProperties", false}};
}

json call_schema() {
  json name = {{"type", "string"}, {"description", "The exact name of the tool to run."}};
  json arguments = {{"type", "object"}, {"description", "Arguments matching the tool's input schema."}};
  return {{"type", "object"},
          {"properties", {{"name", name}, {"arguments", arguments}}},
          {"required", json::array({"name", "arguments"})},
          {"additionalProperties", false}};
}

constexpr const char* kSearchIntro =
    "Search the tools that are not loaded in this request and return the best matches (name, "
    "description, source, required parameters; small tools include their full schema). Whenever you "
    "need a capability you do not see among your tools, search for it before concluding it does not "
    "exist. Then call tool_describe for a tool's full schema and tool_call to run it.";
constexpr const char* kDescribeText =
    "Return the full description and input schema of one tool that is not loaded in this request, by "
    "exact name (as listed in tool_search's description or found by tool_search). An unknown name "
    "returns \"did you mean\" suggestions.";
constexpr const char* kCallText =
    "Run a tool that is not loaded in this request: give its exact name and arguments matching its "
    "input schema (see tool_describe). Tools you can see directly must be called directly, not "
    "through tool_call.";

std::string gate_reason(const GateConfig& config, const GateDecision& gate) {
  std::string measured = tool_count(gate.deferrable_count) + " (~" + std::to_string(gate.deferrable_tokens) + " tokens)";
  switch (gate.mode) {
    case GateMode::Off:
      return "gate off: never defers";
    case GateMode::On:
      if (gate.deferrable_count == 0) return "gate on: no deferrable tool in scope";
      return "gate on: " + measured + " deferrable";
    case GateMode::Auto:
      break;
  }
  if (gate.deferrable_count == 0) return "gate auto: no deferrable tool in scope";
  std::string basis;
  if (gate.context_window == 0) {
    basis = "context window unknown, so max_tokens";
  } else {
    basis = format_pct(config.threshold_pct) + "% of a " + std::to_string(gate.context_window) +
            "-token window, bounded to [" + std::to_string(config.min_tokens) + ", " +
            std::to_string(config.max_tokens) + "]";
  }
  return "gate auto: deferrable " + measured + (gate.active ? " >= " : " < ") + "threshold " +
         std::to_string(gate.threshold) + " (" + basis + ")";
}

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
      return "preselect_with_bridge: " + std::to_string(preselected) + " pre-selected, " +
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

size_t auto_threshold(const GateConfig& config, size_t context_window) {
  if (context_window == 0) return config.max_tokens;
  const double raw = config.threshold_pct * static_cast<double>(context_window) / 100.0;
  // ceil, so "reaches threshold_pct" is exact; the epsilon absorbs binary rounding of pct.
  const double up = std::ceil(raw - 1e-9 * std::max(1.0, raw));
  size_t threshold = config.max_tokens;
  if (up < static_cast<double>(config.max_tokens)) threshold = up <= 0.0 ? 0 : static_cast<size_t>(up);
  return std::max(threshold, config.min_tokens);
}

std::vector<VisibleTool> make_bridge_tools(const GateConfig& config, std::string_view listing,
                                           const TokenCounter& counter) {
  std::string search_text = kSearchIntro;
  if (!listing.empty()) {
    search_text += "\n\n";
    search_text += listing;
  }
  std::vector<VisibleTool> tools = {
      {std::string(kToolSearch), std::move(search_text), search_schema(config), VisibleKind::Bridge, 0},
      {std::string(kToolDescribe), kDescribeText, describe_schema(), VisibleKind::Bridge, 0},
      {std::string(kToolCall), kCallText, call_schema(), VisibleKind::Bridge, 0},
  };
  for (VisibleTool& t : tools) t.tokens = estimate_tool_tokens(t.name, t.description, t.input_schema, counter);
  return tools;
}

namespace {

// One deferred tool for the listing: its name and source, borrowed from the catalog.
struct ListingItem {
  const std::string* name;
  const std::string* source;
};

// Tier 1 text and its cost, counted piece by piece (header, source heads, ", name") so that a
// catalog far over budget stops being scanned as soon as the budget is exceeded.
struct NamesListing {
  std::string text;
  size_t cost = 0;
  bool complete = true;
};

using Groups = std::map<std::string_view, std::vector<const std::string*>>;

NamesListing names_listing(const Groups& groups, size_t total, size_t stop_above, const TokenCounter& counter) {
  NamesListing out;
  auto add = [&](const std::string& piece) {
    out.text += piece;
    out.cost += count_tokens(piece, counter);
    return out.cost <= stop_above;
  };
  if (!add("Deferred tools (" + std::to_string(total) + "), by source:")) {
    out.complete = false;
    return out;
  }
  for (const auto& [source, names] : groups) {
    if (!add("\n- " + std::string(source) + ":")) {
      out.complete = false;
      return out;
    }
    for (size_t i = 0; i < names.size(); ++i) {
      if (!add((i == 0 ? " " : ", ") + *names[i])) {
        out.complete = false;
        return out;
      }
    }
  }
  return out;
}

Listing build_listing(const std::vector<ListingItem>& items, size_t max_tokens, const TokenCounter& counter) {
  // Sources sorted by name, tools in the given (catalog) order: byte-stable for a given catalog.
  Groups groups;
  for (const ListingItem& item : items) groups[*item.source].push_back(item.name);

  NamesListing names = names_listing(groups, items.size(), max_tokens, counter);
  if (names.complete) return {std::move(names.text), 1};

  // Tier 2: one line per source. Lines are added while the budget lasts; the rest is summed up.
  std::string summary = "Deferred tools (" + std::to_string(items.size()) + "), counts by source:";
  size_t used = count_tokens(summary, counter);
  size_t omitted_sources = 0;
  size_t omitted_tools = 0;
  for (const auto& [source, tools] : groups) {
    std::string line = "\n- " + std::string(source) + ": " + tool_count(tools.size());
    size_t cost = omitted_sources == 0 ? count_tokens(line, counter) : 0;
    if (omitted_sources == 0 && used + cost <= max_tokens) {
      summary += line;
      used += cost;
    } else {
      ++omitted_sources;
      omitted_tools += tools.size();
    }
  }
  if (omitted_sources > 0) {
    std::string more = "\n- ... and " + std::to_string(omitted_sources) +
                       (omitted_sources == 1 ? " more source (" : " more sources (") + tool_count(omitted_tools) + ")";
    summary += more;
    used += count_tokens(more, counter);
  }
  // A tiny budget can make even the summary overflow; never trade names for a longer text.
  if (used > max_tokens) {
    NamesListing full = names_listing(groups, items.size(), used, counter);
    if (full.complete) return {std::move(full.text), 1};
  }
  return {std::move(summary), 2};
}

}  // namespace

Listing make_listing(const Catalog& catalog, const std::vector<std::string>& deferred, size_t max_tokens,
                     const TokenCounter& counter) {
  static const std::string kUnknownSource = "client";
  std::vector<ListingItem> items;
  items.reserve(deferred.size());
  for (const std::string& name : deferred) {
    const Tool* tool = catalog.find(name);
    items.push_back({&name, tool ? &tool->source : &kUnknownSource});
  }
  return build_listing(items, max_tokens, counter);
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

void decide_gate(const GateConfig& config, const std::vector<Entry>& entries, GateDecision& gate) {
  gate.mode = config.enabled;
  gate.threshold = auto_threshold(config, gate.context_window);
  for (const Entry& e : entries) {
    if (e.role != Role::Candidate) continue;
    ++gate.deferrable_count;
    gate.deferrable_tokens += e.tokens;
  }
  switch (config.enabled) {
    case GateMode::Off: gate.active = false; break;
    case GateMode::On: gate.active = gate.deferrable_count > 0; break;
    case GateMode::Auto: gate.active = gate.deferrable_count > 0 && gate.deferrable_tokens >= gate.threshold; break;
  }
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
size_t preselect(const SearchIndex& index, const AssembleRequest& request, size_t default_top_k, size_t catalog_size,
                 const std::vector<size_t>& hidden, std::vector<Entry>& entries) {
  if (hidden.empty()) return 0;
  const size_t top_k = request.top_k == 0 ? default_top_k : std::min(request.top_k, kMaxPreselectTopK);
  std::vector<long> position(catalog_size, -1);  // catalog index -> position in `entries`
  for (size_t k : hidden) position[entries[k].index] = static_cast<long>(k);
  ToolFilter filter = [&position](size_t tool) { return tool < position.size() && position[tool] >= 0; };
  size_t selected = 0;
  for (const SearchHit& hit : index.search(request.user_message, top_k, filter)) {
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

Result<AssemblyResult> assemble(const Catalog& catalog, const GateConfig& config, const Session& session,
                                const AssembleRequest& request, const SearchIndex* index,
                                const TokenCounter& counter, const ToolCosts* costs) {
  try {
    if (Status valid = validate(config); !valid.ok()) return valid;
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
    const std::vector<Tool>& tools = catalog.tools();
    std::vector<Entry> entries = in_scope_entries(catalog, session, counter, costs);

    AssemblyResult result;
    result.gate.context_window = request.context_window;
    decide_gate(config, entries, result.gate);
    size_t preselected = 0;
    if (result.gate.active) {
      std::vector<size_t> hidden = hide_candidates(config, session, tools, entries);
      if (wants_preselect) preselected = preselect(*index, request, config.preselect_top_k, tools.size(), hidden, entries);
    }

    size_t without = 0;
    std::vector<ListingItem> hidden_items;
    for (const Entry& e : entries) {
      const Tool& tool = tools[e.index];
      without += e.tokens;
      result.logical.push_back(tool.name);
      if (e.visible) {
        result.visible.push_back({tool.name, tool.description, tool.input_schema, e.kind, e.tokens});
      } else {
        result.deferred.push_back(tool.name);
        hidden_items.push_back({&tool.name, &tool.source});
      }
    }
    result.strategy = choose_strategy(result.gate.active, request.mode, result.deferred.empty());
    if (result.strategy == Strategy::Bridge || result.strategy == Strategy::PreselectWithBridge) {
      Listing listing = build_listing(hidden_items, config.listing_max_tokens, counter);
      result.tier = listing.tier;
      for (VisibleTool& bridge : make_bridge_tools(config, listing.text, counter)) {
        result.visible.push_back(std::move(bridge));
      }
    }

    result.tokens.without_deferral = without;
    result.tokens.with_deferral = sum_tokens(result.visible);
    result.tokens.saved = static_cast<int64_t>(without) - static_cast<int64_t>(result.tokens.with_deferral);
    result.gate.reason = gate_reason(config, result.gate) + "; " + outcome(result, preselected);
    return result;
  } catch (const std::exception& e) {
    return Status::error(ErrorCode::Internal, std::string("assembly failed: ") + e.what());
  }
}

}  // namespace toolsearch
