#include "toolsearch/bridge.hpp"

#include "toolsearch/argument_repair.hpp"
#include "toolsearch/bridge_render.hpp"

#include "toolsearch/json_codec.hpp"
#include "toolsearch/text.hpp"
#include "toolsearch/token_estimator.hpp"
#include "toolsearch/utf8.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <utility>

namespace toolsearch {
namespace {

using json = nlohmann::json;

constexpr size_t kMaxQueryBytes = 1024;    // longer queries are clipped (bounded search work)
constexpr size_t kSuggestions = 3;         // "did you mean" names
constexpr size_t kSuggestInputBytes = 64;  // edit distance is O(n*m): bound n
constexpr size_t kListedSources = 50;      // available_sources on a no-hit search
constexpr size_t kListedViolations = 10;   // violations spelled out in the refusal message

class Resolver {
 public:
  Resolver(const Catalog& catalog, const SearchIndex& index, const GateConfig& config,
           const std::vector<uint32_t>& deferred, Session& session, const ToolTokenEstimator& estimate,
           const SearchFunction& search)
      : catalog_(catalog), index_(index), config_(config), session_(session), estimate_(estimate), search_(search),
        deferred_(deferred) {}

  BridgeOutcome run(const ModelToolCall& call) {
    const std::string_view name = call.name;
    if (name == kToolSearch) {
      search(call.arguments);
    } else if (name == kToolDescribe) {
      describe(call.arguments);
    } else if (name == kToolCall) {
      bridge_call(call.arguments);
    } else {
      direct_call(name, call.arguments);
    }
    // Hosts label calls by server and cost; only a tool the session can see is described.
    if (const Tool* tool = is_bridge_name(out_.name) ? nullptr : visible_tool(out_.name)) {
      out_.source = tool->source;
      out_.tokens = estimate_ ? estimate_(*tool) : estimate_tool_tokens(*tool);
    }
    return std::move(out_);
  }

 private:
  // ---- helpers ---------------------------------------------------------------------------

  void repair(const char* code) { out_.repairs.emplace_back(code); }

  // By catalog position (`tool` is a catalog entry): a binary search, not a set of every
  // deferred name, which, built per call, was nearly all of a tool_call's time on a catalog of
  // thousands.
  bool is_deferred(const Tool& tool) const {
    const auto position = static_cast<uint32_t>(&tool - catalog_.tools().data());
    return std::binary_search(deferred_.begin(), deferred_.end(), position);
  }

  // Scope is the first filter on every path: a tool outside it does not exist.
  const Tool* visible_tool(std::string_view name) const {
    const Tool* tool = catalog_.find(name);
    return tool && session_.scope.allows(*tool) ? tool : nullptr;
  }

  bool in_scope_deferrable(size_t i) const {
    const auto& tools = catalog_.tools();
    return i < tools.size() && tools[i].tool_class == ToolClass::Deferrable &&
           session_.scope.allows(tools[i]);
  }

  void activate(const Tool& tool) {
    if (tool.tool_class != ToolClass::Deferrable) return;
    session_.activated.insert(tool.name);
    if (is_deferred(tool)) out_.activated = true;
  }

  void refuse(std::string_view reason, std::string message, json extra = json::object()) {
    out_.kind = BridgeOutcomeKind::Refusal;
    out_.reason = std::string(reason);
    out_.result = std::move(extra);
    out_.result["error"] = std::string(reason);
    out_.result["message"] = std::move(message);
  }

  void invalid_call(std::string message) { refuse(refusal::kInvalidCall, std::move(message)); }

  // Identical for unknown and out-of-scope names: only in-scope tools are ever suggested.
  void not_found(std::string_view requested, bool deferrable_only) {
    const auto& tools = catalog_.tools();
    ToolFilter filter = [this, deferrable_only, &tools](size_t i) {
      if (i >= tools.size() || !session_.scope.allows(tools[i])) return false;
      return !deferrable_only || tools[i].tool_class == ToolClass::Deferrable;
    };
    std::vector<std::string> names;
    for (std::string& s : index_.suggest(clip_utf8(requested, kSuggestInputBytes), kSuggestions, filter)) {
      const Tool* tool = visible_tool(s);  // belt and braces: never trust a filter we did not run
      if (tool && (!deferrable_only || tool->tool_class == ToolClass::Deferrable)) names.push_back(std::move(s));
    }
    std::string message = "No tool named " + quoted_echo(requested) + " is available." + did_you_mean(names);
    if (!deferred_.empty()) message += " Use tool_search to find tools by what they do.";
    out_.name.clear();
    refuse(refusal::kNotFound, std::move(message), {{"did_you_mean", names}});
  }

  // The payload of a bridge call, repaired; a refusal when it cannot be.
  bool bridge_payload(const json& raw, std::string_view bridge, const char* bare_key, const char* example,
                      json& payload) {
    std::string error;
    if (decode_bridge_payload(raw, bridge, bare_key, example, payload, error, out_.repairs)) return true;
    invalid_call(std::move(error));
    return false;
  }

  // ---- tool_search -----------------------------------------------------------------------

  void search(const json& raw) {
    out_.via_bridge = true;
    out_.name = std::string(kToolSearch);
    json payload;
    if (!bridge_payload(raw, kToolSearch, "query", R"({"query": "create a github issue"})", payload)) return;
    auto q = payload.find("query");
    if (q == payload.end() || !q->is_string() || trim_blanks(q->get_ref<const std::string&>()).empty()) {
      invalid_call("tool_search needs a non-empty \"query\": a few words describing the capability you "
                   "need, e.g. {\"query\": \"create a github issue\"}.");
      return;
    }
    std::string_view query_text = trim_blanks(q->get_ref<const std::string&>());
    if (query_text.size() > kMaxQueryBytes) {
      query_text = clip_utf8(query_text, kMaxQueryBytes);
      repair("query_clipped");
    }
    const std::string query = valid_utf8(query_text);
    const size_t limit =
        repaired_search_limit(payload, config_.search_default_limit, config_.max_search_limit, out_.repairs);

    const auto& tools = catalog_.tools();
    std::vector<SearchHit> hits =
        search_ ? search_(query, limit, [this](size_t i) { return in_scope_deferrable(i); })
                : index_.search(query, limit, [this](size_t i) { return in_scope_deferrable(i); });
    std::vector<SearchMatch> matches;
    for (const SearchHit& hit : hits) {
      if (!in_scope_deferrable(hit.tool)) continue;  // also guards a stale index
      if (hit.weak) continue;  // junk is worse than "nothing matched": the model can rephrase
      const Tool& tool = tools[hit.tool];
      SearchMatch m;
      m.name = tool.name;
      m.description = short_description(tool.description);
      m.source = tool.source;
      m.score = std::isfinite(hit.score) ? std::round(hit.score * 1e4) / 1e4 : 0.0;
      m.match = hit.kind;
      m.required = required_params(tool.input_schema);
      m.callable_directly = !is_deferred(tool);
      if (config_.inline_schema_max_tokens > 0) {
        const size_t tokens = estimate_ ? estimate_(tool) : estimate_tool_tokens(tool);
        if (tokens <= config_.inline_schema_max_tokens) {
          m.schema_inlined = true;
          m.input_schema = tool.input_schema;
        }
      }
      activate(tool);
      matches.push_back(std::move(m));
    }

    size_t available = 0;
    std::set<std::string> sources;
    for (size_t i = 0; i < tools.size(); ++i) {
      if (!in_scope_deferrable(i)) continue;
      ++available;
      if (sources.size() < kListedSources) sources.insert(tools[i].source);
    }

    out_.kind = BridgeOutcomeKind::Search;
    out_.arguments = {{"query", query}, {"limit", limit}};
    out_.result = render_search_result(query, matches, available, sources);
  }

  // ---- tool_describe ---------------------------------------------------------------------

  void describe(const json& raw) {
    out_.via_bridge = true;
    json payload;
    if (!bridge_payload(raw, kToolDescribe, "name", R"({"name": "mcp_github_create_issue"})", payload)) return;
    auto n = payload.find("name");
    if (n == payload.end() || !n->is_string() || n->get_ref<const std::string&>().empty()) {
      invalid_call("tool_describe needs the \"name\" of one tool, e.g. {\"name\": "
                   "\"mcp_github_create_issue\"}; tool_search finds names.");
      return;
    }
    const std::string& requested = n->get_ref<const std::string&>();
    const Tool* tool = visible_tool(requested);
    if (!tool) {
      not_found(requested, /*deferrable_only=*/false);
      return;
    }
    const bool direct = !is_deferred(*tool);
    out_.kind = BridgeOutcomeKind::Describe;
    out_.name = tool->name;
    out_.arguments = {{"name", tool->name}};
    out_.result = render_describe_result(*tool, direct);
    activate(*tool);
  }

  // ---- tool_call and direct calls --------------------------------------------------------

  void bridge_call(const json& raw) {
    out_.via_bridge = true;
    json payload;
    const char* example = R"({"name": "mcp_github_create_issue", "arguments": {"title": "..."}})";
    if (!bridge_payload(raw, kToolCall, "name", example, payload)) return;
    auto n = payload.find("name");
    if (n == payload.end() || !n->is_string() || n->get_ref<const std::string&>().empty()) {
      invalid_call(std::string("tool_call needs \"name\" (the tool to invoke) and \"arguments\" (an "
                               "object with its parameters), e.g. ") + example + ".");
      return;
    }
    const std::string target = n->get<std::string>();
    if (is_bridge_name(target)) {
      bridge_recursion(target, payload);
      return;
    }
    const Tool* tool = visible_tool(target);
    if (!tool) {
      not_found(target, /*deferrable_only=*/true);
      return;
    }
    if (tool->tool_class == ToolClass::Core) {
      out_.name = tool->name;
      refuse(refusal::kCoreViaBridge, tool->name + " is a core tool and is always available: call " +
                                          tool->name + " directly by its name, not through tool_call.");
      return;
    }
    json args;  // null = none given
    if (auto a = payload.find("arguments"); a != payload.end()) {
      args = *a;
    } else if (payload.size() > 1) {
      // {"name": X, "city": "Oslo"}: the parameters were flattened next to the name.
      repair("arguments_flattened");
      args = payload;
      args.erase("name");
    } else {
      repair("arguments_missing");
      args = json::object();
    }
    dispatch(*tool, args, /*via_bridge=*/true);
  }

  void bridge_recursion(const std::string& target, const json& payload) {
    std::string message = "tool_call cannot invoke the bridge tool " + target + ". ";
    if (target == kToolCall) {
      // tool_call(tool_call(X)): point at the one call that was meant, when we can see it.
      std::string inner;
      if (auto a = payload.find("arguments"); a != payload.end() && a->is_object()) {
        if (auto in = a->find("name"); in != a->end() && in->is_string()) inner = in->get<std::string>();
      }
      message += inner.empty() ? "Call tool_call once, with the real tool's name and its arguments."
                               : "Call tool_call once: {\"name\": " + quoted_echo(inner) +
                                     ", \"arguments\": {...}}.";
    } else {
      message += "Call " + target + " directly.";
    }
    refuse(refusal::kBridgeRecursion, std::move(message));
  }

  void direct_call(std::string_view name, const json& raw) {
    if (name.empty()) {
      invalid_call("The tool call has no name.");
      return;
    }
    const Tool* tool = visible_tool(name);
    if (!tool) {
      not_found(name, /*deferrable_only=*/false);
      return;
    }
    if (is_deferred(*tool) && !config_.lazy_activation) {
      out_.name = tool->name;
      refuse(refusal::kDeferredTool,
             tool->name + " is not loaded. Read its parameters with tool_describe {\"name\": \"" +
                 tool->name + "\"}, then invoke it with tool_call {\"name\": \"" + tool->name +
                 "\", \"arguments\": {...}}.");
      return;
    }
    dispatch(*tool, raw, /*via_bridge=*/false);
  }

  void dispatch(const Tool& tool, const json& raw, bool via_bridge) {
    out_.name = tool.name;
    std::vector<SchemaViolation> violations;
    bool truncated = false;
    json args;
    std::string error;
    if (json_depth(raw, kMaxArgumentDepth + 2) > kMaxArgumentDepth + 2) {
      violations.push_back({"", "depth", "nested deeper than " + std::to_string(kMaxArgumentDepth) +
                                             " levels; flatten the value"});
    } else if (!decode_arguments(raw, args, error, out_.repairs)) {
      violations.push_back({"", "type", error});
    } else {
      unwrap_arguments(tool, args, out_.repairs);
      ValidationReport report = validate_against_schema(args, tool.input_schema);
      violations = std::move(report.violations);
      truncated = report.truncated;
      if (!report.complete && violations.empty()) {
        // Fail closed: what the check could not reach may be wrong.
        activate(tool);
        too_complex(tool, std::move(args), via_bridge);
        return;
      }
    }
    activate(tool);  // its schema reaches the model either way
    if (!violations.empty()) {
      invalid_arguments(tool, std::move(args), std::move(violations), truncated, via_bridge);
      return;
    }
    out_.kind = BridgeOutcomeKind::Dispatch;
    out_.arguments = std::move(args);
    out_.result = json::object();
  }

  void too_complex(const Tool& tool, json args, bool via_bridge) {
    std::string message = "The arguments for " + tool.name +
                          " are too large or too deeply alternated to check against its input_schema "
                          "within the work budget, so it was not invoked. Send smaller arguments and " +
                          (via_bridge ? "call tool_call again." : "call it again.");
    out_.arguments = args.is_object() ? std::move(args) : json::object();
    refuse(refusal::kArgumentsTooComplex, std::move(message), {{"name", tool.name}});
  }

  void invalid_arguments(const Tool& tool, json args, std::vector<SchemaViolation> violations,
                         bool truncated, bool via_bridge) {
    std::string message = "The arguments for " + tool.name +
                          " do not match its input_schema, so it was not invoked. Fix these and " +
                          (via_bridge ? "call tool_call again:" : "call it again:");
    json listed = json::array();
    for (size_t i = 0; i < violations.size(); ++i) {
      const SchemaViolation& v = violations[i];
      const std::string path = valid_utf8(v.path);
      const std::string text = valid_utf8(v.message);
      if (i < kListedViolations) message += "\n- " + valid_utf8(to_string(v));
      listed.push_back({{"path", path}, {"keyword", v.keyword}, {"message", text}});
    }
    if (violations.size() > kListedViolations || truncated) message += "\n- (more problems not listed)";
    json extra = {{"name", tool.name}, {"violations", std::move(listed)}, {"input_schema", tool.input_schema}};
    if (truncated) extra["more_violations"] = true;
    out_.arguments = args.is_object() ? std::move(args) : json::object();
    out_.violations = std::move(violations);
    refuse(refusal::kInvalidArguments, std::move(message), std::move(extra));
  }

  const Catalog& catalog_;
  const SearchIndex& index_;
  const GateConfig& config_;
  Session& session_;
  const ToolTokenEstimator& estimate_;
  const SearchFunction& search_;
  const std::vector<uint32_t>& deferred_;  // ascending catalog positions
  BridgeOutcome out_;
};

}  // namespace

const char* to_string(BridgeOutcomeKind kind) {
  switch (kind) {
    case BridgeOutcomeKind::Search: return "search";
    case BridgeOutcomeKind::Describe: return "describe";
    case BridgeOutcomeKind::Dispatch: return "dispatch";
    case BridgeOutcomeKind::Refusal: return "refusal";
  }
  return "refusal";
}

BridgeOutcome resolve_call(const Catalog& catalog, const SearchIndex& index, const GateConfig& config,
                           const std::vector<uint32_t>& deferred, Session& session,
                           const ModelToolCall& call, const ToolTokenEstimator& estimate,
                           const SearchFunction& search) {
  try {
    return Resolver(catalog, index, config, deferred, session, estimate, search).run(call);
  } catch (const std::exception& e) {
    // nlohmann and allocation are the only throwers; a value beats an escaping exception.
    BridgeOutcome failed;
    failed.reason = std::string(refusal::kInternalError);
    failed.result = {{"error", failed.reason}, {"message", std::string("the call could not be resolved: ") + e.what()}};
    failed.via_bridge = is_bridge_name(call.name);
    return failed;
  }
}

}  // namespace toolsearch
