// The engine's retrieval strategies: semantic (stored vectors), hybrid (weighted RRF), regex,
// the vector cache by text hash, and degradation to keyword.
#include "toolsearch/engine.hpp"
#include "toolsearch/json_api.hpp"
#include "toolsearch/retrieval.hpp"
#include "toolsearch/static_embedder.hpp"

#include "shipped_table.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>

#include <string>
#include <vector>

using namespace toolsearch;

namespace {

Tool tool(std::string name, std::string description, std::string source = "client") {
  Tool t;
  t.name = std::move(name);
  t.description = std::move(description);
  t.source = std::move(source);
  return t;
}

// Three tools on three axes of a 3-d space, so cosines are easy to reason about.
Engine engine_with_vectors() {
  Engine e;
  REQUIRE(e.add({tool("read_text_file", "Read the contents of a file"),
                 tool("create_issue", "Open a new issue in a repository"),
                 tool("send_message", "Post a message to a channel")})
              .ok());
  REQUIRE(e.use_embedder("test-model", 3).ok());
  std::vector<std::string> names, hashes;
  for (const PendingVector& p : e.pending_vectors()) {
    names.push_back(p.name);
    hashes.push_back(p.hash);
  }
  REQUIRE(names.size() == 3);
  const std::vector<float> flat = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  REQUIRE(e.store_vectors(names, hashes, flat.data(), flat.size()).ok());
  return e;
}

std::vector<std::string> names_of(const Engine& e, const std::vector<SearchHit>& hits) {
  std::vector<std::string> out;
  for (const SearchHit& h : hits) out.push_back(e.catalog().tools()[h.tool].name);
  return out;
}

SearchRequest with(RetrievalStrategy s, std::vector<float> vector = {}) {
  SearchRequest r;
  r.strategy = s;
  r.vector = std::move(vector);
  return r;
}

}  // namespace

TEST_CASE("embedding_text splits the name into words and adds the description", "[retrieval]") {
  CHECK(embedding_text(tool("readTextFile", "Read a file")) == "read Text File: Read a file");
  CHECK(embedding_text(tool("mcp_github_create_issue", "")) == "mcp github create issue");
  CHECK(text_hash("a") != text_hash("b"));
  CHECK(text_hash("abc").size() == 16);
}

TEST_CASE("semantic search ranks by cosine with the stored vectors", "[retrieval]") {
  Engine e = engine_with_vectors();
  auto r = e.retrieve("anything", with(RetrievalStrategy::Semantic, {0.1f, 0.9f, 0.2f}));
  REQUIRE(r.ok());
  CHECK(r->strategy == RetrievalStrategy::Semantic);
  CHECK(r->degraded.empty());
  const auto names = names_of(e, r->hits);
  REQUIRE(names.size() == 3);
  CHECK(names[0] == "create_issue");
  CHECK(names[1] == "send_message");
  CHECK(r->hits[0].kind == MatchKind::Semantic);
  CHECK_FALSE(r->hits[0].weak);
  CHECK(r->hits[2].weak);  // cosine ~0.11 against a best of ~0.96

  // Bad query vectors are typed errors, and the catalog is untouched.
  CHECK(e.retrieve("x", with(RetrievalStrategy::Semantic, {1.0f, 0.0f})).status().code == ErrorCode::InvalidArgument);
  CHECK(e.retrieve("x", with(RetrievalStrategy::Semantic, {NAN, 0.0f, 0.0f})).status().code ==
        ErrorCode::InvalidArgument);
  CHECK(e.catalog().size() == 3);
}

TEST_CASE("stored vectors are reused while a tool's text is unchanged", "[retrieval]") {
  Engine e = engine_with_vectors();
  CHECK(e.pending_vectors().empty());
  CHECK(e.vectors().coverage(e.catalog()) == 3);
  // Re-listing a source with the same tools keeps every vector; a changed description needs one.
  REQUIRE(e.replace_source("client", {tool("read_text_file", "Read the contents of a file"),
                                      tool("create_issue", "Open a new issue in a GitHub repository"),
                                      tool("send_message", "Post a message to a channel")})
              .ok());
  const auto pending = e.pending_vectors();
  REQUIRE(pending.size() == 1);
  CHECK(pending[0].name == "create_issue");
  CHECK(pending[0].text == "create issue: Open a new issue in a GitHub repository");
  // Until it is re-embedded, the changed tool has no vector and no semantic hit.
  auto r = e.retrieve("x", with(RetrievalStrategy::Semantic, {0.0f, 1.0f, 0.0f}));
  REQUIRE(r.ok());
  for (const std::string& n : names_of(e, r->hits)) CHECK(n != "create_issue");
  // A new embedder id drops every vector.
  REQUIRE(e.use_embedder("other-model", 3).ok());
  CHECK(e.pending_vectors().size() == 3);
  // Vectors of the wrong size or with NaN are refused whole.
  const std::vector<float> bad = {1, 0, NAN};
  CHECK(e.store_vectors({"read_text_file"}, {"0"}, bad.data(), bad.size()).code == ErrorCode::InvalidArgument);
  CHECK(e.store_vectors({"read_text_file"}, {"0"}, bad.data(), 2).code == ErrorCode::InvalidArgument);
  CHECK(e.pending_vectors().size() == 3);
}

TEST_CASE("hybrid fuses both legs and keeps an exact name first", "[retrieval]") {
  Engine e = engine_with_vectors();
  // The keyword leg finds read_text_file; the semantic leg prefers send_message.
  auto r = e.retrieve("read file", with(RetrievalStrategy::Hybrid, {0.1f, 0.2f, 1.0f}));
  REQUIRE(r.ok());
  CHECK(r->strategy == RetrievalStrategy::Hybrid);
  const auto names = names_of(e, r->hits);
  REQUIRE(names.size() >= 2);
  // Score fusion (the default): bm25 / best bm25 + w * cosine. The keyword leg's only hit
  // stands out of 50 scores by sqrt(49) = 7 standard deviations, so the adaptive weight is
  // w = 0.3 * (4.5 / 7)^3: it has 1 + w * 0.1; send_message has w * 0.98.
  const double w = 0.3 * std::pow(4.5 / 7, 3);
  CHECK(names[0] == "read_text_file");
  CHECK(r->hits[0].keyword.rank == 1);
  CHECK(r->hits[0].semantic.rank == 3);
  CHECK(r->hits[0].score == Approx(1.0 + w * 0.0976).epsilon(0.01));
  CHECK(names[1] == "send_message");
  CHECK(r->hits[1].kind == MatchKind::Semantic);  // found by the semantic leg alone
  CHECK(r->hits[1].keyword.rank == 0);
  CHECK(r->hits[1].score == Approx(w * 0.976).epsilon(0.01));

  // Without adaptiveWeight, the configured 0.3 for every query.
  EngineOptions fixed;
  fixed.retrieval.hybrid.adaptive_weight = false;
  REQUIRE(e.configure(fixed).ok());
  auto plain = e.retrieve("read file", with(RetrievalStrategy::Hybrid, {0.1f, 0.2f, 1.0f}));
  REQUIRE(plain.ok());
  CHECK(plain->hits[0].score == Approx(1.0 + 0.3 * 0.0976).epsilon(0.01));
  CHECK(plain->hits[1].score == Approx(0.3 * 0.976).epsilon(0.01));

  // RRF with per-leg weights: 1 / (60 + 1) + 0.5 / (60 + 3) for the keyword leg's first.
  EngineOptions rrf;
  rrf.retrieval.hybrid.fusion = Fusion::Rrf;
  rrf.retrieval.hybrid.semantic_weight = 0.5;
  REQUIRE(e.configure(rrf).ok());
  auto fused = e.retrieve("read file", with(RetrievalStrategy::Hybrid, {0.1f, 0.2f, 1.0f}));
  REQUIRE(fused.ok());
  CHECK(names_of(e, fused->hits)[0] == "read_text_file");
  CHECK(fused->hits[0].score == Approx(1.0 / 61 + 0.5 / 63));

  // Naming a tool puts it first whatever the vectors say.
  auto exact = e.retrieve("create_issue", with(RetrievalStrategy::Hybrid, {0.0f, 0.0f, 1.0f}));
  REQUIRE(exact.ok());
  CHECK(names_of(e, exact->hits)[0] == "create_issue");
  CHECK(exact->hits[0].kind == MatchKind::Exact);
}

TEST_CASE("semantic and hybrid without a query vector run as keyword and say why", "[retrieval]") {
  Engine e;
  REQUIRE(e.add({tool("read_text_file", "Read the contents of a file")}).ok());
  auto no_embedder = e.retrieve("read file", with(RetrievalStrategy::Hybrid));
  REQUIRE(no_embedder.ok());
  CHECK(no_embedder->strategy == RetrievalStrategy::Keyword);
  CHECK(no_embedder->degraded.find("no embedder") != std::string::npos);
  CHECK(no_embedder->hits.size() == 1);
  REQUIRE(e.use_embedder("m", 4).ok());
  auto no_vector = e.retrieve("read file", with(RetrievalStrategy::Semantic));
  REQUIRE(no_vector.ok());
  CHECK(no_vector->degraded.find("no query vector") != std::string::npos);
  CHECK(no_vector->hits.size() == 1);
}

TEST_CASE("regex strategy matches names, optionally descriptions, in linear time", "[retrieval]") {
  Engine e;
  REQUIRE(e.add({tool("github_create_issue", "Open an issue"), tool("github_list_issues", "List issues"),
                 tool("slack_post", "Post a message about an Issue")})
              .ok());
  auto r = e.retrieve("^github_.*issue", with(RetrievalStrategy::Regex));
  REQUIRE(r.ok());
  CHECK(names_of(e, r->hits) == std::vector<std::string>{"github_create_issue", "github_list_issues"});
  CHECK(r->hits[0].kind == MatchKind::Regex);
  // Case-insensitive by default; caseSensitive and descriptions are options.
  SearchRequest upper = with(RetrievalStrategy::Regex);
  CHECK(e.retrieve("GITHUB", upper)->hits.size() == 2);
  upper.regex_case_sensitive = true;
  CHECK(e.retrieve("GITHUB", upper)->hits.empty());
  SearchRequest desc = with(RetrievalStrategy::Regex);
  desc.regex_descriptions = true;
  CHECK(names_of(e, e.retrieve("message", desc)->hits) == std::vector<std::string>{"slack_post"});
  // Malformed and over-long patterns are typed errors.
  CHECK(e.retrieve("(unclosed", with(RetrievalStrategy::Regex)).status().code == ErrorCode::InvalidArgument);
  CHECK(e.retrieve(std::string(201, 'a'), with(RetrievalStrategy::Regex)).status().code == ErrorCode::TooLarge);

  // A catastrophic-backtracking pattern over 10,000 long names: a backtracking engine would
  // not finish; the Pike VM does 10,000 x 60 x program steps.
  Engine big;
  std::vector<Tool> tools;
  for (int i = 0; i < 10000; ++i) tools.push_back(tool(std::string(60, 'a') + "_" + std::to_string(i), ""));
  REQUIRE(big.add(std::move(tools)).ok());
  auto slow = big.retrieve("(a+)+$", with(RetrievalStrategy::Regex));
  REQUIRE(slow.ok());
  CHECK(slow->hits.empty());
}

TEST_CASE("the bridge's tool_search runs a /pattern/ query as regex and hybrid with a vector", "[retrieval]") {
  Engine e = engine_with_vectors();
  REQUIRE(e.configure([] {
                      EngineOptions o;
                      o.gate.enabled = GateMode::On;
                      o.retrieval.strategy = RetrievalStrategy::Hybrid;
                      return o;
                    }())
              .ok());
  auto regex = e.handle_call("", {"tool_search", {{"query", "/^create_/i"}}});
  REQUIRE(regex.ok());
  REQUIRE(regex->result["matches"].size() == 1);
  CHECK(regex->result["matches"][0]["name"] == "create_issue");
  CHECK(regex->result["matches"][0]["match"] == "regex");
  auto hybrid = e.handle_call("", {"tool_search", {{"query", "post to a channel"}}}, {0.0f, 0.0f, 1.0f});
  REQUIRE(hybrid.ok());
  REQUIRE(!hybrid->result["matches"].empty());
  CHECK(hybrid->result["matches"][0]["name"] == "send_message");
}

TEST_CASE("the JSON API carries strategy, degradation, legs and vectors", "[retrieval]") {
  JsonEngine e;
  REQUIRE(nlohmann::json::parse(e.add_tools(R"([{"name":"read_text_file","description":"Read a file"},
                                                {"name":"send_message","description":"Post a message"}])"))["ok"]);
  auto keyword = nlohmann::json::parse(e.search("read file", R"({"strategy":"hybrid"})"));
  CHECK(keyword["strategy"] == "keyword");
  CHECK(keyword["degraded"].is_string());
  REQUIRE(nlohmann::json::parse(e.use_embedder(R"({"id":"m","dimensions":2})"))["ok"]);
  auto pending = nlohmann::json::parse(e.pending_vectors())["value"];
  REQUIRE(pending.size() == 2);
  const float values[] = {1, 0, 0, 1};
  const std::string bytes(reinterpret_cast<const char*>(values), sizeof values);
  nlohmann::json meta = {{"names", {pending[0]["name"], pending[1]["name"]}},
                         {"hashes", {pending[0]["hash"], pending[1]["hash"]}}};
  CHECK(nlohmann::json::parse(e.store_vectors(meta.dump(), bytes))["value"]["stored"] == 2);
  CHECK(nlohmann::json::parse(e.store_vectors(meta.dump(), bytes.substr(0, 7)))["error"]["code"] == "INVALID_ARGUMENT");
  const float up[] = {0, 1};
  const std::string up_bytes(reinterpret_cast<const char*>(up), sizeof up);
  auto hybrid = nlohmann::json::parse(e.search("read file", R"({"strategy":"hybrid"})", up_bytes));
  CHECK(hybrid["strategy"] == "hybrid");
  CHECK_FALSE(hybrid.contains("degraded"));
  CHECK(hybrid["value"][0]["legs"]["keyword"]["rank"] == 1);
  CHECK(hybrid["value"][1]["legs"]["keyword"].is_null());
  const float nan_vector[] = {NAN, 1};
  CHECK(nlohmann::json::parse(e.search("x", R"({"strategy":"semantic"})",
                                       std::string(reinterpret_cast<const char*>(nan_vector), sizeof nan_vector)))["error"]["code"] ==
        "INVALID_ARGUMENT");
  CHECK(nlohmann::json::parse(e.search("x", R"({"strategy":"semantic"})", "abc"))["error"]["code"] == "INVALID_ARGUMENT");
  CHECK(nlohmann::json::parse(e.search("x", R"({"vector":[0,1]})"))["error"]["code"] == "INVALID_ARGUMENT");
  CHECK(nlohmann::json::parse(e.search("x", R"({"strategy":"fuzzy"})"))["error"]["code"] == "INVALID_ARGUMENT");
  auto explained = nlohmann::json::parse(e.explain("read file", "send_message", R"({"strategy":"hybrid"})", up_bytes));
  CHECK(explained["value"]["rank"] == 2);
  CHECK(explained["value"]["legs"]["semantic"]["rank"] == 1);
  auto info = nlohmann::json::parse(e.vector_info())["value"];
  CHECK(info["vectors"] == 2);
  CHECK(info["embedder"] == "m");
  CHECK(nlohmann::json::parse(e.load_static_table("not a table"))["error"]["code"] == "INVALID_ARGUMENT");
  // Through the input buffer (the JS layer's path): a length past the buffer is refused, never
  // read; the call takes the buffer, so the next input needs a new one.
  char* in = e.input_buffer(11);
  REQUIRE(in != nullptr);
  std::memcpy(in, "not a table", 11);
  CHECK(nlohmann::json::parse(e.load_static_table_input(12))["error"]["message"] == "the table is longer than the input buffer");
  CHECK(nlohmann::json::parse(e.load_static_table_input(11))["error"]["message"] ==
        nlohmann::json::parse(e.load_static_table("not a table"))["error"]["message"]);
  CHECK(nlohmann::json::parse(e.load_static_table_input(1))["error"]["message"] == "the table is longer than the input buffer");
}

TEST_CASE("a static table loaded through the input buffer ranks as one passed as a string", "[retrieval]") {
  const std::string table = test::shipped_static_table();
  if (table.empty()) {
    WARN("js/assets/static-embeddings.tsse not present; skipped");
    return;
  }
  const char* tools = R"([{"name":"read_text_file","description":"Read the contents of a file from disk"},
                          {"name":"send_message","description":"Post a message to a chat channel"},
                          {"name":"get_forecast","description":"Weather forecast for a city"}])";
  JsonEngine copied, in_place;
  REQUIRE(nlohmann::json::parse(copied.add_tools(tools))["ok"]);
  REQUIRE(nlohmann::json::parse(in_place.add_tools(tools))["ok"]);
  const auto by_copy = nlohmann::json::parse(copied.load_static_table(table));
  REQUIRE(by_copy["ok"]);
  char* in = in_place.input_buffer(table.size());
  REQUIRE(in != nullptr);
  std::memcpy(in, table.data(), table.size());
  // The whole table through the buffer: a view made after the buffer moved would be null and
  // fail as a truncated header.
  const auto by_buffer = nlohmann::json::parse(in_place.load_static_table_input(static_cast<uint32_t>(table.size())));
  REQUIRE(by_buffer["ok"]);
  CHECK(by_buffer["value"] == by_copy["value"]);
  // The rows are read where the buffer was; a search that needs a new input buffer must not
  // disturb them.
  REQUIRE(in_place.input_buffer(1 << 20) != nullptr);
  for (const char* query : {"is it going to rain tomorrow", "tell the team in chat", "open my notes document"}) {
    const std::string options = R"({"strategy":"semantic"})";
    const auto a = nlohmann::json::parse(copied.search(query, options));
    const auto b = nlohmann::json::parse(in_place.search(query, options));
    REQUIRE(a["ok"]);
    CHECK(a == b);
    CHECK(a["strategy"] == "semantic");
  }
}

TEST_CASE("hybrid with the static table weighs its leg by the share of the query it knows", "[retrieval]") {
  const std::string text = test::shipped_static_table();
  if (text.empty()) {
    WARN("js/assets/static-embeddings.tsse not present; skipped");
    return;
  }
  const auto* table = reinterpret_cast<const uint8_t*>(text.data());
  auto embedder = StaticEmbedder::load(table, text.size());
  REQUIRE(embedder.ok());
  Engine e;
  REQUIRE(e.add({tool("read_text_file", "Read the contents of a text file"),
                 tool("write_file", "Write text to a file"),
                 tool("list_directory", "List the files in a folder"),
                 tool("send_message", "Post a message to a chat channel"),
                 tool("get_forecast", "Weather forecast for a city")})
              .ok());
  REQUIRE(e.load_static_table(table, text.size()).ok());
  EngineOptions o = e.options();
  o.retrieval.hybrid.fusion = Fusion::Rrf;  // ranks only: each hit's score shows the weight
  o.retrieval.hybrid.keyword_weight = 1;
  o.retrieval.hybrid.table_semantic_weight = 1;  // the table's weight: semantic_weight is a host embedder's
  o.retrieval.hybrid.semantic_weight = 7;
  REQUIRE(e.configure(o).ok());
  size_t scaled = 0;
  for (const char* query : {"Lies bitte die Textdatei und schick sie in den Kanal", "Прочитай текстовый файл",
                            "read the text file and post it to the channel", "what is the weather in Paris"}) {
    INFO(query);
    const double coverage = embedder.value().embed(query).coverage();
    const double weight = std::min(coverage, kMinTableCoverage) / kMinTableCoverage;
    scaled += weight < 1 ? 1 : 0;
    SearchRequest request = with(RetrievalStrategy::Hybrid);
    request.rank_every_leg = true;
    auto r = e.retrieve(query, request);
    REQUIRE(r.ok());
    REQUIRE(r->strategy == RetrievalStrategy::Hybrid);
    REQUIRE_FALSE(r->hits.empty());
    CHECK(r->semantic_weight == Approx(weight));  // what explain() reports
    for (const SearchHit& h : r->hits) {
      const double keyword = h.keyword.rank ? 1.0 / (60.0 + static_cast<double>(h.keyword.rank)) : 0.0;
      const bool ranked = h.semantic.rank && h.semantic.rank != LegRank::kUnranked;
      const double semantic = ranked ? weight / (60.0 + static_cast<double>(h.semantic.rank)) : 0.0;
      CHECK(h.score == Approx(keyword + semantic));
    }
  }
  CHECK(scaled == 2);  // the two requests in other languages, not the English ones
}

namespace {

SearchHit hit(size_t tool, double score, MatchKind kind = MatchKind::Bm25) { return {tool, score, kind, false, {}, {}}; }

std::vector<size_t> tools_of(const std::vector<SearchHit>& hits) {
  std::vector<size_t> out;
  for (const SearchHit& h : hits) out.push_back(h.tool);
  return out;
}

HybridOptions rrf(double keyword_weight, double semantic_weight, double k = 60) {
  HybridOptions o;
  o.fusion = Fusion::Rrf;
  o.keyword_weight = keyword_weight;
  o.semantic_weight = semantic_weight;
  o.rrf_k = k;
  return o;
}

// Score fusion's cosine of each hit of `keyword`, from a table by tool.
std::vector<float> at(const std::vector<SearchHit>& keyword, const std::vector<float>& by_tool) {
  std::vector<float> out;
  for (const SearchHit& h : keyword) out.push_back(by_tool.at(h.tool));
  return out;
}

}  // namespace

TEST_CASE("keyword_confidence measures how far the best score stands out of 50", "[retrieval]") {
  auto hits = [](std::vector<double> scores) {
    std::vector<SearchHit> out;
    for (size_t i = 0; i < scores.size(); ++i) out.push_back({i, scores[i], MatchKind::Bm25, false, {}, {}});
    return out;
  };
  CHECK(keyword_confidence({}) == 0);
  CHECK(keyword_confidence(hits({0, 0})) == 0);
  CHECK(keyword_confidence(hits({5})) == Approx(7));  // one tool matched: sqrt(49)
  CHECK(keyword_confidence(hits({5, 5})) == Approx(4.8 / std::sqrt(0.96)));  // mean 0.2, variance 1 - 0.2^2
  // 50 equal scores: no spread, nothing stands out.
  CHECK(keyword_confidence(hits(std::vector<double>(50, 2.0))) == 0);
  // Only the first 50 count; an exact hit listed first with a lower score is not the best.
  std::vector<double> many(60, 1.0);
  many[0] = 0.5;
  many[3] = 9.0;
  const double z = keyword_confidence(hits(many));
  CHECK(z > 6);
  many[55] = 1000;  // beyond the pool: ignored
  CHECK(keyword_confidence(hits(many)) == Approx(z));

  HybridOptions o;  // score fusion, 0.3, adaptive
  CHECK(fusion_semantic_weight(hits({5}), o) == Approx(0.3 * std::pow(4.5 / 7, 3)));
  CHECK(fusion_semantic_weight({}, o) == Approx(3.0));  // nothing matched: at most 10 times
  std::vector<double> flat(50, 1.0);
  flat[0] = 1.5;  // z = (1.5 - 1.01) / 0.07: far above the reference
  CHECK(fusion_semantic_weight(hits(flat), o) < 0.3);
  o.adaptive_weight = false;
  CHECK(fusion_semantic_weight({}, o) == 0.3);
  o.adaptive_weight = true;
  o.fusion = Fusion::Rrf;  // RRF weighs ranks: never scaled by confidence
  CHECK(fusion_semantic_weight({}, o) == 0.3);

  // A static table's query vector: table_semantic_weight (0.1) in place of semantic_weight,
  // falling in proportion, in either fusion, when the table knows under kMinTableCoverage of
  // the query's words; at or above it, it stands. A host's vector (no coverage): semantic_weight.
  CHECK(o.table_semantic_weight == 0.1);
  CHECK(fusion_semantic_weight({}, o, 0.3) == Approx(0.1 * 0.3 / kMinTableCoverage));
  CHECK(fusion_semantic_weight({}, o, 0.0) == 0);
  CHECK(fusion_semantic_weight({}, o, kMinTableCoverage) == 0.1);
  CHECK(fusion_semantic_weight({}, o, 0.9) == 0.1);
  CHECK(fusion_semantic_weight({}, o, std::nullopt) == 0.3);
  o.fusion = Fusion::Score;
  CHECK(fusion_semantic_weight(hits({5}), o, 0.45) == Approx(0.1 * std::pow(4.5 / 7, 3) * 0.45 / kMinTableCoverage));
  CHECK(fusion_semantic_weight(hits({5}), o, 1) == Approx(0.1 * std::pow(4.5 / 7, 3)));
  CHECK(fusion_semantic_weight(hits({5}), o) == Approx(0.3 * std::pow(4.5 / 7, 3)));
  o.table_semantic_weight = 0.25;
  CHECK(fusion_semantic_weight(hits({5}), o, 1) == Approx(0.25 * std::pow(4.5 / 7, 3)));
}

TEST_CASE("fuse_hybrid with RRF sums weighted reciprocal ranks", "[retrieval]") {
  // Tool 1 is second in both lists, tool 0 first in the keyword list, tool 2 first in the semantic one.
  const std::vector<SearchHit> keyword = {hit(0, 5.0), hit(1, 4.0)};
  const std::vector<SearchHit> semantic = {hit(2, 0.9, MatchKind::Semantic), hit(1, 0.8, MatchKind::Semantic)};
  const std::vector<float> cosines = {0.1f, 0.8f, 0.9f};
  // Equal weights: agreement (1/62 + 1/62) beats either single first place (1/61).
  auto equal = fuse_hybrid(keyword, at(keyword, cosines), semantic, rrf(1, 1), 10);
  CHECK(tools_of(equal) == std::vector<size_t>{1, 0, 2});
  CHECK(equal[0].score == Approx(2.0 / 62));
  // Ties (tools 0 and 2 at 1/61) break by the better single rank, then catalog order.
  CHECK(equal[1].score == equal[2].score);
  // A heavy keyword weight lets its first place beat agreement: 100/61 > 101/62.
  CHECK(tools_of(fuse_hybrid(keyword, at(keyword, cosines), semantic, rrf(100, 1), 10)) == std::vector<size_t>{0, 1, 2});
  // Weight 0 silences the semantic leg; its tools still appear, last.
  CHECK(tools_of(fuse_hybrid(keyword, at(keyword, cosines), semantic, rrf(1, 0), 10)) == std::vector<size_t>{0, 1, 2});
  // k: agreement at k = 1 is 1/3 + 1/3 against 1/2; a bad k falls back to 60.
  CHECK(fuse_hybrid(keyword, at(keyword, cosines), semantic, rrf(1, 1, 1), 10)[0].score == Approx(2.0 / 3));
  CHECK(fuse_hybrid(keyword, at(keyword, cosines), semantic, rrf(1, 1, -5), 10)[0].score == Approx(2.0 / 62));
  // limit, and each tool once with both legs.
  auto one = fuse_hybrid(keyword, at(keyword, cosines), semantic, rrf(1, 1), 1);
  REQUIRE(one.size() == 1);
  CHECK(one[0].keyword.rank == 2);
  CHECK(one[0].semantic.rank == 2);
}

TEST_CASE("fuse_hybrid keeps exact keyword hits first under either fusion", "[retrieval]") {
  const std::vector<SearchHit> keyword = {hit(3, 1.0, MatchKind::Exact), hit(0, 9.0)};
  const std::vector<SearchHit> semantic = {hit(0, 0.99, MatchKind::Semantic)};
  const std::vector<float> cosines = {0.99f, 0.f, 0.f, 0.01f};
  for (Fusion f : {Fusion::Score, Fusion::Rrf}) {
    HybridOptions o;
    o.fusion = f;
    auto fused = fuse_hybrid(keyword, at(keyword, cosines), semantic, o, 10);
    REQUIRE(fused.size() == 2);
    CHECK(fused[0].tool == 3);
    CHECK(fused[0].kind == MatchKind::Exact);
  }
}

TEST_CASE("fuse_keyword_settled answers only when no tool outside the keyword list can place", "[retrieval]") {
  // Keyword scores 10, 8, 6 (normalised 1, 0.8, 0.6) plus 0.3 x cosine.
  const std::vector<SearchHit> keyword = {hit(0, 10.0), hit(1, 8.0), hit(2, 6.0)};
  const std::vector<float> cosines = {0.5f, 0.2f, 0.9f, 0.99f};
  const HybridOptions score;
  auto two = fuse_keyword_settled(keyword, at(keyword, cosines), score, 2);
  REQUIRE(two);
  CHECK(tools_of(*two) == std::vector<size_t>{0, 2});  // 1.15, 0.87 (tool 1: 0.86)
  CHECK((*two)[1].score == Approx(0.6 + 0.3 * 0.9));
  CHECK((*two)[1].semantic.rank == LegRank::kUnranked);
  CHECK((*two)[1].semantic.score == Approx(0.9));
  CHECK((*two)[1].keyword.rank == 3);
  // All three: the third scores 0.86 > 0.3, the most an outside tool (tool 3) could score.
  CHECK(fuse_keyword_settled(keyword, at(keyword, cosines), score, 3));
  // A fourth place could go to an outside tool, and the list has only three.
  CHECK_FALSE(fuse_keyword_settled(keyword, at(keyword, cosines), score, 4));
  // At semantic weight 1.5 an outside tool could score up to 1.5: the first two (0.6 + 1.5 x 0.9
  // = 1.95, 1 + 0.75) are above it, the third (0.8 + 0.3) is not. The bound is |weight| x 1,
  // whatever the sign.
  HybridOptions heavy;
  heavy.semantic_weight = 1.5;
  CHECK(fuse_keyword_settled(keyword, at(keyword, cosines), heavy, 2));
  CHECK_FALSE(fuse_keyword_settled(keyword, at(keyword, cosines), heavy, 3));
  HybridOptions negative;
  negative.semantic_weight = -1.5;
  CHECK_FALSE(fuse_keyword_settled(keyword, at(keyword, cosines), negative, 1));
  // RRF needs the semantic ranks themselves.
  CHECK_FALSE(fuse_keyword_settled(keyword, at(keyword, cosines), rrf(1, 1), 1));
  // A tie is broken by the better rank in either leg, which only the semantic ranking knows.
  const std::vector<float> twins = {0.5f, 0.5f, 0.f};
  const std::vector<SearchHit> tied = {hit(0, 10.0), hit(1, 10.0), hit(2, 1.0)};
  CHECK_FALSE(fuse_keyword_settled(tied, at(tied, twins), score, 1));
  // An exact name stays first, and does not need to beat the bound.
  const std::vector<SearchHit> named = {hit(5, 0.1, MatchKind::Exact), hit(0, 10.0)};
  auto exact = fuse_keyword_settled(named, {0.f, 0.5f}, score, 2);
  REQUIRE(exact);
  CHECK(tools_of(*exact) == std::vector<size_t>{5, 0});
}

TEST_CASE("fuse_keyword_settled asks for the semantic leg when it could clear a weak hit", "[retrieval]") {
  SearchHit weak_hit = hit(1, 1.0);
  weak_hit.weak = true;  // under 20% of the best BM25
  const std::vector<SearchHit> keyword = {hit(0, 10.0), weak_hit};
  // Tool 1 at cosine 0.9 (fused 0.1 + 0.27 = 0.37 > 0.3): in the semantic leg it may be strong.
  CHECK_FALSE(fuse_keyword_settled(keyword, at(keyword, {0.5f, 0.9f}), HybridOptions{}, 2));
  // Weak in the semantic leg too when under 60% of that leg's best cosine, which is at least
  // tool 0's 0.99: at 0.55 (< 0.594) tool 1 stays weak whatever the leg ranks.
  HybridOptions light;
  light.semantic_weight = 0.2;  // 0.1 + 0.2 x 0.55 = 0.21 > 0.2
  auto settled = fuse_keyword_settled(keyword, at(keyword, {0.99f, 0.55f}), light, 2);
  REQUIRE(settled);
  CHECK((*settled)[1].weak);
}

TEST_CASE("hybrid search gives the same hits whether or not the keyword leg settles them", "[retrieval]") {
  // A catalog of word combinations with pseudo-random vectors: each query is searched as the
  // bridge does (the keyword leg may settle it) and as explain() does (every leg ranked).
  const std::vector<std::string> words = {"read",   "write",   "file",  "issue", "message", "channel", "user",
                                          "list",   "create",  "delete", "search", "repository", "page", "image",
                                          "calendar", "event", "invoice", "customer", "order", "ticket", "comment",
                                          "branch", "commit", "table", "query", "record", "email", "folder"};
  uint32_t state = 12345;
  auto next = [&] { return state = state * 1103515245u + 12345u, (state >> 8) & 0xFFFF; };
  std::vector<Tool> tools;
  for (size_t i = 0; i < 300; ++i) {
    std::string description;
    for (size_t w = 0, n = 2 + next() % 6; w < n; ++w) description += words[next() % words.size()] + " ";
    tools.push_back(tool("tool_" + std::to_string(i) + "_" + words[i % words.size()], description));
  }
  Engine e;
  REQUIRE(e.add(tools).ok());
  const size_t dims = 8;
  REQUIRE(e.use_embedder("m", dims).ok());
  std::vector<std::string> names, hashes;
  std::vector<float> flat;
  for (const PendingVector& p : e.pending_vectors()) {
    names.push_back(p.name);
    hashes.push_back(p.hash);
    for (size_t d = 0; d < dims; ++d) flat.push_back(static_cast<float>(next() % 200) / 100.0f - 1.0f);
  }
  REQUIRE(e.store_vectors(names, hashes, flat.data(), flat.size()).ok());
  size_t settled = 0, semantic_only = 0;
  for (size_t q = 0; q < 400; ++q) {
    // A third of the queries have one catalog word at most, so the keyword list runs short.
    std::string query = q % 3 == 0 ? "zebra " : "";
    for (size_t w = 0, n = q % 3 == 0 ? next() % 2 : 1 + next() % 3; w < n; ++w) query += words[next() % words.size()] + " ";
    SearchRequest fast = with(RetrievalStrategy::Hybrid);
    for (size_t d = 0; d < dims; ++d) fast.vector.push_back(static_cast<float>(next() % 200) / 100.0f - 1.0f);
    fast.limit = 1 + next() % 10;
    if (q % 4 == 3) e.configure([&] { EngineOptions o = e.options(); o.retrieval.hybrid.semantic_weight = 0.05 * (q % 20); return o; }());
    SearchRequest full = fast;
    full.rank_every_leg = true;
    auto a = e.retrieve(query, fast), b = e.retrieve(query, full);
    REQUIRE(a.ok());
    REQUIRE(b.ok());
    REQUIRE(tools_of(a->hits) == tools_of(b->hits));
    bool unranked = false;
    for (size_t i = 0; i < a->hits.size(); ++i) {
      const SearchHit &x = a->hits[i], &y = b->hits[i];
      CHECK(x.score == y.score);
      CHECK(x.weak == y.weak);
      CHECK(x.kind == y.kind);
      CHECK(x.keyword.rank == y.keyword.rank);
      CHECK(x.semantic.score == y.semantic.score);
      if (x.semantic.rank != y.semantic.rank) {
        CHECK(x.semantic.rank == LegRank::kUnranked);
        unranked = true;
      }
      if (x.kind == MatchKind::Semantic) semantic_only++;
    }
    settled += unranked;
  }
  // Both paths ran: some queries were settled by the keyword leg, some took a semantic-only hit.
  CHECK(settled > 20);
  CHECK(semantic_only > 20);
}
