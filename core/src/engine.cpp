#include "toolsearch/engine.hpp"

#include "toolsearch/fnv_hash.hpp"
#include "toolsearch/scratch.hpp"
#include "toolsearch/snapshot.hpp"

#include <algorithm>

namespace toolsearch {

Engine::Engine(EngineOptions options) : options_(options), catalog_(options.catalog) {
  sessions_.emplace("", SessionState{});
}

Status Engine::configure(EngineOptions options) {
  if (Status s = validate(options.gate); !s.ok()) return s;
  if (options.catalog.namespacing != catalog_.options().namespacing && catalog_.size() > 0) {
    return Status::error(ErrorCode::InvalidConfig,
                         "namespacing cannot change while the catalog holds tools; clear it first");
  }
  const bool catalog_options_changed =
      options.catalog.namespacing != catalog_.options().namespacing ||
      options.catalog.limits.max_name_bytes != catalog_.options().limits.max_name_bytes ||
      options.catalog.limits.max_description_bytes != catalog_.options().limits.max_description_bytes ||
      options.catalog.limits.max_schema_bytes != catalog_.options().limits.max_schema_bytes;
  // In place, never a new Catalog: the revision must stay monotonic (sessions, token costs and
  // indexes are keyed on it) and server pins apply to tools added later.
  if (catalog_options_changed && catalog_.size() == 0) catalog_.set_options(options.catalog);
  // A loaded snapshot's index survives a configure() that leaves ranking alone (gate, retrieval).
  if (!same_index_params(options.bm25, options_.bm25)) {
    index_.reset();
    scoped_indexes_.clear();
  }
  options_ = options;
  ++settings_revision_;
  return Status::success();
}

std::shared_ptr<const SearchIndex> Engine::index() const {
  if (!index_ || index_revision_ != catalog_.revision()) {
    index_ = SearchIndex::build(catalog_, options_.bm25);
    index_revision_ = catalog_.revision();
  }
  return index_;
}

namespace {
// One text per distinct scope: the sets are sorted, and each entry is length-prefixed, so two
// different scopes never share a key (whatever bytes their entries hold).
std::string scope_key(const Scope& scope) {
  std::string key;
  for (const std::set<std::string>* set : {&scope.sources, &scope.toolsets, &scope.tools}) {
    for (const std::string& entry : *set) key += std::to_string(entry.size()) + ':' + entry;
    key += ';';
  }
  return key;
}
}  // namespace

std::shared_ptr<const SearchIndex> Engine::index_for(const Scope& scope) const {
  if (scope.unrestricted()) return index();
  if (scoped_revision_ != catalog_.revision()) {
    scoped_indexes_.clear();
    scoped_revision_ = catalog_.revision();
  }
  std::string key = scope_key(scope);
  if (const auto* cached = scoped_indexes_.find([&](const auto& entry) { return entry.first == key; })) {
    return cached->second;
  }
  const auto& tools = catalog_.tools();
  auto index = SearchIndex::build(catalog_, options_.bm25, [&](size_t i) { return scope.allows(tools[i]); });
  return scoped_indexes_.add({std::move(key), std::move(index)}).second;
}

std::string Engine::open_session(Scope scope) {
  std::string id = "s" + std::to_string(next_session_++);
  SessionState state;
  state.session.scope = std::move(scope);
  sessions_[id] = std::move(state);
  return id;
}

Status Engine::close_session(const std::string& id) {
  if (id.empty()) return Status::error(ErrorCode::InvalidArgument, "the default session cannot be closed");
  if (sessions_.erase(id) == 0) return Status::error(ErrorCode::NotFound, "no session '" + id + "'");
  return Status::success();
}

Session* Engine::session(const std::string& id) {
  auto it = sessions_.find(id);
  return it == sessions_.end() ? nullptr : &it->second.session;
}

Result<Engine::SessionState*> Engine::state_or_error(const std::string& id) {
  auto it = sessions_.find(id);
  if (it == sessions_.end()) return Status::error(ErrorCode::NotFound, "no session '" + id + "'");
  return &it->second;
}

Result<Session*> Engine::session_or_error(const std::string& id) {
  auto state = state_or_error(id);
  if (!state.ok()) return state.status();
  return &state.value()->session;
}

const ToolCosts& Engine::costs() const {
  if (!costs_.matches(catalog_)) costs_ = ToolCosts::build(catalog_);
  return costs_;
}

Result<AssemblyResult> Engine::assemble(const std::string& session_id, const AssembleRequest& request,
                                        const std::vector<float>& query_vector) {
  auto state = state_or_error(session_id);
  if (!state.ok()) return state.status();
  SessionState& st = *state.value();
  // The plan is kept while the catalog, the options, the session's activations and the request's
  // window and mode stay the same: a turn that changes nothing recomputes nothing of it.
  const PlanKey key{catalog_.revision(), settings_revision_, st.session.activated.size(), request.context_window,
                    request.mode};
  if (!st.plan || !(st.plan_key == key)) {
    const bool fresh = st.session.activated.empty();
    const std::string scope = fresh ? scope_key(st.session.scope) : std::string();
    std::shared_ptr<const AssemblyPlan> shared;
    if (fresh) {
      const SharedPlan* same = shared_plans_.find([&](const SharedPlan& p) { return p.key == key && p.scope == scope; });
      if (same) shared = same->plan;
    }
    if (!shared) {
      auto plan = plan_assembly(catalog_, options_.gate, st.session, request.context_window, request.mode, {}, &costs());
      if (!plan.ok()) return plan.status();
      shared = std::make_shared<const AssemblyPlan>(std::move(plan.value()));
      if (fresh) {
        const bool stale = !shared_plans_.empty() && (shared_plans_.oldest().key.catalog_revision != key.catalog_revision ||
                                                      shared_plans_.oldest().key.settings_revision != key.settings_revision);
        if (stale) shared_plans_.clear();
        shared_plans_.add({key, scope, shared});
      }
    }
    st.plan = std::move(shared);
    st.plan_key = key;
  }
  // Only pre-selection searches; it searches the session's scope alone.
  const auto searched = request.mode == AssemblyMode::Bridge ? index() : index_for(st.session.scope);
  auto result = finish_assembly(catalog_, options_.gate, *st.plan, request, searched.get(),
                                search_function(query_vector, searched));
  if (!result.ok()) return result;
  st.last_request = request;
  st.deferred = result->deferred;
  st.assembled_revision = catalog_.revision();
  st.assembled = true;
  return result;
}

Result<std::string> Engine::assembly_stamp(const std::string& session_id) {
  auto state = state_or_error(session_id);
  if (!state.ok()) return state.status();
  return std::to_string(catalog_.revision()) + ':' + std::to_string(settings_revision_) + ':' +
         std::to_string(state.value()->session.activated.size());
}

Result<BridgeOutcome> Engine::handle_call(const std::string& session_id, const ModelToolCall& call,
                                          const std::vector<float>& query_vector) {
  auto state = state_or_error(session_id);
  if (!state.ok()) return state.status();
  SessionState& st = *state.value();
  if (!st.assembled || st.assembled_revision != catalog_.revision()) {
    auto replanned = assemble(session_id, st.last_request);
    if (!replanned.ok()) return replanned.status();
  }
  const ToolCosts& table = costs();
  ToolTokenEstimator estimate = [&](const Tool& tool) {
    long i = catalog_.index_of(tool.name);
    return i < 0 ? estimate_tool_tokens(tool) : table.at(static_cast<size_t>(i));
  };
  const auto scoped = index_for(st.session.scope);
  return resolve_call(catalog_, *scoped, options_.gate, st.deferred, st.session, call, estimate,
                      search_function(query_vector, scoped));
}

size_t Engine::effective_limit(size_t requested) const {
  const size_t limit = requested == 0 ? options_.gate.search_default_limit : requested;
  return std::clamp<size_t>(limit, 1, options_.gate.max_search_limit);
}

Result<std::vector<SearchHit>> Engine::search(std::string_view query, const SearchRequest& request) {
  auto r = retrieve(query, request);
  if (!r.ok()) return r.status();
  return std::move(r->hits);
}

Result<Retrieval> Engine::retrieve(std::string_view query, const SearchRequest& request, bool clamp_limit) {
  auto s = session_or_error(request.session);
  if (!s.ok()) return s.status();
  const Scope& scope = s.value()->scope;
  const auto& tools = catalog_.tools();
  ToolFilter filter;
  if (!scope.unrestricted() || request.deferred_only) {
    filter = [&](size_t i) {
      const Tool& t = tools[i];
      if (request.deferred_only && t.tool_class == ToolClass::Core) return false;
      return scope.allows(t);
    };
  }
  const size_t limit = clamp_limit ? effective_limit(request.limit) : std::max<size_t>(request.limit, 1);
  return run_strategy(query, request.strategy.value_or(options_.retrieval.strategy), request.vector, limit, filter,
                      request, *index_for(scope));
}

Result<Retrieval> Engine::run_strategy(std::string_view query, RetrievalStrategy strategy,
                                       const std::vector<float>& vector, size_t limit, const ToolFilter& filter,
                                       const SearchRequest& options, const SearchIndex& keyword) {
  Retrieval out;
  out.strategy = strategy;
  if (strategy == RetrievalStrategy::Regex) {
    auto pattern = Regex::compile(query, RegexOptions{!options.regex_case_sensitive});
    if (!pattern.ok()) return pattern.status();
    out.hits = regex_search(catalog_, pattern.value(), options.regex_descriptions, limit, filter);
    return out;
  }
  if (strategy != RetrievalStrategy::Keyword) {
    if (vectors_.dimensions() == 0) out.degraded = "no embedder";
    else if (vector.empty() && !static_) out.degraded = "no query vector";
    if (out.degraded.empty()) {
      if (static_) fill_static_vectors();
      const bool hybrid = strategy == RetrievalStrategy::Hybrid;
      const size_t depth = hybrid ? std::max(limit, options_.retrieval.hybrid.depth) : limit;
      // The keyword leg first: when the static table embeds the query, the leg's analysis
      // also gives the words the table reads, so the query is split and folded once.
      std::vector<SearchHit> keyword_hits;
      std::vector<float> embedded;
      std::optional<double> table_coverage;  // none for a host's vector: its model read the whole query
      const std::vector<float>* q = &vector;
      const auto embedded_by_table = [&](StaticEmbedding e) {
        table_coverage = e.coverage();
        embedded = std::move(e.vector);
        q = &embedded;
      };
      if (hybrid && vector.empty() && static_->reads_like(keyword.analyzer_options())) {
        ScratchLease<TokenBuffer> surface;  // leased only here: embed() leases its own
        surface->clear();
        keyword_hits = keyword.search(query, depth, filter, &surface.get());
        embedded_by_table(static_->embed_tokens(surface.get()));
      } else {
        if (hybrid) keyword_hits = keyword.search(query, depth, filter);
        if (vector.empty()) embedded_by_table(static_->embed(query));
      }
      const std::shared_ptr<const VectorIndex> index = vectors_.index(catalog_);
      auto quantized = index->quantize(*q);
      if (!quantized.ok()) return quantized.status();
      auto ranked = [&] { return semantic_hits(index->top(quantized.value(), depth, filter, /*skip_zero=*/true)); };
      if (strategy == RetrievalStrategy::Semantic) {
        out.hits = ranked();
        return out;
      }
      HybridOptions fusion = options_.retrieval.hybrid;
      fusion.semantic_weight = fusion_semantic_weight(keyword_hits, fusion, table_coverage);
      out.semantic_weight = fusion.semantic_weight;
      std::vector<float> keyword_cosines;
      if (fusion.fusion == Fusion::Score) {
        std::vector<size_t> tools(keyword_hits.size());
        for (size_t i = 0; i < tools.size(); ++i) tools[i] = keyword_hits[i].tool;
        keyword_cosines = index->cosines_of(quantized.value(), tools);
      }
      // Usually the keyword leg settles the result alone, and ranking the catalog by cosine
      // (most of a hybrid query's work) is skipped: see fuse_keyword_settled.
      if (!options.rank_every_leg) {
        if (auto settled = fuse_keyword_settled(keyword_hits, keyword_cosines, fusion, limit)) {
          out.hits = std::move(*settled);
          return out;
        }
      }
      out.hits = fuse_hybrid(keyword_hits, keyword_cosines, ranked(), fusion, limit);
      return out;
    }
    out.strategy = RetrievalStrategy::Keyword;
  }
  out.hits = keyword.search(query, limit, filter);
  return out;
}

SearchFunction Engine::search_function(const std::vector<float>& query_vector,
                                       std::shared_ptr<const SearchIndex> keyword) {
  return [this, &query_vector, keyword](std::string_view query, size_t limit, const ToolFilter& filter) {
    SearchRequest options;
    RetrievalStrategy strategy = options_.retrieval.strategy;
    // "/pattern/" or "/pattern/i": a model asking for the regex strategy (documented in README).
    if (query.size() >= 2 && query.front() == '/') {
      const bool ignore_case = query.back() == 'i';
      const std::string_view body = ignore_case ? query.substr(0, query.size() - 1) : query;
      if (body.size() >= 2 && body.back() == '/') {
        options.regex_case_sensitive = !ignore_case;
        auto r = run_strategy(body.substr(1, body.size() - 2), RetrievalStrategy::Regex, {}, limit, filter, options,
                              *keyword);
        if (r.ok()) return std::move(r->hits);
      }
    }
    auto r = run_strategy(query, strategy, query_vector, limit, filter, options, *keyword);
    if (r.ok()) return std::move(r->hits);
    return keyword->search(query, limit, filter);  // a bad host vector must not break a model's search
  };
}

Status Engine::use_embedder(const std::string& id, size_t dimensions) {
  if (Status s = vectors_.use_embedder(id, dimensions); !s.ok()) return s;
  ++settings_revision_;
  static_.reset();
  return Status::success();
}

Status Engine::store_vectors(const std::vector<std::string>& names, const std::vector<std::string>& hashes,
                             const float* values, size_t count) {
  if (Status s = vectors_.store(names, hashes, values, count); !s.ok()) return s;
  ++settings_revision_;
  // Vectors of removed tools are kept (a re-listed server gets them back for free) until the
  // store holds twice the catalog.
  if (vectors_.size() > 2 * catalog_.size() + 64) vectors_.prune(catalog_);
  return Status::success();
}

Status Engine::load_static_table(const uint8_t* bytes, size_t size, std::shared_ptr<const void> owner) {
  auto table = StaticEmbedder::load(bytes, size, std::move(owner));
  if (!table.ok()) return table.status();
  auto loaded = std::make_shared<const StaticEmbedder>(std::move(table.value()));
  // The id names the table and how its embedder reads text (the salt: "2", unstemmed since
  // round 32), so tool vectors a snapshot kept from an older embedder are made again instead of
  // being mixed with new queries.
  Fnv1a64 id;
  id.bytes("static embedder 2\n");
  id.bytes(std::string_view(reinterpret_cast<const char*>(bytes), size));
  if (Status s = vectors_.use_embedder("static:" + id.hex(), loaded->dimensions()); !s.ok()) return s;
  static_ = std::move(loaded);
  static_filled_revision_ = ~uint64_t{0};
  ++settings_revision_;
  return Status::success();
}

void Engine::fill_static_vectors() {
  if (static_filled_revision_ == catalog_.revision()) return;
  static_filled_revision_ = catalog_.revision();
  std::vector<PendingVector> pending = vectors_.pending(catalog_);
  if (pending.empty()) return;
  std::vector<std::string> names, hashes;
  std::vector<float> flat;
  flat.reserve(pending.size() * vectors_.dimensions());
  for (PendingVector& p : pending) {
    const std::vector<float> v = static_->embed(p.text).vector;
    flat.insert(flat.end(), v.begin(), v.end());
    names.push_back(std::move(p.name));
    hashes.push_back(std::move(p.hash));
  }
  vectors_.store(names, hashes, flat.data(), flat.size());
}

Result<Explanation> Engine::explain(std::string_view query, std::string_view name, const std::string& session_id) {
  auto s = session_or_error(session_id);
  if (!s.ok()) return s.status();
  const Scope& scope = s.value()->scope;
  const long i = catalog_.index_of(name);
  if (i < 0 || !scope.allows(catalog_.tools()[static_cast<size_t>(i)])) {
    return Status::error(ErrorCode::NotFound, "no tool named '" + std::string(name) + "'");
  }
  return index_for(scope)->explain(query, static_cast<size_t>(i));
}

Result<const Tool*> Engine::describe(std::string_view name, const std::string& session_id) {
  auto s = session_or_error(session_id);
  if (!s.ok()) return s.status();
  const Tool* tool = catalog_.find(name);
  if (!tool || !s.value()->scope.allows(*tool)) {
    return Status::error(ErrorCode::NotFound, "no tool named '" + std::string(name) + "'");
  }
  return tool;
}

Result<std::vector<std::string>> Engine::suggest(std::string_view name, const std::string& session_id,
                                                 size_t max) {
  auto s = session_or_error(session_id);
  if (!s.ok()) return s.status();
  const Scope& scope = s.value()->scope;
  const auto& tools = catalog_.tools();
  return index()->suggest(name, max, [&](size_t i) { return scope.allows(tools[i]); });
}

Result<std::string> Engine::snapshot() const { return write_snapshot(*this); }

Status Engine::load_snapshot(std::string_view bytes) {
  auto image = read_snapshot(bytes, options_.catalog.limits);
  if (!image.ok()) return image.status();
  EngineImage& im = image.value();
  // The only step that can still fail, and it changes nothing when it does.
  if (Status s = catalog_.restore(im.options.catalog, std::move(im.tools), std::move(im.names),
                                  std::move(im.pinned_servers), std::move(im.fingerprint));
      !s.ok()) {
    return Status::error(ErrorCode::InvalidSnapshot, "invalid snapshot: " + s.message);
  }
  options_ = std::move(im.options);
  ++settings_revision_;
  index_ = std::move(im.index);
  index_revision_ = catalog_.revision();
  scoped_indexes_.clear();
  costs_ = ToolCosts::restore(catalog_, std::move(im.tokens));
  const bool same_embedder = im.vectors.embedder_id() == vectors_.embedder_id() &&
                             im.vectors.dimensions() == vectors_.dimensions();
  if (!same_embedder) static_.reset();
  vectors_ = std::move(im.vectors);
  static_filled_revision_ = ~uint64_t{0};
  return Status::success();
}

}  // namespace toolsearch
