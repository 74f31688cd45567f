// Per-tool token costs of one catalog revision, computed once and reused across assemblies
// (estimating every schema each turn would dominate a 1,000-tool assembly).
#pragma once

#include "toolsearch/catalog.hpp"
#include "toolsearch/token_estimator.hpp"

#include <cstdint>
#include <vector>

namespace toolsearch {

class ToolCosts {
 public:
  /// estimate_tool_tokens(tool, counter) for every tool of `catalog`, in catalog order.
  static ToolCosts build(const Catalog& catalog, const TokenCounter& counter = {});
  /// A table of costs computed earlier (a snapshot's), for `catalog` at its current revision.
  static ToolCosts restore(const Catalog& catalog, std::vector<size_t> costs);

  /// True when built from this catalog content (Catalog::state(): the same object unchanged
  /// since, or a copy of it made with the table). A table that does not match is ignored by
  /// assemble(), which then estimates afresh.
  bool matches(const Catalog& catalog) const;
  /// Cost of the tool at catalog position `index` (0 when out of range).
  size_t at(size_t index) const { return index < costs_.size() ? costs_[index] : 0; }
  size_t size() const { return costs_.size(); }

 private:
  uint64_t state_ = 0;  // Catalog::state() of the catalog it was built from; states start at 1
  std::vector<size_t> costs_;
};

}  // namespace toolsearch
