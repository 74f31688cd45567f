#include "toolsearch/bridge.hpp"

#include "toolsearch/json_codec.hpp"
#include "toolsearch/text.hpp"
#include "toolsearch/token_estimator.hpp"
#include "toolsearch/utf8.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <unordered_set>
#include <utility>

namespace toolsearch {
namespace {

using json = nlohmann::json;

constexpr size_t kMaxArgumentDepth = 64;   // the validator's default depth; deeper is refused
constexpr size_t kEchoBytes = 128;         // a model-supplied name echoed back in a message
constexpr size_t kMaxQueryBytes = 1024;    // longer queries are clipped (bounded search work)
constexpr size_t kSuggestions = 3;         // "did you mean" names
constexpr size_t kSuggestInputBytes = 64;  // edit distance is O(n*m): bound n
constexpr size_t kListedSources = 50;      // available_sources on a no-hit search
constexpr size_t kListedViolations = 10;   // violations spelled out in the refusal message

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

// A model-supplied string, made safe and short enough to quote in a message.
std::string echo(std::string_view text, size_t max_bytes = kEchoBytes) {
  if (text.size() <= max_bytes) return valid_utf8(text);
  return valid_utf8(clip_utf8(text, max_bytes)) + "...";
}

std::string json_quoted(std::string_view text) {
  return json(echo(text)).dump(-1, ' ', false, json::error_handler_t::replace);
}

bool is_abbreviation(const std::string& text, size_t dot) {
  size_t start = text.rfind(' ', dot);
  start = start == std::string::npos ? 0 : start + 1;
  const std::string_view word = std::string_view(text).substr(start, dot - start);
  return word.size() == 1 || word.find('.') != std::string_view::npos || word == "vs";
}

class Resolver {
 public:
  Resolver(const Catalog& catalog, const SearchIndex& index, const GateConfig& config,
           const std::vector<std::string>& deferred, Session& session, const ToolTokenEstimator& estimate)
      : catalog_(catalog), index_(index), config_(config), session_(session), estimate_(estimate) {
    for (const std::string& name : deferred) deferred_.insert(name);
  }

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
    return std::move(out_);
  }

 private:
  // ---- helpers ---------------------------------------------------------------------------

  void repair(const char* code) { out_.repairs.emplace_back(code); }

  bool is_deferred(const std::string& name) const { return deferred_.count(name) > 0; }

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
    if (is_deferred(tool.name)) out_.activated = true;
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
    std::string message = "No tool named " + json_quoted(requested) + " is available." + did_you_mean(names);
    if (!deferred_.empty()) message += " Use tool_search to find tools by what they do.";
    out_.name.clear();
    refuse(refusal::kNotFound, std::move(message), {{"did_you_mean", names}});
  }

  // The payload of a bridge call: an object, or null / "" / JSON text / a bare string that the
  // model meant as the single required field (`bare_key`).
  bool bridge_payload(const json& raw, std::string_view bridge, const char* bare_key, const char* example,
                      json& payload) {
    if (json_depth(raw, kMaxArgumentDepth + 2) > kMaxArgumentDepth + 2) {
      invalid_call("The arguments of " + std::string(bridge) + " nest deeper than " +
                   std::to_string(kMaxArgumentDepth) + " levels.");
      return false;
    }
    if (raw.is_object()) {
      payload = raw;
      return true;
    }
    if (raw.is_null()) {
      repair("bridge_arguments_null");
      payload = json::object();
      return true;
    }
    if (raw.is_string()) {
      const std::string& text = raw.get_ref<const std::string&>();
      if (trim(text).empty()) {
        repair("bridge_arguments_empty_string");
        payload = json::object();
        return true;
      }
      auto parsed = parse_json(text, JsonLimits{JsonLimits{}.max_text_bytes, kMaxArgumentDepth + 2});
      if (parsed.ok() && parsed->is_object()) {
        repair("bridge_arguments_json_string");
        payload = std::move(parsed.value());
        return true;
      }
      const char first = trim(text).front();
      if (!parsed.ok() && (first == '{' || first == '[')) {
        invalid_call("The arguments of " + std::string(bridge) + " are not valid JSON (" +
                     parsed.status().message + "); send an object, e.g. " + example + ".");
        return false;
      }
      std::string bare = parsed.ok() && parsed->is_string() ? parsed->get<std::string>() : text;
      if (!trim(bare).empty() && !(parsed.ok() && parsed->is_structured())) {
        repair("bridge_arguments_bare_string");
        payload = json::object();
        payload[bare_key] = std::string(trim(bare));
        return true;
      }
    }
    invalid_call(std::string(bridge) + " takes an object of arguments, e.g. " + example + "; got " +
                 raw.type_name() + ".");
    return false;
  }

  // ---- tool_search -----------------------------------------------------------------------

  size_t search_limit(const json& payload) {
    const size_t max = std::max<size_t>(1, config_.max_search_limit);
    const size_t fallback = std::clamp<size_t>(config_.search_default_limit, 1, max);
    auto it = payload.find("limit");
    if (it == payload.end() || it->is_null()) return fallback;
    json number = *it;
    if (it->is_string()) {  // "5": a number sent as text
      auto parsed = parse_json(it->get_ref<const std::string&>());
      if (parsed.ok() && parsed->is_number()) number = parsed.value();
    }
    if (!number.is_number() || !std::isfinite(number.get<double>())) {
      repair("limit_invalid");
      return fallback;
    }
    const double requested = std::floor(number.get<double>());
    if (requested < 1) {
      repair("limit_clamped");
      return 1;
    }
    if (requested > static_cast<double>(max)) {
      repair("limit_clamped");
      return max;
    }
    return static_cast<size_t>(requested);
  }

  void search(const json& raw) {
    out_.via_bridge = true;
    out_.name = std::string(kToolSearch);
    json payload;
    if (!bridge_payload(raw, kToolSearch, "query", R"({"query": "create a github issue"})", payload)) return;
    auto q = payload.find("query");
    if (q == payload.end() || !q->is_string() || trim(q->get_ref<const std::string&>()).empty()) {
      invalid_call("tool_search needs a non-empty \"query\": a few words describing the capability you "
                   "need, e.g. {\"query\": \"create a github issue\"}.");
      return;
    }
    std::string_view query_text = trim(q->get_ref<const std::string&>());
    if (query_text.size() > kMaxQueryBytes) {
      query_text = clip_utf8(query_text, kMaxQueryBytes);
      repair("query_clipped");
    }
    const std::string query = valid_utf8(query_text);
    const size_t limit = search_limit(payload);

    const auto& tools = catalog_.tools();
    std::vector<SearchHit> hits =
        index_.search(query, limit, [this](size_t i) { return in_scope_deferrable(i); });
    json matches = json::array();
    for (const SearchHit& hit : hits) {
      if (!in_scope_deferrable(hit.tool)) continue;  // also guards a stale index
      const Tool& tool = tools[hit.tool];
      SearchMatch m;
      m.name = tool.name;
      m.description = short_description(tool.description);
      m.source = tool.source;
      m.score = std::isfinite(hit.score) ? std::round(hit.score * 1e4) / 1e4 : 0.0;
      m.match = hit.kind;
      m.required = required_params(tool.input_schema);
      m.callable_directly = !is_deferred(tool.name);
      if (config_.inline_schema_max_tokens > 0) {
        const size_t tokens = estimate_ ? estimate_(tool) : estimate_tool_tokens(tool);
        if (tokens <= config_.inline_schema_max_tokens) {
          m.schema_inlined = true;
          m.input_schema = tool.input_schema;
        }
      }
      json entry = {{"name", m.name},         {"description", m.description},
                    {"source", m.source},     {"score", m.score},
                    {"match", to_string(m.match)}, {"required", m.required},
                    {"callable_directly", m.callable_directly}};
      if (m.schema_inlined) entry["input_schema"] = m.input_schema;
      matches.push_back(std::move(entry));
      activate(tool);
      out_.matches.push_back(std::move(m));
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
    out_.result = {{"query", query}, {"matches", matches}, {"total_available", available}};
    if (out_.matches.empty()) {
      out_.result["available_sources"] = sources;
      out_.result["hint"] =
          "No tool matched. Try other words: the action and the object (\"send email\", \"list "
          "issues\"), a service name from available_sources, or a shorter query.";
    } else {
      out_.result["hint"] =
          "Invoke a match with tool_call {\"name\": ..., \"arguments\": {...}}. A match with "
          "callable_directly can be called by its own name. Use tool_describe {\"name\": ...} for a "
          "schema not shown here.";
    }
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
    const bool direct = !is_deferred(tool->name);
    out_.kind = BridgeOutcomeKind::Describe;
    out_.name = tool->name;
    out_.arguments = {{"name", tool->name}};
    out_.result = {{"name", tool->name},
                   {"description", tool->description},
                   {"source", tool->source},
                   {"input_schema", tool->input_schema},
                   {"callable_directly", direct}};
    if (!tool->title.empty()) out_.result["title"] = tool->title;
    out_.result["hint"] = direct ? "Call " + tool->name + " directly by its name."
                                 : "Invoke it with tool_call {\"name\": \"" + tool->name +
                                       "\", \"arguments\": {...}} following input_schema.";
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
                               : "Call tool_call once: {\"name\": " + json_quoted(inner) +
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
    if (is_deferred(tool->name) && !config_.lazy_activation) {
      out_.name = tool->name;
      refuse(refusal::kDeferredTool,
             tool->name + " is not loaded. Read its parameters with tool_describe {\"name\": \"" +
                 tool->name + "\"}, then invoke it with tool_call {\"name\": \"" + tool->name +
                 "\", \"arguments\": {...}}.");
      return;
    }
    dispatch(*tool, raw, /*via_bridge=*/false);
  }

  // The arguments as an object: null, "" and JSON text (also JSON text inside a JSON string) are
  // decoded. Repairs go to `repairs` so a trial decode can be discarded.
  static bool decode_object(const json& raw, json& value, std::string& error, std::vector<std::string>& repairs) {
    if (raw.is_object()) {
      value = raw;
      return true;
    }
    if (raw.is_null()) {
      repairs.emplace_back("arguments_null");
      value = json::object();
      return true;
    }
    if (!raw.is_string()) {
      error = std::string("arguments must be a JSON object of parameters; got ") + raw.type_name();
      return false;
    }
    const std::string& text = raw.get_ref<const std::string&>();
    if (trim(text).empty()) {
      repairs.emplace_back("arguments_empty_string");
      value = json::object();
      return true;
    }
    const JsonLimits limits{JsonLimits{}.max_text_bytes, kMaxArgumentDepth + 2};
    auto parsed = parse_json(text, limits);
    if (parsed.ok() && parsed->is_string()) {  // JSON text encoded twice
      auto again = parse_json(parsed->get_ref<const std::string&>(), limits);
      if (again.ok() && again->is_object()) {
        repairs.emplace_back("arguments_json_string");
        repairs.emplace_back("arguments_double_encoded");
        value = std::move(again.value());
        return true;
      }
    }
    if (parsed.ok() && (parsed->is_object() || parsed->is_null())) {
      repairs.emplace_back("arguments_json_string");
      value = parsed->is_object() ? std::move(parsed.value()) : json::object();
      return true;
    }
    if (!parsed.ok() && parsed.status().code == ErrorCode::TooLarge) {
      error = "arguments are too large or nest too deeply: " + parsed.status().message;
    } else if (!parsed.ok()) {
      error = "arguments must be a JSON object of parameters; got a string that is not JSON: " + json_quoted(echo(text, 40));
    } else {
      error = std::string("arguments must be a JSON object of parameters; got a string holding ") +
              parsed->type_name();
    }
    return false;
  }

  // {"arguments": {...}} and {"name": <this tool>, "arguments": {...}} are unwrapped, unless the
  // tool really has a parameter named "arguments".
  void unwrap(const Tool& tool, json& value) {
    auto props = tool.input_schema.find("properties");
    if (props != tool.input_schema.end() && props->is_object() && props->contains("arguments")) return;
    for (int round = 0; round < 2; ++round) {
      auto inner = value.find("arguments");
      if (inner == value.end()) return;
      const bool alone = value.size() == 1;
      bool named = false;
      if (value.size() == 2) {
        auto n = value.find("name");
        named = n != value.end() && n->is_string() &&
                (*n == tool.name || *n == tool.original_name);
      }
      if (!alone && !named) return;
      json next;
      std::string ignored;
      std::vector<std::string> trial;
      if (!decode_object(*inner, next, ignored, trial)) return;  // leave it to the validator
      repair(alone ? "arguments_nested" : "arguments_name_wrapped");
      for (std::string& r : trial) out_.repairs.push_back(std::move(r));
      value = std::move(next);
    }
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
    } else if (!decode_object(raw, args, error, out_.repairs)) {
      violations.push_back({"", "type", error});
    } else {
      unwrap(tool, args);
      ValidationReport report = validate_against_schema(args, tool.input_schema);
      violations = std::move(report.violations);
      truncated = report.truncated;
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
  std::unordered_set<std::string> deferred_;
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
                           const std::vector<std::string>& deferred, Session& session,
                           const ModelToolCall& call, const ToolTokenEstimator& estimate) {
  try {
    return Resolver(catalog, index, config, deferred, session, estimate).run(call);
  } catch (const std::exception& e) {
    // nlohmann and allocation are the only throwers; a value beats an escaping exception.
    BridgeOutcome failed;
    failed.reason = std::string(refusal::kInternalError);
    failed.result = {{"error", failed.reason}, {"message", std::string("the call could not be resolved: ") + e.what()}};
    failed.via_bridge = is_bridge_name(call.name);
    return failed;
  }
}

json outcome_to_json(const BridgeOutcome& outcome) {
  return {{"kind", to_string(outcome.kind)},
          {"name", outcome.name},
          {"arguments", outcome.arguments},
          {"result", outcome.result},
          {"reason", outcome.reason},
          {"repairs", outcome.repairs},
          {"activated", outcome.activated},
          {"viaBridge", outcome.via_bridge}};
}

std::string short_description(std::string_view description, size_t max_bytes) {
  const std::string text = valid_utf8(description);
  // The first paragraph only: a blank line ends it.
  size_t para_end = text.size();
  for (size_t i = text.find('\n'); i != std::string::npos; i = text.find('\n', i + 1)) {
    size_t j = i + 1;
    while (j < text.size() && (text[j] == ' ' || text[j] == '\t' || text[j] == '\r')) ++j;
    if (j < text.size() && text[j] == '\n' && !trim(std::string_view(text).substr(0, i)).empty()) {
      para_end = i;
      break;
    }
  }
  std::string flat;
  flat.reserve(para_end);
  for (size_t i = 0; i < para_end; ++i) {
    if (is_space(text[i])) {
      if (!flat.empty() && flat.back() != ' ') flat += ' ';
    } else {
      flat += text[i];
    }
  }
  while (!flat.empty() && flat.back() == ' ') flat.pop_back();

  size_t end = flat.size();
  for (size_t i = 0; i < flat.size(); ++i) {
    const char c = flat[i];
    if ((c == '.' || c == '!' || c == '?') && (i + 1 == flat.size() || flat[i + 1] == ' ')) {
      if (c == '.' && is_abbreviation(flat, i)) continue;
      end = i + 1;
      break;
    }
    // 。(E3 80 82) ！(EF BC 81) ？(EF BC 9F) end a sentence with no space after them.
    if (i + 3 <= flat.size()) {
      const std::string_view three = std::string_view(flat).substr(i, 3);
      if (three == "\xE3\x80\x82" || three == "\xEF\xBC\x81" || three == "\xEF\xBC\x9F") {
        end = i + 3;
        break;
      }
    }
  }
  std::string sentence = flat.substr(0, end);
  if (sentence.size() <= max_bytes) return sentence;

  const std::string ellipsis = "\xE2\x80\xA6";  // …
  if (max_bytes < ellipsis.size()) return std::string(clip_utf8(sentence, max_bytes));
  const size_t budget = max_bytes - ellipsis.size();
  std::string_view cut = clip_utf8(sentence, budget);
  // Prefer a word boundary when one is reasonably close to the end.
  const size_t space = cut.rfind(' ');
  if (space != std::string_view::npos && space > budget / 2) cut = cut.substr(0, space);
  while (!cut.empty() && (cut.back() == ' ' || cut.back() == ',' || cut.back() == ';')) cut.remove_suffix(1);
  return std::string(cut) + ellipsis;
}

}  // namespace toolsearch
