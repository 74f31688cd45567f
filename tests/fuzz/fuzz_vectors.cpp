// The semantic leg's vector input: embedders, stored tool vectors, query vectors (search,
// packed search, explain, assembly, tool_search) and static embedding tables, over four real
// tools and the core tools.
//
// Input: byte 0 = head (bit 0: start with an 8-dimension embedder), then up to 8 records
// <op byte><length byte><payload>. Structured ops build well-formed requests from the payload
// (names, hashes, float values with NaN, infinities, subnormals and extremes), raw ops pass it
// as it is. Invariants, beyond valid envelopes and no INTERNAL:
//   - use_embedder and store_vectors accept exactly what their documented rules accept (an
//     independent model of the rules), and a refusal changes nothing: vector_info and a
//     semantic search answer byte-identical;
//   - the engine's count of current vectors equals the model's (last hash stored per name);
//   - a query vector gives a typed error when it has the wrong size or a NaN or infinite value,
//     a "degraded" keyword answer when there is no embedder or no vector, and otherwise the
//     strategy asked for, with finite scores (cosines within [-1, 1]) and no repeated tool;
//   - the packed search (the JS layer's path) answers as the JSON search does;
//   - a well-formed static table is accepted, and text searches on it never fail; a refused
//     one changes nothing;
//   - a snapshot loads into a fresh engine, writes the same bytes again and answers a query
//     vector alike.
#include "fuzz_common.hpp"

#include "toolsearch/json_api.hpp"

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

using namespace toolsearch;
using nlohmann::json;

namespace {

constexpr size_t kMaxDims = 4096;  // VectorIndex::kMaxDimensions, restated: the model must not read the code it checks

struct Base {
  JsonEngine engine;
  std::vector<std::string> names;             // catalog order
  std::map<std::string, std::string> hashes;  // each tool's embedding-text hash (independent of the embedder)
  Base() {
    // Few tools: every op embeds, hashes or ranks each of them, and the catalog's size adds no
    // vector behaviour. Four real ones (a file tool among them) and the two core tools.
    const json all = fuzz::official_tools(1);
    json tools = json::array();
    for (size_t i = 0; i < all.size() && tools.size() < 4; ++i) {
      if (tools.size() < 3 || all[i]["name"].get<std::string>().find("file") != std::string::npos) tools.push_back(all[i]);
    }
    for (const json& t : fuzz::core_tools()) tools.push_back(t);
    FUZZ_CHECK(fuzz::is_ok(fuzz::envelope(engine.add_tools(fuzz::dump(tools)))), "base catalog did not load");
    (void)engine.engine().index();
    // The hashes, read once through a throwaway embedder.
    JsonEngine probe = engine;
    FUZZ_CHECK(fuzz::is_ok(fuzz::envelope(probe.use_embedder(R"({"id":"probe","dimensions":1})"))), "probe embedder refused");
    const json pending = fuzz::envelope(probe.pending_vectors());
    for (const json& p : pending["value"]) {
      names.push_back(p["name"].get<std::string>());
      hashes[names.back()] = p["hash"].get<std::string>();
    }
    FUZZ_CHECK(names.size() == tools.size(), "pending_vectors does not list every tool");
  }
};

const Base& base() {
  static const Base b;
  return b;
}

// What the harness expects of the engine's vector store: the embedder and the last hash stored
// for each name under it.
struct Model {
  std::string embedder;
  size_t dims = 0;
  bool is_static = false;
  bool counted = true;  // false once vectors were stored that the model does not follow (raw meta, a static table's)
  std::map<std::string, std::string> stored;

  size_t current() const {
    size_t n = 0;
    for (const auto& [name, hash] : base().hashes) {
      auto it = stored.find(name);
      n += it != stored.end() && it->second == hash;
    }
    return n;
  }
};

// Payload bytes as floats: ordinary values, and every kind a host could send by mistake.
float float_of(uint8_t b) {
  switch (b) {
    case 200: return std::numeric_limits<float>::quiet_NaN();
    case 201: return std::numeric_limits<float>::infinity();
    case 202: return -std::numeric_limits<float>::infinity();
    case 203: return std::numeric_limits<float>::denorm_min();
    case 204: return -1e-40f;
    case 205: return 1e-38f;
    case 206: return FLT_MAX;
    case 207: return -FLT_MAX;
    case 208: return FLT_MIN;
    case 209: return -0.0f;
    case 210: return 1e30f;
    case 211: return 1e-30f;
    default: return b < 200 ? (static_cast<float>(b) - 100.0f) / 25.0f : static_cast<float>(b - 230) * 1e-3f;
  }
}

std::string float_bytes(const std::vector<float>& v) {
  std::string out(v.size() * sizeof(float), '\0');
  if (!v.empty()) std::memcpy(&out[0], v.data(), out.size());
  return out;
}

// `count` floats cycled from the payload (zeros when it is empty).
std::vector<float> floats_from(std::string_view payload, size_t count) {
  std::vector<float> v(count, 0.0f);
  for (size_t i = 0; i < count && !payload.empty(); ++i) v[i] = float_of(static_cast<uint8_t>(payload[i % payload.size()]));
  return v;
}

bool all_finite(const std::vector<float>& v) {
  for (float f : v) {
    if (!std::isfinite(f)) return false;
  }
  return true;
}

std::string code_of(const json& env) { return fuzz::is_ok(env) ? std::string() : env["error"]["code"].get<std::string>(); }

// The state a refusal must leave alone.
struct Observed {
  std::string info;
  std::string search;
  bool operator==(const Observed& o) const { return info == o.info && search == o.search; }
};

// The search runs first: on a static table it fills the tools' vectors lazily, and vector_info
// read before it would count the vectors as they were before that fill, not as they are.
Observed observe(JsonEngine& e) {
  std::string ranked = e.search("read a file", R"({"strategy":"semantic","limit":5})");
  return {e.vector_info(), std::move(ranked)};
}

void check_info(JsonEngine& e, const Model& m, const std::string& after) {
  const json info = fuzz::envelope(e.vector_info())["value"];
  FUZZ_CHECK(info["dimensions"] == m.dims, "vector_info's dimensions are not the model's", fuzz::dump(info) + "\nafter: " + after);
  if (m.dims != 0) FUZZ_CHECK(info["embedder"] == m.embedder, "vector_info's embedder is not the model's", fuzz::dump(info));
  FUZZ_CHECK(info["static"] == m.is_static, "vector_info's static flag is not the model's", fuzz::dump(info));
  // A static table fills its vectors lazily (on the next semantic search), so they are not counted.
  if (m.counted && !m.is_static) {
    FUZZ_CHECK(info["vectors"] == m.current(), "vector_info counts other current vectors than the model",
               fuzz::dump(info) + " model: " + std::to_string(m.current()) + "\nafter: " + after);
  }
}

// Hits of an ok search: catalog names, no repeats, at most `limit`, finite scores; cosines for
// the semantic strategy.
void check_hits(const json& env, size_t limit, const std::string& strategy, const std::string& request) {
  const json& hits = env["value"];
  FUZZ_CHECK(hits.is_array() && hits.size() <= limit, "more hits than the limit", request);
  std::set<std::string> seen;
  for (const json& h : hits) {
    const std::string name = h["name"].get<std::string>();
    FUZZ_CHECK(base().hashes.count(name) == 1, "a hit is not a catalog tool", request);
    FUZZ_CHECK(seen.insert(name).second, "a tool is hit twice", request);
    const double score = h["score"].get<double>();
    FUZZ_CHECK(std::isfinite(score), "a hit's score is not finite", request);
    if (strategy == "semantic") FUZZ_CHECK(score >= -1.0001 && score <= 1.0001, "a cosine outside [-1, 1]", fuzz::dump(hits) + "\n" + request);
  }
}

// One search by the JSON path and by the packed path; the expected outcome follows from the
// model alone.
void search_both(JsonEngine& e, const Model& m, std::string_view payload, uint8_t knobs) {
  static const char* const kStrategies[] = {"keyword", "semantic", "hybrid"};
  const uint32_t strategy_index = (knobs & 3) == 3 ? 1 : knobs & 3;  // semantic twice as often
  const std::string strategy = kStrategies[strategy_index];
  const size_t limit = 1 + (knobs >> 2) % 8;
  // The query: words from the payload's text half (kept non-blank); the vector: its other half,
  // as floats (structured) or as raw bytes.
  const size_t half = payload.size() / 2;
  std::string query = "file ";
  for (char c : payload.substr(0, half)) query += (c >= 'a' && c <= 'z') || c == ' ' ? c : ' ';
  std::string vector;
  if (knobs & 0x40) {
    vector = std::string(payload.substr(half));  // raw bytes: any length
  } else if (!(knobs & 0x20)) {
    const size_t count = m.dims != 0 && !(knobs & 0x80) ? m.dims : payload.size() - half;
    vector = float_bytes(floats_from(payload.substr(half), count));
  }
  const std::string options = fuzz::dump({{"strategy", strategy}, {"limit", limit}});
  const std::string request = "query: " + query + " options: " + options + " vector bytes: " + std::to_string(vector.size());
  const std::string answer = e.search(query, options, vector);
  const json env = fuzz::envelope(answer);

  // The model's verdict.
  std::vector<float> values(vector.size() / sizeof(float));
  if (!values.empty()) std::memcpy(values.data(), vector.data(), values.size() * sizeof(float));
  const bool whole = vector.size() % sizeof(float) == 0 && values.size() <= kMaxDims;
  if (!whole) {
    FUZZ_CHECK(code_of(env) == "INVALID_ARGUMENT", "a vector of partial or too many floats is not INVALID_ARGUMENT", answer + "\n" + request);
  } else if (strategy == "keyword") {
    FUZZ_CHECK(fuzz::is_ok(env) && env["strategy"] == "keyword" && !env.contains("degraded"), "a keyword search failed", answer);
  } else if (m.dims == 0 || (vector.empty() && !m.is_static)) {
    FUZZ_CHECK(fuzz::is_ok(env) && env["strategy"] == "keyword" && env.contains("degraded"),
               "a semantic search without an embedder or a vector is not a degraded keyword search", answer + "\n" + request);
  } else if (!vector.empty() && (values.size() != m.dims || !all_finite(values))) {
    FUZZ_CHECK(code_of(env) == "INVALID_ARGUMENT", "a query vector of the wrong size or with NaN/Infinity is not INVALID_ARGUMENT",
               answer + "\n" + request);
  } else {
    // A valid vector, or a static table embedding the query: the strategy asked for, never an error.
    FUZZ_CHECK(fuzz::is_ok(env) && env["strategy"] == strategy && !env.contains("degraded"),
               "a valid semantic search did not run as asked", answer + "\n" + request);
  }
  if (fuzz::is_ok(env)) check_hits(env, limit, env["strategy"].get<std::string>(), request);
  FUZZ_CHECK(e.search(query, options, vector) == answer, "the same search answered twice differently", request);

  // The JS layer's path: query and vector written into the input buffer.
  char* in = e.input_buffer(query.size() + vector.size());
  FUZZ_CHECK(in != nullptr, "no input buffer", request);
  std::memcpy(in, query.data(), query.size());
  if (!vector.empty()) std::memcpy(in + query.size(), vector.data(), vector.size());
  const uint32_t flags = 1 + strategy_index;  // 1 + RetrievalStrategy
  const int count = e.search_packed(static_cast<uint32_t>(query.size()), static_cast<uint32_t>(limit), flags, 0,
                                    static_cast<uint32_t>(vector.size()));
  if (!fuzz::is_ok(env)) {
    FUZZ_CHECK(count == -1 && code_of(fuzz::envelope(e.last_error())) == code_of(env), "packed and JSON search fail differently", request);
    return;
  }
  FUZZ_CHECK(count == static_cast<int>(env["value"].size()), "packed and JSON search differ in count", answer + "\n" + request);
  FUZZ_CHECK((e.results().degraded != 0) == env.contains("degraded"), "packed and JSON search differ in degradation", request);
  for (int i = 0; i < count; ++i) {
    const PackedHit& h = e.results().hits[i];
    FUZZ_CHECK(base().names[h.tool] == env["value"][i]["name"] && h.score == env["value"][i]["score"].get<double>(),
               "packed and JSON search differ", answer + "\n" + request);
  }
}

// A well-formed TSSE table from the payload: dims from byte 0, words of letters from the rest
// (catalog words among them), scales and codes cycled from the payload.
std::string table_from(std::string_view payload) {
  static const char* const kWords[] = {"read", "file", "echo", "message", "resource", "notes", "user", "ask", "env", "the", "a", "gzip"};
  const size_t dims = payload.empty() ? 1 : 1 + static_cast<uint8_t>(payload[0]) % 24;
  std::set<std::string> words;
  for (size_t i = 1; i < payload.size(); ++i) {
    const uint8_t b = static_cast<uint8_t>(payload[i]);
    if (b < 96) words.insert(kWords[b % 12]);
    else words.insert(std::string(1 + b % 3, static_cast<char>('a' + b % 26)));
  }
  if (words.empty()) words.insert("file");
  std::string vocab;
  for (const std::string& w : words) vocab += static_cast<char>(w.size()) + w;
  std::string out = "TSSE";
  const auto u32 = [&](uint32_t v) { for (int k = 0; k < 4; ++k) out += static_cast<char>((v >> (8 * k)) & 0xff); };
  u32(1);
  u32(static_cast<uint32_t>(dims));
  u32(static_cast<uint32_t>(words.size()));
  u32(static_cast<uint32_t>(vocab.size()));
  u32(0);
  u32(0);
  u32(0);
  out += vocab;
  while (out.size() % 4) out += '\0';
  size_t k = 0;
  for (size_t i = 0; i < words.size(); ++i, ++k) {
    float scale = std::fabs(float_of(payload.empty() ? 0 : static_cast<uint8_t>(payload[k % payload.size()])));
    if (!std::isfinite(scale)) scale = 0.01f;  // the format allows finite scales only
    out += float_bytes({scale});
  }
  for (size_t i = 0; i < words.size() * dims; ++i, ++k) out += payload.empty() ? '\1' : payload[k % payload.size()];
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const Base& b = base();
  JsonEngine e = b.engine;
  Model m;
  if (data[0] & 1) {
    FUZZ_CHECK(fuzz::is_ok(fuzz::envelope(e.use_embedder(R"({"id":"e8","dimensions":8})"))), "an 8-dimension embedder refused");
    m.embedder = "e8";
    m.dims = 8;
  }
  size_t at = 1;
  for (int record = 0; record < 8 && at + 2 <= size; ++record) {
    const uint8_t op = data[at];
    const size_t length = std::min<size_t>(data[at + 1], size - at - 2);
    const std::string_view payload(reinterpret_cast<const char*>(data) + at + 2, length);
    at += 2 + length;
    const uint8_t knob = payload.empty() ? 0 : static_cast<uint8_t>(payload[0]);
    const std::string_view rest = payload.empty() ? payload : payload.substr(1);

    switch (op % 10) {
      case 0: {  // use_embedder, structured: the model decides
        static const char* const kIds[] = {"e8", "other", ""};
        const std::string id = kIds[knob % 3];
        const long long dims = rest.size() >= 2 ? (static_cast<uint8_t>(rest[0]) | (static_cast<uint8_t>(rest[1]) << 8)) % 4100
                                                : static_cast<long long>(knob >> 2) - 1;
        const std::string text = fuzz::dump({{"id", id}, {"dimensions", dims}});
        const Observed before = observe(e);
        const json env = fuzz::envelope(e.use_embedder(text));
        const bool expected = !id.empty() && dims >= 1 && dims <= static_cast<long long>(kMaxDims);
        FUZZ_CHECK(fuzz::is_ok(env) == expected, "use_embedder's verdict is not the documented one", text);
        if (!expected) {
          FUZZ_CHECK(observe(e) == before, "a refused embedder changed the vectors", text);
        } else {
          if (id != m.embedder || static_cast<size_t>(dims) != m.dims) m.stored.clear(), m.counted = true;
          else if (m.is_static) m.counted = false;  // the table's vectors stay
          m.embedder = id;
          m.dims = static_cast<size_t>(dims);
          m.is_static = false;
        }
        check_info(e, m, text);
        break;
      }
      case 1: {  // use_embedder, raw JSON text
        const Observed before = observe(e);
        const std::string text(rest);
        const json env = fuzz::envelope(e.use_embedder(text));
        if (!fuzz::is_ok(env)) {
          FUZZ_CHECK(observe(e) == before, "a refused embedder changed the vectors", text);
          break;
        }
        const json info = fuzz::envelope(e.vector_info())["value"];
        const size_t dims = info["dimensions"].get<size_t>();
        FUZZ_CHECK(dims >= 1 && dims <= kMaxDims && info["static"] == false, "an accepted embedder has no valid dimensions", fuzz::dump(info));
        const std::string id = info["embedder"].get<std::string>();
        if (id != m.embedder || dims != m.dims) m.stored.clear(), m.counted = true;
        else if (m.is_static) m.counted = false;
        m.embedder = id;
        m.dims = dims;
        m.is_static = false;
        check_info(e, m, text);
        break;
      }
      case 2: {  // store_vectors, structured: names, hashes and values chosen by the payload
        const size_t rows = knob % 6;
        json names = json::array(), hashes = json::array();
        for (size_t r = 0; r < rows; ++r) {
          const uint8_t pick = r < rest.size() ? static_cast<uint8_t>(rest[r]) : static_cast<uint8_t>(r);
          const std::string name = pick % 8 == 7 ? "ghost_" + std::to_string(pick % 3) : b.names[pick % b.names.size()];
          names.push_back(name);
          hashes.push_back(pick & 0x80 ? std::string("stale") : (b.hashes.count(name) ? b.hashes.at(name) : std::string("x")));
        }
        if ((knob & 0x40) && !hashes.empty()) hashes.erase(hashes.end() - 1);  // one hash short
        const size_t want = rows * m.dims;
        const size_t floats = (knob & 0x80) ? want + 1 - 2 * (want > 0 && rest.size() % 2) : want;  // one off either way
        const std::vector<float> values = floats_from(rest.substr(std::min(rows, rest.size())), floats);
        const std::string meta = fuzz::dump({{"names", names}, {"hashes", hashes}});
        const Observed before = observe(e);
        const json env = fuzz::envelope(e.store_vectors(meta, float_bytes(values)));
        const bool expected = m.dims != 0 && names.size() == hashes.size() && values.size() == names.size() * m.dims && all_finite(values);
        FUZZ_CHECK(fuzz::is_ok(env) == expected, "store_vectors' verdict is not the documented one", meta);
        if (!fuzz::is_ok(env)) {
          FUZZ_CHECK(observe(e) == before, "refused vectors changed the store", meta);
        } else {
          for (size_t r = 0; r < names.size(); ++r) m.stored[names[r].get<std::string>()] = hashes[r].get<std::string>();
        }
        check_info(e, m, meta);
        break;
      }
      case 3: {  // store_vectors, raw meta text and raw bytes
        const size_t split = rest.empty() ? 0 : static_cast<uint8_t>(rest[0]) % rest.size();
        const std::string meta(rest.substr(0, split));
        const std::string bytes(rest.substr(split));
        const Observed before = observe(e);
        const json env = fuzz::envelope(e.store_vectors(meta, bytes));
        if (!fuzz::is_ok(env)) FUZZ_CHECK(observe(e) == before, "refused vectors changed the store", meta);
        else m.counted = false;  // names from raw text: not modelled from here on
        break;
      }
      case 4:
      case 5:  // search with a query vector, JSON and packed
        search_both(e, m, rest, knob);
        break;
      case 6: {  // explain, assemble and tool_search with a query vector: envelopes, core tools visible
        const std::string vector = (knob & 1) ? std::string(rest) : float_bytes(floats_from(rest, m.dims));
        const std::string name = b.names[knob % b.names.size()];
        const std::string opts = knob & 2 ? R"({"strategy":"hybrid"})" : R"({"strategy":"semantic"})";
        fuzz::envelope(e.explain("read the file", name, opts, vector));
        const json assembled = fuzz::envelope(
            e.assemble(R"({"mode":"preselect+bridge","userMessage":"list the directory","topK":3,"contextWindow":1000})", vector));
        if (fuzz::is_ok(assembled)) {
          std::set<std::string> visible;
          for (const json& v : assembled["value"]["visible"]) visible.insert(v["name"].get<std::string>());
          FUZZ_CHECK(visible.count("read_notes") && visible.count("ask_user"), "a core tool is not visible", fuzz::dump(assembled));
        }
        const json call = fuzz::envelope(e.handle_call("", R"({"name":"tool_search","arguments":{"query":"move a file"}})", vector));
        // The bridge falls back to keyword on a bad host vector: a model's search never fails for it.
        if (vector.size() % 4 == 0 && vector.size() / 4 <= kMaxDims) FUZZ_CHECK(fuzz::is_ok(call), "tool_search failed on a vector", fuzz::dump(call));
        break;
      }
      case 7: {  // a well-formed static table, through the input buffer or as a string
        const std::string table = table_from(rest);
        std::string answer;
        if (knob & 1) {
          char* in = e.input_buffer(table.size());
          FUZZ_CHECK(in != nullptr, "no input buffer for a table");
          std::memcpy(in, table.data(), table.size());
          answer = e.load_static_table_input(static_cast<uint32_t>(table.size()));
        } else {
          answer = e.load_static_table(table);
        }
        const json env = fuzz::envelope(answer);
        FUZZ_CHECK(fuzz::is_ok(env), "a well-formed static table was refused", answer);
        const json info = fuzz::envelope(e.vector_info())["value"];
        FUZZ_CHECK(info["static"] == true && info["dimensions"] == env["value"]["dimensions"], "a loaded table is not in vector_info", fuzz::dump(info));
        m = {info["embedder"].get<std::string>(), info["dimensions"].get<size_t>(), true, false, {}};
        // Text searches on any valid table run as asked: the table embeds the query.
        for (const char* strategy : {"semantic", "hybrid"}) {
          const std::string options = std::string(R"({"limit":4,"strategy":")") + strategy + "\"}";
          const json env2 = fuzz::envelope(e.search("read the file in the directory", options));
          FUZZ_CHECK(fuzz::is_ok(env2) && env2["strategy"] == strategy, "a text search on a valid static table failed", fuzz::dump(env2));
          check_hits(env2, 4, strategy, options);
        }
        break;
      }
      case 8: {  // a static table of raw bytes: refused ones change nothing
        const Observed before = observe(e);
        const json env = fuzz::envelope(e.load_static_table(rest));
        if (!fuzz::is_ok(env)) {
          FUZZ_CHECK(observe(e) == before, "a refused static table changed the vectors", std::string(rest));
        } else {
          const json info = fuzz::envelope(e.vector_info())["value"];
          m = {info["embedder"].get<std::string>(), info["dimensions"].get<size_t>(), true, false, {}};
        }
        break;
      }
      case 9: {  // snapshot round trip
        const json snap = fuzz::envelope(e.snapshot());
        FUZZ_CHECK(fuzz::is_ok(snap), "snapshot failed", fuzz::dump(snap));
        const std::string bytes(e.snapshot_bytes());
        JsonEngine f;
        const json loaded = fuzz::envelope(f.load_snapshot(bytes));
        FUZZ_CHECK(fuzz::is_ok(loaded), "an engine's own snapshot was refused", fuzz::dump(loaded));
        FUZZ_CHECK(fuzz::is_ok(fuzz::envelope(f.snapshot())) && f.snapshot_bytes() == bytes, "a loaded snapshot writes other bytes");
        if (!m.is_static) {
          FUZZ_CHECK(f.vector_info() == e.vector_info(), "a loaded snapshot has other vectors", f.vector_info() + "\n" + e.vector_info());
          const std::string vector = float_bytes(floats_from(rest, m.dims));
          const std::string opts = R"({"strategy":"semantic","limit":6})";
          FUZZ_CHECK(f.search("read", opts, vector) == e.search("read", opts, vector), "a loaded snapshot ranks a query vector otherwise");
        }
        break;
      }
    }
  }
  return 0;
}
