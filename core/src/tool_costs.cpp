#include "toolsearch/tool_costs.hpp"

namespace toolsearch {

ToolCosts ToolCosts::build(const Catalog& catalog, const TokenCounter& counter) {
  ToolCosts table;
  table.state_ = catalog.state();
  table.costs_.reserve(catalog.size());
  for (const Tool& tool : catalog.tools()) table.costs_.push_back(estimate_tool_tokens(tool, counter));
  return table;
}

ToolCosts ToolCosts::restore(const Catalog& catalog, std::vector<size_t> costs) {
  ToolCosts table;
  table.state_ = catalog.state();
  table.costs_ = std::move(costs);
  return table;
}

bool ToolCosts::matches(const Catalog& catalog) const {
  return state_ == catalog.state() && costs_.size() == catalog.size();
}

}  // namespace toolsearch
