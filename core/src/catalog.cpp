#include "toolsearch/catalog.hpp"
#include "toolsearch/json_text.hpp"

#include "toolsearch/fnv_hash.hpp"
#include "toolsearch/tool_name.hpp"
#include "toolsearch/utf8.hpp"

#include <atomic>
#include <unordered_set>

namespace toolsearch {
namespace {

Status utf8_error(const char* what, const std::string& name, size_t offset) {
  return Status::error(ErrorCode::InvalidTool, std::string(what) + " of tool '" + name +
                                                   "' is not valid UTF-8 (byte " +
                                                   std::to_string(offset) + ")");
}

// Names into `out` (a fresh dictionary), so that ids are positions; returns the position of the
// first repeated name, or tools.size().
size_t index_names(const std::vector<Tool>& tools, TermDictionary& out) {
  out = TermDictionary();
  size_t chars = 0;
  for (const Tool& t : tools) chars += t.name.size();
  out.reserve(tools.size(), chars);
  for (size_t i = 0; i < tools.size(); ++i) {
    if (out.intern(tools[i].name) != i) return i;
  }
  return tools.size();
}

}  // namespace

Catalog::Catalog(CatalogOptions options) : options_(options) {}

void Catalog::set_options(const CatalogOptions& options) {
  options_ = options;
  changed();
}

Status Catalog::validate(const Tool& tool) const {
  const ToolLimits& lim = options_.limits;
  if (tool.name.size() > lim.max_name_bytes) {
    return Status::error(ErrorCode::TooLarge, "tool name is " + std::to_string(tool.name.size()) +
                                                  " bytes; the limit is " +
                                                  std::to_string(lim.max_name_bytes));
  }
  // The alphabet and the bridge names with their lookalikes (tool_name.hpp).
  if (Status s = check_tool_name(tool.name); !s.ok()) return s;
  if (!is_valid_source(tool.source)) {
    return Status::error(ErrorCode::InvalidTool,
                         "tool '" + tool.name + "' has source '" + tool.source +
                             "'; expected core, plugin, client or mcp:<server>");
  }
  if (tool.description.size() > lim.max_description_bytes) {
    return Status::error(ErrorCode::TooLarge, "description of tool '" + tool.name + "' is " +
                                                  std::to_string(tool.description.size()) +
                                                  " bytes; the limit is " +
                                                  std::to_string(lim.max_description_bytes));
  }
  if (size_t bad = first_invalid_utf8(tool.description); bad != std::string_view::npos) {
    return utf8_error("description", tool.name, bad);
  }
  if (size_t bad = first_invalid_utf8(tool.title); bad != std::string_view::npos) {
    return utf8_error("title", tool.name, bad);
  }
  const nlohmann::json& schema = tool.input_schema;
  if (!schema.is_object()) {
    return Status::error(ErrorCode::InvalidSchema,
                         "input schema of tool '" + tool.name + "' must be a JSON object, got " +
                             schema.type_name());
  }
  if (auto it = schema.find("type"); it != schema.end() && !(it->is_string() && *it == "object")) {
    return Status::error(ErrorCode::InvalidSchema, "input schema of tool '" + tool.name +
                                                       "' must have type \"object\", got " +
                                                       json_text(*it));
  }
  if (auto it = schema.find("properties"); it != schema.end() && !it->is_object()) {
    return Status::error(ErrorCode::InvalidSchema,
                         "input schema of tool '" + tool.name + "' has non-object \"properties\"");
  }
  const std::string_view dumped = tool.input_schema.text();  // kept: the fingerprint and token counts reuse it
  if (dumped.size() > lim.max_schema_bytes) {
    return Status::error(ErrorCode::TooLarge, "input schema of tool '" + tool.name + "' is " +
                                                  std::to_string(dumped.size()) +
                                                  " bytes; the limit is " +
                                                  std::to_string(lim.max_schema_bytes));
  }
  if (!tool.annotations->is_object() && !tool.annotations->is_null()) {
    return Status::error(ErrorCode::InvalidTool,
                         "annotations of tool '" + tool.name + "' must be an object");
  }
  return Status::success();
}

// Normalises and validates a batch against the catalog as it would be after the mutation.
Status Catalog::prepare_batch(std::vector<Tool>& tools, const std::string* replacing_source, BatchNames& batch) const {
  const NamespacePolicy policy = options_.namespacing;
  // First claims in `batch` win under Auto.
  // Under Auto, a re-listed source keeps the names its tools had (names never change under a
  // running conversation).
  std::unordered_map<std::string, std::string> had;
  if (replacing_source && policy == NamespacePolicy::Auto) {
    for (const Tool& t : tools_) {
      if (t.source == *replacing_source) had.emplace(t.original_name, t.name);
    }
  }
  // Whether `name` is already held by a tool of another source that stays in the catalog.
  auto claimed = [&](const Tool& tool) {
    auto in_batch = batch.find(tool.name);
    if (in_batch != batch.end()) return in_batch->second != tool.source;
    const Tool* existing = find(tool.name);
    return existing && existing->source != tool.source &&
           !(replacing_source && existing->source == *replacing_source);
  };
  for (Tool& tool : tools) {
    if (tool.original_name.empty()) tool.original_name = tool.name;
    if (tool.source == "core") tool.tool_class = ToolClass::Core;
    if (tool.annotations->is_null()) tool.annotations = nlohmann::json::object();
    if (Status s = validate(tool); !s.ok()) return s;
    std::string_view server = server_of(tool);
    if (!server.empty() && tool.name == tool.original_name && policy != NamespacePolicy::None) {
      auto kept = had.find(tool.original_name);
      if (kept != had.end()) {
        tool.name = kept->second;
      } else if (policy == NamespacePolicy::Prefix || claimed(tool)) {
        tool.name = "mcp_" + std::string(server) + "_" + tool.original_name;
      }
      if (tool.name != tool.original_name) {
        if (Status s = validate(tool); !s.ok()) return s;
      }
    }
    if (batch.count(tool.name)) {
      return Status::error(ErrorCode::DuplicateName,
                           "tool '" + tool.name + "' appears twice in the batch");
    }
    const Tool* existing = find(tool.name);
    if (existing && !(replacing_source && existing->source == *replacing_source)) {
      std::string hint = policy == NamespacePolicy::None
                             ? "; set namespacing to \"auto\" or \"prefix\" to name MCP tools mcp_<server>_<tool>"
                             : "";
      return Status::error(ErrorCode::DuplicateName,
                           "tool '" + tool.name + "' from " + tool.source +
                               " collides with the tool of the same name from " +
                               existing->source + hint);
    }
    // Claimed only once it passed: a tool add_valid refuses claims nothing.
    batch.emplace(tool.name, tool.source);
  }
  return Status::success();
}

Status Catalog::add(std::vector<Tool> tools) {
  BatchNames batch;
  if (Status s = prepare_batch(tools, nullptr, batch); !s.ok()) return s;
  if (tools.empty()) return Status::success();
  for (Tool& t : tools) tools_.push_back(std::move(t));
  reindex();
  return Status::success();
}

std::vector<Catalog::Rejection> Catalog::add_valid(std::vector<Tool> tools) {
  std::vector<Rejection> rejected;
  std::vector<Tool> kept;
  BatchNames batch;
  for (size_t i = 0; i < tools.size(); ++i) {
    std::vector<Tool> one;
    one.push_back(std::move(tools[i]));
    Status s = prepare_batch(one, nullptr, batch);
    if (!s.ok()) {
      rejected.push_back({i, one[0].name, std::move(s)});
      continue;
    }
    kept.push_back(std::move(one[0]));
  }
  if (!kept.empty()) {
    for (Tool& t : kept) tools_.push_back(std::move(t));
    reindex();
  }
  return rejected;
}

Status Catalog::remove(const std::vector<std::string>& names) {
  for (const std::string& name : names) {
    if (!find(name)) return Status::error(ErrorCode::NotFound, "no tool named '" + name + "'");
  }
  if (names.empty()) return Status::success();
  std::unordered_set<std::string> doomed(names.begin(), names.end());
  std::vector<Tool> kept;
  kept.reserve(tools_.size());
  for (Tool& t : tools_) {
    if (!doomed.count(t.name)) kept.push_back(std::move(t));
  }
  tools_ = std::move(kept);
  reindex();
  return Status::success();
}

Status Catalog::replace_source(const std::string& source, std::vector<Tool> tools) {
  if (!is_valid_source(source)) {
    return Status::error(ErrorCode::InvalidArgument, "'" + source +
                                                         "' is not a source; expected core, "
                                                         "plugin, client or mcp:<server>");
  }
  for (const Tool& t : tools) {
    if (t.source != source) {
      return Status::error(ErrorCode::InvalidArgument, "tool '" + t.name + "' has source '" +
                                                           t.source + "', not '" + source + "'");
    }
  }
  BatchNames batch;
  if (Status s = prepare_batch(tools, &source, batch); !s.ok()) return s;
  // The new tools take the place of the first old one, so other tools keep their order.
  std::vector<Tool> next;
  next.reserve(tools_.size() + tools.size());
  bool placed = false;
  for (Tool& t : tools_) {
    if (t.source != source) {
      next.push_back(std::move(t));
    } else if (!placed) {
      for (Tool& n : tools) next.push_back(std::move(n));
      placed = true;
    }
  }
  if (!placed) {
    for (Tool& n : tools) next.push_back(std::move(n));
  }
  tools_ = std::move(next);
  reindex();
  return Status::success();
}

void Catalog::clear() {
  tools_.clear();
  reindex();
}

Status Catalog::pin_tool(const std::string& name, bool pinned) {
  const long i = index_of(name);
  if (i < 0) return Status::error(ErrorCode::NotFound, "no tool named '" + name + "'");
  tools_[static_cast<size_t>(i)].pinned = pinned;
  changed();
  return Status::success();
}

void Catalog::pin_server(const std::string& server, bool pinned) {
  if (pinned) {
    pinned_servers_.insert(server);
  } else {
    pinned_servers_.erase(server);
  }
  changed();
}

bool Catalog::is_pinned(const Tool& tool) const {
  if (tool.pinned) return true;
  std::string_view server = server_of(tool);
  return !server.empty() && pinned_servers_.count(std::string(server)) > 0;
}

long Catalog::index_of(std::string_view name) const {
  const uint32_t id = by_name_.find(name);  // ids are positions: names are unique
  return id == TermDictionary::kNone ? -1 : static_cast<long>(id);
}

const Tool* Catalog::find(std::string_view name) const {
  long i = index_of(name);
  return i < 0 ? nullptr : &tools_[static_cast<size_t>(i)];
}

std::string Catalog::fingerprint() const {
  if (fingerprint_revision_ == revision_) return fingerprint_;
  Fnv1a64 f;
  for (const Tool& t : tools_) {
    f.add(t.name);
    f.add(t.original_name);
    f.add(t.description);
    f.add(t.title);
    f.add(t.source);
    f.add(t.tool_class == ToolClass::Core ? "core" : "deferrable");
    f.add(t.pinned ? "pinned" : "-");
    // nlohmann objects keep keys sorted, so the text is canonical.
    f.add(t.input_schema.text());
    f.add(t.annotations.text());
    for (const std::string& tag : t.tags) f.add(tag);
    f.add("\x1e");
  }
  for (const std::string& s : pinned_servers_) f.add("server-pin:" + s);
  fingerprint_ = f.hex();
  fingerprint_revision_ = revision_;
  return fingerprint_;
}

Status Catalog::restore(const CatalogOptions& options, std::vector<Tool> tools, TermDictionary names,
                        std::set<std::string> pinned_servers, std::string fingerprint) {
  bool same = names.size() == tools.size() && names.ids_are_unique();
  for (size_t i = 0; same && i < tools.size(); ++i) same = names[static_cast<uint32_t>(i)] == tools[i].name;
  if (!same) return Status::error(ErrorCode::DuplicateName, "the tools' names are not unique, or not theirs");
  options_ = options;
  tools_ = std::move(tools);
  by_name_ = std::move(names);
  pinned_servers_ = std::move(pinned_servers);
  changed();
  fingerprint_ = std::move(fingerprint);
  fingerprint_revision_ = revision_;
  return Status::success();
}

void Catalog::reindex() {
  index_names(tools_, by_name_);
  changed();
}

void Catalog::changed() {
  ++revision_;
  state_ = next_state();
}

uint64_t Catalog::next_state() {
  static std::atomic<uint64_t> counter{0};
  return ++counter;
}

}  // namespace toolsearch
