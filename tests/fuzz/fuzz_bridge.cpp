// Arbitrary model tool calls against the real official-MCP catalog, in sessions scoped to one
// server, through JsonEngine::handle_call and assemble (the path every host uses).
//
// The scope check is differential. Each server S has a twin engine holding only S's tools (plus
// the core tools), configured alike. A session scoped to S in the full engine must get, call for
// call, byte-identical answers to the same session in the twin, where every out-of-scope name
// simply does not exist. Both engines are asked about the *same name string*, so "did you mean"
// suggestions (which depend on the string) are comparable, and any trace of an out-of-scope tool
// (its existence, schema, class, a suggestion, a different refusal) shows up as a byte difference.
// Ranking included: a scoped session ranks with statistics of its in-scope tools alone (document
// count, document frequencies, field lengths, vocabulary, typo candidates), so tool_search's
// hits and scores, the pre-selected top-K and every assembly must equal the twin's byte for
// byte, and the activated sets must stay equal. (Until statistics were per scope, ranking was
// exempt here and only checked to stay in scope.)
//
// The host API gets the same treatment: describe, suggest, search and explain in the scoped
// session must answer byte for byte what the twin answers (an out-of-scope name reads exactly as
// a name that does not exist). list_tools() takes no session, so it has no scoped form.
//
// Input: byte 0 = server (bits 0-3; 15 = the engine shared by all servers, with the server picked
// by the input's last byte), gate config (bit 4), context window (bits 5-7); then up to 8
// calls separated by 0x01, each "<kind byte><name byte><text>". "@@" in text is replaced by the
// name the name byte picks (catalog names in and out of scope, core, bridge and near-miss names).
// Kinds (mod 7): 0 raw call text, 1 tool_search, 2 tool_describe, 3 tool_call, 4 a direct call
// of the picked name, 5 assemble, 6 the host's describe / suggest / search.
#include "fuzz_common.hpp"

#include "toolsearch/json_api.hpp"
#include "toolsearch/json_codec.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

using namespace toolsearch;
using nlohmann::json;

namespace {

constexpr const char* kConfigs[] = {
    R"({"namespacing":"prefix"})",
    // Gate always on, no lazy activation, promoted activations, no inlined schemas: the other
    // side of every branch the default config takes.
    R"({"namespacing":"prefix","gate":{"enabled":"on","lazy_activation":false,"activation":"promote",)"
    R"("inline_schema_max_tokens":0,"inline_max_count":2}})",
};
constexpr size_t kWindows[] = {0, 1, 500, 2000, 8000, 32000, 200000, 1000000};

// The full catalog is held by one engine per config and server, plus one per config that every
// server's sessions share. An engine caches the indexes and first-turn plans of its 8 most
// recent scopes; with 15 servers in one engine most inputs rebuilt them, about half the
// harness's time, so most inputs take their server's own engine, where the caches hold.
// Inputs whose server bits are all set take the shared engine, so caches that serve several
// scopes, and their eviction, stay under the differential check.
struct World {
  std::vector<std::string> servers;                  // "everything", "filesystem", ...
  mutable std::vector<std::unique_ptr<JsonEngine>> full[2];  // per config, per server, made on first use
  std::string all_text;                              // the full catalog's add() envelope
  std::unique_ptr<JsonEngine> shared[2];             // per config
  std::vector<std::unique_ptr<JsonEngine>> only[2];  // per config, per server
  std::map<std::string, std::string> source_of;      // real name -> source
  std::set<std::string> core;
  std::vector<std::string> names;                    // what "@@" and direct calls can name
};

std::unique_ptr<JsonEngine> load_full(const std::string& all_text, int config) {
  auto e = std::make_unique<JsonEngine>(kConfigs[config]);
  FUZZ_CHECK(fuzz::is_ok(fuzz::envelope(e->add_tools(all_text))), "full catalog did not load");
  (void)e->engine().index();
  return e;
}

const World& world() {
  static const World w = [] {
    World out;
    const json tools = fuzz::official_tools();
    const json core = fuzz::core_tools();
    std::map<std::string, json> by_server;
    for (const json& t : tools) by_server[t["source"].get<std::string>().substr(4)].push_back(t);
    for (auto& [server, list] : by_server) out.servers.push_back(server);

    json all = tools;
    for (const json& t : core) all.push_back(t);
    out.all_text = fuzz::dump(all);
    for (int c = 0; c < 2; ++c) {
      out.shared[c] = load_full(out.all_text, c);
      out.full[c].resize(out.servers.size());
      for (const std::string& server : out.servers) {
        json mine = by_server[server];
        for (const json& t : core) mine.push_back(t);
        auto e = std::make_unique<JsonEngine>(kConfigs[c]);
        FUZZ_CHECK(fuzz::is_ok(fuzz::envelope(e->add_tools(fuzz::dump(mine)))), "twin catalog did not load");
        (void)e->engine().index();
        out.only[c].push_back(std::move(e));
      }
    }
    const json listed = fuzz::envelope(out.shared[0]->list_tools())["value"];
    FUZZ_CHECK(listed.size() == all.size(), "the full catalog lost tools");
    for (const json& t : listed) {
      const std::string name = t["name"];
      out.source_of[name] = t["source"];
      if (t["class"] == "core") out.core.insert(name);
      out.names.push_back(name);
      if (t.contains("originalName")) out.names.push_back(t["originalName"]);  // unprefixed
    }
    for (const char* n : {"tool_search", "tool_describe", "tool_call", "", "mcp_github_create_issu",
                          "MCP_GITHUB_CREATE_ISSUE", "mcp_github_create_issue_x", "create issue"}) {
      out.names.push_back(n);
    }
    return out;
  }();
  return w;
}

// The differential check is only as good as its ability to see a difference: an out-of-scope
// describe must differ between an unrestricted session and the twin, or the twins are vacuous.
void self_test() {
  static bool done = false;
  if (done) return;
  done = true;
  const World& w = world();
  JsonEngine& full = *w.shared[0];
  JsonEngine& only = *w.only[0][0];  // first server's twin; ask about a tool of another server
  std::string foreign;
  for (const auto& [name, source] : w.source_of) {
    if (source != "core" && source != "mcp:" + w.servers[0]) foreign = name;
  }
  const std::string call = fuzz::dump({{"name", "tool_describe"}, {"arguments", {{"name", foreign}}}});
  const std::string free_id = fuzz::envelope(full.open_session("{}"))["value"]["id"];
  const std::string scope = fuzz::dump({{"sources", {"mcp:" + w.servers[0]}}});
  const std::string full_id = fuzz::envelope(full.open_session(scope))["value"]["id"];
  const std::string only_id = fuzz::envelope(only.open_session(scope))["value"]["id"];
  const std::string twin = only.handle_call(only_id, call);
  FUZZ_CHECK(full.handle_call(free_id, call) != twin, "self-test: the twin comparison cannot see a difference");
  FUZZ_CHECK(full.handle_call(full_id, call) == twin, "self-test: out-of-scope describe differs from unknown name",
              full.handle_call(full_id, call) + "\n" + twin);
  full.close_session(free_id);
  full.close_session(full_id);
  only.close_session(only_id);
}

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

// Arguments as the model might send them: JSON when the text is JSON, else the text as a string.
json arguments_from(const std::string& text) {
  auto parsed = parse_json(text);
  if (parsed.ok()) return std::move(parsed).value();
  return json(text);
}

struct Turn {
  JsonEngine* engine;
  std::string session;
};

std::set<std::string>& activated(const Turn& t) {
  return t.engine->engine().session(t.session)->activated;
}

bool in_scope(const World& w, const std::string& name, const std::string& server) {
  auto it = w.source_of.find(name);
  return it != w.source_of.end() && (server.empty() || it->second == "core" || it->second == "mcp:" + server);
}

// `server` is the session's scope ("" = unrestricted). `visible` and `logical` are names.
void check_assembly(const World& w, const std::vector<std::string>& visible_names, const std::vector<std::string>& logical,
                    const std::string& request, const std::string& server, const std::function<std::string()>& answer) {
  std::set<std::string> visible;
  for (const std::string& name : visible_names) {
    FUZZ_CHECK(visible.insert(name).second, "a tool is visible twice", request);
    const bool bridge = name == "tool_search" || name == "tool_describe" || name == "tool_call";
    FUZZ_CHECK(bridge || in_scope(w, name, server), "an assembly shows a tool out of scope", request + "\n" + answer());
  }
  // The deferred tools are the logical ones that are not visible.
  for (const std::string& n : logical) {
    FUZZ_CHECK(in_scope(w, n, server), "an assembly lists a tool out of scope", request + "\n" + answer());
  }
  for (const std::string& c : w.core) {
    FUZZ_CHECK(visible.count(c) == 1, "a core tool is not visible", request + "\n" + answer());
  }
}

// An assembly as the JSON API answered it.
void check_assembly(const World& w, const std::string& answer, const std::string& request, const std::string& server) {
  const json env = fuzz::envelope(answer);
  if (!fuzz::is_ok(env)) return;
  std::vector<std::string> visible, logical;
  for (const json& v : env["value"]["visible"]) visible.push_back(v["name"]);
  for (const json& n : env["value"]["logical"]) logical.push_back(n);
  check_assembly(w, visible, logical, request, server, [&] { return answer; });
}

// The unrestricted session's assembly, read from the engine's result: its JSON would be the
// whole catalog's definitions, and writing and parsing them was most of an assemble turn's
// cost, while the scoped sessions' answers already exercise the same writer.
void check_open_assembly(const World& w, JsonEngine& engine, const std::string& session, const json& request,
                         const std::string& what) {
  std::string ignored;
  auto parsed = assemble_request_from_json(request, ignored);
  if (!parsed.ok()) return;  // the scoped sessions' answers carry the same refusal
  auto result = engine.engine().assemble(session, parsed.value(), {});
  if (!result.ok()) return;
  const auto& tools = engine.engine().catalog().tools();
  std::vector<std::string> visible, logical;
  for (const VisibleTool& v : result.value().visible) visible.push_back(v.name);
  for (uint32_t i : result.value().logical) logical.push_back(tools[i].name);
  check_assembly(w, visible, logical, what, "", [&] { return fuzz::dump(json(visible)); });
}

// What any single answer must satisfy, whatever the session. Returns the parsed envelope.
json check_answer(const World& w, const std::string& answer, const std::string& server, const std::string& call) {
  json env = fuzz::envelope(answer);
  if (!fuzz::is_ok(env)) return env;
  const json& v = env["value"];
  const std::string kind = v["kind"];
  const std::string name = v["name"];
  auto in_scope = [&](const std::string& n) { return ::in_scope(w, n, server); };
  if (kind == "dispatch") {
    FUZZ_CHECK(name != "tool_search" && name != "tool_describe" && name != "tool_call",
                "a bridge tool was dispatched", call + "\n" + answer);
    FUZZ_CHECK(in_scope(name), "an out-of-scope or unknown tool was dispatched", call + "\n" + answer);
    if (v["viaBridge"].get<bool>()) {
      FUZZ_CHECK(!w.core.count(name), "tool_call dispatched a core tool", call + "\n" + answer);
    }
    FUZZ_CHECK(v["arguments"].is_object(), "dispatch arguments are not an object", answer);
  } else if (kind == "search") {
    for (const json& m : v["result"]["matches"]) {
      const std::string n = m["name"];
      FUZZ_CHECK(in_scope(n) && !w.core.count(n), "tool_search returned a tool out of scope or core", call + "\n" + answer);
    }
  } else if (kind == "describe") {
    FUZZ_CHECK(in_scope(name), "tool_describe disclosed a tool out of scope", call + "\n" + answer);
  } else {
    FUZZ_CHECK(kind == "refusal", "unknown outcome kind", answer);
    FUZZ_CHECK(v["reason"] != "internal_error", "internal_error refusal", call + "\n" + answer);
  }
  return env;
}

// The host's describe / suggest / search / explain about `name` in the scoped session and in
// the twin: byte-identical answers, and search hits in scope.
void host_calls(const World& w, JsonEngine& full, JsonEngine& only, const std::string& scoped, const std::string& twin,
                const std::string& server, const std::string& name, const std::string& text, uint8_t which) {
  switch (which % 4) {
    case 0:
    case 1: {
      const auto ask = which % 4 == 0 ? &JsonEngine::describe : &JsonEngine::suggest;
      const std::string a = (full.*ask)(name, scoped);
      const std::string b = (only.*ask)(name, twin);
      fuzz::envelope(a);
      FUZZ_CHECK(a == b, which % 4 == 0 ? "a scoped describe differs from the twin's" : "a scoped suggest differs from the twin's",
                 name + "\nfull: " + a + "\ntwin: " + b);
      break;
    }
    case 2: {
      const std::string query = text.empty() ? name : text;
      const std::string a = full.search(query, fuzz::dump({{"session", scoped}, {"limit", 1 + which % 9}}));
      const std::string b = only.search(query, fuzz::dump({{"session", twin}, {"limit", 1 + which % 9}}));
      const json env = fuzz::envelope(a);
      if (fuzz::is_ok(env)) {
        for (const json& hit : env["value"]) {
          const std::string n = hit["name"];
          FUZZ_CHECK(in_scope(w, n, server), "a scoped search returned a tool out of scope", query + "\n" + n);
        }
      }
      FUZZ_CHECK(a == b, "a scoped search differs from the twin's", query + "\nfull: " + a + "\ntwin: " + b);
      break;
    }
    default: {
      const std::string query = text.empty() ? name : text;
      const std::string a = full.explain(query, name, fuzz::dump({{"session", scoped}}));
      const std::string b = only.explain(query, name, fuzz::dump({{"session", twin}}));
      fuzz::envelope(a);
      FUZZ_CHECK(a == b, "a scoped explain differs from the twin's", query + " / " + name + "\nfull: " + a + "\ntwin: " + b);
      break;
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const World& w = world();
  self_test();
  const uint8_t head = data[0];
  const bool shared = (head & 15) == 15;
  const size_t s = (shared ? data[size - 1] : head & 15) % w.servers.size();
  const int config = (head >> 4) & 1;
  const std::string& server = w.servers[s];

  std::unique_ptr<JsonEngine>& own = w.full[config][s];
  if (!shared && !own) own = load_full(w.all_text, config);
  JsonEngine& full = shared ? *w.shared[config] : *own;
  JsonEngine& only = *w.only[config][s];
  const std::string scope = fuzz::dump({{"sources", {"mcp:" + server}}});
  const Turn scoped{&full, fuzz::envelope(full.open_session(scope))["value"]["id"]};
  const Turn twin{&only, fuzz::envelope(only.open_session(scope))["value"]["id"]};
  const Turn open{&full, fuzz::envelope(full.open_session("{}"))["value"]["id"]};

  auto assemble_all = [&](json request, const std::string& what, bool with_open) {
    request["session"] = scoped.session;
    const std::string a = full.assemble(fuzz::dump(request));
    request["session"] = twin.session;
    const std::string b = only.assemble(fuzz::dump(request));
    check_assembly(w, a, what, server);
    if (b != a) check_assembly(w, b, what, server);  // parsing is most of the cost: once if equal
    if (with_open) check_open_assembly(w, full, open.session, request, what);
    FUZZ_CHECK(a == b, "a scoped assembly differs from its twin's", what + "\n" + a + "\n" + b);
  };
  // The unrestricted session plans lazily inside handle_call; its assembly is checked only on
  // explicit assemble turns, since dumping and parsing the whole catalog dominates the run time.
  assemble_all({{"contextWindow", kWindows[head >> 5]}}, "initial assemble", false);

  std::string_view rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  for (int turn = 0; turn < 8 && !rest.empty(); ++turn) {
    const size_t cut = rest.find('\x01');
    std::string_view seg = rest.substr(0, cut);
    rest = cut == std::string_view::npos ? std::string_view() : rest.substr(cut + 1);
    if (seg.size() < 2) continue;
    const uint8_t kind = static_cast<uint8_t>(seg[0]) % 7;
    const std::string& picked = w.names[static_cast<uint8_t>(seg[1]) % w.names.size()];
    // The name JSON-escaped without its quotes, so "@@" works inside JSON strings.
    const std::string escaped = fuzz::dump(json(picked)).substr(1, fuzz::dump(json(picked)).size() - 2);
    const std::string text = replace_all(std::string(seg.substr(2)), "@@", escaped);

    if (kind == 6) {
      host_calls(w, full, only, scoped.session, twin.session, server, picked, text, static_cast<uint8_t>(seg[0]) / 7);
      FUZZ_CHECK(activated(scoped) == activated(twin), "a host call activated different tools than in the twin", picked);
      continue;
    }
    if (kind == 5) {
      json request = {{"contextWindow", kWindows[static_cast<uint8_t>(seg[1]) & 7]}, {"userMessage", text}};
      const char* modes[] = {"bridge", "preselect", "preselect+bridge", "bridge"};
      request["mode"] = modes[(static_cast<uint8_t>(seg[1]) >> 3) & 3];
      assemble_all(request, "assemble " + fuzz::dump(request), true);
      continue;
    }
    std::string call;
    if (kind == 0) {
      call = text;  // the model's call object verbatim, malformed or not
    } else {
      static const char* const bridge[] = {"", "tool_search", "tool_describe", "tool_call"};
      json c = {{"name", kind == 4 ? picked : std::string(bridge[kind])}};
      if (!text.empty()) c["arguments"] = arguments_from(text);
      call = fuzz::dump(c);
    }

    const std::string a = full.handle_call(scoped.session, call);
    const std::string b = only.handle_call(twin.session, call);
    const std::string c = full.handle_call(open.session, call);
    // Parsing is most of the harness's own cost: each distinct answer is parsed once.
    check_answer(w, a, server, call);
    if (b != a) check_answer(w, b, server, call);
    check_answer(w, c, "", call);
    FUZZ_CHECK(a == b, "an answer in a scoped session differs from the twin without out-of-scope tools",
                "call: " + call + "\nfull: " + a + "\ntwin: " + b);
    FUZZ_CHECK(activated(scoped) == activated(twin), "a call activated different tools than in the twin", call);
  }

  full.close_session(scoped.session);
  only.close_session(twin.session);
  full.close_session(open.session);
  return 0;
}
