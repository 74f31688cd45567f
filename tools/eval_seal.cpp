// Native retrieval evaluator on Seal-Tools style data (see shared/data/README.md).
//
//   eval_seal <catalog.jsonl> <queries.jsonl> [--k1 x] [--b y] [--w-name w] [--w-server w]
//             [--w-desc w] [--w-pnames w] [--w-pdesc w]
//             [--stem | --no-stem] [--min-chars n] [--no-whole] [--plain] [--repeat n] [--misses file]
//
// --plain reproduces the dataset README's baseline shape: one BM25 field holding name,
// description and parameter names (no exact-name rule, no parameter descriptions).
//
// Prints one JSON object: the parameters used, then recall@1/5/10, nDCG@10, MRR@10 and all@10
// overall and per subset. recall@k is averaged per query (the share of that query's gold tools
// in the top k), which is how the dataset README's baseline figures are computed.
// search_us_mean is the mean time of one SearchIndex::search call in the last of `--repeat n`
// passes over the queries (default 1; more passes time warm code and, in wasm, optimised code).
#include "toolsearch/catalog.hpp"
#include "toolsearch/search_index.hpp"
#include "toolsearch/stemmer.hpp"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace {

using nlohmann::json;
using toolsearch::Bm25Params;

struct Totals {
  size_t queries = 0;
  double r1 = 0, r5 = 0, r10 = 0, ndcg10 = 0, mrr10 = 0, all10 = 0;

  void add(const std::vector<std::string>& top, const std::set<std::string>& gold) {
    ++queries;
    auto found_in = [&](size_t k) {
      size_t f = 0;
      for (size_t i = 0; i < top.size() && i < k; ++i) f += gold.count(top[i]);
      return static_cast<double>(f);
    };
    const double g = static_cast<double>(gold.size());
    r1 += found_in(1) / g;
    r5 += found_in(5) / g;
    const double f10 = found_in(10);
    r10 += f10 / g;
    all10 += f10 == g ? 1.0 : 0.0;
    double dcg = 0, ideal = 0;
    for (size_t i = 0; i < top.size() && i < 10; ++i) {
      if (gold.count(top[i])) dcg += 1.0 / std::log2(static_cast<double>(i) + 2.0);
    }
    for (size_t i = 0; i < gold.size() && i < 10; ++i) ideal += 1.0 / std::log2(static_cast<double>(i) + 2.0);
    ndcg10 += dcg / ideal;
    for (size_t i = 0; i < top.size() && i < 10; ++i) {
      if (gold.count(top[i])) {
        mrr10 += 1.0 / static_cast<double>(i + 1);
        break;
      }
    }
  }

  json to_json() const {
    const double n = queries ? static_cast<double>(queries) : 1.0;
    auto r = [](double v) { return std::round(v * 10000.0) / 10000.0; };
    return json{{"queries", queries},     {"recall@1", r(r1 / n)},  {"recall@5", r(r5 / n)},
                {"recall@10", r(r10 / n)}, {"ndcg@10", r(ndcg10 / n)}, {"mrr@10", r(mrr10 / n)},
                {"all@10", r(all10 / n)}};
  }
};

bool read_lines(const char* path, std::vector<json>& out) {
  std::ifstream in(path);
  if (!in) return false;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    try {
      out.push_back(json::parse(line));
    } catch (const json::exception& e) {
      std::fprintf(stderr, "%s: bad JSON line: %s\n", path, e.what());
      return false;
    }
  }
  return true;
}

int usage() {
  std::fprintf(stderr,
               "usage: eval_seal <catalog.jsonl> <queries.jsonl> [--k1 x] [--b y] [--w-name w] "
               "[--w-server w] [--w-desc w] [--w-pnames w] [--w-pdesc w] "
               "[--stem|--no-stem] [--min-chars n] [--no-whole] [--plain] [--repeat n] [--misses file]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) return usage();
  Bm25Params params;
  bool stem = static_cast<bool>(params.analyzer.stemmer);
  bool porter2 = false;
  bool plain = false;  // the README's baseline: one field of name + description + parameter names
  std::string misses_path;  // JSON lines: each query whose gold is not all in the top 5, with that top 5
  size_t repeat = 1;   // timing passes over the queries before the scored one (warms caches and JITs)
  for (int i = 3; i < argc; ++i) {
    const std::string flag = argv[i];
    auto number = [&](double& target) {
      if (i + 1 >= argc) return false;
      char* end = nullptr;
      target = std::strtod(argv[++i], &end);
      return end && *end == '\0';
    };
    bool ok = true;
    if (flag == "--k1") ok = number(params.k1);
    else if (flag == "--b") ok = number(params.b);
    else if (flag == "--w-name") ok = number(params.weights.name);
    else if (flag == "--w-server") ok = number(params.weights.server);
    else if (flag == "--w-desc") ok = number(params.weights.description);
    else if (flag == "--w-pnames") ok = number(params.weights.param_names);
    else if (flag == "--w-pdesc") ok = number(params.weights.param_descriptions);
    else if (flag == "--stem") stem = true;
    else if (flag == "--porter2") porter2 = stem = true;
    else if (flag == "--no-stem") stem = false;
    else if (flag == "--stop") params.analyzer.stop_words = true;
    else if (flag == "--no-typos") params.typo_tolerance = false;
    else if (flag == "--no-lexicon") params.lexicon.clear();
    else if (flag == "--no-stop") params.analyzer.stop_words = false;
    else if (flag == "--no-whole") params.analyzer.keep_whole_identifier = false;
    else if (flag == "--plain") plain = true;
    else if (flag == "--misses") {
      ok = i + 1 < argc;
      if (ok) misses_path = argv[++i];
    } else if (flag == "--repeat") {
      double v = 0;
      ok = number(v) && v >= 1;
      repeat = static_cast<size_t>(v);
    }
    else if (flag == "--min-chars") {
      double v = 0;
      ok = number(v) && v >= 0;
      params.analyzer.min_token_chars = static_cast<size_t>(v);
    } else {
      ok = false;
    }
    if (!ok) return usage();
  }
  if (stem) params.analyzer.stemmer = porter2 ? toolsearch::Stemmer(toolsearch::english_stem) : toolsearch::Stemmer(toolsearch::light_stem);
  else params.analyzer.stemmer = toolsearch::Stemmer();

  std::vector<json> catalog_lines, query_lines;
  if (!read_lines(argv[1], catalog_lines) || !read_lines(argv[2], query_lines)) {
    std::fprintf(stderr, "cannot read the input files\n");
    return 1;
  }
  std::vector<toolsearch::Tool> tools;
  std::vector<std::string> ids;  // dataset id of each tool, in catalog order
  size_t renamed = 0;
  try {
    for (const json& line : catalog_lines) {
      toolsearch::Tool t;
      t.name = line.at("name").get<std::string>();
      t.description = line.value("description", "");
      t.input_schema = line.value("parameters", json::object());
      // Optional, for catalogs of MCP tools: the server's source ("mcp:github"), own name and title.
      t.source = line.value("source", t.source);
      t.original_name = line.value("original_name", "");
      t.title = line.value("title", "");
      ids.push_back(line.value("id", t.name));
      // A few dataset names contain spaces, which the catalog refuses (models cannot call
      // them); index them under an underscored name and score them by their dataset id.
      bool changed = false;
      for (char& c : t.name) {
        if (static_cast<unsigned char>(c) <= 0x20 || c == 0x7F) {
          c = '_';
          changed = true;
        }
      }
      renamed += changed ? 1 : 0;
      if (plain) {
        // One text field, and an opaque name so that no exact-name rule applies.
        std::string text = t.name + " " + t.description;
        const json& schema = t.input_schema;
        if (schema.contains("properties") && schema["properties"].is_object()) {
          for (const auto& item : schema["properties"].items()) text += " " + item.key();
        }
        t.description = text;
        t.input_schema = json::object();
        t.name = "t" + std::to_string(ids.size());
      }
      tools.push_back(std::move(t));
    }
  } catch (const json::exception& e) {
    std::fprintf(stderr, "bad catalog line: %s\n", e.what());
    return 1;
  }
  if (plain) {
    params.weights = {0.0, 0.0, 1.0, 0.0, 0.0};  // one field: BM25F is plain BM25
  }
  toolsearch::Catalog catalog;
  if (toolsearch::Status s = catalog.add(std::move(tools)); !s.ok()) {
    std::fprintf(stderr, "catalog rejected: %s\n", s.message.c_str());
    return 1;
  }
  const auto index = toolsearch::SearchIndex::build(catalog, params);

  std::ofstream misses;
  if (!misses_path.empty()) misses.open(misses_path);
  Totals overall;
  std::map<std::string, Totals> by_subset;
  size_t exact_hits = 0, exact_gold = 0, substring_hits = 0;
  for (size_t pass = 1; pass < repeat; ++pass) {
    for (const json& q : query_lines) index->search(q.at("query").get<std::string>(), 10);
  }
  double search_seconds = 0;
  for (const json& q : query_lines) {
    std::set<std::string> gold;
    for (const json& g : q.at("gold")) gold.insert(g.get<std::string>());
    if (gold.empty()) continue;
    std::vector<std::string> top;
    const std::string query = q.at("query").get<std::string>();
    const auto started = std::chrono::steady_clock::now();
    const auto found = index->search(query, 10);
    search_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    for (const auto& hit : found) {
      top.push_back(ids[hit.tool]);
      if (hit.kind == toolsearch::MatchKind::Exact) {
        ++exact_hits;
        exact_gold += gold.count(ids[hit.tool]);
      }
      substring_hits += hit.kind == toolsearch::MatchKind::Substring ? 1 : 0;
    }
    overall.add(top, gold);
    if (misses) {
      size_t found = 0;
      for (size_t i = 0; i < top.size() && i < 5; ++i) found += gold.count(top[i]);
      if (found < gold.size()) {
        json line = {{"query", query}, {"gold", gold}, {"top5", json::array()}};
        for (size_t i = 0; i < top.size() && i < 5; ++i) line["top5"].push_back(top[i]);
        misses << line.dump() << "\n";
      }
    }
    by_subset[q.value("subset", "all")].add(top, gold);
  }

  json out;
  out["params"] = {{"k1", params.k1},
                   {"b", params.b},
                   {"weights",
                    {{"name", params.weights.name},
                     {"server", params.weights.server},
                     {"description", params.weights.description},
                     {"param_names", params.weights.param_names},
                     {"param_descriptions", params.weights.param_descriptions}}},
                   {"stem", stem},
                   {"plain_baseline", plain},
                   {"min_chars", params.analyzer.min_token_chars},
                   {"whole_identifiers", params.analyzer.keep_whole_identifier}};
  out["tools"] = ids.size();
  out["renamed_tools"] = renamed;
  out["exact_hits"] = exact_hits;        // hits ranked first by the exact-name guarantee
  out["exact_hits_gold"] = exact_gold;   // ...of which were gold tools
  out["substring_hits"] = substring_hits;
  out["overall"] = overall.to_json();
  // Mean wall time of SearchIndex::search alone (no index build, no JSON): compare ratios, not absolutes.
  out["search_us_mean"] = std::round(search_seconds * 1e7 / static_cast<double>(overall.queries ? overall.queries : 1)) / 10.0;
  json subsets = json::object();
  for (const auto& [name, totals] : by_subset) subsets[name] = totals.to_json();
  out["subsets"] = subsets;
  std::cout << out.dump(2) << "\n";
  return 0;
}
