// Snapshots (core/include/toolsearch/snapshot.hpp, docs/snapshot-format.md): byte-identical
// round trips on real catalogs with the same answers, and damaged bytes of every kind refused
// with INVALID_SNAPSHOT while the engine keeps what it had.
#include "toolsearch/json_api.hpp"
#include "toolsearch/byte_io.hpp"
#include "toolsearch/snapshot.hpp"
#include "toolsearch/term_dictionary.hpp"
#include "toolsearch/xxh64.hpp"

#include <catch2/catch.hpp>

#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace toolsearch;
using nlohmann::json;

namespace {

json value(const std::string& envelope) {
  json j = json::parse(envelope);
  INFO(envelope);
  REQUIRE(j["ok"] == true);
  return j["value"];
}

std::string read_file(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

std::string snapshot_of(JsonEngine& e) {
  auto bytes = e.engine().snapshot();
  INFO(bytes.status().message);
  REQUIRE(bytes.ok());
  return bytes.value();
}

// Everything a caller can read from an engine, as text: equal text means equal answers.
std::string observe(JsonEngine& e, const std::vector<std::string>& queries) {
  std::string out = e.list_tools() + value(e.info())["fingerprint"].get<std::string>() + e.vector_info();
  out += e.configure("{}");
  const float vector[4] = {1, -2, 0.5f, 3};  // the small engine's embedder has 4 dimensions
  const std::string vector_bytes(reinterpret_cast<const char*>(vector), sizeof vector);
  for (const std::string& q : queries) {
    out += e.search(q, R"({"limit":10})");
    out += e.search(q, R"({"limit":10,"strategy":"hybrid"})", vector_bytes);
    out += e.search(q, R"({"limit":5,"deferredOnly":true})");
    out += e.suggest(q, "");
  }
  const json tools = value(e.list_tools());
  for (size_t i = 0; i < tools.size(); i += std::max<size_t>(1, tools.size() / 7)) {
    const std::string name = tools[i]["name"];
    out += e.describe(name, "");
    out += e.explain(queries.front(), name);
  }
  out += e.assemble(R"({"contextWindow":8000})");
  out += e.assemble(R"({"contextWindow":8000,"mode":"preselect","userMessage":")" + queries.front() + R"("})");
  // The catalog revision counts the engine's own mutations: runtime state, not content.
  for (size_t at = out.find("\"revision\":"); at != std::string::npos; at = out.find("\"revision\":", at + 1)) {
    const size_t end = out.find_first_not_of("0123456789", at + 11);
    out.erase(at + 11, end - (at + 11));
  }
  return out;
}

const char* kTools = R"([
  {"name":"read_file","title":"Read File","description":"Read the complete contents of a file from disk","source":"mcp:filesystem",
   "inputSchema":{"type":"object","properties":{"path":{"type":"string","description":"Where the file is"}},"required":["path"]},
   "annotations":{"readOnlyHint":true}},
  {"name":"read_file","description":"Read a file in a repository","source":"mcp:github",
   "inputSchema":{"type":"object","properties":{"owner":{"type":"string"},"repo":{"type":"string"},"path":{"type":"string"}}}},
  {"name":"create_issue","description":"Create a new issue in a GitHub repository","source":"mcp:github",
   "inputSchema":{"type":"object","properties":{"owner":{"type":"string"},"repo":{"type":"string"},"title":{"type":"string"}},"required":["owner","repo","title"]}},
  {"name":"send_message","description":"Post a message to a Slack channel","source":"mcp:slack","tags":["chat","team"],"pinned":true},
  {"name":"zeichne_Übersicht","description":"Erstellt eine Übersicht über Änderungen","source":"plugin"},
  {"name":"clarify","description":"Ask the user a clarifying question","source":"core"},
  {"name":"Read.File","description":"Spelled with a dot","source":"client"}
])";

// A small engine with every kind of state a snapshot holds: options, namespaced tools, tags,
// annotations, pins, a server pin, token costs and tool vectors.
void fill_small(JsonEngine& e) {
  value(e.configure(R"({"gate":{"thresholdPct":5},"bm25":{"k1":1.5},"analysis":{"lexicon":{"msg":"message"}},"retrieval":{"depth":40}})"));
  value(e.add_tools(kTools));
  value(e.pin_server("github", true));
  value(e.use_embedder(R"({"id":"test-embedder","dimensions":4})"));
  const json pending = value(e.pending_vectors());
  json names = json::array(), hashes = json::array();
  std::vector<float> floats;
  for (size_t i = 0; i < pending.size(); ++i) {
    names.push_back(pending[i]["name"]);
    hashes.push_back(pending[i]["hash"]);
    for (int d = 0; d < 4; ++d) floats.push_back(static_cast<float>((i + 1) * (d + 2) % 7) - 3.0f);
  }
  std::string bytes(floats.size() * sizeof(float), '\0');
  std::memcpy(&bytes[0], floats.data(), bytes.size());
  value(e.store_vectors(json{{"names", names}, {"hashes", hashes}}.dump(), bytes));
}

// "read.file" names Read.File literally (exact tier 0) and read_file by its parts (tier 1).
const std::vector<std::string> kSmallQueries = {"read a file", "read.file", "open an issue", "msg the team",
                                                "Übersicht", "clarify", "reed fle", "zeichne"};

JsonEngine& small_engine() {
  static JsonEngine e;
  static bool filled = false;
  if (!filled) {
    fill_small(e);
    filled = true;
  }
  return e;
}

}  // namespace

TEST_CASE("snapshot: XXH64 matches the reference implementation", "[snapshot]") {
  CHECK(xxh64("") == 0xEF46DB3751D8E999ull);
  std::string s;
  for (int i = 0; i < 100; ++i) s.push_back(static_cast<char>(i * 7 + 3));
  // Values from xxhash-wasm (npm) over the same bytes: every tail length and stripe path.
  CHECK(xxh64(std::string_view(s.data(), 1)) == 0x1f25c8d0bc1f4bb6ull);
  CHECK(xxh64(std::string_view(s.data(), 3)) == 0x31d2363f52e564c9ull);
}

TEST_CASE("snapshot: a small engine round-trips byte for byte with the same answers", "[snapshot]") {
  JsonEngine& original = small_engine();
  const std::string bytes = snapshot_of(original);
  CHECK(bytes.compare(0, 8, "TOOLSNAP") == 0);

  JsonEngine loaded;
  const json info = value(loaded.load_snapshot(bytes));
  CHECK(info["size"] == 7);
  CHECK(info["fingerprint"] == value(original.info())["fingerprint"]);
  CHECK(info["config"] == value(original.configure("{}")));
  CHECK(snapshot_of(loaded) == bytes);
  CHECK(observe(loaded, kSmallQueries) == observe(original, kSmallQueries));
  CHECK(value(loaded.search("read.file", "{}"))[0]["name"] == "Read.File");  // by its literal name, first
  // The loaded catalog is an ordinary one: it changes, and the change is indexed.
  value(loaded.add_tools(R"([{"name":"archive_report","description":"Archive a finished report"}])"));
  CHECK(value(loaded.search("archive report", "{}"))[0]["name"] == "archive_report");
  CHECK(value(loaded.info())["fingerprint"] != value(original.info())["fingerprint"]);
}

TEST_CASE("snapshot: an empty engine round-trips", "[snapshot]") {
  JsonEngine empty;
  const std::string bytes = snapshot_of(empty);
  JsonEngine loaded;
  value(loaded.add_tools(kTools));
  CHECK(value(loaded.load_snapshot(bytes))["size"] == 0);
  CHECK(snapshot_of(loaded) == bytes);
}

TEST_CASE("snapshot: the built-in catalog and Seal-Tools round-trip with identical search results", "[snapshot]") {
  struct Case {
    std::string name;
    std::string options;
    json tools;
    std::vector<std::string> queries;
  };
  std::vector<Case> cases;
  {
    const json doc = json::parse(read_file(std::string(TOOLSEARCH_SOURCE_DIR) + "/js/catalogs/official-mcp.json"));
    json tools = json::array();
    for (const json& server : doc["servers"]) {
      for (json tool : server["tools"]) {
        tool["source"] = "mcp:" + server["server"].get<std::string>();
        tools.push_back(std::move(tool));
      }
    }
    cases.push_back({"official-mcp", "{}", tools, {"open a PR", "ls the folder", "remember this fact", "mcp_github_create_issue"}});
  }
#ifdef TOOLSEARCH_DATA_DIR  // defined only when the data is there (tests/cpp/CMakeLists.txt)
  {
    std::istringstream lines(read_file(std::string(TOOLSEARCH_DATA_DIR) + "/seal_tools/catalog.jsonl"));
    json tools = json::array();
    for (std::string line; std::getline(lines, line);) {
      if (!line.empty()) tools.push_back(json::parse(line));
    }
    REQUIRE(tools.size() > 4000);
    cases.push_back({"seal_tools", R"({"namespacing":"prefix"})", tools,
                     {"I need to analyze DNA evidence from a crime scene", "book a flight to Paris", "weather"}});
  }
#endif
  for (const Case& c : cases) {
    INFO(c.name);
    JsonEngine original(c.options);
    value(original.add_tools(c.tools.dump(), R"({"onInvalid":"skip"})"));
    const std::string bytes = snapshot_of(original);
    JsonEngine loaded;
    value(loaded.load_snapshot(bytes));
    CHECK(snapshot_of(loaded) == bytes);
    CHECK(observe(loaded, c.queries) == observe(original, c.queries));
  }
}

TEST_CASE("snapshot: truncated, corrupted and foreign bytes are INVALID_SNAPSHOT and lose nothing", "[snapshot]") {
  const std::string bytes = snapshot_of(small_engine());
  JsonEngine e;
  value(e.add_tools(R"([{"name":"keep_me","description":"Stays whatever is loaded"}])"));
  const std::string before = observe(e, {"keep"});
  const std::string before_bytes = snapshot_of(e);
  auto refused = [&](const std::string& candidate) {
    const json j = json::parse(e.load_snapshot(candidate));
    if (j["ok"] == true) return std::string("accepted");
    return j["error"]["code"].get<std::string>() + ": " + j["error"]["message"].get<std::string>();
  };

  SECTION("every truncation") {
    for (size_t n = 0; n < bytes.size(); ++n) {
      INFO(n);
      CHECK(refused(bytes.substr(0, n)).rfind("INVALID_SNAPSHOT", 0) == 0);
    }
    CHECK(refused(bytes + '\0').find("follow its end") != std::string::npos);
  }
  SECTION("every byte flipped") {
    for (size_t i = 0; i < bytes.size(); ++i) {
      std::string damaged = bytes;
      damaged[i] = static_cast<char>(damaged[i] ^ (1 << (i % 8)));
      INFO(i);
      CHECK(refused(damaged).rfind("INVALID_SNAPSHOT", 0) == 0);
    }
  }
  SECTION("wrong magic, version and flags say so") {
    std::string other = bytes;
    other[0] = 'X';
    CHECK(refused(other).find("not a tool-search snapshot") != std::string::npos);
    CHECK(refused("{\"tools\":[]}").find("not a tool-search snapshot") != std::string::npos);
    other = bytes;
    other[8] = 99;
    CHECK(refused(other).find("format version 99 is not supported") != std::string::npos);
    other = bytes;
    other[12] = 1;
    CHECK(refused(other).find("flags") != std::string::npos);
    other = bytes;
    other[bytes.size() - 1] ^= 0x40;
    CHECK(refused(other).find("checksum") != std::string::npos);
  }
  CHECK(observe(e, {"keep"}) == before);
  CHECK(snapshot_of(e) == before_bytes);
}

TEST_CASE("snapshot: damage behind a valid checksum is refused or read back exactly", "[snapshot]") {
  // The checksum stops accidental damage; these bytes get a correct one, so every structural
  // check of the reader is reached. Whatever it accepts must write the same bytes again.
  const std::string bytes = snapshot_of(small_engine());
  JsonEngine e;
  value(e.add_tools(R"([{"name":"keep_me"}])"));
  const std::string fingerprint = value(e.info())["fingerprint"];
  size_t accepted = 0;
  for (size_t i = 32; i < bytes.size(); ++i) {
    for (const unsigned char delta : {0x01, 0x80, 0xFF}) {
      std::string damaged = bytes;
      damaged[i] = static_cast<char>(damaged[i] ^ delta);
      const uint64_t sum = xxh64(std::string_view(damaged).substr(32));
      std::memcpy(&damaged[24], &sum, sizeof sum);
      JsonEngine probe;
      const json j = json::parse(probe.load_snapshot(damaged));
      INFO("byte " << i << " ^ " << int(delta));
      if (j["ok"] == true) {
        ++accepted;
        CHECK(snapshot_of(probe) == damaged);
        probe.search("read a file", "{}");
        probe.assemble(R"({"contextWindow":1000})");
      } else {
        CHECK(j["error"]["code"] == "INVALID_SNAPSHOT");
        if (i % 97 == 0) {
          CHECK(json::parse(e.load_snapshot(damaged))["ok"] == false);
          CHECK(value(e.info())["fingerprint"] == fingerprint);
        }
      }
    }
  }
  CHECK(accepted > 0);  // text bytes (descriptions) are free to change
}

TEST_CASE("snapshot: a vocabulary table that would make lookups walk far is refused", "[snapshot]") {
  // A forged table of 2^23 slots all naming one term passed the old checks (ids in range, one
  // empty slot) and made every lookup of a missing word walk it: seconds a query. No run of
  // filled slots may now be longer than kMaxRun.
  TermDictionary d;
  const size_t n = 3000;
  for (size_t i = 0; i < n; ++i) d.intern("term" + std::to_string(i));
  std::string bytes;
  ByteWriter w(bytes);
  d.write(w);
  const size_t slots = 8192;  // the smallest power of two of at least 2 (n + 1)
  const size_t at = bytes.size() - 4 * slots;  // the slot array is written last
  uint32_t count = 0;
  std::memcpy(&count, &bytes[at - 4], 4);
  REQUIRE(count == slots);
  auto read = [](const std::string& b) {
    TermDictionary back;
    ByteReader r(b);
    back.read(r);
    return std::make_pair(r.ok(), back.size());
  };
  CHECK(read(bytes) == std::make_pair(true, n));
  auto forged = [&](auto slot_value) {
    std::string b = bytes;
    for (size_t i = 0; i < slots; ++i) {
      const uint32_t v = slot_value(i);
      std::memcpy(&b[at + 4 * i], &v, 4);
    }
    return read(b);
  };
  const std::pair<bool, size_t> refused{false, 0};
  CHECK(forged([&](size_t i) { return i + 1 < slots ? 1u : 0u; }) == refused);                    // one id everywhere
  CHECK(forged([&](size_t i) { return i < n ? static_cast<uint32_t>(i + 1) : 0u; }) == refused);  // one run of n
  CHECK(forged([&](size_t i) { return i % 2 == 0 && i / 2 < n ? static_cast<uint32_t>(i / 2 + 1) : i == 1 ? uint32_t(n + 1) : 0u; }) ==
        refused);  // an id out of range
  // The last run continues into the first: 600 + 600 filled slots across the end are one run.
  CHECK(forged([&](size_t i) {
          return i < 600 ? static_cast<uint32_t>(i + 1) : i >= slots - 600 ? static_cast<uint32_t>(i - (slots - 1200) + 1) : 0u;
        }) == refused);
  // Runs of at most kMaxRun are a table's own business (a wrong place only misses).
  CHECK(forged([&](size_t i) {
          return i < 512 ? static_cast<uint32_t>(i + 1) : i >= slots - 512 ? static_cast<uint32_t>(i - (slots - 1024) + 1) : 0u;
        }) == std::make_pair(true, n));
  CHECK(forged([&](size_t i) {
          const size_t run = i / (TermDictionary::kMaxRun + 1), pos = i % (TermDictionary::kMaxRun + 1);
          const size_t id = run * TermDictionary::kMaxRun + pos;
          return pos < TermDictionary::kMaxRun && id < n ? static_cast<uint32_t>(id + 1) : 0u;
        }) == std::make_pair(true, n));
}

TEST_CASE("snapshot: a vocabulary whose words collide (an unseeded hash) still loads", "[snapshot]") {
  // 1,100 words that share the low 12 bits of their hash fill one run of a 4,096-slot table,
  // as interning them does in memory; the table is checked against its terms and accepted.
  const uint32_t target = TermDictionary::hash("w0") & 4095;
  TermDictionary d;
  std::vector<std::string> words;
  for (size_t i = 0; words.size() < 1100; ++i) {
    const std::string w = "w" + std::to_string(i);
    if ((TermDictionary::hash(w) & 4095) == target) words.push_back(w);
  }
  for (const std::string& w : words) d.intern(w);
  std::string bytes;
  ByteWriter w(bytes);
  d.write(w);
  TermDictionary back;
  ByteReader r(bytes);
  back.read(r);
  REQUIRE(r.ok());
  REQUIRE(back.size() == words.size());
  for (uint32_t id = 0; id < words.size(); ++id) CHECK(back.find(words[id]) == id);
  // The same slots with one term's stored hash changed are not its own table.
  std::string forged = bytes;
  const size_t hash_at = bytes.size() - 4 * 4096 - 4 - 4 * words.size();
  forged[hash_at] = static_cast<char>(forged[hash_at] ^ 1);
  TermDictionary refused;
  ByteReader r2(forged);
  refused.read(r2);
  CHECK_FALSE(r2.ok());
}

TEST_CASE("snapshot: a schema text that is not an object reads as an empty object", "[snapshot]") {
  // Loading does not read schema texts (a native 10,000-tool load spent about a tenth of its
  // time on their first and last bytes); a forged one that is valid JSON but no object is
  // caught when first used, and reads as an empty object everywhere, as text that does not
  // parse does.
  std::string bytes = snapshot_of(small_engine());
  const json tool = value(small_engine().describe("create_issue", ""));
  const std::string schema = tool["inputSchema"].dump();
  const size_t at = bytes.find(schema);
  REQUIRE(at != std::string::npos);
  bytes.replace(at, schema.size(), "[" + std::string(schema.size() - 2, ' ') + "]");
  const uint64_t sum = xxh64(std::string_view(bytes).substr(32));
  std::memcpy(&bytes[24], &sum, sizeof sum);
  JsonEngine e;
  value(e.load_snapshot(bytes));
  CHECK(value(e.describe("create_issue", ""))["inputSchema"] == json::object());
  for (const Tool& t : e.engine().catalog().tools()) {  // the tree the validator reads, too
    if (t.name == "create_issue") CHECK(t.input_schema.get() == json::object());
  }
  for (const json& t : value(e.list_tools())) {
    if (t["name"] == "create_issue") CHECK(t["inputSchema"] == json::object());
  }
  CHECK(snapshot_of(e) == bytes);  // the text itself is kept, as it was
}

TEST_CASE("snapshot: loading keeps sessions open and replaces the options", "[snapshot]") {
  const std::string bytes = snapshot_of(small_engine());
  JsonEngine e(R"({"gate":{"thresholdPct":50},"namespacing":"none"})");
  value(e.add_tools(R"([{"name":"other","source":"mcp:x"}])"));
  const std::string session = value(e.open_session(R"({"sources":["mcp:github"]})"))["id"];
  value(e.load_snapshot(bytes));
  CHECK(value(e.configure("{}")) == value(small_engine().configure("{}")));
  const json hits = value(e.search("read a file", json{{"session", session}}.dump()));
  REQUIRE(hits.size() >= 1);
  for (const json& h : hits) CHECK(h["source"] == "mcp:github");
  CHECK(value(e.info())["sessions"] == 1);
}

TEST_CASE("snapshot: options a snapshot cannot name are refused when writing", "[snapshot]") {
  EngineOptions options;
  options.bm25.analyzer.stemmer = [](std::string_view s) { return std::string(s); };
  Engine e(options);
  REQUIRE(e.configure(options).ok());
  auto bytes = e.snapshot();
  CHECK_FALSE(bytes.ok());
  CHECK(bytes.status().code == ErrorCode::InvalidConfig);
}
