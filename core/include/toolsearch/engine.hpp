// The engine: one catalog, its lazily rebuilt search index, the gate config and the sessions
// that share them. This is the typed API the wasm layer and native hosts use.
#pragma once

#include "toolsearch/assembly.hpp"
#include "toolsearch/bridge.hpp"
#include "toolsearch/catalog.hpp"
#include "toolsearch/config.hpp"
#include "toolsearch/recent_list.hpp"
#include "toolsearch/retrieval.hpp"
#include "toolsearch/search_index.hpp"
#include "toolsearch/session.hpp"
#include "toolsearch/static_embedder.hpp"
#include "toolsearch/status.hpp"
#include "toolsearch/tool_vectors.hpp"

#include <map>
#include <optional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace toolsearch {

struct EngineImage;  // snapshot.hpp

struct EngineOptions {
  CatalogOptions catalog;  ///< namespacing and size limits
  Bm25Params bm25;         ///< ranking parameters
  GateConfig gate;         ///< deferral gate and bridge limits
  RetrievalOptions retrieval;  ///< default strategy (keyword) and hybrid weights
};

/// Options for a direct search (the JS `search()`; the model's tool_search goes through the bridge).
struct SearchRequest {
  size_t limit = 0;            ///< 0 = gate.search_default_limit; clamped to gate.max_search_limit
  std::string session;         ///< "" = the unrestricted default session
  bool deferred_only = false;  ///< only tools that can be deferred (skip core tools)
  /// Default: the engine's retrieval.strategy. Regex reads the query as a pattern.
  std::optional<RetrievalStrategy> strategy;
  /// The query's embedding for semantic and hybrid. Empty: the static table embeds the query
  /// when one is loaded; otherwise the search degrades to keyword (see Retrieval::degraded).
  std::vector<float> vector;
  bool regex_descriptions = false;    ///< regex also matches descriptions (default names only)
  bool regex_case_sensitive = false;  ///< default false: the pattern ignores case
  /// Hybrid: rank the semantic leg even when the keyword leg settles the hits (explain() needs
  /// every leg's rank; see fuse_keyword_settled). Default false.
  bool rank_every_leg = false;
};

/// Hits and how they were found.
struct Retrieval {
  std::vector<SearchHit> hits;
  RetrievalStrategy strategy = RetrievalStrategy::Keyword;  ///< the strategy that ran
  /// Why a semantic or hybrid request ran as keyword ("" when it did not): no embedder, no
  /// query vector, or no tool vectors yet.
  std::string degraded;
  /// Hybrid: the weight the semantic leg got for this query (fusion_semantic_weight); 0 otherwise.
  double semantic_weight = 0;
};

class Engine {
 public:
  explicit Engine(EngineOptions options = {});

  /// Replaces the options. Namespacing cannot change while the catalog holds tools.
  Status configure(EngineOptions options);
  const EngineOptions& options() const { return options_; }

  // Catalog mutations (all-or-nothing; see Catalog).
  Status add(std::vector<Tool> tools) { return catalog_.add(std::move(tools)); }
  std::vector<Catalog::Rejection> add_valid(std::vector<Tool> tools) { return catalog_.add_valid(std::move(tools)); }
  Status remove(const std::vector<std::string>& names) { return catalog_.remove(names); }
  Status replace_source(const std::string& source, std::vector<Tool> tools) {
    return catalog_.replace_source(source, std::move(tools));
  }
  void clear() { catalog_.clear(); }
  Status pin_tool(const std::string& name, bool pinned) { return catalog_.pin_tool(name, pinned); }
  void pin_server(const std::string& server, bool pinned) { catalog_.pin_server(server, pinned); }
  const Catalog& catalog() const { return catalog_; }

  /// The index for the current catalog, rebuilt only when the catalog changed.
  std::shared_ptr<const SearchIndex> index() const;
  /// The index a session with `scope` searches: index() when unrestricted, else an index of
  /// the in-scope tools alone (SearchIndex::build with a scope), so BM25 statistics never leak
  /// across scopes. Built on first use and kept per distinct scope: the kMaxScopedIndexes used
  /// most recently, all dropped whenever the catalog or the ranking options change.
  std::shared_ptr<const SearchIndex> index_for(const Scope& scope) const;
  static constexpr size_t kMaxScopedIndexes = 8;

  /// Opens a session with `scope`; returns its id ("s1", "s2", ...).
  std::string open_session(Scope scope);
  Status close_session(const std::string& id);
  size_t session_count() const { return sessions_.size(); }
  /// The session with `id` ("" = the default, unrestricted session), or nullptr: for hosts and
  /// tests that inspect what a session activated.
  Session* session(const std::string& id);

  /// Ranked hits among the tools the session may see.
  Result<std::vector<SearchHit>> search(std::string_view query, const SearchRequest& request);
  /// search() with the strategy that ran and any degradation. Errors: NotFound (session),
  /// InvalidArgument (a query vector of the wrong dimension or with NaN/Infinity, a malformed
  /// pattern), TooLarge (a pattern over Regex::kMaxPatternBytes).
  /// `clamp_limit` false lets request.limit exceed gate.max_search_limit (explain ranks a tool
  /// in the whole catalog).
  Result<Retrieval> retrieve(std::string_view query, const SearchRequest& request, bool clamp_limit = true);

  // ---- the semantic leg's vectors ---------------------------------------------------------------
  /// Selects the embedder whose vectors the engine stores (a new id or dimension count drops
  /// the stored vectors). Replaces a loaded static table.
  Status use_embedder(const std::string& id, size_t dimensions);
  /// Tools that need (re-)embedding for the current embedder: new, or text changed.
  std::vector<PendingVector> pending_vectors() const { return vectors_.pending(catalog_); }
  /// Stores host-computed vectors (see ToolVectors::store).
  Status store_vectors(const std::vector<std::string>& names, const std::vector<std::string>& hashes,
                       const float* values, size_t count);
  /// Loads a static embedding table (static_embedder.hpp): tools and queries are then embedded
  /// inside the engine, and semantic and hybrid need no host embedder. `owner`, when given,
  /// keeps `bytes` alive and unchanged, and the table reads its rows in place (see
  /// StaticEmbedder::load); without it they are copied.
  Status load_static_table(const uint8_t* bytes, size_t size, std::shared_ptr<const void> owner = nullptr);
  const ToolVectors& vectors() const { return vectors_; }
  bool has_static_table() const { return static_ != nullptr; }
  /// The tool if it exists and is in the session's scope (out of scope reads as NotFound).
  Result<const Tool*> describe(std::string_view name, const std::string& session);
  /// Per-term contributions of tool `name` for `query`, scored as the session's search scores
  /// it; a tool outside the session's scope is NotFound, worded as for an unknown name.
  Result<Explanation> explain(std::string_view query, std::string_view name, const std::string& session);
  /// "Did you mean" names within the session's scope.
  Result<std::vector<std::string>> suggest(std::string_view name, const std::string& session, size_t max = 3);

  /// Assembles a turn for the session and remembers what it deferred, so later calls of
  /// this session resolve against the same picture.
  /// `query_vector`: the user message's embedding, for semantic or hybrid pre-selection.
  Result<AssemblyResult> assemble(const std::string& session, const AssembleRequest& request,
                                  const std::vector<float>& query_vector = {});
  /// Changes whenever the session's next assembly could differ for the same request: it joins
  /// the catalog revision, a count of the changes to the options, the embedder and the stored
  /// vectors, and the session's activations. A host may keep a turn's output under it (the
  /// JSON engine does). NotFound for an unknown session.
  Result<std::string> assembly_stamp(const std::string& session);
  /// Resolves one model tool call for the session. Deferral is the session's last assembly's
  /// (re-planned with the same request when the catalog changed since; a session that never
  /// assembled is planned with the default request).
  /// `query_vector`: the embedding of a tool_search call's query, for semantic or hybrid.
  /// A tool_search query written /pattern/ or /pattern/i runs the regex strategy on names.
  Result<BridgeOutcome> handle_call(const std::string& session, const ModelToolCall& call,
                                    const std::vector<float>& query_vector = {});

  /// Estimated tokens of the definition of catalog tool `index` (cached per catalog revision).
  size_t tool_tokens(size_t index) const { return costs().at(index); }

  /// Clamps a requested limit: 0 means the default; the result is in [1, max_search_limit].
  size_t effective_limit(size_t requested) const;

  // ---- snapshots (snapshot.hpp, docs/snapshot-format.md) -----------------------------------------
  /// The catalog, options, unrestricted keyword index and tool vectors as snapshot bytes.
  Result<std::string> snapshot() const;
  /// Replaces the catalog, options, index and vectors with a snapshot's, all or nothing: on
  /// error (InvalidSnapshot, TooLarge) the engine is unchanged. Sessions stay open and re-plan
  /// against the new catalog; the catalog revision keeps counting up. A static table stays
  /// loaded only when the snapshot's vectors were made with it.
  Status load_snapshot(std::string_view bytes);

 private:
  // What an assembly plan depends on (AssemblyPlan): equal keys, equal plans.
  struct PlanKey {
    uint64_t catalog_revision = ~uint64_t{0};
    uint64_t settings_revision = 0;
    size_t activated = 0;  // a session's activated set only grows
    size_t context_window = 0;
    AssemblyMode mode = AssemblyMode::Bridge;
    bool operator==(const PlanKey& o) const {
      return catalog_revision == o.catalog_revision && settings_revision == o.settings_revision &&
             activated == o.activated && context_window == o.context_window && mode == o.mode;
    }
  };

  // What a session saw last: the deferral its bridge calls resolve against, and the plan of its
  // last turn, which the next turn reuses when nothing it depends on changed.
  struct SessionState {
    Session session;
    AssembleRequest last_request;
    std::vector<uint32_t> deferred;  // catalog positions at assembled_revision
    uint64_t assembled_revision = 0;
    bool assembled = false;
    PlanKey plan_key;
    std::shared_ptr<const AssemblyPlan> plan;
  };

  Result<SessionState*> state_or_error(const std::string& id);
  Result<Session*> session_or_error(const std::string& id);
  const ToolCosts& costs() const;
  /// Runs `strategy` for a query whose candidates pass `filter`; `keyword` is the scope's index.
  Result<Retrieval> run_strategy(std::string_view query, RetrievalStrategy strategy, const std::vector<float>& vector,
                                 size_t limit, const ToolFilter& filter, const SearchRequest& options,
                                 const SearchIndex& keyword);
  /// The configured strategy as the bridge and pre-selection use it, over `keyword` (the
  /// session scope's index, which must outlive the function).
  SearchFunction search_function(const std::vector<float>& query_vector, std::shared_ptr<const SearchIndex> keyword);
  /// Embeds, with the static table, every tool that has no current vector.
  void fill_static_vectors();

  EngineOptions options_;
  /// Counts changes to the options, the embedder and the stored vectors (assembly plans and
  /// assembly_stamp() are keyed on it).
  uint64_t settings_revision_ = 0;
  Catalog catalog_;
  mutable std::shared_ptr<const SearchIndex> index_;
  mutable uint64_t index_revision_ = ~uint64_t{0};
  mutable ToolCosts costs_;
  ToolVectors vectors_;
  std::shared_ptr<const StaticEmbedder> static_;
  uint64_t static_filled_revision_ = ~uint64_t{0};  ///< catalog revision the static vectors cover
  // Scoped indexes with their scope_key(), valid for scoped_revision_ (see index_for).
  mutable RecentList<std::pair<std::string, std::shared_ptr<const SearchIndex>>, kMaxScopedIndexes> scoped_indexes_;
  mutable uint64_t scoped_revision_ = ~uint64_t{0};
  // Plans of sessions that have activated nothing yet, with their scope_key(): such a plan
  // depends on the scope, not on the session, so every new conversation in a scope shares
  // the first one's plan instead of planning its first turn again. Every entry is of the
  // current revisions (the list is emptied when they change).
  static constexpr size_t kMaxSharedPlans = 8;
  struct SharedPlan {
    PlanKey key;
    std::string scope;
    std::shared_ptr<const AssemblyPlan> plan;
  };
  RecentList<SharedPlan, kMaxSharedPlans> shared_plans_;
  std::map<std::string, SessionState> sessions_;
  uint64_t next_session_ = 1;
};

}  // namespace toolsearch
