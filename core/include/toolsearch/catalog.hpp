// The catalog: the ordered, validated set of tools an engine knows.
#pragma once

#include "toolsearch/status.hpp"
#include "toolsearch/term_dictionary.hpp"
#include "toolsearch/tool.hpp"

#include <cstdint>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace toolsearch {

/// Size limits for one tool; larger input gets ErrorCode::TooLarge.
struct ToolLimits {
  size_t max_name_bytes = 256;                ///< default 256
  size_t max_description_bytes = 64 * 1024;   ///< default 64 KiB
  size_t max_schema_bytes = 1024 * 1024;      ///< default 1 MiB of serialized JSON
};

/// How a name collision across sources is handled.
enum class NamespacePolicy {
  None,    ///< a collision is ErrorCode::DuplicateName
  Prefix,  ///< every MCP tool is named `mcp_<server>_<tool>` (stable, whatever the load order);
           ///< Tool::original_name keeps the server's own name
  Auto,    ///< default: the first tool to claim a name keeps it; a later MCP tool of another
           ///< source with that name becomes `mcp_<server>_<tool>`. A replaced source keeps the
           ///< names its tools had. Non-MCP tools are never renamed (DuplicateName).
};

struct CatalogOptions {
  NamespacePolicy namespacing = NamespacePolicy::Auto;
  ToolLimits limits;
};

/// Tools in insertion order (the order is part of determinism: ties break by it).
/// Every mutation is all-or-nothing: on error the catalog is unchanged.
class Catalog {
 public:
  explicit Catalog(CatalogOptions options = {});

  /// Adds a batch. Fills `original_name` (if empty) and the class of "core"-source tools.
  Status add(std::vector<Tool> tools);
  /// A tool left out by add_valid: its position in the batch and why.
  struct Rejection {
    size_t index;
    std::string name;
    Status status;
  };
  /// Adds every tool of the batch that add() would accept on its own (validation, namespacing,
  /// collisions with the catalog and with earlier tools of the batch) and leaves the others
  /// out, one rejection each, in batch order. The catalog changes once, however many are kept.
  std::vector<Rejection> add_valid(std::vector<Tool> tools);
  /// Removes by name; an unknown name is NotFound and nothing is removed.
  Status remove(const std::vector<std::string>& names);
  /// Replaces every tool of `source` by `tools` (what MCP tools/list_changed needs).
  Status replace_source(const std::string& source, std::vector<Tool> tools);
  void clear();

  /// Per-tool pin (NotFound for an unknown name) and per-server pin (any server name).
  Status pin_tool(const std::string& name, bool pinned);
  void pin_server(const std::string& server, bool pinned);
  bool is_pinned(const Tool& tool) const;
  const std::set<std::string>& pinned_servers() const { return pinned_servers_; }

  const std::vector<Tool>& tools() const { return tools_; }
  size_t size() const { return tools_.size(); }
  /// Position of `name` or -1.
  long index_of(std::string_view name) const;
  const Tool* find(std::string_view name) const;

  /// Stable 64-bit hash (16 hex digits) of the canonical catalog content and pins.
  std::string fingerprint() const;
  /// Increments at every successful mutation and option change, over the catalog's whole life
  /// (cheap change detection for caches).
  uint64_t revision() const { return revision_; }
  /// Names this exact content: unique in the process for every construction and mutation, and
  /// shared by a copy until either side changes. Caches stored beside a catalog (an Engine's
  /// token costs) stay valid when the two are copied together, where a pointer would not.
  uint64_t state() const { return state_; }
  const CatalogOptions& options() const { return options_; }

  /// Replaces the options. The tools, the server pins and the revision count are kept, and
  /// the revision increments, so a cache keyed on it never meets an old value again (a new
  /// Catalog would restart it at 0). Callers change namespacing only while the catalog is empty.
  void set_options(const CatalogOptions& options);

  /// Validates one tool alone (name, source, schema, limits, reserved names).
  Status validate(const Tool& tool) const;

  /// Replaces options, tools, server pins and fingerprint with a snapshot's (checked by the
  /// snapshot reader; here only that names are unique: DuplicateName, and nothing changes).
  /// `names` is the names' dictionary as names() gave it, ids = positions; `fingerprint` what
  /// fingerprint() gives for that content: both are kept, not made again. The revision
  /// increments, as for any mutation.
  Status restore(const CatalogOptions& options, std::vector<Tool> tools, TermDictionary names,
                 std::set<std::string> pinned_servers, std::string fingerprint);
  /// The tools' names, ids = catalog positions (what index_of() looks up).
  const TermDictionary& names() const { return by_name_; }

 private:
  /// Name -> source of the tools a batch has claimed so far.
  using BatchNames = std::unordered_map<std::string, std::string>;
  /// `batch`: what earlier parts of the same batch claimed (add_valid checks one tool at a time
  /// and keeps one map, so a batch of n costs O(n), not O(n^2)); the tools' names are added to it
  /// as each passes.
  Status prepare_batch(std::vector<Tool>& tools, const std::string* replacing_source, BatchNames& batch) const;
  void reindex();
  /// Every successful mutation and option change: a new revision and a new state.
  void changed();

  CatalogOptions options_;
  std::vector<Tool> tools_;
  TermDictionary by_name_;  // ids are catalog positions
  std::set<std::string> pinned_servers_;
  uint64_t revision_ = 0;
  uint64_t state_ = next_state();
  static uint64_t next_state();
  // Hashing dumps every schema, so the result is kept until the next mutation.
  mutable std::string fingerprint_;
  mutable uint64_t fingerprint_revision_ = ~uint64_t{0};
};

}  // namespace toolsearch
