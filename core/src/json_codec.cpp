#include "toolsearch/json_codec.hpp"

#include "toolsearch/json_text.hpp"
#include "toolsearch/name_match.hpp"
#include "toolsearch/text.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <utility>

namespace toolsearch {
namespace {

using nlohmann::json;

// The text writers below emit keys in the order json::dump would (its objects are std::maps:
// byte order), so the output is byte-identical to building a tree and dumping it, without the
// tree. nlohmann writes a non-finite double as null; so do they.
void append_double(std::string& out, double value) {
  if (std::isfinite(value)) append_json_number(out, value);
  else out += "null";
}
void append_bool(std::string& out, bool value) { out += value ? "true" : "false"; }
void append_count(std::string& out, uint64_t value) { out += std::to_string(value); }
void append_leg_json(std::string& out, const LegRank& leg) {
  if (leg.rank == 0) {
    out += "null";
    return;
  }
  out += R"({"rank":)";
  if (leg.rank == LegRank::kUnranked) out += "null";
  else append_count(out, leg.rank);
  out += R"(,"score":)";
  append_json_number(out, leg.score);
  out += '}';
}

// ,"key": (or {"key": for the first key of an object).
void append_key(std::string& out, const char* key, bool first = false) {
  out += first ? "{\"" : ",\"";
  out += key;
  out += "\":";
}

// A request names a session by its id; the unrestricted session is the one named by no key,
// never by "" (a blank id is a caller bug, and must not widen the scope).
Status empty_session_error() {
  return Status::error(ErrorCode::InvalidArgument,
                       "'session' must be a session id such as \"s1\"; leave it out for the unrestricted session");
}

Status field_error(const std::string& field, const char* expected, const json& got) {
  return Status::error(ErrorCode::InvalidArgument,
                       "'" + field + "' must be " + expected + ", got " + got.type_name());
}

Result<std::vector<std::string>> string_list(const json& j, const std::string& field) {
  if (!j.is_array()) return field_error(field, "an array of strings", j);
  std::vector<std::string> out;
  for (const json& e : j) {
    if (!e.is_string()) return field_error(field, "an array of strings", e);
    out.push_back(e.get<std::string>());
  }
  return out;
}


// Gate keys are camelCase at the boundary; the seeds' snake_case is accepted too
// ("threshold_pct" reads as "thresholdPct").
const std::vector<std::string>& gate_keys() {
  // Declaration order: also the order of suggestions' tie-break.
  static const std::vector<std::string> keys = {
      "enabled",          "thresholdPct",   "minTokens",        "maxTokens",
      "searchDefaultLimit", "maxSearchLimit", "inlineMaxCount", "inlineMaxTokens",
      "lazyActivation",   "activation",     "listingMaxTokens", "preselectTopK",
      "inlineSchemaMaxTokens", "thresholdTools"};
  return keys;
}

// "threshold_pct" -> "thresholdPct", "max-tokens" -> "maxTokens": snake, kebab and YAML habits.
std::string camel_key(const std::string& key) {
  std::string out;
  out.reserve(key.size());
  bool upper = false;
  for (char c : key) {
    if ((c == '_' || c == '-' || c == ' ') && !out.empty()) {
      upper = true;
      continue;
    }
    out.push_back(upper && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c);
    upper = false;
  }
  return out;
}

Status invalid(const std::string& message) { return Status::error(ErrorCode::InvalidConfig, message); }

const char* type_name(const json& value) {
  return value.type_name();  // "null", "object", "array", "string", "boolean", "number"
}

Status unknown_gate_key(const std::string& key) {
  return invalid("unknown key " + quoted_echo(key) + "." +
                 key_hint(camel_key(key), gate_keys()));
}

Status number_field(const json& obj, const char* key, double& out) {
  auto it = obj.find(key);
  if (it == obj.end()) return {};
  if (!it->is_number()) {
    return Status::error(ErrorCode::InvalidConfig, std::string("'") + key + "' must be a number");
  }
  out = it->get<double>();
  return {};
}

// Few keys, listed in full (the key is echoed clipped: it may be megabytes).
Status unknown_key(const std::string& where, const std::string& key, const char* expected) {
  return Status::error(ErrorCode::InvalidConfig,
                       "unknown " + where + " option " + quoted_echo(key) + ". Expected one of: " + expected + ".");
}

// The stemmers a configuration can name. Porter2 (english_stem) is a C++ option only: it
// costs 2.2 KB of gzipped wasm for a trade the defaults do not make (see Bm25Params).
const char* stemmer_name(const Stemmer& stemmer) {
  if (!stemmer) return "none";
  if (stemmer.plain_function() == &light_stem) return "light";
  return "custom";
}

// {stemmer?: "light" | "none", stopWords?: bool, typos?: bool,
//  lexicon?: {word: "what it also means"}}; lexicon entries are added to the current ones.
Status apply_analysis(const json& value, Bm25Params& p) {
  if (!value.is_object()) return invalid("'analysis' must be an object");
  for (const auto& [k, v] : value.items()) {
    if (k == "stemmer") {
      if (v == "light") p.analyzer.stemmer = light_stem;
      else if (v == "none") p.analyzer.stemmer = nullptr;
      else return invalid("'analysis.stemmer' must be \"light\" or \"none\"");
    } else if (k == "stopWords" || k == "typos") {
      if (!v.is_boolean()) return invalid("'analysis." + k + "' must be a boolean");
      (k == "typos" ? p.typo_tolerance : p.analyzer.stop_words) = v.get<bool>();
    } else if (k == "lexicon") {
      if (!v.is_object()) return invalid("'analysis.lexicon' must be an object of word -> words");
      Lexicon::Map added;
      for (const auto& [word, meaning] : v.items()) {
        if (!meaning.is_string() || word.empty() || word.size() > 64 || meaning.get_ref<const std::string&>().size() > 256) {
          return invalid("'analysis.lexicon." + echo(word, 64) + "' must map a word (1-64 bytes) to a string of words (at most 256 bytes)");
        }
        added[folded_trimmed(word)] = meaning.get<std::string>();  // matched against folded words
      }
      p.lexicon.add(added);
    } else {
      return invalid("unknown analysis option " + quoted_echo(k) + "." +
                     key_hint(k, {"stemmer", "stopWords", "typos", "lexicon"}));
    }
  }
  return {};
}

Result<GateMode> parse_mode(const json& value) {
  if (value.is_boolean()) return value.get<bool>() ? GateMode::Auto : GateMode::Off;
  if (value.is_string()) {
    const std::string& s = value.get_ref<const std::string&>();
    if (s == "off") return GateMode::Off;
    if (s == "auto") return GateMode::Auto;
    if (s == "on") return GateMode::On;
    return invalid("enabled: \"" + s + "\" is not one of \"off\", \"auto\", \"on\", true, false");
  }
  return invalid(std::string("enabled: expected \"off\", \"auto\", \"on\" or a boolean, got ") +
                 type_name(value));
}

// A whole number in [lo, hi]. Integral floats (5.0) are accepted: JSON does not distinguish.
Result<size_t> parse_count(const std::string& key, const json& value, size_t lo, size_t hi) {
  const std::string range = " (range " + std::to_string(lo) + ".." + std::to_string(hi) + ")";
  if (!value.is_number()) {
    return invalid(key + ": expected an integer" + range + ", got " + type_name(value));
  }
  if (value.is_number_float()) {
    double d = value.get<double>();
    if (d != std::floor(d)) return invalid(key + ": expected an integer" + range + ", got " + json_text(value));
    if (d < static_cast<double>(lo) || d > static_cast<double>(hi)) {
      return invalid(key + ": " + json_text(value) + " is out of range" + range);
    }
    return static_cast<size_t>(d);
  }
  if (value.is_number_integer() && value.get<int64_t>() < 0) {
    return invalid(key + ": " + json_text(value) + " is out of range" + range);
  }
  uint64_t n = value.get<uint64_t>();
  if (n < lo || n > hi) return invalid(key + ": " + json_text(value) + " is out of range" + range);
  return static_cast<size_t>(n);
}

Status apply_gate_key(GateConfig& config, const std::string& key, const json& value) {
  auto count = [&](size_t& field, size_t lo, size_t hi) -> Status {
    Result<size_t> parsed = parse_count(key, value, lo, hi);
    if (!parsed.ok()) return parsed.status();
    field = parsed.value();
    return Status::success();
  };
  if (key == "enabled") {
    Result<GateMode> mode = parse_mode(value);
    if (!mode.ok()) return mode.status();
    config.enabled = mode.value();
    return Status::success();
  }
  if (key == "thresholdPct") {
    if (!value.is_number()) return invalid("thresholdPct: expected a number (range 0..100), got " + std::string(type_name(value)));
    double pct = value.get<double>();
    if (!(pct >= 0.0 && pct <= 100.0)) return invalid("thresholdPct: " + json_text(value) + " is out of range (range 0..100)");
    config.threshold_pct = pct;
    return Status::success();
  }
  if (key == "lazyActivation") {
    if (!value.is_boolean()) return invalid("lazyActivation: expected a boolean, got " + std::string(type_name(value)));
    config.lazy_activation = value.get<bool>();
    return Status::success();
  }
  if (key == "activation") {
    if (value.is_string() && value.get_ref<const std::string&>() == "stable") {
      config.activation = ActivationPolicy::Stable;
      return Status::success();
    }
    if (value.is_string() && value.get_ref<const std::string&>() == "promote") {
      config.activation = ActivationPolicy::Promote;
      return Status::success();
    }
    return invalid("activation: expected \"stable\" or \"promote\", got " + json_text(value));
  }
  if (key == "minTokens") return count(config.min_tokens, 0, GateLimits::kMaxTokens);
  if (key == "maxTokens") return count(config.max_tokens, 0, GateLimits::kMaxTokens);
  if (key == "thresholdTools") return count(config.threshold_tools, 0, GateLimits::kMaxTokens);
  if (key == "searchDefaultLimit") return count(config.search_default_limit, 1, GateLimits::kMaxSearchLimit);
  if (key == "maxSearchLimit") return count(config.max_search_limit, 1, GateLimits::kMaxSearchLimit);
  if (key == "inlineMaxCount") return count(config.inline_max_count, 0, GateLimits::kMaxTokens);
  if (key == "inlineMaxTokens") return count(config.inline_max_tokens, 0, GateLimits::kMaxTokens);
  if (key == "listingMaxTokens") return count(config.listing_max_tokens, 0, GateLimits::kMaxTokens);
  if (key == "preselectTopK") return count(config.preselect_top_k, 1, GateLimits::kMaxTopK);
  if (key == "inlineSchemaMaxTokens") return count(config.inline_schema_max_tokens, 0, GateLimits::kMaxTokens);
  return unknown_gate_key(key);
}

}  // namespace

Result<GateConfig> gate_config_from_json(const json& input, const GateConfig& base) {
  try {
    GateConfig config = base;
    if (input.is_boolean() || input.is_string()) {
      // The legacy shorthand: `tool_search: true` (auto), `false` (off) or a mode string.
      Result<GateMode> mode = parse_mode(input);
      if (!mode.ok()) return mode.status();
      config.enabled = mode.value();
    } else if (input.is_object()) {
      // Unknown keys first: a typo is the likelier mistake and its message is the more useful.
      for (const auto& item : input.items()) {
        const auto& keys = gate_keys();
        if (std::find(keys.begin(), keys.end(), camel_key(item.key())) == keys.end()) {
          return unknown_gate_key(item.key());
        }
      }
      for (const auto& item : input.items()) {
        Status applied = apply_gate_key(config, camel_key(item.key()), item.value());
        if (!applied.ok()) return applied;
      }
    } else {
      return invalid(std::string("config: expected an object, a boolean or a mode string, got ") +
                     type_name(input));
    }
    Status valid = validate(config);
    if (!valid.ok()) return valid;
    return config;
  } catch (const std::exception& e) {
    return Status::error(ErrorCode::Internal, std::string("config parsing failed: ") + e.what());
  }
}

void append_gate_config_json(std::string& out, const GateConfig& c) {
  out += c.activation == ActivationPolicy::Promote ? R"({"activation":"promote")" : R"({"activation":"stable")";
  out += R"(,"enabled":")";
  out += to_string(c.enabled);
  out += '"';
  const std::pair<const char*, size_t> counts[] = {{"inlineMaxCount", c.inline_max_count},
                                                   {"inlineMaxTokens", c.inline_max_tokens},
                                                   {"inlineSchemaMaxTokens", c.inline_schema_max_tokens}};
  for (const auto& [key, value] : counts) append_key(out, key), append_count(out, value);
  append_key(out, "lazyActivation");
  append_bool(out, c.lazy_activation);
  const std::pair<const char*, size_t> more[] = {{"listingMaxTokens", c.listing_max_tokens},
                                                 {"maxSearchLimit", c.max_search_limit},
                                                 {"maxTokens", c.max_tokens},
                                                 {"minTokens", c.min_tokens},
                                                 {"preselectTopK", c.preselect_top_k},
                                                 {"searchDefaultLimit", c.search_default_limit}};
  for (const auto& [key, value] : more) append_key(out, key), append_count(out, value);
  append_key(out, "thresholdPct");
  append_double(out, c.threshold_pct);
  append_key(out, "thresholdTools");
  append_count(out, c.threshold_tools);
  out += '}';
}

json gate_config_to_json(const GateConfig& c) {
  std::string text;
  append_gate_config_json(text, c);
  return json::parse(text);
}

Result<Tool> tool_from_json(json&& j) {
  if (!j.is_object()) return field_error("tool", "an object", j);
  Tool t;
  auto name = j.find("name");
  if (name == j.end()) return Status::error(ErrorCode::InvalidTool, "a tool needs a 'name'");
  if (!name->is_string()) return field_error("name", "a string", *name);
  t.name = name->get<std::string>();
  // The string fields, checked now and taken at the end.
  std::pair<std::string*, json*> strings[] = {
      {&t.description, nullptr}, {&t.title, nullptr}, {&t.source, nullptr}, {&t.original_name, nullptr}};
  const char* const kStringKeys[] = {"description", "title", "source", "originalName"};
  for (size_t k = 0; k < std::size(strings); ++k) {
    auto it = j.find(kStringKeys[k]);
    if (it == j.end() || it->is_null()) continue;
    if (!it->is_string()) return field_error(std::string(kStringKeys[k]) + "' of tool '" + t.name, "a string", *it);
    strings[k].second = &*it;
  }
  json* schema = nullptr;
  for (const char* key : {"inputSchema", "input_schema", "parameters"}) {
    if (auto it = j.find(key); it != j.end() && !it->is_null()) {
      schema = &*it;  // the catalog validates its shape
      break;
    }
  }
  if (auto it = j.find("class"); it != j.end() && !it->is_null()) {
    if (*it == "core") t.tool_class = ToolClass::Core;
    else if (*it == "deferrable") t.tool_class = ToolClass::Deferrable;
    else return Status::error(ErrorCode::InvalidTool, "'class' of tool '" + t.name +
                                                          "' must be \"core\" or \"deferrable\"");
  }
  if (auto it = j.find("tags"); it != j.end() && !it->is_null()) {
    auto tags = string_list(*it, "tags");
    if (!tags.ok()) return tags.status();
    t.tags = std::move(tags).value();
  }
  if (auto it = j.find("pinned"); it != j.end() && !it->is_null()) {
    if (!it->is_boolean()) return field_error("pinned", "a boolean", *it);
    t.pinned = it->get<bool>();
  }
  // Taken only once nothing can fail, so a refused entry still reads as the caller wrote it.
  for (auto& [field, value] : strings) {
    if (value) *field = std::move(value->get_ref<std::string&>());
  }
  t.input_schema = schema ? std::move(*schema) : json{{"type", "object"}};
  if (auto it = j.find("annotations"); it != j.end() && !it->is_null()) t.annotations = std::move(*it);
  return t;
}

Result<AddOptions> add_options_from_json(const json& j) {
  AddOptions options;
  if (j.is_null()) return options;
  if (!j.is_object()) return field_error("add options", "an object", j);
  for (const auto& [key, value] : j.items()) {
    if (key != "onInvalid") {
      return Status::error(ErrorCode::InvalidArgument, "unknown add option " + quoted_echo(key) + "." +
                                                           did_you_mean({"onInvalid"}));
    }
    if (value == "error") options.skip_invalid = false;
    else if (value == "skip") options.skip_invalid = true;
    else return Status::error(ErrorCode::InvalidArgument, "'onInvalid' must be \"error\" or \"skip\"");
  }
  return options;
}

void append_rejection_json(std::string& out, const Catalog::Rejection& r) {
  out += R"({"code":")";
  out += to_string(r.status.code);
  out += R"(","index":)";
  append_count(out, r.index);
  out += R"(,"message":)";
  append_json_string(out, r.status.message);
  out += R"(,"name":)";
  append_json_string(out, r.name);
  out += '}';
}

Result<std::vector<Tool>> tools_from_json(json&& j) {
  if (!j.is_array()) return field_error("tools", "an array", j);
  std::vector<Tool> out;
  out.reserve(j.size());
  for (json& e : j) {
    auto t = tool_from_json(std::move(e));
    if (!t.ok()) return t.status();
    out.push_back(std::move(t).value());
  }
  return out;
}

void append_tool_json(std::string& out, const Tool& t, bool pinned, size_t tokens) {
  out += '{';
  if (t.annotations.text() != "{}") {
    out += R"("annotations":)";
    out += t.annotations.valid_text();
    out += ',';
  }
  out += t.tool_class == ToolClass::Core ? R"("class":"core")" : R"("class":"deferrable")";
  append_key(out, "description");
  append_json_string(out, t.description);
  append_key(out, "inputSchema");
  out += t.input_schema.valid_text();
  append_key(out, "name");
  append_json_string(out, t.name);
  if (t.original_name != t.name) {
    append_key(out, "originalName");
    append_json_string(out, t.original_name);
  }
  append_key(out, "pinned");
  append_bool(out, pinned);
  append_key(out, "server");
  if (server_of(t).empty()) out += "null";
  else append_json_string(out, server_of(t));
  append_key(out, "source");
  append_json_string(out, t.source);
  append_key(out, "sourceKind");
  append_json_string(out, source_kind(t.source));
  if (!t.tags.empty()) {
    append_key(out, "tags");
    append_json_string_array(out, t.tags);
  }
  if (!t.title.empty()) {
    append_key(out, "title");
    append_json_string(out, t.title);
  }
  append_key(out, "tokens");
  append_count(out, tokens);
  out += '}';
}

Result<Scope> scope_from_json(const json& j) {
  Scope scope;
  if (j.is_null()) return scope;
  if (!j.is_object()) return field_error("scope", "an object", j);
  for (const auto& [key, value] : j.items()) {
    std::set<std::string>* target = key == "sources"    ? &scope.sources
                                    : key == "toolsets" ? &scope.toolsets
                                    : key == "tools"    ? &scope.tools
                                                        : nullptr;
    if (!target) {
      return Status::error(ErrorCode::InvalidArgument,
                           "unknown scope key '" + key + "'; expected sources, toolsets or tools");
    }
    auto list = string_list(value, key);
    if (!list.ok()) return list.status();
    target->insert(list->begin(), list->end());
  }
  return scope;
}

std::vector<std::string> required_params(const json& schema) {
  std::vector<std::string> out;
  auto it = schema.find("required");
  if (it == schema.end() || !it->is_array()) return out;
  for (const json& r : *it) {
    if (r.is_string()) out.push_back(r.get<std::string>());
  }
  return out;
}

void append_explanation_json(std::string& out, const Explanation& e, const Tool& tool, const Retrieval& ranking) {
  // The tool's place in the whole ranking (the last hit naming it, as a json tree would keep).
  const SearchHit* hit = nullptr;
  size_t rank = 0;
  for (size_t r = 0; r < ranking.hits.size(); ++r) {
    if (ranking.hits[r].tool == e.tool) hit = &ranking.hits[r], rank = r + 1;
  }
  out += '{';
  if (!ranking.degraded.empty()) {
    out += R"("degraded":)";
    append_json_string(out, ranking.degraded);
    out += ',';
  }
  out += R"("expansions":[)";
  for (size_t k = 0; k < e.expansions.size(); ++k) {
    out += k ? R"(,{"from":)" : R"({"from":)";
    append_json_string(out, e.expansions[k].from);
    out += R"(,"to":)";
    append_json_string(out, e.expansions[k].to);
    out += '}';
  }
  out += ']';
  if (hit && ranking.strategy == RetrievalStrategy::Hybrid) {
    out += R"(,"legs":{"keyword":)";
    append_leg_json(out, hit->keyword);
    out += R"(,"semantic":)";
    append_leg_json(out, hit->semantic);
    append_key(out, "semanticWeight");
    append_double(out, ranking.semantic_weight);
    out += '}';
  }
  out += R"(,"match":")";
  out += to_string(e.kind);
  out += R"(","name":)";
  append_json_string(out, tool.name);
  append_key(out, "queryTokens");
  append_json_string_array(out, e.query_tokens);
  append_key(out, "rank");
  if (hit) append_count(out, rank);
  else out += "null";
  append_key(out, "score");
  append_double(out, e.score);
  out += R"(,"strategy":")";
  out += to_string(ranking.strategy);
  out += '"';
  if (hit) {
    append_key(out, "strategyScore");
    append_double(out, hit->score);
  }
  out += R"(,"terms":[)";
  for (size_t k = 0; k < e.terms.size(); ++k) {
    const TermContribution& c = e.terms[k];
    out += k ? R"(,{"field":)" : R"({"field":)";
    append_json_string(out, camel_key(c.field));
    const std::pair<const char*, double> numbers[] = {{"idf", c.idf},     {"lengthNorm", c.length_norm},
                                                      {"queryWeight", c.query_weight}, {"score", c.score}};
    for (const auto& [key, value] : numbers) append_key(out, key), append_double(out, value);
    append_key(out, "term");
    append_json_string(out, c.term);
    append_key(out, "tf");
    append_double(out, c.tf);
    append_key(out, "weight");
    append_double(out, c.weight);
    out += '}';
  }
  out += "]}";
}

namespace {

// {strategy, fusion, keywordWeight, semanticWeight, tableSemanticWeight, adaptiveWeight, rrfK,
// depth}: the default strategy and hybrid fusion.
Status apply_retrieval(const json& value, RetrievalOptions& r) {
  if (!value.is_object()) return Status::error(ErrorCode::InvalidConfig, "'retrieval' must be an object");
  for (const auto& [k, v] : value.items()) {
    if (k == "strategy") {
      auto s = v.is_string() ? retrieval_strategy_from_string(v.get<std::string>()) : std::nullopt;
      if (!s || *s == RetrievalStrategy::Regex) {
        return Status::error(ErrorCode::InvalidConfig,
                             "'retrieval.strategy' must be \"keyword\", \"semantic\" or \"hybrid\"");
      }
      r.strategy = *s;
    } else if (k == "keywordWeight" || k == "semanticWeight" || k == "tableSemanticWeight" || k == "rrfK") {
      double& target = k == "keywordWeight"         ? r.hybrid.keyword_weight
                       : k == "semanticWeight"      ? r.hybrid.semantic_weight
                       : k == "tableSemanticWeight" ? r.hybrid.table_semantic_weight
                                                    : r.hybrid.rrf_k;
      if (Status st = number_field(value, k.c_str(), target); !st.ok()) return st;
      if (!(target >= 0 && target <= 1000) || (k == "rrfK" && target == 0)) {
        return Status::error(ErrorCode::InvalidConfig, "'retrieval." + k + "' must be in 0..1000" +
                                                           (k == "rrfK" ? " and positive" : ""));
      }
    } else if (k == "fusion") {
      auto f = v.is_string() ? fusion_from_string(v.get<std::string>()) : std::nullopt;
      if (!f) return Status::error(ErrorCode::InvalidConfig, "'retrieval.fusion' must be \"score\" or \"rrf\"");
      r.hybrid.fusion = *f;
    } else if (k == "depth") {
      if (!v.is_number_integer() || v.get<long long>() < 1 || v.get<long long>() > 1000) {
        return Status::error(ErrorCode::InvalidConfig, "'retrieval.depth' must be an integer in 1..1000");
      }
      r.hybrid.depth = static_cast<size_t>(v.get<long long>());
    } else if (k == "adaptiveWeight") {
      if (!v.is_boolean()) return Status::error(ErrorCode::InvalidConfig, "'retrieval.adaptiveWeight' must be a boolean");
      r.hybrid.adaptive_weight = v.get<bool>();
    } else {
      return unknown_key("retrieval", k, "strategy, fusion, keywordWeight, semanticWeight, tableSemanticWeight, adaptiveWeight, rrfK, depth");
    }
  }
  return Status::success();
}

}  // namespace

Result<EngineOptions> engine_options_from_json(const json& j, const EngineOptions& base) {
  if (!j.is_object()) return Status::error(ErrorCode::InvalidConfig, "options must be an object");
  EngineOptions out = base;
  for (const auto& [key, value] : j.items()) {
    if (key == "gate") {
      auto gate = gate_config_from_json(value, base.gate);
      if (!gate.ok()) return gate.status();
      out.gate = gate.value();
    } else if (key == "namespacing") {
      if (value == "none") out.catalog.namespacing = NamespacePolicy::None;
      else if (value == "prefix") out.catalog.namespacing = NamespacePolicy::Prefix;
      else if (value == "auto") out.catalog.namespacing = NamespacePolicy::Auto;
      else return Status::error(ErrorCode::InvalidConfig, "'namespacing' must be \"auto\", \"none\" or \"prefix\"");
    } else if (key == "bm25") {
      if (!value.is_object()) return Status::error(ErrorCode::InvalidConfig, "'bm25' must be an object");
      Bm25Params& p = out.bm25;
      for (const auto& [k, v] : value.items()) {
        if (k == "k1" || k == "b") {
          if (Status s = number_field(value, k.c_str(), k == "k1" ? p.k1 : p.b); !s.ok()) return s;
        } else if (k == "weights") {
          if (!v.is_object()) return Status::error(ErrorCode::InvalidConfig, "'bm25.weights' must be an object");
          for (const auto& [wk, wv] : v.items()) {
            double* target = wk == "name"                ? &p.weights.name
                             : wk == "server"            ? &p.weights.server
                             : wk == "description"       ? &p.weights.description
                             : wk == "paramNames"        ? &p.weights.param_names
                             : wk == "paramDescriptions" ? &p.weights.param_descriptions
                                                         : nullptr;
            if (!target) {
              return unknown_key("bm25.weights", wk, "name, server, description, paramNames, paramDescriptions");
            }
            if (Status s = number_field(v, wk.c_str(), *target); !s.ok()) return s;
            if (*target < 0 || *target > 100) {
              return Status::error(ErrorCode::InvalidConfig, "'bm25.weights." + wk + "' must be in 0..100");
            }
          }
        } else {
          return unknown_key("bm25", k, "k1, b, weights");
        }
      }
      if (!(p.k1 >= 0 && p.k1 <= 10)) return Status::error(ErrorCode::InvalidConfig, "'bm25.k1' must be in 0..10");
      if (!(p.b >= 0 && p.b <= 1)) return Status::error(ErrorCode::InvalidConfig, "'bm25.b' must be in 0..1");
    } else if (key == "analysis") {
      if (Status st = apply_analysis(value, out.bm25); !st.ok()) return st;
    } else if (key == "retrieval") {
      if (Status st = apply_retrieval(value, out.retrieval); !st.ok()) return st;
    } else {
      return unknown_key("engine", key, "gate, bm25, analysis, retrieval, namespacing");
    }
  }
  return out;
}

void append_engine_options_json(std::string& out, const EngineOptions& o) {
  const FieldWeights& w = o.bm25.weights;
  out += R"({"analysis":{"lexicon":{)";
  const Lexicon& defaults = default_lexicon();
  // The built-in entries unchanged write nothing, and must not touch defaults.begin(): that
  // builds the built-in map, 11 ms of a fresh process's first snapshot load.
  if (!o.bm25.lexicon.same_entries(defaults)) {
    bool first = true;
    auto d = defaults.begin();
    for (const auto& [word, meaning] : o.bm25.lexicon) {  // a sorted map: json's key order
      // Both maps are sorted: walk the defaults beside it (1,560 lookups per call were most of
      // a small snapshot's load).
      while (d != defaults.end() && d->first < word) ++d;
      if (d != defaults.end() && d->first == word && d->second == meaning) continue;  // only the host's own entries
      if (!first) out += ',';
      first = false;
      append_json_string(out, word);
      out += ':';
      append_json_string(out, meaning);
    }
  }
  out += R"(},"stemmer":")";
  out += stemmer_name(o.bm25.analyzer.stemmer);
  out += R"(","stopWords":)";
  append_bool(out, o.bm25.analyzer.stop_words);
  append_key(out, "typos");
  append_bool(out, o.bm25.typo_tolerance);
  out += R"(},"bm25":{"b":)";
  append_double(out, o.bm25.b);
  append_key(out, "k1");
  append_double(out, o.bm25.k1);
  out += R"(,"weights":)";
  const std::pair<const char*, double> weights[] = {{"description", w.description},
                                                    {"name", w.name},
                                                    {"paramDescriptions", w.param_descriptions},
                                                    {"paramNames", w.param_names},
                                                    {"server", w.server}};
  for (const auto& [key, value] : weights) append_key(out, key, key == weights[0].first), append_double(out, value);
  out += R"(}},"gate":)";
  append_gate_config_json(out, o.gate);
  out += o.catalog.namespacing == NamespacePolicy::Prefix ? R"(,"namespacing":"prefix")"
         : o.catalog.namespacing == NamespacePolicy::Auto  ? R"(,"namespacing":"auto")"
                                                           : R"(,"namespacing":"none")";
  out += R"(,"retrieval":{"adaptiveWeight":)";
  append_bool(out, o.retrieval.hybrid.adaptive_weight);
  out += R"(,"depth":)";
  append_count(out, o.retrieval.hybrid.depth);
  out += R"(,"fusion":")";
  out += to_string(o.retrieval.hybrid.fusion);
  out += '"';
  append_key(out, "keywordWeight");
  append_double(out, o.retrieval.hybrid.keyword_weight);
  append_key(out, "rrfK");
  append_double(out, o.retrieval.hybrid.rrf_k);
  append_key(out, "semanticWeight");
  append_double(out, o.retrieval.hybrid.semantic_weight);
  out += R"(,"strategy":")";
  out += to_string(o.retrieval.strategy);
  out += '"';
  append_key(out, "tableSemanticWeight");  // keys in order, as nlohmann::json sorts them
  append_double(out, o.retrieval.hybrid.table_semantic_weight);
  out += "}}";
}

json engine_options_to_json(const EngineOptions& options) {
  std::string text;
  append_engine_options_json(text, options);
  return json::parse(text);
}


Result<SearchRequest> search_request_from_json(const json& o) {
  if (!o.is_object()) return Status::error(ErrorCode::InvalidArgument, "search options must be an object");
  SearchRequest request;
  for (const auto& [key, value] : o.items()) {
    if (key == "limit") {
      if (!value.is_number_integer() || value.get<long long>() < 1) {
        return Status::error(ErrorCode::InvalidArgument, "'limit' must be a positive integer");
      }
      request.limit = static_cast<size_t>(std::min<long long>(value.get<long long>(), 1 << 20));
    } else if (key == "session") {
      if (!value.is_string() || value.get_ref<const std::string&>().empty()) return empty_session_error();
      request.session = value.get<std::string>();
    } else if (key == "deferredOnly" || key == "descriptions" || key == "caseSensitive") {
      if (!value.is_boolean()) return Status::error(ErrorCode::InvalidArgument, "'" + key + "' must be a boolean");
      (key == "deferredOnly" ? request.deferred_only
       : key == "descriptions" ? request.regex_descriptions : request.regex_case_sensitive) = value.get<bool>();
    } else if (key == "strategy") {
      auto s = value.is_string() ? retrieval_strategy_from_string(value.get<std::string>()) : std::nullopt;
      if (!s) {
        return Status::error(ErrorCode::InvalidArgument,
                             "'strategy' must be \"keyword\", \"semantic\", \"hybrid\" or \"regex\"");
      }
      request.strategy = s;
    } else {
      static const std::vector<std::string> keys = {"limit", "session", "deferredOnly", "strategy",
                                                    "descriptions", "caseSensitive"};
      return Status::error(ErrorCode::InvalidArgument,
                           "unknown search option " + quoted_echo(key) + "." + key_hint(key, keys));
    }
  }
  return request;
}

Result<AssembleRequest> assemble_request_from_json(const json& o, std::string& session) {
  if (!o.is_object()) return Status::error(ErrorCode::InvalidArgument, "the assemble request must be an object");
  AssembleRequest request;
  auto bad = [](const std::string& key, const char* expected) {
    return Status::error(ErrorCode::InvalidArgument, "'" + key + "' must be " + expected);
  };
  for (const auto& [key, value] : o.items()) {
    if (key == "session") {
      if (!value.is_string() || value.get_ref<const std::string&>().empty()) return empty_session_error();
      session = value.get<std::string>();
    } else if (key == "contextWindow" || key == "topK") {
      if (!value.is_number_integer() || value.get<long long>() < 0) return bad(key, "a non-negative integer");
      const auto n = static_cast<size_t>(std::min<long long>(value.get<long long>(), 1LL << 31));
      (key == "topK" ? request.top_k : request.context_window) = n;
    } else if (key == "userMessage") {
      if (!value.is_string()) return bad(key, "a string");
      request.user_message = value.get<std::string>();
    } else if (key == "mode") {
      auto mode = value.is_string() ? assembly_mode_from_string(value.get<std::string>()) : std::nullopt;
      if (!mode) return bad(key, "\"bridge\", \"preselect\" or \"preselect+bridge\"");
      request.mode = *mode;
    } else {
      static const std::vector<std::string> keys = {"session", "contextWindow", "mode", "userMessage", "topK"};
      return Status::error(ErrorCode::InvalidArgument,
                           "unknown assemble option " + quoted_echo(key) + "." + key_hint(key, keys));
    }
  }
  return request;
}

Result<ModelToolCall> model_call_from_json(const json& o) {
  if (!o.is_object()) return Status::error(ErrorCode::InvalidArgument, "a call must be an object {name, arguments}");
  auto name = o.find("name");
  if (name == o.end() || !name->is_string()) {
    return Status::error(ErrorCode::InvalidArgument, "a call needs a string 'name'");
  }
  ModelToolCall call;
  call.name = name->get<std::string>();
  auto args = o.find("arguments");
  call.arguments = args == o.end() ? json(nullptr) : *args;
  return call;
}

void append_tool_details_json(std::string& out, const Tool& t) {
  out += R"("source":)";
  append_json_string(out, t.source);
  out += R"(,"server":)";
  if (server_of(t).empty()) out += "null";
  else append_json_string(out, server_of(t));
  out += R"(,"description":)";
  append_json_string(out, t.description);
  out += R"(,"required":)";
  append_json_string_array(out, required_params(t.input_schema));
}

void append_search_hits_json(std::string& out, const std::vector<SearchHit>& hits, const std::vector<Tool>& tools) {
  out += '[';
  for (size_t k = 0; k < hits.size(); ++k) {
    const SearchHit& h = hits[k];
    const Tool& t = tools[h.tool];
    out += k ? R"(,{"name":)" : R"({"name":)";
    append_json_string(out, t.name);
    out += R"(,"score":)";
    append_json_number(out, h.score);
    out += R"(,"match":")";
    out += to_string(h.kind);
    out += h.weak ? R"(","weak":true,)" : R"(","weak":false,)";
    append_tool_details_json(out, t);
    if (h.keyword.rank != 0 || h.semantic.rank != 0) {
      out += R"(,"legs":{"keyword":)";
      append_leg_json(out, h.keyword);
      out += R"(,"semantic":)";
      append_leg_json(out, h.semantic);
      out += '}';
    }
    out += '}';
  }
  out += ']';
}

namespace {

void append_tool_names(std::string& out, const Catalog& catalog, const std::vector<uint32_t>& positions) {
  out.push_back('[');
  for (size_t i = 0; i < positions.size(); ++i) {
    if (i) out.push_back(',');
    append_json_string(out, catalog.tools()[positions[i]].name);
  }
  out.push_back(']');
}

}  // namespace

void append_assembly_json(std::string& out, const AssemblyResult& r, const Catalog& catalog, bool compact,
                          bool with_logical) {
  out += '{';
  if (!compact) {
    out += R"("deferred":)";
    append_tool_names(out, catalog, r.deferred);
    out += ',';
  }
  out += R"("gate":{"active":)";
  append_bool(out, r.gate.active);
  const std::pair<const char*, size_t> counts[] = {{"contextWindow", r.gate.context_window},
                                                   {"deferrableCount", r.gate.deferrable_count},
                                                   {"deferrableTokens", r.gate.deferrable_tokens}};
  for (const auto& [key, value] : counts) append_key(out, key), append_count(out, value);
  out += R"(,"mode":")";
  out += to_string(r.gate.mode);
  out += R"(","reason":)";
  append_json_string(out, r.gate.reason);
  append_key(out, "threshold");
  append_count(out, r.gate.threshold);
  out += '}';
  if (with_logical || !compact) {
    out += R"(,"logical":)";
    append_tool_names(out, catalog, r.logical);
  }
  if (compact) {
    out += R"(,"revision":)";
    out += std::to_string(catalog.revision());
  }
  out += R"(,"strategy":")";
  out += to_string(r.strategy);
  out += R"(","tier":)";
  out += std::to_string(r.tier);
  out += R"(,"tokens":{"saved":)";
  out += std::to_string(r.tokens.saved);  // signed: negative when the bridge costs more
  append_key(out, "withDeferral");
  append_count(out, r.tokens.with_deferral);
  append_key(out, "withoutDeferral");
  append_count(out, r.tokens.without_deferral);
  out += R"(},"visible":[)";
  for (size_t k = 0; k < r.visible.size(); ++k) {
    const VisibleTool& t = r.visible[k];
    out += k ? R"(,{"description":)" : R"({"description":)";
    append_json_string(out, t.description);
    append_key(out, "inputSchema");
    append_json_value(out, t.input_schema);
    out += R"(,"kind":")";
    out += to_string(t.kind);
    out += R"(","name":)";
    append_json_string(out, t.name);
    append_key(out, "tokens");
    append_count(out, t.tokens);
    out += '}';
  }
  out += "]}";
}

json assembly_to_json(const AssemblyResult& result, const Catalog& catalog) {
  std::string text;
  append_assembly_json(text, result, catalog);
  return json::parse(text);
}

void append_outcome_json(std::string& out, const BridgeOutcome& o) {
  out += R"({"activated":)";
  append_bool(out, o.activated);
  append_key(out, "arguments");
  append_json_value(out, o.arguments);
  out += R"(,"kind":")";
  out += to_string(o.kind);
  out += R"(","name":)";
  append_json_string(out, o.name);
  append_key(out, "reason");
  append_json_string(out, o.reason);
  append_key(out, "repairs");
  append_json_string_array(out, o.repairs);
  append_key(out, "result");
  append_json_value(out, o.result);
  if (o.source.empty()) {
    out += R"(,"server":null,"source":null,"sourceKind":null,"tokens":null)";
  } else {
    append_key(out, "server");
    if (server_of(o.source).empty()) out += "null";
    else append_json_string(out, server_of(o.source));
    append_key(out, "source");
    append_json_string(out, o.source);
    append_key(out, "sourceKind");
    append_json_string(out, source_kind(o.source));
    append_key(out, "tokens");
    append_count(out, o.tokens);
  }
  append_key(out, "viaBridge");
  append_bool(out, o.via_bridge);
  out += '}';
}

json outcome_to_json(const BridgeOutcome& outcome) {
  std::string text;
  append_outcome_json(text, outcome);
  return json::parse(text);
}

}  // namespace toolsearch
