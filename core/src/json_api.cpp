#include "toolsearch/json_api.hpp"

#include "toolsearch/json_text.hpp"
#include "toolsearch/snapshot.hpp"
#include "toolsearch/text.hpp"
#include "toolsearch/token_estimator.hpp"
#include "toolsearch/sort_by.hpp"

#include <algorithm>
#include <cstring>
#include <exception>
#include <new>
#include <type_traits>

namespace toolsearch {
namespace {

using nlohmann::json;

// Envelopes and values are written as text, keys in the order json::dump would write them
// (sorted): building json trees and dumping them took more wasm than the methods themselves.
// The envelope's opening; the caller appends the value's text, then closes with '}'.
std::string ok_open() { return R"({"ok":true,"value":)"; }

// {"ok":true,"value":{"fingerprint":"..."}}, what every catalog edit without a list returns.
std::string ok_fingerprint(const Catalog& catalog) {
  std::string out = ok_open() + R"({"fingerprint":)";
  append_json_string(out, catalog.fingerprint());
  return out + "}}";
}

// {"ok":false,"error":{code, message, suggestions?}} (describe's "suggestions": a name list).
std::string fail(const Status& s, const std::vector<std::string>* suggestions = nullptr) {
  std::string out = R"({"ok":false,"error":{"code":")";
  out += to_string(s.code);
  out += R"(","message":)";
  // Messages can quote caller input, so invalid UTF-8 is replaced as dump() would.
  append_json_string(out, s.message);
  if (suggestions) {
    out += R"(,"suggestions":)";
    append_json_string_array(out, *suggestions);
  }
  out += "}}";
  return out;
}

// The last line of defence: nothing escapes into JS as a bare exception pointer. One guard
// for every method, reached through a plain function pointer: the try/catch, the JSON parse
// and their failure envelopes exist once in the module instead of once per method.
using GuardedBody = std::string (*)(void* body, json* input);

}  // namespace
}  // namespace toolsearch

// A host may hold memory back for the unwinding after an allocation fails, re-armed as each
// call starts and after a failure. The wasm module does (wasm/memory_reserve.cpp): a throw
// inside a noexcept destructor that allocates (nlohmann::json's) is std::terminate. Undefined
// natively.
extern "C" void toolsearch_arm_memory_reserve() __attribute__((weak));

namespace toolsearch {
namespace {

std::string run_guarded(GuardedBody run, void* body, const std::string* json_text, const JsonLimits& limits = {}) {
  if (toolsearch_arm_memory_reserve) toolsearch_arm_memory_reserve();
  try {
    if (json_text == nullptr) return run(body, nullptr);
    auto parsed = parse_json(*json_text, limits);
    if (!parsed.ok()) return fail(parsed.status());
    return run(body, &parsed.value());
  } catch (const std::bad_alloc&) {
    // The module's memory is full (engines share it, 2 GiB at most): the call did not fit, as
    // an input over a limit does not. Unwinding has freed what it held, so this answer fits,
    // and the reserve the failure used is held again for the next call.
    std::string out = fail(Status::error(ErrorCode::TooLarge, "the engine's memory is full"));
    if (toolsearch_arm_memory_reserve) toolsearch_arm_memory_reserve();
    return out;
  } catch (const std::exception& e) {
    return fail(Status::error(ErrorCode::Internal, std::string("internal error: ") + e.what()));
  } catch (...) {
    return fail(Status::error(ErrorCode::Internal, "internal error"));
  }
}

template <class F>
std::string guarded(F&& body) {
  using Body = std::remove_reference_t<F>;
  return run_guarded([](void* b, json*) { return (*static_cast<Body*>(b))(); }, &body, nullptr);
}

// Parses a JSON argument, then runs `body` on it; a parse error becomes the envelope. The tree
// is the body's to take apart (a tool's schema is moved out of it, not copied).
template <class F>
std::string with_json(const std::string& text, F&& body, const JsonLimits& limits = {}) {
  using Body = std::remove_reference_t<F>;
  return run_guarded([](void* b, json* input) { return (*static_cast<Body*>(b))(*input); }, &body, &text, limits);
}

// Vectors cross as little-endian float32 bytes (the JS layer copies a Uint8Array into wasm memory);
// NaN and Infinity are checked where the values are used. At most `max_values` values.
Result<std::vector<float>> floats_from_bytes(std::string_view bytes, size_t max_values) {
  if (bytes.size() % sizeof(float) != 0 || bytes.size() / sizeof(float) > max_values) {
    return Status::error(ErrorCode::InvalidArgument,
                         "vector bytes must be whole float32 values, at most " + std::to_string(max_values));
  }
  std::vector<float> v(bytes.size() / sizeof(float));
  if (!v.empty()) std::memcpy(v.data(), bytes.data(), bytes.size());  // wasm and x86 are little-endian
  return v;
}

// Puts the bytes' vector into `target` when there are bytes.
Status take_vector(std::string_view bytes, std::vector<float>& target) {
  if (bytes.empty()) return Status::success();
  auto v = floats_from_bytes(bytes, VectorIndex::kMaxDimensions);
  if (!v.ok()) return v.status();
  target = std::move(v.value());
  return Status::success();
}

// A search needs words; a blank query is a caller bug worth naming, not an empty answer.
Status check_query(std::string_view query) {
  constexpr size_t kMaxQueryBytes = 16 * 1024;
  if (query.size() > kMaxQueryBytes) {
    return Status::error(ErrorCode::TooLarge, "query is " + std::to_string(query.size()) +
                                                  " bytes; the limit is " + std::to_string(kMaxQueryBytes));
  }
  if (query.find_first_not_of(" \t\r\n") == std::string::npos) {
    return Status::error(ErrorCode::InvalidArgument, "query is empty");
  }
  return {};
}

}  // namespace

JsonEngine::JsonEngine(const std::string& options_json) {
  if (options_json == "{}") return;  // the defaults are in place (and a cold start parses nothing)
  auto parsed = parse_json(options_json);
  if (!parsed.ok()) return;
  auto options = engine_options_from_json(parsed.value(), EngineOptions{});
  if (options.ok()) engine_.configure(options.value());
}

std::string JsonEngine::configure(const std::string& options_json) {
  return with_json(options_json, [&](const json& input) {
    auto options = engine_options_from_json(input, engine_.options());
    if (!options.ok()) return fail(options.status());
    if (Status s = engine_.configure(options.value()); !s.ok()) return fail(s);
    std::string out = ok_open();
    append_engine_options_json(out, engine_.options());
    return out + '}';
  });
}

std::string JsonEngine::add_tools(const std::string& tools_json, const std::string& options_json) {
  return with_json(options_json, [&](const json& options_input) {
    auto options = add_options_from_json(options_input);
    if (!options.ok()) return fail(options.status());
    return with_json(tools_json, [&](json& input) {
      const size_t before = engine_.catalog().size();
      std::vector<Catalog::Rejection> rejected;
      if (options->skip_invalid) {
        if (!input.is_array()) return fail(Status::error(ErrorCode::InvalidArgument, "tools must be an array"));
        // Entries that do not even read as tools are rejected here; the rest by the catalog.
        std::vector<Tool> tools;
        std::vector<size_t> positions;
        for (size_t i = 0; i < input.size(); ++i) {
          auto tool = tool_from_json(std::move(input[i]));
          if (!tool.ok()) {
            const json& name = input[i].is_object() ? input[i].value("name", json()) : json();
            rejected.push_back({i, name.is_string() ? name.get<std::string>() : "", tool.status()});
            continue;
          }
          tools.push_back(std::move(tool).value());
          positions.push_back(i);
        }
        for (Catalog::Rejection& r : engine_.add_valid(std::move(tools))) {
          r.index = positions[r.index];
          rejected.push_back(std::move(r));
        }
        sort_by(rejected, [](const Catalog::Rejection& a, const Catalog::Rejection& b) { return a.index < b.index; });
      } else {
        auto tools = tools_from_json(std::move(input));
        if (!tools.ok()) return fail(tools.status());
        if (Status s = engine_.add(std::move(tools).value()); !s.ok()) return fail(s);
      }
      std::string out = ok_open() + R"({"added":[)";
      const auto& all = engine_.catalog().tools();
      for (size_t i = before; i < all.size(); ++i) {
        if (i > before) out += ',';
        append_json_string(out, all[i].name);
      }
      out += R"(],"fingerprint":)";
      append_json_string(out, engine_.catalog().fingerprint());
      out += R"(,"rejected":[)";
      for (size_t k = 0; k < rejected.size(); ++k) {
        if (k) out += ',';
        append_rejection_json(out, rejected[k]);
      }
      return out + "]}}";
    });
  });
}

std::string JsonEngine::remove_tools(const std::string& names_json) {
  return with_json(names_json, [&](const json& input) {
    const json& j = input;
    std::vector<std::string> names;
    if (!j.is_array()) return fail(Status::error(ErrorCode::InvalidArgument, "names must be an array of strings"));
    for (const json& n : j) {
      if (!n.is_string()) return fail(Status::error(ErrorCode::InvalidArgument, "names must be an array of strings"));
      names.push_back(n.get<std::string>());
    }
    const size_t before = engine_.catalog().size();
    if (Status s = engine_.remove(names); !s.ok()) return fail(s);
    std::string out = ok_fingerprint(engine_.catalog());
    out.resize(out.size() - 2);
    return out + R"(,"removed":)" + std::to_string(before - engine_.catalog().size()) + "}}";
  });
}

std::string JsonEngine::replace_source(const std::string& source, const std::string& tools_json) {
  return with_json(tools_json, [&](json& items) {
    // Tools of a server may omit their source: it is the one being replaced.
    if (items.is_array()) {
      for (json& t : items) {
        if (t.is_object() && !t.contains("source")) t["source"] = source;
      }
    }
    auto tools = tools_from_json(std::move(items));
    if (!tools.ok()) return fail(tools.status());
    if (Status s = engine_.replace_source(source, std::move(tools).value()); !s.ok()) return fail(s);
    std::vector<std::string> names;
    for (const Tool& t : engine_.catalog().tools()) {
      if (t.source == source) names.push_back(t.name);
    }
    std::string out = ok_fingerprint(engine_.catalog());
    out.resize(out.size() - 2);
    out += R"(,"names":)";
    append_json_string_array(out, names);
    return out + "}}";
  });
}

std::string JsonEngine::clear() {
  return guarded([&] {
    engine_.clear();
    return ok_fingerprint(engine_.catalog());
  });
}

std::string JsonEngine::pin_tool(const std::string& name, bool pinned) {
  return guarded([&] {
    if (Status s = engine_.pin_tool(name, pinned); !s.ok()) return fail(s);
    return ok_fingerprint(engine_.catalog());
  });
}

std::string JsonEngine::pin_server(const std::string& server, bool pinned) {
  return guarded([&] {
    if (server.empty()) return fail(Status::error(ErrorCode::InvalidArgument, "server name is empty"));
    engine_.pin_server(server, pinned);
    return ok_fingerprint(engine_.catalog());
  });
}

std::string JsonEngine::list_tools(const std::string& names_json) {
  return with_json(names_json, [&](const json& input) {
    const Catalog& catalog = engine_.catalog();
    std::string out = ok_open() + '[';
    auto entry = [&](size_t i) {
      if (out.back() != '[') out += ',';
      const Tool& t = catalog.tools()[i];
      append_tool_json(out, t, catalog.is_pinned(t), engine_.tool_tokens(i));
    };
    if (input.is_null()) {
      for (size_t i = 0; i < catalog.size(); ++i) entry(i);
      return out + "]}";
    }
    if (!input.is_array()) return fail(Status::error(ErrorCode::InvalidArgument, "names must be an array of strings or null"));
    // Only the named tools cross the boundary, in the order asked; unknown names are skipped.
    for (const json& n : input) {
      if (!n.is_string()) return fail(Status::error(ErrorCode::InvalidArgument, "names must be an array of strings"));
      const long i = catalog.index_of(n.get_ref<const std::string&>());
      if (i >= 0) entry(static_cast<size_t>(i));
    }
    return out + "]}";
  });
}

std::string JsonEngine::info() {
  return guarded([&] {
    const Catalog& c = engine_.catalog();
    std::string out = ok_fingerprint(c);
    out.resize(out.size() - 2);
    return out + R"(,"revision":)" + std::to_string(c.revision()) + R"(,"sessions":)" +
           std::to_string(engine_.session_count() - 1) + R"(,"size":)" + std::to_string(c.size()) + "}}";
  });
}

std::string JsonEngine::search(const std::string& query, const std::string& options_json, const std::string& vector) {
  return with_json(options_json, [&](const json& input) {
    auto request = search_request_from_json(input);
    if (!request.ok()) return fail(request.status());
    if (Status s = take_vector(vector, request.value().vector); !s.ok()) return fail(s);
    if (Status s = check_query(query); !s.ok()) return fail(s);
    auto found = engine_.retrieve(query, request.value());
    if (!found.ok()) return fail(found.status());
    std::string out = R"({"ok":true,"value":)";
    append_search_hits_json(out, found->hits, engine_.catalog().tools());
    out += R"(,"strategy":")";
    out += to_string(found->strategy);
    out += '"';
    if (!found->degraded.empty()) {
      out += R"(,"degraded":)";
      append_json_string(out, found->degraded);
    }
    out += '}';
    return out;
  });
}

char* JsonEngine::input_buffer(size_t bytes) {
  if (bytes > kMaxInputBytes) return nullptr;
  if (bytes > input_size_ || !input_) {
    input_.reset(new (std::nothrow) char[bytes == 0 ? 1 : bytes]);  // not zero-filled: the caller writes it
    input_size_ = input_ ? bytes : 0;
  }
  return input_.get();
}

// A rare long input: its memory goes back to the heap.
void JsonEngine::release_long_input() {
  if (input_size_ <= kKeptInputBytes) return;
  input_.reset();
  input_size_ = 0;
}

int JsonEngine::search_packed(uint32_t query_bytes, uint32_t limit, uint32_t flags, uint32_t session_bytes,
                              uint32_t vector_bytes) {
  packed_.count = 0;
  std::string error = guarded([&]() -> std::string {
    if (size_t{query_bytes} + session_bytes + vector_bytes > input_size_) {
      return fail(Status::error(ErrorCode::InvalidArgument, "search inputs are longer than the input buffer"));
    }
    const std::string_view query(input_.get(), query_bytes);
    const std::string_view vector(input_.get() + query_bytes + session_bytes, vector_bytes);
    constexpr uint32_t known = kStrategyMask | kDeferredOnly | kDescriptions | kCaseSensitive;
    const uint32_t strategy = flags & kStrategyMask;
    if ((flags & ~known) != 0 || strategy > 1 + static_cast<uint32_t>(RetrievalStrategy::Regex)) {
      return fail(Status::error(ErrorCode::InvalidArgument, "search flags " + std::to_string(flags) + " are not valid"));
    }
    SearchRequest request;
    request.limit = std::min<uint32_t>(limit, 1u << 20);
    request.session.assign(input_.get() + query_bytes, session_bytes);
    if (strategy != 0) request.strategy = static_cast<RetrievalStrategy>(strategy - 1);
    request.deferred_only = (flags & kDeferredOnly) != 0;
    request.regex_descriptions = (flags & kDescriptions) != 0;
    request.regex_case_sensitive = (flags & kCaseSensitive) != 0;
    if (Status s = take_vector(vector, request.vector); !s.ok()) return fail(s);
    if (Status s = check_query(query); !s.ok()) return fail(s);
    auto found = engine_.retrieve(query, request);
    if (!found.ok()) return fail(found.status());
    packed_.revision = static_cast<double>(engine_.catalog().revision());
    packed_.strategy = static_cast<uint32_t>(found->strategy);
    packed_.degraded = found->degraded.empty() ? 0 : 1;
    degraded_ = found->degraded;
    const size_t count = std::min(found->hits.size(), kMaxPackedHits);
    for (size_t i = 0; i < count; ++i) {
      const SearchHit& h = found->hits[i];
      packed_.hits[i] = {h.score,
                         h.keyword.score,
                         h.semantic.score,
                         static_cast<uint32_t>(h.tool),
                         static_cast<uint32_t>(h.kind) | (h.weak ? kPackedHitWeak : 0u),
                         static_cast<uint32_t>(h.keyword.rank),
                         h.semantic.rank == LegRank::kUnranked ? kPackedUnranked
                                                               : static_cast<uint32_t>(h.semantic.rank)};
    }
    packed_.count = static_cast<uint32_t>(count);
    return {};
  });
  release_long_input();
  if (!error.empty()) {
    last_error_ = std::move(error);
    return -1;
  }
  return static_cast<int>(packed_.count);
}

std::string JsonEngine::tool_summaries(const std::string& positions_json) {
  return with_json(positions_json, [&](const json& input) {
    const std::vector<Tool>& tools = engine_.catalog().tools();
    if (!input.is_array()) return fail(Status::error(ErrorCode::InvalidArgument, "positions must be an array"));
    std::string out = ok_open() + "[";
    for (const json& p : input) {
      if (!p.is_number_unsigned() || p.get<uint64_t>() >= tools.size()) {
        return fail(Status::error(ErrorCode::NotFound, "a position is outside the catalog"));
      }
      const Tool& t = tools[p.get<size_t>()];
      out += out.back() == '[' ? R"({"name":)" : R"(,{"name":)";
      append_json_string(out, t.name);
      out += ',';
      append_tool_details_json(out, t);
      out += '}';
    }
    return out + "]}";
  });
}

std::string JsonEngine::explain(const std::string& query, const std::string& name, const std::string& options_json,
                                const std::string& vector) {
  return with_json(options_json, [&](const json& input) {
    auto request = search_request_from_json(input);
    if (!request.ok()) return fail(request.status());
    if (Status s = take_vector(vector, request.value().vector); !s.ok()) return fail(s);
    if (Status s = check_query(query); !s.ok()) return fail(s);
    auto e = engine_.explain(query, name, request.value().session);
    if (!e.ok()) return fail(e.status());
    // The tool's place in the whole ranking of the requested strategy, leg by leg.
    SearchRequest whole = request.value();
    whole.limit = engine_.catalog().size();
    whole.rank_every_leg = true;
    auto found = engine_.retrieve(query, whole, /*clamp_limit=*/false);
    if (!found.ok()) return fail(found.status());
    std::string out = ok_open();
    append_explanation_json(out, e.value(), engine_.catalog().tools()[e->tool], found.value());
    return out + '}';
  });
}

std::string JsonEngine::describe(const std::string& name, const std::string& session) {
  return guarded([&] {
    auto tool = engine_.describe(name, session);
    if (!tool.ok()) {
      Status s = tool.status();
      if (s.code != ErrorCode::NotFound) return fail(s);
      // Computed once, for the message and for the caller's list (suggest() costs a scan).
      auto near = engine_.suggest(name, session);
      if (near.ok()) s.message += "." + did_you_mean(near.value());
      const std::vector<std::string> none;
      return fail(s, near.ok() ? &near.value() : &none);
    }
    std::string out = ok_open();
    append_tool_json(out, *tool.value(), engine_.catalog().is_pinned(*tool.value()),
                     engine_.tool_tokens(static_cast<size_t>(engine_.catalog().index_of(tool.value()->name))));
    return out + '}';
  });
}

std::string JsonEngine::suggest(const std::string& name, const std::string& session) {
  return guarded([&] {
    auto near = engine_.suggest(name, session);
    if (!near.ok()) return fail(near.status());
    std::string out = ok_open();
    append_json_string_array(out, near.value());
    return out + '}';
  });
}

std::string JsonEngine::open_session(const std::string& scope_json) {
  return with_json(scope_json, [&](const json& input) {
    auto scope = scope_from_json(input);
    if (!scope.ok()) return fail(scope.status());
    std::string out = ok_open() + R"({"id":)";
    append_json_string(out, engine_.open_session(std::move(scope).value()));
    return out + "}}";
  });
}

std::string JsonEngine::close_session(const std::string& id) {
  return guarded([&] {
    if (Status s = engine_.close_session(id); !s.ok()) return fail(s);
    turns_.erase(id);
    return ok_open() + "{}}";
  });
}

std::string JsonEngine::assemble(const std::string& request_json, const std::string& vector_bytes,
                                 double known_revision) {
  return with_json(request_json, [&](const json& input) {
    std::string session;
    std::vector<float> vector;
    auto request = assemble_request_from_json(input, session);
    if (!request.ok()) return fail(request.status());
    if (Status s = take_vector(vector_bytes, vector); !s.ok()) return fail(s);
    auto stamp = engine_.assembly_stamp(session);
    if (!stamp.ok()) return fail(stamp.status());
    const AssembleRequest& r = request.value();
    std::string key = stamp.value() + '|' + std::to_string(r.context_window) + '|' + to_string(r.mode);
    if (r.mode != AssemblyMode::Bridge) {  // only pre-selection reads the message
      key += '|' + std::to_string(r.top_k) + '|' + std::to_string(r.user_message.size()) + ':' + r.user_message +
             vector_bytes;
    }
    const bool with_logical = known_revision != static_cast<double>(engine_.catalog().revision());
    key += with_logical ? "|names" : "|no names";
    Turn& turn = turns_[session];
    if (turn.key == key) return turn.text;
    auto result = engine_.assemble(session, r, vector);
    if (!result.ok()) return fail(result.status());
    std::string out = ok_open();
    append_assembly_json(out, result.value(), engine_.catalog(), true, with_logical);
    out += '}';
    turn = {std::move(key), out};
    return out;
  });
}

std::string JsonEngine::handle_call(const std::string& session, const std::string& call_json,
                                    const std::string& vector_bytes) {
  JsonLimits limits;
  limits.max_text_bytes = kMaxCallJsonBytes;
  return with_json(call_json, [&](const json& input) {
    auto call = model_call_from_json(input);
    if (!call.ok()) return fail(call.status());
    std::vector<float> vector;
    if (Status s = take_vector(vector_bytes, vector); !s.ok()) return fail(s);
    auto outcome = engine_.handle_call(session, call.value(), vector);
    if (!outcome.ok()) return fail(outcome.status());
    std::string out = ok_open();
    append_outcome_json(out, outcome.value());
    return out + '}';
  }, limits);
}

std::string JsonEngine::use_embedder(const std::string& embedder_json) {
  return with_json(embedder_json, [&](const json& input) {
    auto id = input.is_object() ? input.find("id") : input.end();
    auto dims = input.is_object() ? input.find("dimensions") : input.end();
    if (id == input.end() || !id->is_string() || dims == input.end() || !dims->is_number_integer() ||
        dims->get<long long>() < 1) {
      return fail(Status::error(ErrorCode::InvalidArgument,
                                "an embedder needs {id, dimensions}"));
    }
    if (Status s = engine_.use_embedder(id->get<std::string>(), static_cast<size_t>(std::min<long long>(
                                                                     dims->get<long long>(), 1LL << 20)));
        !s.ok()) {
      return fail(s);
    }
    return ok_open() + "{}}";
  });
}

std::string JsonEngine::pending_vectors() {
  return guarded([&] {
    std::string out = ok_open() + '[';
    for (const PendingVector& p : engine_.pending_vectors()) {
      out += out.back() == '[' ? R"({"hash":)" : R"(,{"hash":)";
      append_json_string(out, p.hash);
      out += R"(,"name":)";
      append_json_string(out, p.name);
      out += R"(,"text":)";
      append_json_string(out, p.text);
      out += '}';
    }
    return out + "]}";
  });
}

std::string JsonEngine::store_vectors(const std::string& meta_json, const std::string& vectors) {
  return with_json(meta_json, [&](const json& input) {
    std::vector<std::string> lists[2];  // names, hashes
    const char* keys[2] = {"names", "hashes"};
    for (int k = 0; k < 2; ++k) {
      auto it = input.is_object() ? input.find(keys[k]) : input.end();
      if (it == input.end() || !it->is_array()) it = input.end();
      for (const json& v : it == input.end() ? json::array() : *it) {
        if (!v.is_string()) it = input.end();
        else lists[k].push_back(v.get<std::string>());
      }
      if (it == input.end()) {
        return fail(Status::error(ErrorCode::InvalidArgument, "vectors need 'names' and 'hashes' arrays of strings"));
      }
    }
    const std::vector<std::string>& names = lists[0];
    const std::vector<std::string>& hashes = lists[1];
    auto values = floats_from_bytes(vectors, vectors.size());
    if (!values.ok()) return fail(values.status());
    if (Status s = engine_.store_vectors(names, hashes, values->data(), values->size()); !s.ok()) return fail(s);
    return ok_open() + R"({"stored":)" + std::to_string(names.size()) + "}}";
  });
}

std::string JsonEngine::load_static_table(std::string_view table) { return load_static_table(table, nullptr); }

std::string JsonEngine::load_static_table(std::string_view table, std::shared_ptr<const void> owner) {
  return guarded([&] {
    if (Status s = engine_.load_static_table(reinterpret_cast<const uint8_t*>(table.data()), table.size(), std::move(owner));
        !s.ok()) {
      return fail(s);
    }
    return ok_open() + R"({"dimensions":)" + std::to_string(engine_.vectors().dimensions()) + "}}";
  });
}

std::string JsonEngine::load_static_table_input(uint32_t bytes) {
  if (bytes > input_size_) return fail(Status::error(ErrorCode::InvalidArgument, "the table is longer than the input buffer"));
  // The table keeps the buffer (its rows are read in place): the engine lets go of it.
  std::shared_ptr<const void> buffer(std::move(input_));
  input_size_ = 0;
  // The view first, in its own statement: the order in which a call's arguments are evaluated
  // is unspecified, and moving `buffer` into the owner first would leave a null view.
  const std::string_view table(static_cast<const char*>(buffer.get()), bytes);
  return load_static_table(table, std::move(buffer));
}

std::string JsonEngine::vector_info() {
  return guarded([&] {
    const ToolVectors& v = engine_.vectors();
    std::string out = ok_open() + R"({"dimensions":)" + std::to_string(v.dimensions()) + R"(,"embedder":)";
    if (v.dimensions()) append_json_string(out, v.embedder_id());
    else out += "null";
    out += engine_.has_static_table() ? R"(,"static":true,"tools":)" : R"(,"static":false,"tools":)";
    return out + std::to_string(engine_.catalog().size()) + R"(,"vectors":)" +
           std::to_string(v.coverage(engine_.catalog())) + "}}";
  });
}

std::string JsonEngine::snapshot() {
  return guarded([&] {
    release_snapshot();
    auto bytes = engine_.snapshot();
    if (!bytes.ok()) return fail(bytes.status());
    snapshot_ = std::move(bytes).value();
    return ok_open() + R"({"size":)" + std::to_string(snapshot_.size()) + "}}";
  });
}

bool JsonEngine::reserve_snapshot(size_t size) {
  release_snapshot();
  if (size > kMaxSnapshotBytes) return false;
  reserved_.reset(new (std::nothrow) char[size == 0 ? 1 : size]);  // null when memory is short
  reserved_size_ = reserved_ ? size : 0;
  return reserved_ != nullptr;
}

std::string JsonEngine::load_reserved_snapshot() {
  std::string result = load_snapshot(snapshot_bytes());
  release_snapshot();
  return result;
}

std::string JsonEngine::load_snapshot(std::string_view bytes) {
  return guarded([&] {
    if (Status s = engine_.load_snapshot(bytes); !s.ok()) return fail(s);
    std::string out = ok_open() + R"({"config":)";
    append_engine_options_json(out, engine_.options());
    out += R"(,"fingerprint":)";
    append_json_string(out, engine_.catalog().fingerprint());
    return out + R"(,"size":)" + std::to_string(engine_.catalog().size()) + "}}";
  });
}

std::string JsonEngine::estimate_tokens(const std::string& tool_json) {
  return with_json(tool_json, [&](json& input) {
    auto tool = tool_from_json(std::move(input));
    if (!tool.ok()) return fail(tool.status());
    if (Status s = engine_.catalog().validate(tool.value()); !s.ok()) return fail(s);
    const std::string text = tool_token_text(tool.value());
    return ok_open() + R"({"charsDiv4":)" + std::to_string(chars_div_4(text)) + R"(,"tokens":)" +
           std::to_string(estimate_tool_tokens(tool.value())) + "}}";
  });
}

}  // namespace toolsearch
