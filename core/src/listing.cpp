#include "toolsearch/listing.hpp"

#include "toolsearch/text.hpp"

#include <map>

namespace toolsearch {
namespace {

std::string count_of(size_t n) { return counted(n, "tool", "tools"); }

// Tier 1 text and its cost, counted piece by piece (header, source heads, ", name") so that a
// catalog far over budget stops being scanned as soon as the budget is exceeded.
struct NamesListing {
  std::string text;
  size_t cost = 0;
  bool complete = true;
};

using Groups = std::map<std::string_view, std::vector<const std::string*>>;

NamesListing names_listing(const Groups& groups, size_t total, size_t stop_above, const TokenCounter& counter) {
  NamesListing out;
  auto add = [&](const std::string& piece) {
    out.text += piece;
    out.cost += count_tokens(piece, counter);
    return out.cost <= stop_above;
  };
  if (!add("Deferred tools (" + std::to_string(total) + "), by source:")) {
    out.complete = false;
    return out;
  }
  for (const auto& [source, names] : groups) {
    if (!add("\n- " + std::string(source) + ":")) {
      out.complete = false;
      return out;
    }
    for (size_t i = 0; i < names.size(); ++i) {
      if (!add((i == 0 ? " " : ", ") + *names[i])) {
        out.complete = false;
        return out;
      }
    }
  }
  return out;
}

}  // namespace

Listing build_listing(const std::vector<ListingItem>& items, size_t max_tokens, const TokenCounter& counter) {
  // Sources sorted by name, tools in the given (catalog) order: byte-stable for a given catalog.
  Groups groups;
  for (const ListingItem& item : items) groups[*item.source].push_back(item.name);

  NamesListing names = names_listing(groups, items.size(), max_tokens, counter);
  if (names.complete) return {std::move(names.text), 1};

  // Tier 2: one line per source. Lines are added while the budget lasts; the rest is summed up.
  std::string summary = "Deferred tools (" + std::to_string(items.size()) + "), counts by source:";
  size_t used = count_tokens(summary, counter);
  size_t omitted_sources = 0;
  size_t omitted_tools = 0;
  for (const auto& [source, tools] : groups) {
    std::string line = "\n- " + std::string(source) + ": " + count_of(tools.size());
    size_t cost = omitted_sources == 0 ? count_tokens(line, counter) : 0;
    if (omitted_sources == 0 && used + cost <= max_tokens) {
      summary += line;
      used += cost;
    } else {
      ++omitted_sources;
      omitted_tools += tools.size();
    }
  }
  if (omitted_sources > 0) {
    std::string more = "\n- ... and " + std::to_string(omitted_sources) +
                       (omitted_sources == 1 ? " more source (" : " more sources (") + count_of(omitted_tools) + ")";
    summary += more;
    used += count_tokens(more, counter);
  }
  // A tiny budget can make even the summary overflow; never trade names for a longer text.
  if (used > max_tokens) {
    NamesListing full = names_listing(groups, items.size(), used, counter);
    if (full.complete) return {std::move(full.text), 1};
  }
  return {std::move(summary), 2};
}

Listing make_listing(const Catalog& catalog, const std::vector<std::string>& deferred, size_t max_tokens,
                     const TokenCounter& counter) {
  static const std::string kUnknownSource = "client";
  std::vector<ListingItem> items;
  items.reserve(deferred.size());
  for (const std::string& name : deferred) {
    const Tool* tool = catalog.find(name);
    items.push_back({&name, tool ? &tool->source : &kUnknownSource});
  }
  return build_listing(items, max_tokens, counter);
}

}  // namespace toolsearch
