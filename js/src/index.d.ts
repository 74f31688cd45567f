// Type declarations for tool-search-wasm (hand-written; the same text ships as index.d.ts for
// `import` and index.d.cts for `require`).
// `Disposable` and `Symbol.dispose` come from TypeScript's own esnext.disposable lib (pulled in
// here, so a consumer's `lib: ["es2022", "dom"]` compiles without adding it or @types/node).
/// <reference lib="esnext.disposable" />

/** A JSON Schema object (passed through untouched). */
export type JsonSchema = { [key: string]: unknown };

/** Where a tool comes from. Core tools are never deferred. */
export type ToolSource = 'core' | 'plugin' | 'client' | `mcp:${string}`;

/** `core` tools are always visible; `deferrable` tools may go behind the bridge. */
export type ToolClass = 'core' | 'deferrable';

/** MCP tool annotations (hints), passed through. */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
  [key: string]: unknown;
}

/** Fields this package adds to any tool format. */
export interface ToolExtras {
  /** Default `"client"` (or the `source` given to add()/replaceSource()). */
  source?: ToolSource;
  /** Default `"deferrable"`; tools with source `"core"` are core. */
  class?: ToolClass;
  /** Toolsets the tool belongs to (sessions can be scoped by them). */
  tags?: string[];
  /** Keep visible even when deferral is active. Default false. */
  pinned?: boolean;
  title?: string;
  annotations?: ToolAnnotations;
}

/** MCP `tools/list` entry. */
export interface McpToolInput extends ToolExtras {
  name: string;
  description?: string;
  inputSchema?: JsonSchema;
}

/** catalog.jsonl line (and OpenAI Responses flat function tools when `type` is set). */
export interface ParametersToolInput extends ToolExtras {
  type?: 'function';
  name: string;
  description?: string;
  parameters?: JsonSchema;
}

/** Anthropic Messages API tool. */
export interface AnthropicToolInput extends ToolExtras {
  type?: 'custom';
  name: string;
  description?: string;
  input_schema?: JsonSchema;
}

/** OpenAI Chat Completions tool. */
export interface OpenAIChatToolInput extends ToolExtras {
  type: 'function';
  function: { name: string; description?: string; parameters?: JsonSchema; strict?: boolean };
}

/** Any accepted tool shape. */
export type ToolInput = McpToolInput | ParametersToolInput | AnthropicToolInput | OpenAIChatToolInput;

/** Defaults for a batch given to add(). A tool's own fields win. */
export interface AddOptions {
  source?: ToolSource;
  class?: ToolClass;
  tags?: string[];
  pinned?: boolean;
  /**
   * `'error'` (default): all-or-nothing, the first invalid tool throws. `'skip'`: the valid
   * tools are added and each invalid one is reported in `rejected`.
   */
  onInvalid?: 'error' | 'skip';
}

/**
 * A whole catalog: an MCP `tools/list` result, or the multi-server form of the built-in catalog
 * (`tool-search-wasm/catalogs/official-mcp.json`), whose tools get the source `mcp:<server>`.
 */
export type CatalogDocument =
  | { tools: ToolInput[]; nextCursor?: string; [key: string]: unknown }
  | { servers: Array<{ server: string; tools: Array<{ name: string; description?: string; inputSchema?: JsonSchema; [key: string]: unknown }> }>; [key: string]: unknown };

/** One tool `add(tools, {onInvalid: 'skip'})` left out. */
export interface AddRejection {
  /** Position in the batch given to add(). */
  index: number;
  name: string;
  code: ToolSearchErrorCode;
  message: string;
}

/** What `add(tools, {onInvalid: 'skip'})` did. */
export interface AddReport {
  added: string[];
  rejected: AddRejection[];
}

/** A cataloged tool, normalised. */
export interface ToolRecord {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  source: ToolSource;
  class: ToolClass;
  pinned: boolean;
  /** `"mcp"` for `"mcp:<server>"`, else the source itself. */
  sourceKind: 'core' | 'mcp' | 'plugin' | 'client';
  /** The MCP server (`"github"` for `"mcp:github"`), or null. */
  server: string | null;
  /** Estimated tokens of the tool's definition (the gate's estimator). */
  tokens: number;
  /** The server's own name, when namespacing renamed the tool. */
  originalName?: string;
  title?: string;
  annotations?: ToolAnnotations;
  tags?: string[];
}

/** The full definition returned by describe(). */
export interface ToolDescription extends ToolRecord {
  [key: string]: unknown;
}

/**
 * Gate and bridge settings. Every key is optional: on a new engine an omitted key takes the
 * stated default; in a later configure() it keeps its current value.
 */
export interface GateConfig {
  /** `true` means `'auto'`. Default `'auto'`. */
  enabled?: 'off' | 'auto' | 'on' | boolean;
  /** Share of the context window (0-100) the deferrable schemas must reach in auto mode. Default 10. */
  thresholdPct?: number;
  /** The auto threshold is never below this. Default 0. */
  minTokens?: number;
  /** ...nor above this, so a 1M window still triggers. Default 20000. */
  maxTokens?: number;
  /**
   * Auto also defers when this many deferrable tools are in scope, whatever their tokens
   * (0 = tokens only). Default 40: GoClaw gates on 40 tools, and tool choice degrades past
   * 30-50 similar tools even when their schemas fit the window.
   */
  thresholdTools?: number;
  /** tool_search's default limit. Default 5. */
  searchDefaultLimit?: number;
  /** Largest limit honoured (1-50). Default 20. */
  maxSearchLimit?: number;
  /** Hybrid partition: the first N deferrable tools stay inline. Default 0. */
  inlineMaxCount?: number;
  /** ...while their schemas fit this many tokens. Default 0. */
  inlineMaxTokens?: number;
  /** A direct call to a deferred tool is dispatched. Default true. */
  lazyActivation?: boolean;
  /** How activated tools appear later: `'stable'` keeps the visible array unchanged. Default `'stable'`. */
  activation?: 'stable' | 'promote';
  /** Token budget of the deferred-name listing in tool_search's description. Default 2000. */
  listingMaxTokens?: number;
  /** Tools injected per message in pre-selection mode (1-50). Default 8. */
  preselectTopK?: number;
  /** Search hits this small carry their full schema (0 = never). Default 300. */
  inlineSchemaMaxTokens?: number;
}

/** BM25 parameters and per-field weights. */
export interface Bm25Config {
  /** Default 1.2. */
  k1?: number;
  /** Default 0.75. */
  b?: number;
  weights?: {
    name?: number;
    server?: number;
    description?: number;
    paramNames?: number;
    paramDescriptions?: number;
  };
}

/** Query and text analysis. */
export interface AnalysisConfig {
  /**
   * Default `'light'`: English plural, -ing, -ed and final e, and one Russian noun or adjective
   * case ending (`файле` -> `файл`).
   */
  stemmer?: 'light' | 'none';
  /**
   * Drop stop words: English function words and those of German, French, Spanish, Italian and
   * Portuguese (so Spanish `del` is not read as delete). Default true.
   */
  stopWords?: boolean;
  /**
   * Unknown query words match catalog words and lexicon words within 1-2 edits (1 in a query of
   * more than 6 words), at half weight: `serch` finds search tools, `fodler` directory tools.
   * A word of 8+ letters (after stemming) with one closest catalog word counts as that word in
   * full (`deployyment` is `deployment`). An unknown word of 3-6 letters also matches the three
   * commonest longer catalog words it begins, at half weight (`subs` finds `subscription`).
   * Default true.
   */
  typos?: boolean;
  /**
   * Extra query-word expansions, added to the built-in ones: `{ wx: 'weather' }`. A key of
   * several words is a phrase, matched only as those words in a row: `{ 'sign off': 'log out' }`.
   * The built-in entries expand tool abbreviations (`PR`, `ls`, `db`) and the words of nine
   * other languages (German, French, Spanish, Portuguese, Italian, Russian, Chinese, Japanese,
   * Korean) for what tools do and act on into English.
   */
  lexicon?: Record<string, string>;
}

/** Which ranking search(), the bridge's tool_search and pre-selection use, and hybrid fusion. */
export interface RetrievalConfig {
  /**
   * Default `'keyword'` (BM25). `'semantic'` and `'hybrid'` need an embedder (createToolSearch's
   * `embedder`, with the *Async methods) or a static table (loadStaticTable).
   */
  strategy?: 'keyword' | 'semantic' | 'hybrid';
  /**
   * How hybrid combines its legs. Default `'score'`: `keywordWeight × bm25 / best bm25 +
   * semanticWeight × cosine`. `'rrf'`: weighted Reciprocal Rank Fusion,
   * `keywordWeight / (rrfK + rank) + semanticWeight / (rrfK + rank)`.
   */
  fusion?: 'score' | 'rrf';
  /** Weight of the keyword leg (0..1000). Default 1. */
  keywordWeight?: number;
  /**
   * Weight of the semantic leg when a host's embedder embeds the query (0..1000). Default 0.3.
   * Under score fusion with `adaptiveWeight`, the weight for a query whose keyword hits are
   * typical of a precise request; see there.
   */
  semanticWeight?: number;
  /**
   * Weight of the semantic leg when the static table (loadStaticTable) embeds the query, in
   * place of `semanticWeight` and scaled like it (0..1000). Default 0.1: word vectors read a
   * query less well than a model, and at 0.3 the table's cosine reorders confident BM25 ranks
   * (README, "By strategy"). Further scaled by `c / 0.6` when the table knows a share `c` under
   * 0.6 of the query's words.
   */
  tableSemanticWeight?: number;
  /**
   * Score fusion only: scale `semanticWeight` (`tableSemanticWeight` with the static table) per
   * query by the keyword leg's confidence, `z`, how many standard deviations its best BM25 score
   * stands above its first 50 scores (tools it did not reach counting 0): `semanticWeight ×
   * min((4.5 / z)³, 10)`. A query whose words single
   * out a tool is ranked by BM25 with the cosine breaking near-ties; one whose words match many
   * tools alike (a paraphrase) leans on the cosine. Default true; false weighs every query alike.
   */
  adaptiveWeight?: boolean;
  /** RRF constant k (positive, up to 1000). Default 60. */
  rrfK?: number;
  /** Candidates taken from each leg before fusion (1..1000). Default 50. */
  depth?: number;
}

export interface ToolSearchConfig {
  gate?: GateConfig;
  bm25?: Bm25Config;
  analysis?: AnalysisConfig;
  retrieval?: RetrievalConfig;
  /**
   * Name collisions. `'auto'` (default): the first tool to claim a name keeps it, a later MCP
   * tool of another source with that name becomes `mcp_<server>_<tool>`, a replaced source keeps
   * its names, and non-MCP tools are never renamed (DUPLICATE_NAME). `'prefix'`: every MCP tool
   * is `mcp_<server>_<tool>`. `'none'`: every collision is DUPLICATE_NAME.
   */
  namespacing?: 'auto' | 'none' | 'prefix';
}

/** The configuration in force: every key, defaults filled in. */
export interface EffectiveConfig {
  gate: Required<Omit<GateConfig, 'enabled'>> & { enabled: 'off' | 'auto' | 'on' };
  bm25: { k1: number; b: number; weights: Required<NonNullable<Bm25Config['weights']>> };
  analysis: { stemmer: 'light' | 'none'; stopWords: boolean; typos: boolean; lexicon: Record<string, string> };
  retrieval: Required<RetrievalConfig>;
  namespacing: 'auto' | 'none' | 'prefix';
}

/**
 * A host embedder (see `tool-search-wasm/embedders` for OpenAI-compatible, Workers AI,
 * transformers.js and USE-lite adapters).
 */
export interface Embedder {
  /** Stable model id: part of the vector cache key. */
  id: string;
  /** Vector length, 1..4096. */
  dimensions: number;
  /** One vector per text, in order. */
  embed(texts: string[]): Promise<ArrayLike<number>[]>;
}

/** What the semantic leg holds. */
export interface VectorInfo {
  /** The embedder's id (`static:<hash>` for a static table), or null. */
  embedder: string | null;
  dimensions: number;
  /** True when a static table is loaded. */
  static: boolean;
  /** Catalog tools with a vector for their current text. */
  vectors: number;
  tools: number;
}

/**
 * Where the wasm comes from. Default: the `.wasm` shipped next to the package's entry (read from
 * disk in Node, fetched in browsers, imported as a module on workerd/edge).
 */
export type WasmSource =
  | URL
  | string
  | ArrayBuffer
  | ArrayBufferView
  | Response
  | PromiseLike<Response>
  | WebAssembly.Module;

export interface CreateToolSearchOptions {
  wasm?: WasmSource;
  /**
   * Bytes from `ToolSearch#snapshot()`, loaded before `config` is applied (see
   * `ToolSearch#load`). Default: none, an empty catalog. Bad bytes reject with INVALID_SNAPSHOT.
   */
  snapshot?: Uint8Array | ArrayBuffer;
  config?: ToolSearchConfig;
  /** Embeds tools and queries for the semantic and hybrid strategies (the *Async methods). */
  embedder?: Embedder;
  /**
   * Time one embed() call may take before it counts as failed (TIMEOUT). Default 10000 ms; at
   * most 2147483647 (2^31 - 1, what a timer holds: INVALID_ARGUMENT above).
   */
  embedderTimeoutMs?: number;
}

export interface SearchOptions {
  /** Default 5 (gate.searchDefaultLimit); clamped to gate.maxSearchLimit. */
  limit?: number;
  /**
   * Restrict to what a session may see, ranked with its scope's own statistics. Default:
   * unrestricted (leave it out; `''` is INVALID_ARGUMENT).
   */
  session?: Session | string;
  /** Skip core tools. Default false. */
  deferredOnly?: boolean;
  /** Default: the configured retrieval.strategy (`'keyword'`). `'regex'` reads the query as a pattern. */
  strategy?: 'keyword' | 'semantic' | 'hybrid' | 'regex';
  /** The query's embedding, for semantic and hybrid (finite numbers, the embedder's dimensions). */
  vector?: ArrayLike<number>;
  /** Regex: also match descriptions. Default false (names only). */
  descriptions?: boolean;
  /** Regex: match case. Default false. */
  caseSensitive?: boolean;
}

/** A hit's rank (1-based) and score in one leg of a hybrid search. */
export interface LegRank {
  /** 1-based rank in the leg. */
  rank: number;
  score: number;
}

/**
 * The semantic leg of a hybrid hit. Under score fusion every hit has one: `score` is the
 * cosine that went into its fused score, and `rank` is null when the tool was not ranked
 * within the leg's top `depth`: it fell outside, or the keyword leg alone settled the hits
 * (no tool outside its list could score into them), so the catalog was not ranked by cosine.
 * `explain()` always ranks it.
 */
export interface SemanticLegRank {
  rank: number | null;
  score: number;
}

export interface SearchHit {
  name: string;
  /** BM25 score, cosine (semantic), fused RRF score (hybrid) or 1 (regex). */
  score: number;
  /**
   * `exact`: the query is the tool's name; `substring`: fallback when BM25 found nothing;
   * `semantic`: found by the semantic leg alone; `regex`: the pattern matched.
   */
  match: 'exact' | 'bm25' | 'substring' | 'semantic' | 'regex';
  /**
   * Low confidence: a substring fallback, a BM25 score under 20% of the best hit's, or a cosine
   * under 60% of the best (hybrid: weak in every leg that found it). Shown here; the bridge's
   * `tool_search` leaves weak hits out and tells the model nothing matched.
   */
  weak: boolean;
  /**
   * Hybrid only: each leg's rank and score (null where the leg did not return the tool; under
   * score fusion every hit has the semantic leg's cosine, see SemanticLegRank).
   */
  legs?: { keyword: LegRank | null; semantic: SemanticLegRank | null };
  source: ToolSource;
  /** The MCP server, or null. */
  server: string | null;
  description: string;
  /**
   * The tool's required top-level parameters. Frozen, and shared by the hits of this tool until
   * the catalog changes: copy it (`[...hit.required]`) to change it.
   */
  required: readonly string[];
  [key: string]: unknown;
}

export interface ExplanationTerm {
  term: string;
  field: string;
  idf: number;
  tf: number;
  weight: number;
  lengthNorm: number;
  /** 1 for the query's own words, lexicon expansions and a long word's one closest correction; 0.5 for other typo corrections. */
  queryWeight: number;
  score: number;
}

/** The hits, best first, with the strategy that ran. */
export interface SearchResults extends Array<SearchHit> {
  strategy: 'keyword' | 'semantic' | 'hybrid' | 'regex';
  /** Set when a semantic or hybrid search ran as keyword: why (no embedder, embedder failure, ...). */
  degraded?: string;
}

export interface Explanation {
  name: string;
  match: 'exact' | 'bm25' | 'substring';
  /** The strategy ranked (options.strategy or the configured one) and the tool's place in it. */
  strategy: 'keyword' | 'semantic' | 'hybrid' | 'regex';
  /** 1-based rank in that strategy's ranking of the whole catalog, or null when not ranked. */
  rank: number | null;
  /** The tool's score in that ranking (BM25, cosine, fused RRF or 1). */
  strategyScore?: number;
  /**
   * Hybrid: each leg's rank and score, and the weight the semantic leg got for this query
   * (`semanticWeight`, or `tableSemanticWeight` with the static table, scaled by the keyword
   * leg's confidence under score fusion with `adaptiveWeight` and by the table's share of the
   * query's words): under score fusion `strategyScore` is `keywordWeight × keyword.score / best
   * keyword score + semanticWeight × semantic.score`.
   */
  legs?: { keyword: LegRank | null; semantic: SemanticLegRank | null; semanticWeight: number };
  degraded?: string;
  score: number;
  queryTokens: string[];
  terms: ExplanationTerm[];
  /**
   * What the lexicon (`pr` -> `pull request`) and typo tolerance (`isu` -> `issu (typo)`,
   * `fodler` -> `directory (typo of folder)`) added.
   */
  expansions: { from: string; to: string }[];
}

/** What a session may see and call. Empty = everything. Core tools are always in scope. */
export interface Scope {
  /** e.g. `["mcp:github"]`; `"mcp:*"` matches every MCP server. */
  sources?: string[];
  /** Tags. */
  toolsets?: string[];
  /** Tool names. */
  tools?: string[];
}

export interface AssembleOptions {
  /** Context window of the model, in tokens (0: the gate uses gate.maxTokens). */
  contextWindow?: number;
  /** Default `'bridge'`. */
  mode?: 'bridge' | 'preselect' | 'preselect+bridge';
  /** The user's message (pre-selection ranks tools for it). */
  userMessage?: string;
  /** The user message's embedding, for semantic or hybrid pre-selection (assembleAsync sets it). */
  vector?: ArrayLike<number>;
  /** Tools injected in pre-selection modes. Default gate.preselectTopK. */
  topK?: number;
  session?: Session | string;
}

/** One tool definition to send to the model. */
export interface VisibleTool {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  /** Why it is visible. */
  kind: 'core' | 'pinned' | 'inline' | 'activated' | 'preselected' | 'bridge' | 'passthrough';
  /** Estimated prompt tokens of this definition. */
  tokens: number;
}

/** The gate's decision for one assembly. */
export interface GateDecision {
  mode: 'off' | 'auto' | 'on';
  /** Whether deferral is active this turn. */
  active: boolean;
  contextWindow: number;
  /** Deferrable schema tokens at or above which auto mode defers. */
  threshold: number;
  deferrableCount: number;
  deferrableTokens: number;
  /** Human-readable explanation of the decision. */
  reason: string;
}

/** What the model sees this turn, and the accounting. */
export interface Assembly {
  strategy: 'passthrough' | 'bridge' | 'preselect' | 'preselect+bridge';
  /** Detail level of the deferred-tool listing in tool_search's description (0: none). */
  tier: number;
  /** The tools to send to the model, in order (byte-stable for an unchanged catalog). */
  visible: VisibleTool[];
  /** Real names of every tool the model can reach (for hooks, transcripts, telemetry). */
  logical: string[];
  /** Tools behind the bridge. */
  deferred: string[];
  /** `saved = withoutDeferral - withDeferral` (negative when the bridge costs more). */
  tokens: { withoutDeferral: number; withDeferral: number; saved: number };
  gate: GateDecision;
}

/** A tool call as a model emits it, in any of the accepted shapes. */
export type ToolCallInput =
  | { name: string; arguments?: unknown; [key: string]: unknown }
  | { function: { name: string; arguments?: unknown }; [key: string]: unknown }
  | { type: 'tool_use'; name: string; input?: unknown; [key: string]: unknown };

export interface CallResolution {
  /** `dispatch`: call the real tool `name` with `arguments`. The others answer the model with `result`. */
  kind: 'search' | 'describe' | 'dispatch' | 'refusal';
  /** The real tool for a dispatch; the bridge tool for search/describe; may be empty for a refusal. */
  name: string;
  arguments: { [key: string]: unknown };
  /** What to return to the model for search, describe and refusal (`{}` for a dispatch). */
  result: { [key: string]: unknown };
  /** For a refusal, a stable code such as `bridge_recursion`; otherwise empty. */
  reason: string;
  /** Argument repairs applied (e.g. JSON text parsed). */
  repairs: string[];
  /** A deferred tool was activated in the session by this call. */
  activated: boolean;
  /** The call came through a bridge tool. */
  viaBridge: boolean;
  /** When `name` is a real tool the session can see: its source, or null. */
  source: ToolSource | null;
  /** Its MCP server (`"github"`), or null. */
  server: string | null;
  sourceKind: 'core' | 'mcp' | 'plugin' | 'client' | null;
  /** Estimated tokens of its definition, or null. */
  tokens: number | null;
}

export interface TokenEstimate {
  tokens: number;
  /** The naive chars/4 estimate, for comparison. */
  charsDiv4: number;
}

// @generated-begin error-codes: js/scripts/build.mjs writes the ToolSearchErrorCode union here
/** The build narrows this to the codes of js/src/error-codes.json. */
export type ToolSearchErrorCode = string;
// @generated-end error-codes

/** Every failure the package reports. */
export declare class ToolSearchError extends Error {
  constructor(code: ToolSearchErrorCode, message: string, options?: { cause?: unknown; suggestions?: string[] });
  readonly name: 'ToolSearchError';
  readonly code: ToolSearchErrorCode;
  /** "Did you mean" names, on NOT_FOUND from describe(). */
  readonly suggestions?: string[];
}

/** A scoped view of a ToolSearch. */
export declare class Session implements Disposable {
  private constructor();
  /** The engine's session id, e.g. `"s1"`. */
  readonly id: string;
  /** True after close() or after the owner was disposed. */
  readonly closed: boolean;
  search(query: string, options?: Omit<SearchOptions, 'session'>): SearchResults;
  describe(name: string): ToolDescription;
  suggest(name: string): string[];
  /** As the session scores it; out of scope is NOT_FOUND. */
  explain(query: string, name: string): Explanation;
  assemble(options?: Omit<AssembleOptions, 'session'>): Assembly;
  handleCall(call: ToolCallInput): CallResolution;
  unwrap(call: ToolCallInput): { name: string; arguments: { [key: string]: unknown } } | null;
  /** Idempotent. */
  close(): void;
  [Symbol.dispose](): void;
}

/**
 * A tool catalog with BM25 search, the deferral gate and bridge-call resolution.
 *
 * @example
 * ```js
 * import { createToolSearch } from 'tool-search-wasm';
 * const ts = await createToolSearch();
 * ts.add(mcpTools, { source: 'mcp:github' });
 * ts.search('open a pull request', { limit: 3 });
 * ts.dispose();
 * ```
 */
export declare class ToolSearch implements Disposable {
  private constructor();
  /**
   * Adds one tool, a batch or a whole catalog document, all-or-nothing. Returns the names as
   * cataloged; with `onInvalid: 'skip'`, an AddReport of what was added and left out.
   */
  add<O extends AddOptions = AddOptions>(
    tools: ToolInput | ToolInput[] | CatalogDocument,
    options?: O,
  ): O extends { onInvalid: 'skip' } ? AddReport : string[];
  /**
   * Removes by name, all-or-nothing. Returns how many were removed (every name given). An
   * unknown name throws a ToolSearchError with code NOT_FOUND and `suggestions`, and nothing is
   * removed.
   */
  remove(names: string | string[]): number;
  /** Replaces every tool of a source. Returns the names now cataloged for it. */
  replaceSource(source: ToolSource, tools: ToolInput[]): string[];
  clear(): void;
  /** Default `on = true`. */
  pin(name: string, on?: boolean): void;
  /** Pins every tool of an MCP server (`"github"` or `"mcp:github"`). Default `on = true`. */
  pinServer(server: string, on?: boolean): void;
  /** The catalog, or only the named tools in that order (unknown names skipped). */
  tools(names?: string[]): ToolRecord[];
  readonly size: number;
  /** Stable hash of the catalog and pins. */
  readonly fingerprint: string;
  readonly coreVersion: string;
  readonly disposed: boolean;
  /** Ranks with the configured strategy or `options.strategy` (see SearchResults.degraded). */
  search(query: string, options?: SearchOptions): SearchResults;
  /** search() with the query embedded by the embedder (semantic, hybrid); degrades to keyword. */
  searchAsync(query: string, options?: SearchOptions): Promise<SearchResults>;
  /**
   * Term-by-term scores of one tool, and its rank in `options.strategy`'s ranking. With a
   * session: scored with its scope's statistics, and a tool outside its scope is NOT_FOUND
   * exactly as an unknown name. Default: unrestricted.
   */
  explain(query: string, name: string, options?: SearchOptions): Explanation;
  /** The embedder given to createToolSearch, if any. */
  readonly embedder: Embedder | undefined;
  /** Embeds tools that have no vector for their current text. Throws TIMEOUT / EMBEDDER_FAILED. */
  embedTools(): Promise<{ embedded: number; pending: number }>;
  /** Loads a static embedding table: semantic and hybrid then run synchronously, in the engine. */
  loadStaticTable(table: Uint8Array | ArrayBuffer): { dimensions: number };
  /**
   * The catalog (every tool field, pins, server pins), the configuration, the built keyword
   * index and the tool vectors as versioned, checksummed bytes (docs/snapshot-format.md).
   * Sessions and a static table are not included. The same engine state gives the same bytes.
   */
  snapshot(): Uint8Array;
  /**
   * Replaces catalog, configuration, keyword index and tool vectors with a snapshot's, all or
   * nothing: bad bytes throw INVALID_SNAPSHOT (over 256 MiB, TOO_LARGE) and nothing changes.
   * Open sessions stay open. Returns the loaded catalog's size and fingerprint.
   */
  load(snapshot: Uint8Array | ArrayBuffer): { size: number; fingerprint: string };
  readonly vectorInfo: VectorInfo;
  /** Throws NOT_FOUND (with `suggestions`) for unknown or out-of-scope names. */
  describe(name: string, options?: { session?: Session | string }): ToolDescription;
  suggest(name: string, options?: { session?: Session | string }): string[];
  session(scope?: Scope): Session;
  assemble(options?: AssembleOptions): Assembly;
  /** assemble() with the user message embedded first (semantic or hybrid pre-selection). */
  assembleAsync(options?: AssembleOptions): Promise<Assembly & { degraded?: string }>;
  handleCall(call: ToolCallInput, options?: { session?: Session | string }): CallResolution;
  /** handleCall() with a tool_search query embedded first (semantic or hybrid). */
  handleCallAsync(call: ToolCallInput, options?: { session?: Session | string }): Promise<CallResolution>;
  /** The real call behind a tool_call / direct call, or null for search, describe and refusals. */
  unwrap(
    call: ToolCallInput,
    options?: { session?: Session | string },
  ): { name: string; arguments: { [key: string]: unknown } } | null;
  estimateTokens(tool: ToolInput): TokenEstimate;
  /**
   * Merges: changes the keys it names, at every level; a key left out keeps its current value
   * (the default on a new engine). Returns the effective configuration.
   */
  configure(config: ToolSearchConfig): EffectiveConfig;
  /** Idempotent; later use throws `DISPOSED`. */
  dispose(): void;
  [Symbol.dispose](): void;
}

/**
 * Creates a ToolSearch. The wasm module is instantiated once per wasm source and shared.
 * There is no top-level await: nothing loads until this is called.
 */
export declare function createToolSearch(options?: CreateToolSearchOptions): Promise<ToolSearch>;

/**
 * The tools of a catalog document with their sources: an array of tools, an MCP `tools/list`
 * result `{tools}`, or `{servers: [{server, tools}]}` (sources `mcp:<server>`).
 */
export declare function toolsFromCatalog(document: unknown): ToolInput[];
