#include "toolsearch/tool_costs.hpp"

namespace toolsearch {

ToolCosts ToolCosts::build(const Catalog& catalog, const TokenCounter& counter) {
  ToolCosts table;
  table.catalog_ = &catalog;
  table.revision_ = catalog.revision();
  table.costs_.reserve(catalog.size());
  for (const Tool& tool : catalog.tools()) table.costs_.push_back(estimate_tool_tokens(tool, counter));
  return table;
}

ToolCosts ToolCosts::restore(const Catalog& catalog, std::vector<size_t> costs) {
  ToolCosts table;
  table.catalog_ = &catalog;
  table.revision_ = catalog.revision();
  table.costs_ = std::move(costs);
  return table;
}

bool ToolCosts::matches(const Catalog& catalog) const {
  return catalog_ == &catalog && revision_ == catalog.revision() && costs_.size() == catalog.size();
}

}  // namespace toolsearch
