// Index snapshots: an engine's catalog, options, built keyword index and tool vectors as one
// versioned, checksummed byte string, so that an edge isolate (or any new engine) loads a
// large catalog by copying arrays instead of parsing and analysing every tool. The layout is
// documented in docs/snapshot-format.md. Sessions are runtime state and are not included.
#pragma once

#include "toolsearch/catalog.hpp"
#include "toolsearch/engine.hpp"
#include "toolsearch/search_index.hpp"
#include "toolsearch/status.hpp"
#include "toolsearch/tool_vectors.hpp"

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace toolsearch {

/// The format version this engine writes and reads. Any other version is InvalidSnapshot.
inline constexpr uint32_t kSnapshotVersion = 6;
/// Larger byte strings are TooLarge (loading needs about three times the snapshot in memory).
inline constexpr size_t kMaxSnapshotBytes = 256u * 1024 * 1024;

/// What a snapshot holds, decoded and checked: an engine takes it whole (Engine::load_snapshot).
struct EngineImage {
  EngineOptions options;
  std::vector<Tool> tools;
  TermDictionary names;      ///< the tools' names, ids = positions
  std::set<std::string> pinned_servers;
  std::string fingerprint;   ///< the catalog fingerprint, as stored
  std::vector<size_t> tokens;  ///< estimated tokens per tool, in catalog order
  std::shared_ptr<const SearchIndex> index;  ///< of the unrestricted scope
  ToolVectors vectors;
};

/// The snapshot of `engine` (its unrestricted index is built first if the catalog changed).
/// InvalidConfig when the engine uses a stemmer that options cannot name (a custom C++ one).
Result<std::string> write_snapshot(const Engine& engine);

/// Decodes and checks a snapshot. InvalidSnapshot (with the reason) for bytes that are not a
/// snapshot, a truncated or corrupted one, or another format version; TooLarge over
/// kMaxSnapshotBytes. `limits` are the loading engine's tool limits (options do not carry them).
/// The checksum detects damage, not forgery: every table is checked as far as reading it safely
/// needs, so crafted bytes cannot crash the engine, but they can hold any catalog.
Result<EngineImage> read_snapshot(std::string_view bytes, const ToolLimits& limits = {});

}  // namespace toolsearch
