// The listing of deferred tools appended to tool_search's description: names grouped by source
// (tier 1) or, when they exceed the budget, counts per source (tier 2).
#pragma once

#include "toolsearch/catalog.hpp"
#include "toolsearch/token_estimator.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace toolsearch {

struct Listing {
  std::string text;
  int tier = 1;
};

/// One deferred tool for the listing: its name and source, borrowed from the catalog.
struct ListingItem {
  const std::string* name;
  const std::string* source;
};

/// Sources sorted by name, tools in the given (catalog) order: byte-stable for a given catalog.
/// Tier 1 when the names fit `max_tokens`, else tier 2 (never longer than the names would be).
Listing build_listing(const std::vector<ListingItem>& items, size_t max_tokens, const TokenCounter& counter = {});

/// build_listing for the named `deferred` tools of `catalog`.
Listing make_listing(const Catalog& catalog, const std::vector<std::string>& deferred, size_t max_tokens,
                     const TokenCounter& counter = {});

}  // namespace toolsearch
