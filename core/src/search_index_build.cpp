// Building an index: analysing every tool, postings and their precomputed scores, the typo and
// lexicon tables. Compiled for size in the wasm build: it runs once per catalog change.
#include "search_index_data.hpp"

#include "toolsearch/sort_by.hpp"

#include <algorithm>
#include <cmath>

namespace toolsearch {

namespace {

using bm25::kName;
using bm25::kServer;
using bm25::kDescription;
using bm25::kParamNames;
using bm25::kParamDescriptions;
using index_data::letters_of;
using index_data::lowercase_ascii;

constexpr size_t kMaxSchemaDepth = 8;
// Parameter names and descriptions, recursively through nested objects and array items.
// nlohmann::json objects iterate in key order, so the text is deterministic.
void collect_params(const nlohmann::json& schema, size_t depth, std::string& names,
                    std::string& descriptions) {
  if (!schema.is_object() || depth > kMaxSchemaDepth) return;
  if (auto props = schema.find("properties"); props != schema.end() && props->is_object()) {
    for (auto it = props->begin(); it != props->end(); ++it) {
      names += it.key();
      names += '\n';
      const nlohmann::json& prop = it.value();
      if (!prop.is_object()) continue;
      if (auto d = prop.find("description"); d != prop.end() && d->is_string()) {
        descriptions += d->get_ref<const std::string&>();
        descriptions += '\n';
      }
      collect_params(prop, depth + 1, names, descriptions);
    }
  }
  if (auto items = schema.find("items"); items != schema.end()) {
    collect_params(*items, depth + 1, names, descriptions);
  }
}

double clamp_non_negative(double v) { return std::isfinite(v) && v > 0 ? v : 0.0; }

// The ids of `words` of `min_length`+ lowercase ASCII letters, by first letter, each list sorted
// by length, then id: where near_terms() looks for what a typo may have meant.
std::array<std::vector<uint32_t>, 26> typo_candidates(const TermDictionary& words, size_t min_length) {
  std::array<std::vector<uint32_t>, 26> lists;
  for (uint32_t id = 0; id < words.size(); ++id) {
    const std::string_view word = words[id];
    if (word.size() >= min_length && lowercase_ascii(word)) lists[static_cast<size_t>(word[0] - 'a')].push_back(id);
  }
  for (std::vector<uint32_t>& list : lists) {
    sort_by(list, [&](uint32_t a, uint32_t b) {
      return words[a].size() < words[b].size() || (words[a].size() == words[b].size() && a < b);
    });
  }
  return lists;
}

}  // namespace

std::shared_ptr<const SearchIndex> SearchIndex::build(const Catalog& catalog, const Bm25Params& params) {
  return build(catalog, params, ToolFilter());
}

std::shared_ptr<const SearchIndex> SearchIndex::build(const Catalog& catalog, const Bm25Params& params,
                                                      const ToolFilter& scope) {
  auto m = std::make_unique<Impl>();
  m->set_params(params);

  const std::vector<Tool>& tools = catalog.tools();
  const size_t n = tools.size();
  m->doc_count = n;
  m->field_len.assign(n, FieldLengths{});

  struct Record {
    uint32_t term;
    uint32_t doc;
    FieldTf tf;
  };
  std::vector<Record> records;
  std::vector<std::string> tokens;
  std::vector<uint64_t> keys;  // (term << 3) | field, sorted per document
  std::string param_names;
  std::string param_descriptions;

  size_t indexed = 0;  // the documents the statistics are about
  for (size_t d = 0; d < n; ++d) {
    const Tool& tool = tools[d];
    const auto doc = static_cast<uint32_t>(d);
    if (scope && !scope(d)) {
      m->names.add_absent();  // no postings, no length, no name: as if it were not there
      continue;
    }
    ++indexed;
    keys.clear();
    auto add_field = [&](size_t field, std::string_view text) {
      tokens.clear();
      m->analyzer.analyze_into(text, tokens);
      for (const std::string& token : tokens) keys.push_back((static_cast<uint64_t>(m->terms.intern(token)) << 3) | field);
      m->field_len[d][field] += static_cast<uint32_t>(tokens.size());
    };

    add_field(kName, tool.name);
    if (!tool.original_name.empty() && tool.original_name != tool.name) {
      // The unprefixed MCP name adds its whole identifier ("create_issue" inside
      // "mcp_github_create_issue"); its parts are already in the name.
      tokens.clear();
      m->analyzer.analyze_into(tool.original_name, tokens);
      for (const std::string& token : tokens) {
        const uint64_t key = (static_cast<uint64_t>(m->terms.intern(token)) << 3) | kName;
        if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
          keys.push_back(key);
          ++m->field_len[d][kName];
        }
      }
    }
    add_field(kServer, server_of(tool));
    add_field(kDescription, tool.title);
    add_field(kDescription, tool.description);
    param_names.clear();
    param_descriptions.clear();
    collect_params(tool.input_schema, 0, param_names, param_descriptions);
    add_field(kParamNames, param_names);
    add_field(kParamDescriptions, param_descriptions);

    std::sort(keys.begin(), keys.end());
    for (size_t i = 0; i < keys.size();) {
      const auto term = static_cast<uint32_t>(keys[i] >> 3);
      Record rec{term, doc, FieldTf{}};
      while (i < keys.size() && (keys[i] >> 3) == term) {
        uint8_t& tf = rec.tf[keys[i] & 7u];
        if (tf < 255) ++tf;
        ++i;
      }
      records.push_back(rec);
    }

    m->names.add(doc, tool.name, tool.original_name, m->analyzer);
  }

  for (size_t f = 0; f < kFieldCount; ++f) {
    double sum = 0;
    for (const FieldLengths& len : m->field_len) sum += len[f];
    m->avg_len[f] = indexed ? sum / static_cast<double>(indexed) : 0.0;
  }

  // Counting sort of the records by term; documents stay ascending inside each term.
  const size_t term_count = m->terms.size();
  m->post_begin.assign(term_count + 1, 0);
  for (const Record& r : records) ++m->post_begin[r.term + 1];
  for (size_t t = 0; t < term_count; ++t) m->post_begin[t + 1] += m->post_begin[t];
  std::vector<uint32_t> cursor(m->post_begin.begin(), m->post_begin.end() - 1);
  m->post_doc.resize(records.size());
  m->post_tf.resize(records.size());
  m->post_score.resize(records.size());
  for (const Record& r : records) {
    const uint32_t at = cursor[r.term]++;
    m->post_doc[at] = r.doc;
    m->post_tf[at] = r.tf;
  }
  m->idf.resize(term_count);
  m->max_score.resize(term_count);
  const double docs = static_cast<double>(indexed);
  // Postings that score 0 (a term only in fields weighted 0) are dropped as they are scored, so
  // search() adds every posting it reads; df and idf count them all.
  uint32_t kept = 0;
  for (size_t t = 0; t < term_count; ++t) {
    const uint32_t begin = m->post_begin[t];
    const uint32_t end = m->post_begin[t + 1];
    // Never negative, so a term in most documents still counts a little (never against).
    m->idf[t] = bm25::idf(docs, end - begin);
    m->post_begin[t] = kept;
    double best = 0;
    for (uint32_t p = begin; p < end; ++p) {
      const double score = m->term_score(m->post_doc[p], m->post_tf[p], m->idf[t], nullptr);
      if (score <= 0) continue;
      m->post_doc[kept] = m->post_doc[p];
      m->post_tf[kept] = m->post_tf[p];
      m->post_score[kept++] = score;
      best = std::max(best, score);
    }
    m->max_score[t] = best;
  }
  m->post_begin[term_count] = kept;
  m->post_doc.resize(kept);
  m->post_tf.resize(kept);
  m->post_score.resize(kept);
  m->build_lexicon();
  m->typo_terms = typo_candidates(m->terms, 2);
  for (size_t c = 0; c < 26; ++c) {
    const std::vector<uint32_t>& list = m->typo_terms[c];
    for (uint32_t t : list) m->typo_letters[c].push_back(letters_of(m->terms[t]));
    const size_t longest = list.empty() ? 0 : m->terms[list.back()].size();
    std::vector<size_t>& starts = m->typo_start[c];
    starts.resize(longest + 2);
    size_t from = 0;
    for (size_t len = 0; len < starts.size(); ++len) {
      while (from < list.size() && m->terms[list[from]].size() < len) ++from;
      starts[len] = from;
    }
  }
  return std::shared_ptr<const SearchIndex>(new SearchIndex(std::move(m)));
}

void SearchIndex::Impl::set_params(const Bm25Params& p) {
  params = p;
  params.k1 = clamp_non_negative(p.k1);
  params.b = std::min(1.0, clamp_non_negative(p.b));
  const FieldWeights& w = p.weights;
  weights = {clamp_non_negative(w.name), clamp_non_negative(w.server), clamp_non_negative(w.description),
             clamp_non_negative(w.param_names), clamp_non_negative(w.param_descriptions)};
  analyzer = Analyzer(p.analyzer);
}

void SearchIndex::Impl::build_lexicon() {
  analyzed = analyzed_lexicon(params.lexicon, params.analyzer);
  meaning_terms.assign(analyzed->meanings.size(), {});
  for (size_t m = 0; m < meaning_terms.size(); ++m) {
    for (const std::string& token : analyzed->meanings[m]) {
      if (const uint32_t id = terms.find(token); id != TermDictionary::kNone) meaning_terms[m].push_back(id);
    }
  }
  for (size_t c = 0; c < 26; ++c) {
    typo_lexicon[c].clear();
    for (uint32_t entry : analyzed->typo_entries[c]) {
      if (means_something(entry)) typo_lexicon[c].push_back(entry);
    }
  }
}

// Which options a built index depends on: configure() keeps the index when they are equal,
// and a snapshot is written only when its options rebuild the same index.
bool same_index_params(const Bm25Params& a, const Bm25Params& b) {
  const FieldWeights& x = a.weights;
  const FieldWeights& y = b.weights;
  return a.k1 == b.k1 && a.b == b.b && x.name == y.name && x.server == y.server && x.description == y.description &&
         x.param_names == y.param_names && x.param_descriptions == y.param_descriptions && a.lexicon == b.lexicon &&
         a.typo_tolerance == b.typo_tolerance && same_analysis(a.analyzer, b.analyzer);
}

}  // namespace toolsearch
