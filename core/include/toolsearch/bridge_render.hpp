// What the model reads back from the bridge tools: the tool_search result, the tool_describe
// result and the short descriptions in them. Pure functions of the resolved data.
#pragma once

#include "toolsearch/search_index.hpp"
#include "toolsearch/tool.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace toolsearch {

/// One tool_search hit.
struct SearchMatch {
  std::string name;
  std::string description;  ///< short: first sentence, at most ~200 bytes (see short_description)
  std::string source;
  double score = 0;         ///< BM25 score rounded to 4 decimals (identical in native and wasm)
  MatchKind match = MatchKind::Bm25;
  std::vector<std::string> required;  ///< required parameter names, in schema order
  bool callable_directly = false;     ///< the tool is not deferred this turn (visible or pinned)
  bool schema_inlined = false;        ///< input_schema is included (the tool is small)
  nlohmann::json input_schema;        ///< set when schema_inlined
};

/// {query, matches: [{name, description, source, score, match, required, callable_directly,
/// input_schema?}], total_available, hint, available_sources? (only when nothing matched)}.
nlohmann::json render_search_result(const std::string& query, const std::vector<SearchMatch>& matches,
                                    size_t total_available, const std::set<std::string>& sources);

/// {name, description, source, input_schema, callable_directly, title?, hint}.
nlohmann::json render_describe_result(const Tool& tool, bool callable_directly);

/// The first sentence of `description` (whitespace collapsed; "e.g." and "i.e." do not end a
/// sentence; 。！？ do), clipped to at most `max_bytes` on a UTF-8 boundary with "…" appended
/// when cut (the ellipsis is within the budget). Invalid UTF-8 becomes U+FFFD. Default 200.
std::string short_description(std::string_view description, size_t max_bytes = 200);

}  // namespace toolsearch
