// The public API: an idiomatic wrapper over the raw engine (raw-engine.js). Arguments are type-checked
// here, before the boundary; every other rule (names, schemas, limits, scopes, gating,
// ranking, bridge resolution) is the core's, reported through its error envelope.

import { ToolSearchError, asToolSearchError, invalidArgument } from './errors.js';
import { isCatalogDocument, isPlainObject, normalizeCall, normalizeTool, normalizeTools, toolsFromCatalog } from './normalize.js';
import { checkOptionKeys } from './option-keys.js';
import { MAX_CALL_LENGTH, boundaryJson, boundaryString, decodeAnswer, openEnvelope } from './raw.js';
import { RawEngine, rawVersion } from './raw-engine.js';
import { PackedSearch, STRATEGIES, checkQuerySize, searchFlags, setResultInfo } from './packed-search.js';
import { DEFAULT_EMBEDDER_TIMEOUT_MS, MAX_EMBEDDER_TIMEOUT_MS, catchUpToolVectors, checkEmbedder, embedQuery, embedTexts, toolSearchQuery } from './semantic.js';
import { putSnapshot, snapshotBytes, takeSnapshot } from './snapshot.js';

/** `Symbol.dispose` where the runtime has it (Node >= 18.18/20.4, recent browsers). */
const disposeSymbol = /** @type {symbol} */ (/** @type {any} */ (Symbol).dispose ?? Symbol.for('Symbol.dispose'));


// Every option key each public method reads: any other key is refused with a "did you mean".
const CREATE_OPTIONS = ['wasm', 'snapshot', 'config', 'embedder', 'embedderTimeoutMs'];
const ADD_OPTIONS = ['source', 'class', 'tags', 'pinned', 'onInvalid'];
const SEARCH_OPTIONS = ['limit', 'session', 'deferredOnly', 'strategy', 'vector', 'descriptions', 'caseSensitive'];
const SESSION_OPTIONS = ['session'];

/**
 * A query vector as the core takes it: finite numbers (NaN and Infinity are refused here,
 * since JSON would turn them into null).
 * @param {unknown} v
 * @param {string} what
 * @returns {number[]}
 */
function queryVector(v, what) {
  const ok = (Array.isArray(v) || v instanceof Float32Array || v instanceof Float64Array) && v.length > 0 && v.length <= 4096;
  if (!ok) throw invalidArgument(what, 'an array or Float32Array of 1..4096 numbers', v);
  const out = Float32Array.from(/** @type {ArrayLike<number>} */ (v), Number);
  if (!out.every(Number.isFinite)) throw invalidArgument(what, 'finite numbers (no NaN or Infinity)', v);
  return out;
}

/** What a raw call gets when there is no query vector. */
const NO_VECTOR = new Uint8Array(0);

/**
 * Moves `request.vector` out of the JSON request into float32 bytes: parsing JSON numbers costs
 * wasm a strtod each (about 0.5 ms for 384 of 17 digits).
 * @param {Record<string, unknown>} request
 * @returns {Uint8Array}
 */
function takeVector(request) {
  const v = /** @type {Float32Array | undefined} */ (request.vector);
  delete request.vector;
  return v === undefined ? NO_VECTOR : new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
}

/** Only createToolSearch() may construct a ToolSearch. */
const CONSTRUCT = Symbol('ToolSearch.construct');
const SESSION_CONSTRUCT = Symbol('Session.construct');

/** Session#close reaches the owner's private #call through this (set in a static block). */
/** @type {(owner: ToolSearch, id: string) => void} */
let closeSessionOf;
/** ToolSearch#sessionId reads a session's owner through this. */
/** @type {(session: Session) => ToolSearch} */
let ownerOf;

/**
 * Backstop for forgotten dispose() calls. It holds the raw handle only, never the wrapper,
 * so the wrapper stays collectable.
 */
const finalizer =
  typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry((/** @type {any} */ engine) => {
        try {
          if (!engine.isDeleted()) engine.delete();
        } catch {
          // The module may be gone already; nothing is left to free.
        }
      })
    : null;

/**
 * Backstop for sessions dropped without close(): closes them in the engine, which would
 * otherwise keep every one for its whole life. Holds the raw engine handle and the id only.
 */
const sessionFinalizer =
  typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry((/** @type {{engine: any, id: string, open: Set<string>}} */ held) => {
        held.open.delete(held.id);
        try {
          if (!held.engine.isDeleted()) held.engine.closeSession(held.id);
        } catch {
          // The engine or the module is gone already, and the session with it.
        }
      })
    : null;

/**
 * Builds the public `createToolSearch` of one runtime entry from its module loader.
 * @param {(source?: unknown) => Promise<any>} loadModule  resolves to the raw module (memoised)
 */
export function makeCreateToolSearch(loadModule) {
  /**
   * Creates an engine. The wasm module is instantiated once per wasm source and shared.
   * @param {import('./index.js').CreateToolSearchOptions} [options]
   * @returns {Promise<ToolSearch>}
   */
  return async function createToolSearch(options = {}) {
    const { wasm, snapshot, config, embedder, timeoutMs } = guarded('createToolSearch() could not read an argument', () => {
      if (!isPlainObject(options)) throw invalidArgument('createToolSearch(options)', 'an object', options);
      checkOptionKeys(options, CREATE_OPTIONS, 'createToolSearch');
      if (options.config !== undefined && !isPlainObject(options.config)) {
        throw invalidArgument('options.config', 'an object', options.config);
      }
      const timeout = options.embedderTimeoutMs ?? DEFAULT_EMBEDDER_TIMEOUT_MS;
      if (typeof timeout !== 'number' || !(timeout > 0 && timeout <= MAX_EMBEDDER_TIMEOUT_MS)) {
        throw invalidArgument('options.embedderTimeoutMs', `a positive number of milliseconds up to ${MAX_EMBEDDER_TIMEOUT_MS} (what a timer holds)`, timeout);
      }
      return {
        wasm: options.wasm,
        snapshot: options.snapshot === undefined ? undefined : snapshotBytes(options.snapshot, 'options.snapshot'),
        config: options.config,
        embedder: options.embedder === undefined ? undefined : checkEmbedder(options.embedder),
        timeoutMs: timeout,
      };
    });
    const module = await loadModule(wasm);
    return new ToolSearch(CONSTRUCT, module, config, embedder, timeoutMs, snapshot);
  };
}

/** A catalog of tools with search, gating and bridge resolution. Create with createToolSearch(). */
export class ToolSearch {
  /** @type {any} */ #engine;
  /** @type {any} */ #module;
  /** @type {PackedSearch} */ #packed;
  /** Each session's logical names and the catalog revision they belong to (assemble). */
  /** @type {Map<string, {revision: number, names: string[]}>} */ #logical = new Map();
  /** The ids of the sessions open in the engine (the engine only opens them through session()). */
  /** @type {Set<string>} */ #openSessions = new Set();
  #token = {};
  #disposed = false;
  /** @type {import('./index.js').Embedder | undefined} */ #embedder;
  #embedderTimeoutMs = DEFAULT_EMBEDDER_TIMEOUT_MS;
  /** The configured default strategy (retrieval.strategy). */
  #strategy = 'keyword';

  /**
   * @param {symbol} key
   * @param {any} module
   * @param {object | undefined} config
   * @param {import('./index.js').Embedder} [embedder]
   * @param {number} [embedderTimeoutMs]
   * @param {Uint8Array} [snapshot]  loaded first; `config` then changes what it names
   */
  constructor(key, module, config, embedder, embedderTimeoutMs = DEFAULT_EMBEDDER_TIMEOUT_MS, snapshot = undefined) {
    if (key !== CONSTRUCT) throw new TypeError('tool-search: use `await createToolSearch()` to create a ToolSearch');
    this.#module = module;
    this.#engine = new RawEngine(module);  // TOO_LARGE when the module's memory is full
    this.#packed = new PackedSearch(module, this.#engine);
    try {
      if (snapshot !== undefined) this.load(snapshot);
      if (config !== undefined) this.configure(config);
      if (embedder) {
        this.#embedder = embedder;
        this.#embedderTimeoutMs = embedderTimeoutMs;
        if (embedder.dimensions !== undefined) this.#register(embedder, embedder.dimensions);
      }
    } catch (error) {
      this.#engine.delete();
      throw error;
    }
    finalizer?.register(this, this.#engine, this.#token);
  }

  // ---- catalog -------------------------------------------------------------------------------

  /**
   * Adds one tool or a batch (one call into the engine). Accepts MCP, OpenAI (Chat and
   * Responses), Anthropic and catalog.jsonl shapes, and whole catalog documents (an MCP
   * `tools/list` result, or `{servers: [{server, tools}]}` like the built-in catalog).
   * - Default (`onInvalid: 'error'`): all-or-nothing; on error nothing is added and the error
   *   is thrown. Returns the names as cataloged (after namespacing).
   * - `onInvalid: 'skip'`: every valid tool is added, each invalid one is left out with its
   *   reason. Returns `{added, rejected: [{index, name, code, message}]}`.
   * @param {import('./index.js').ToolInput | import('./index.js').ToolInput[]} tools
   * @param {import('./index.js').AddOptions} [options]  defaults for tools that lack them, and onInvalid
   */
  add(tools, options) {
    this.#live();
    if (options !== undefined && !isPlainObject(options)) throw invalidArgument('add(tools, options)', 'an object', options);
    if (options !== undefined) checkOptionKeys(options, ADD_OPTIONS, 'add(tools, options)');
    if (isCatalogDocument(tools)) tools = toolsFromCatalog(tools);
    const { onInvalid = 'error', ...defaults } = options ?? {};
    if (onInvalid !== 'error' && onInvalid !== 'skip') {
      throw invalidArgument('add(tools, options).onInvalid', '"error" or "skip"', onInvalid);
    }
    if (onInvalid === 'error') {
      const list = normalizeTools(tools, options === undefined ? undefined : defaults, 'add(tools)');
      return this.#call('addTools', boundaryJson(list, 'add(tools)'), 'null').added;
    }
    return this.#addSkippingInvalid(tools, defaults);
  }

  /**
   * @param {unknown} tools @param {Record<string, unknown>} defaults
   * @returns {import('./index.js').AddReport}
   */
  #addSkippingInvalid(tools, defaults) {
    const input = Array.isArray(tools) ? tools : [tools];
    /** @type {import('./index.js').AddRejection[]} */
    const rejected = [];
    /** @type {string[]} */
    const valid = [];
    /** @type {number[]} */
    const positions = [];
    input.forEach((tool, index) => {
      const where = `add(tools)[${index}]`;
      try {
        // Each tool is serialised alone, so one that cannot be (a cycle, a BigInt, a throwing
        // getter, a lone surrogate, nesting past the core's depth limit) is left out instead of
        // failing them all.
        valid.push(boundaryJson(normalizeTool(tool, defaults, where), where, undefined, MAX_ENTRY_DEPTH));
        positions.push(index);
      } catch (thrown) {
        const error = asToolSearchError(thrown, `${where} could not be read`);
        rejected.push({ index, name: toolNameOf(tool), code: error.code, message: error.message });
      }
    });
    const report = this.#call('addTools', boundaryString(`[${valid.join(',')}]`, 'add(tools)'), '{"onInvalid":"skip"}');
    for (const r of report.rejected) rejected.push({ ...r, index: positions[r.index] });
    rejected.sort((a, b) => a.index - b.index);
    return { added: report.added, rejected };
  }

  /**
   * Removes tools by name, all-or-nothing: an unknown name throws NOT_FOUND (with
   * `error.suggestions`, "did you mean") and nothing is removed, so a typo never passes as
   * "0 removed".
   * @param {string | string[]} names
   * @returns {number} how many were removed (every name given, once each)
   */
  remove(names) {
    this.#live();
    const list = stringList(names, 'remove(names)');
    try {
      return this.#call('removeTools', boundaryJson(list, 'remove(names)')).removed;
    } catch (error) {
      if (error instanceof ToolSearchError && error.code === 'NOT_FOUND' && !error.suggestions) {
        const missing = list.find((n) => this.tools([n]).length === 0);
        if (missing !== undefined) error.suggestions = this.suggest(missing);
      }
      throw error;
    }
  }

  /**
   * Replaces every tool of `source` (e.g. after MCP `notifications/tools/list_changed`).
   * @param {string} source  "mcp:<server>", "plugin", "client" or "core"
   * @param {import('./index.js').ToolInput[]} tools
   * @returns {string[]} the names now cataloged for the source
   */
  replaceSource(source, tools) {
    this.#live();
    boundaryString(source, 'replaceSource(source)');
    if (!Array.isArray(tools)) throw invalidArgument('replaceSource(tools)', 'an array of tools', tools);
    const list = normalizeTools(tools, { source }, 'replaceSource(tools)');
    return this.#call('replaceSource', source, boundaryJson(list, 'replaceSource(tools)')).names;
  }

  /** Removes every tool (sessions stay open). */
  clear() {
    this.#call('clear');
  }

  /**
   * Keeps a deferrable tool visible even when deferral is active (or releases it).
   * @param {string} name
   * @param {boolean} [on=true]
   */
  pin(name, on = true) {
    this.#live();
    boundaryString(name, 'pin(name)');
    if (typeof on !== 'boolean') throw invalidArgument('pin(name, on)', 'a boolean', on);
    this.#call('pinTool', name, on);
  }

  /**
   * Pins every tool of an MCP server, like Claude Code's `alwaysLoad`.
   * @param {string} server  "github" (a "mcp:github" source string is accepted too)
   * @param {boolean} [on=true]
   */
  pinServer(server, on = true) {
    this.#live();
    boundaryString(server, 'pinServer(server)');
    if (typeof on !== 'boolean') throw invalidArgument('pinServer(server, on)', 'a boolean', on);
    this.#call('pinServer', server.startsWith('mcp:') ? server.slice(4) : server, on);
  }

  /**
   * The catalog in insertion order, normalised; with `names`, only those tools, in that order
   * (unknown names are skipped), so a host that needs a few records does not copy them all.
   * Each record carries its `server`, `sourceKind` and estimated `tokens`.
   * @param {string[]} [names]
   * @returns {import('./index.js').ToolRecord[]}
   */
  tools(names) {
    this.#live();
    if (names === undefined) return this.#call('listTools', 'null');
    return this.#call('listTools', boundaryJson(stringList(names, 'tools(names)'), 'tools(names)'));
  }

  /** Number of tools in the catalog. */
  get size() {
    return this.#call('info').size;
  }

  /** Stable hash of the catalog content and pins (16 hex digits). */
  get fingerprint() {
    return this.#call('info').fingerprint;
  }

  /** Version of the wasm core. */
  get coreVersion() {
    this.#live();
    return rawVersion(this.#module);
  }

  // ---- snapshots -----------------------------------------------------------------------------

  /**
   * The catalog (every tool field, pins, server pins), the configuration, the built keyword
   * index and the tool vectors (embedder id, dimensions, int8 vectors, text hashes) as
   * versioned, checksummed bytes (docs/snapshot-format.md). Sessions are not included. Build
   * once (at deploy time), then `load()` or `createToolSearch({ snapshot })` wherever the same
   * catalog is needed: loading copies the index instead of analysing every tool again.
   * The same engine state always gives the same bytes. A static table is not included (load it
   * again; vectors made with it are kept).
   * @returns {Uint8Array}
   */
  snapshot() {
    const { size } = this.#call('snapshot');
    return takeSnapshot(this.#module, this.#live(), size);
  }

  /**
   * Replaces the catalog, configuration, keyword index and tool vectors with a snapshot's, all
   * or nothing: truncated, corrupted or wrong-version bytes throw INVALID_SNAPSHOT (over
   * 256 MiB, TOO_LARGE) and the engine keeps everything it had. Open sessions stay open and see
   * the new catalog. A host embedder keeps the loaded vectors when its id and dimensions are
   * the snapshot's, and otherwise replaces them.
   * @param {Uint8Array | ArrayBuffer} snapshot  bytes from snapshot()
   * @returns {{size: number, fingerprint: string}} the loaded catalog's size and fingerprint
   */
  load(snapshot) {
    putSnapshot(this.#module, this.#live(), snapshotBytes(snapshot, 'load(snapshot)'));
    const { config, fingerprint, size } = this.#call('loadSnapshot');
    this.#strategy = config.retrieval.strategy;
    // The engine now holds the snapshot's embedder: the host's takes over again if it has one.
    if (this.#embedder && this.#registeredDims !== undefined) this.#register(this.#embedder, this.#registeredDims);
    return { size, fingerprint };
  }

  // ---- retrieval -----------------------------------------------------------------------------

  /**
   * Ranks tools for a query with the configured strategy (default keyword: BM25, an exact
   * name always first) or `options.strategy`. Semantic and hybrid need a query vector
   * (`options.vector`) or a loaded static table; without one they run as keyword and the
   * result's `degraded` says why. Use searchAsync() to have the embedder embed the query.
   * @param {string} query  for `strategy: 'regex'`, the pattern
   * @param {import('./index.js').SearchOptions} [options]
   * @returns {import('./index.js').SearchResults}
   */
  search(query, options = {}) {
    this.#live();
    boundaryString(query, 'search(query)');
    return this.#packedSearch(query, this.#searchRequest(options, 'search'));
  }

  /**
   * search() with the query embedded by the engine's embedder first (semantic and hybrid).
   * The embedder catches up on tools it has not embedded yet (cached by text hash). If the
   * embedder throws, hangs past `embedderTimeoutMs` or returns bad vectors, the search runs as
   * keyword and `degraded` states the reason: never a silent empty result.
   * @param {string} query
   * @param {import('./index.js').SearchOptions} [options]
   * @returns {Promise<import('./index.js').SearchResults>}
   */
  async searchAsync(query, options = {}) {
    this.#live();
    boundaryString(query, 'searchAsync(query)');
    checkQuerySize(query);  // refused before the embedder runs and vectors are stored
    const request = this.#searchRequest(options, 'searchAsync');
    const strategy = /** @type {string} */ (request.strategy ?? this.#strategy);
    const degraded = await this.#embedInto(request, strategy, query, request.session);
    const hits = this.#packedSearch(query, request);
    if (degraded) setResultInfo(hits, 'degraded', degraded);
    return hits;
  }

  /**
   * Why a tool scores what it scores for a query: BM25 term by term, and its rank in the
   * ranking of `options.strategy` (hybrid: each leg's rank and score, and the fused score).
   * With a session, the scores are the session's (statistics of its scope) and a tool outside
   * its scope is NOT_FOUND, exactly as a name that does not exist.
   * @param {string} query
   * @param {string} name
   * @param {import('./index.js').SearchOptions} [options]  strategy, vector, session
   * @returns {import('./index.js').Explanation}
   */
  explain(query, name, options = {}) {
    this.#live();
    boundaryString(query, 'explain(query)');
    boundaryString(name, 'explain(query, name)');
    const request = this.#searchRequest(options, 'explain');
    const vector = takeVector(request);
    return this.#call('explain', query, name, boundaryJson(request, 'explain(options)'), vector);
  }

  // ---- the semantic leg ----------------------------------------------------------------------

  /** The host embedder given to createToolSearch, if any. */
  get embedder() {
    return this.#embedder;
  }

  /**
   * Embeds every tool that has no vector for the current text (new tools, changed
   * descriptions); unchanged tools are never embedded again. searchAsync, assembleAsync and
   * handleCallAsync call this first. Throws TIMEOUT or EMBEDDER_FAILED; vectors of earlier
   * batches are kept.
   * @returns {Promise<{embedded: number, pending: number}>}
   */
  async embedTools() {
    this.#live();
    const embedder = this.#embedder;
    if (!embedder) return { embedded: 0, pending: 0 };
    // loadStaticTable() while an answer is awaited replaces the embedder: vectors that answer
    // brings are the old embedder's, and are dropped rather than stored under the table's id.
    const epoch = this.#embedderEpoch;
    const superseded = () => {
      this.#live();
      return epoch !== this.#embedderEpoch;
    };
    if (this.#registeredDims === undefined) {
      // Dimensions unknown until the embedder answers once (e.g. an OpenAI-compatible server).
      const probe = await embedTexts(embedder, ['tool'], this.#embedderTimeoutMs);
      if (superseded()) return { embedded: 0, pending: 0 };
      this.#register(embedder, probe.length);
    }
    const engine = {
      pending: () => this.#call('pendingVectors'),
      store: (/** @type {string} */ meta, /** @type {Uint8Array} */ bytes) => this.#call('storeVectors', meta, bytes),
      superseded,
    };
    return catchUpToolVectors(engine, this.#sized(embedder), this.#embedderTimeoutMs);
  }

  /** @type {number | undefined} */ #registeredDims;
  /** Counts loadStaticTable() calls: an embedding started before one is stale after it. */
  #embedderEpoch = 0;

  /**
   * The embedder with the dimensions the engine registered (a class instance keeps its methods).
   * @param {import('./index.js').Embedder} embedder
   */
  #sized(embedder) {
    return { id: embedder.id, dimensions: this.#registeredDims, embed: (/** @type {string[]} */ t) => embedder.embed(t) };
  }

  /**
   * Tells the engine which embedder's vectors it stores.
   * @param {import('./index.js').Embedder} embedder @param {number} dimensions
   */
  #register(embedder, dimensions) {
    this.#call('useEmbedder', JSON.stringify({ id: embedder.id, dimensions }));
    this.#registeredDims = dimensions;
  }

  /**
   * Loads a static embedding table (the `tool-search-wasm/static-embeddings.tsse` asset, or one
   * built by scripts/distill-static-table.mjs): tools and queries are then embedded inside the
   * engine in microseconds, so semantic and hybrid work synchronously, with no model and no
   * network. Replaces a host embedder. Malformed bytes throw INVALID_ARGUMENT.
   * @param {Uint8Array | ArrayBuffer} table
   * @returns {{dimensions: number}}
   */
  loadStaticTable(table) {
    this.#live();
    const bytes = table instanceof ArrayBuffer ? new Uint8Array(table) : table;
    if (!(bytes instanceof Uint8Array)) throw invalidArgument('loadStaticTable(table)', 'a Uint8Array or ArrayBuffer', table);
    const result = this.#call('loadStaticTable', this.#packed.writeInput(bytes, 'loadStaticTable(table)'));
    this.#embedder = undefined;
    this.#registeredDims = undefined;
    this.#embedderEpoch++;
    return result;
  }

  /**
   * What the semantic leg holds: the embedder id and dimensions, whether a static table is
   * loaded, and how many catalog tools have a current vector.
   * @returns {import('./index.js').VectorInfo}
   */
  get vectorInfo() {
    return this.#call('vectorInfo');
  }

  /**
   * The full definition of one tool. An unknown (or out-of-scope) name throws NOT_FOUND with
   * `error.suggestions`.
   * @param {string} name
   * @param {{session?: Session | string}} [options]
   * @returns {import('./index.js').ToolDescription}
   */
  describe(name, options = {}) {
    this.#live();
    boundaryString(name, 'describe(name)');
    if (!isPlainObject(options)) throw invalidArgument('describe(name, options)', 'an object', options);
    checkOptionKeys(options, SESSION_OPTIONS, 'describe(name, options)');
    // A miss carries its suggestions in the error envelope (computed once, in the core).
    return this.#call('describe', name, this.#sessionId(options.session, 'describe options.session'));
  }

  /**
   * "Did you mean" names for a misspelled tool name.
   * @param {string} name
   * @param {{session?: Session | string}} [options]
   * @returns {string[]}
   */
  suggest(name, options = {}) {
    this.#live();
    boundaryString(name, 'suggest(name)');
    if (!isPlainObject(options)) throw invalidArgument('suggest(name, options)', 'an object', options);
    checkOptionKeys(options, SESSION_OPTIONS, 'suggest(name, options)');
    return this.#call('suggest', name, this.#sessionId(options.session, 'suggest options.session'));
  }

  // ---- sessions, assembly, bridge --------------------------------------------------------------

  /**
   * Opens a session that sees and calls only what `scope` grants (an empty scope grants
   * everything; core tools are always visible). Close it when done, or dispose the engine.
   * @param {import('./index.js').Scope} [scope]
   * @returns {Session}
   */
  session(scope = {}) {
    this.#live();
    if (!isPlainObject(scope)) throw invalidArgument('session(scope)', 'an object', scope);
    const { id } = this.#call('openSession', boundaryJson(scope, 'session(scope)'));
    this.#openSessions.add(id);
    return new Session(SESSION_CONSTRUCT, this, id, this.#engine, this.#openSessions);
  }

  /**
   * Decides what the model sees this turn (the gate runs at every call).
   * @param {import('./index.js').AssembleOptions} [options]
   * @returns {import('./index.js').Assembly}
   */
  assemble(options = {}) {
    this.#live();
    if (!isPlainObject(options)) throw invalidArgument('assemble(options)', 'an object', options);
    const { session, ...rest } = options;
    /** @type {Record<string, unknown>} */
    const request = {};
    for (const [key, value] of Object.entries(rest)) if (value !== undefined) request[key] = value;
    if (request.vector !== undefined) {
      request.vector = queryVector(request.vector, 'assemble options.vector');
      this.#checkVectorSize(/** @type {Float32Array} */ (request.vector), 'assemble options.vector');
    }
    const id = this.#sessionId(session, 'assemble options.session');
    if (id) request.session = id;
    const vector = takeVector(request);
    // The core sends the logical names only when they changed (a new catalog revision), and
    // never the deferred ones: they are the logical names that are not visible.
    const known = this.#logical.get(id);
    const turn = this.#call('assemble', boundaryJson(request, 'assemble(options)'), vector, known ? known.revision : -1);
    /** @type {string[]} */
    let logical;
    if (turn.logical) {
      logical = turn.logical;
      this.#logical.delete(id);
      // A few sessions' names at most: sessions dropped without close() must not pile up here.
      if (this.#logical.size >= 64) this.#logical.delete(/** @type {string} */ (this.#logical.keys().next().value));
      this.#logical.set(id, { revision: turn.revision, names: logical.slice() });
    } else {
      logical = /** @type {{names: string[]}} */ (known).names.slice();
    }
    const visible = new Set();
    for (const tool of turn.visible) visible.add(tool.name);
    return {
      deferred: logical.filter((name) => !visible.has(name)),
      gate: turn.gate,
      logical,
      strategy: turn.strategy,
      tier: turn.tier,
      tokens: turn.tokens,
      visible: turn.visible,
    };
  }

  /**
   * assemble() with the user message embedded first, for semantic or hybrid pre-selection
   * (degrades to keyword with `degraded` set, like searchAsync).
   * @param {import('./index.js').AssembleOptions} [options]
   * @returns {Promise<import('./index.js').Assembly>}
   */
  async assembleAsync(options = {}) {
    this.#live();
    if (!isPlainObject(options)) throw invalidArgument('assembleAsync(options)', 'an object', options);
    /** @type {Record<string, unknown>} */
    const extra = {};
    const message = options.userMessage;
    // A vector of the caller's own is used (and checked) as given, as in searchAsync.
    const embed = options.vector === undefined && typeof message === 'string' && message.trim() !== '';
    const session = this.#sessionId(options.session, 'assembleAsync options.session');
    const degraded = embed ? await this.#embedInto(extra, this.#strategy, message, session) : undefined;
    const assembly = this.assemble({ ...options, ...extra });
    if (degraded) assembly.degraded = degraded;
    return assembly;
  }

  /**
   * handleCall() with a tool_search query embedded first (semantic or hybrid strategy).
   * @param {import('./index.js').ToolCallInput} call
   * @param {{session?: Session | string}} [options]
   * @returns {Promise<import('./index.js').CallResolution>}
   */
  async handleCallAsync(call, options = {}) {
    this.#live();
    if (!isPlainObject(options)) throw invalidArgument('handleCallAsync(call, options)', 'an object', options);
    checkOptionKeys(options, SESSION_OPTIONS, 'handleCallAsync(call, options)');
    const normalized = normalizeCall(call, 'handleCallAsync(call)');
    const query = toolSearchQuery(normalized);
    /** @type {Record<string, unknown>} */
    const extra = {};
    const session = this.#sessionId(options.session, 'handleCallAsync options.session');
    const degraded = query === undefined ? undefined : await this.#embedInto(extra, this.#strategy, query, session);
    const resolution = this.#resolve(normalized, options, takeVector(extra));
    if (degraded) resolution.degraded = degraded;
    return resolution;
  }

  /**
   * Resolves a model's tool call: a bridge search/describe answer, a dispatch of the real tool
   * (with repaired arguments), or a refusal the model can act on. Never invokes anything.
   * @param {import('./index.js').ToolCallInput} call
   * @param {{session?: Session | string}} [options]
   * @returns {import('./index.js').CallResolution}
   */
  handleCall(call, options = {}) {
    this.#live();
    if (!isPlainObject(options)) throw invalidArgument('handleCall(call, options)', 'an object', options);
    checkOptionKeys(options, SESSION_OPTIONS, 'handleCall(call, options)');
    return this.#resolve(normalizeCall(call, 'handleCall(call)'), options, NO_VECTOR);
  }

  /**
   * @param {{name: string, arguments?: unknown}} normalized
   * @param {{session?: Session | string}} options
   * @param {Uint8Array} vector  the tool_search query's embedding as float32 bytes, or empty
   */
  #resolve(normalized, options, vector) {
    const session = this.#sessionId(options.session, 'handleCall options.session');
    return this.#call('handleCall', session, boundaryJson(normalized, 'handleCall(call)', MAX_CALL_LENGTH), vector);
  }

  /**
   * The real `{name, arguments}` behind a call (what hooks, guardrails and approvals must see),
   * or null when the call is a search, a describe or a refusal. Resolves like handleCall, so a
   * lazily activated tool is activated in the session.
   * @param {import('./index.js').ToolCallInput} call
   * @param {{session?: Session | string}} [options]
   * @returns {{name: string, arguments: Record<string, unknown>} | null}
   */
  unwrap(call, options = {}) {
    const resolution = this.handleCall(call, options);
    return resolution.kind === 'dispatch' ? { name: resolution.name, arguments: resolution.arguments } : null;
  }

  /**
   * Estimated prompt tokens of one tool definition, with chars/4 for comparison.
   * @param {import('./index.js').ToolInput} tool
   * @returns {{tokens: number, charsDiv4: number}}
   */
  estimateTokens(tool) {
    this.#live();
    const normalized = normalizeTool(tool, {}, 'estimateTokens(tool)');
    return this.#call('estimateTokens', boundaryJson(normalized, 'estimateTokens(tool)'));
  }

  /**
   * Changes the keys it names and returns the effective configuration: a key left out keeps
   * its current value (the default, on a new engine), at every level (`configure({gate:
   * {maxTokens}})` leaves `gate.thresholdPct` and `bm25` as they were). To return to a default,
   * pass the default value. Gate keys are camelCase (`thresholdPct`); the seeds' snake_case (`threshold_pct`) is
   * accepted too.
   * @param {import('./index.js').ToolSearchConfig} config
   * @returns {import('./index.js').EffectiveConfig}
   */
  configure(config) {
    this.#live();
    if (!isPlainObject(config)) throw invalidArgument('configure(config)', 'an object', config);
    const effective = /** @type {import('./index.js').EffectiveConfig} */ (
      this.#call('configure', boundaryJson(config, 'configure(config)'))
    );
    this.#strategy = effective.retrieval.strategy;
    return effective;
  }

  // ---- lifetime --------------------------------------------------------------------------------

  /** True after dispose(). */
  get disposed() {
    return this.#disposed;
  }

  /** Frees the engine (and its sessions). Idempotent; any later use throws DISPOSED. */
  dispose() {
    if (this.#disposed) return;
    this.#disposed = true;
    finalizer?.unregister(this.#token);
    this.#engine.delete();
    this.#engine = null;
  }

  [disposeSymbol]() {
    this.dispose();
  }

  // ---- internals -------------------------------------------------------------------------------

  // Every public method calls this first: on a disposed engine DISPOSED comes before any
  // complaint about the arguments.
  #live() {
    if (this.#disposed) throw new ToolSearchError('DISPOSED', 'this ToolSearch was disposed');
    return this.#engine;
  }

  /**
   * Calls one raw method and decodes its envelope. Every raw call goes through here, with the
   * method name as a literal (a test compares those names with the raw module).
   * @param {string} method
   * @param {...(string | boolean | number | Uint8Array)} args
   */
  #call(method, ...args) {
    return this.#open(method, ...args).value;
  }

  /**
   * #call, returning the whole success envelope (a search's strategy and degraded sit beside
   * its value).
   * @param {string} method
   * @param {...(string | boolean | number | Uint8Array)} args
   */
  #open(method, ...args) {
    const engine = this.#live();
    let text;
    try {
      text = decodeAnswer(this.#module, engine[method](...args));
    } catch (cause) {
      if (cause instanceof ToolSearchError) throw cause;  // TOO_LARGE: no room for the arguments
      // The core never throws; this is a binding error or a trap.
      throw new ToolSearchError('INTERNAL', `${method} failed inside the engine: ${/** @type {Error} */ (cause)?.message ?? cause}`, { cause });
    }
    return openEnvelope(text);
  }

  /**
   * A search through the packed path (no JSON per search): hits with `strategy`, and
   * `degraded` when a semantic or hybrid search ran as keyword.
   * @param {string} query
   * @param {Record<string, any>} request  from #searchRequest
   * @returns {import('./index.js').SearchResults}
   */
  #packedSearch(query, request) {
    this.#live();
    const limit = request.limit === undefined ? 0 : Math.min(request.limit, 2 ** 20);
    return this.#packed.run(query, limit, searchFlags(request), request.session ?? '', takeVector(request));
  }

  /**
   * The core's search options from the public ones (checked here, before the boundary).
   * @param {unknown} options
   * @param {string} what
   * @returns {Record<string, unknown>}
   */
  #searchRequest(options, what) {
    if (!isPlainObject(options)) throw invalidArgument(`${what}(query, options)`, 'an object', options);
    checkOptionKeys(/** @type {Record<string, unknown>} */ (options), SEARCH_OPTIONS, `${what}(query, options)`);
    const o = /** @type {Record<string, any>} */ (options);
    /** @type {Record<string, unknown>} */
    const request = {};
    if (o.limit !== undefined) {
      if (typeof o.limit !== 'number') throw invalidArgument(`${what} options.limit`, 'a number', o.limit);
      if (!Number.isInteger(o.limit) || o.limit < 1) throw new ToolSearchError('INVALID_ARGUMENT', "'limit' must be a positive integer");
      request.limit = o.limit;
    }
    for (const key of ['deferredOnly', 'descriptions', 'caseSensitive']) {
      if (o[key] === undefined) continue;
      if (typeof o[key] !== 'boolean') throw invalidArgument(`${what} options.${key}`, 'a boolean', o[key]);
      request[key] = o[key];
    }
    if (o.strategy !== undefined) {
      if (!STRATEGIES.includes(o.strategy)) throw invalidArgument(`${what} options.strategy`, STRATEGIES.map((x) => `"${x}"`).join(', '), o.strategy);
      request.strategy = o.strategy;
    }
    if (o.vector !== undefined) request.vector = queryVector(o.vector, `${what} options.vector`);
    const session = this.#sessionId(o.session, `${what} options.session`);
    if (session) request.session = session;
    return request;
  }

  /**
   * For a semantic or hybrid strategy with a host embedder and no vector in `request`: catches
   * up the tool vectors and puts the query's vector into `request.vector`. Returns the reason
   * when that failed (the engine then runs keyword and reports it), else undefined. A session
   * that is not open embeds nothing: the call's NOT_FOUND is the engine's, at once.
   * @param {Record<string, unknown>} request
   * @param {string} strategy
   * @param {string} text
   * @param {unknown} session  the call's session id ("" or undefined: the default session)
   * @returns {Promise<string | undefined>}
   */
  async #embedInto(request, strategy, text, session) {
    const embedder = this.#embedder;
    if ((strategy !== 'semantic' && strategy !== 'hybrid') || request.vector !== undefined || !embedder) return undefined;
    if (session !== undefined && session !== '' && !this.#openSessions.has(/** @type {string} */ (session))) return undefined;
    const epoch = this.#embedderEpoch;
    try {
      await this.embedTools();
      const vector = await embedQuery(this.#sized(embedder), text, this.#embedderTimeoutMs);
      // A static table loaded meanwhile embeds the query itself; this vector is another space's.
      if (epoch === this.#embedderEpoch) request.vector = vector;
      return undefined;
    } catch (error) {
      if (!(error instanceof ToolSearchError)) throw error;
      return `${error.code}: ${error.message.replace(/^tool-search: /, '')}`;
    }
  }

  /**
   * Refuses a query vector of other dimensions than the stored vectors' when the strategy reads
   * it, as search() does. The core's assembly would rank by keyword instead and not say so: it
   * shares the bridge's ranking, where a bad vector must not fail a model's tool_search.
   * @param {Float32Array} vector
   * @param {string} what
   */
  #checkVectorSize(vector, what) {
    if (this.#strategy !== 'semantic' && this.#strategy !== 'hybrid') return;
    const { dimensions } = this.#call('vectorInfo');
    if (dimensions !== 0 && vector.length !== dimensions) {
      throw new ToolSearchError('INVALID_ARGUMENT', `${what} has ${vector.length} dimensions, the index ${dimensions}`);
    }
  }

  /**
   * @param {unknown} session
   * @param {string} what
   * @returns {string} "" for the default session
   */
  #sessionId(session, what) {
    if (session === undefined || session === null) return '';
    // "" would name the unrestricted session: an empty id is a caller bug, never a wider scope.
    if (session === '') throw invalidArgument(what, 'a Session or a session id such as "s1" (leave it out for the unrestricted session)', session);
    if (session instanceof Session) {
      if (ownerOf(session) !== this) throw invalidArgument(what, 'a session of this ToolSearch', session);
      if (session.closed) throw new ToolSearchError('DISPOSED', `session ${session.id} is closed`);
      return session.id;
    }
    return boundaryString(session, what);
  }

  static {
    closeSessionOf = (owner, id) => {
      if (!owner.#disposed) owner.#call('closeSession', id);
      owner.#logical.delete(id);
      owner.#openSessions.delete(id);
    };
  }
}

/**
 * A scoped view of one ToolSearch: what it can see and call is limited to its scope, and it
 * remembers which tools it activated. Many sessions share one catalog.
 */
export class Session {
  #owner;
  #id;
  #closed = false;
  #token = {};

  /**
   * @param {symbol} key
   * @param {ToolSearch} owner
   * @param {string} id
   * @param {any} engine  the owner's raw engine, for the backstop
   * @param {Set<string>} open  the owner's open session ids, for the backstop
   */
  constructor(key, owner, id, engine, open) {
    if (key !== SESSION_CONSTRUCT) throw new TypeError('tool-search: use toolSearch.session(scope) to open a Session');
    this.#owner = owner;
    this.#id = id;
    sessionFinalizer?.register(this, { engine, id, open }, this.#token);
  }

  /** The engine's session id, e.g. "s1". */
  get id() {
    return this.#id;
  }

  /** True after close() (or after the owner was disposed). */
  get closed() {
    return this.#closed || this.#owner.disposed;
  }

  /**
   * @param {string} query
   * @param {Omit<import('./index.js').SearchOptions, 'session'>} [options]
   */
  search(query, options = {}) {
    return this.#owner.search(query, { ...checkedOptions(options, 'Session#search'), session: /** @type {any} */ (this) });
  }

  /** @param {string} name */
  describe(name) {
    return this.#owner.describe(name, { session: /** @type {any} */ (this) });
  }

  /** @param {string} name */
  suggest(name) {
    return this.#owner.suggest(name, { session: /** @type {any} */ (this) });
  }

  /** @param {string} query @param {string} name */
  explain(query, name) {
    return this.#owner.explain(query, name, { session: /** @type {any} */ (this) });
  }

  /** @param {Omit<import('./index.js').AssembleOptions, 'session'>} [options] */
  assemble(options = {}) {
    return this.#owner.assemble({ ...checkedOptions(options, 'Session#assemble'), session: /** @type {any} */ (this) });
  }

  /** @param {import('./index.js').ToolCallInput} call */
  handleCall(call) {
    return this.#owner.handleCall(call, { session: /** @type {any} */ (this) });
  }

  /** @param {import('./index.js').ToolCallInput} call */
  unwrap(call) {
    return this.#owner.unwrap(call, { session: /** @type {any} */ (this) });
  }

  /** Forgets the session in the engine. Idempotent; later use throws DISPOSED. */
  close() {
    if (this.#closed) return;
    this.#closed = true;
    sessionFinalizer?.unregister(this.#token);
    closeSessionOf(this.#owner, this.#id);
  }

  [disposeSymbol]() {
    this.close();
  }

  static {
    ownerOf = (session) => session.#owner;
  }
}

/**
 * Runs `body`, which reads caller values: any exception other than a ToolSearchError (from a
 * getter, a Proxy trap, a cycle, a stack overflow) becomes one (see asToolSearchError).
 * @template T
 * @param {string} what
 * @param {() => T} body
 * @returns {T}
 */
function guarded(what, body) {
  try {
    const result = body();
    // The *Async methods: a rejection is converted like a throw.
    if (result instanceof Promise) {
      return /** @type {T} */ (/** @type {unknown} */ (result.catch((error) => { throw asToolSearchError(error, what); })));
    }
    return result;
  } catch (error) {
    throw asToolSearchError(error, what);
  }
}

// Every public method of ToolSearch and Session runs under guarded(): the one place that
// keeps raw exceptions from escaping, whichever argument the caller's code throws from.
for (const cls of [ToolSearch, Session]) {
  for (const name of Object.getOwnPropertyNames(cls.prototype)) {
    const descriptor = Object.getOwnPropertyDescriptor(cls.prototype, name);
    if (name === 'constructor' || typeof descriptor?.value !== 'function') continue;
    const method = descriptor.value;
    const what = `${name}() could not read an argument`;
    Object.defineProperty(cls.prototype, name, {
      ...descriptor,
      value: {
        /** @param {...unknown} args */
        [name](...args) {
          return guarded(what, () => method.apply(this, args));
        },
      }[name],
    });
  }
}

/** The core's depth limit is 128 for the whole batch; a tool is one level inside it. */
const MAX_ENTRY_DEPTH = 127;

/**
 * The name of a tool the caller gave, for a rejection ("" when it has none or cannot be read).
 * @param {unknown} tool
 */
function toolNameOf(tool) {
  try {
    if (!isPlainObject(tool)) return '';
    const name = tool.name ?? tool.function?.name;
    return typeof name === 'string' ? name : '';
  } catch {
    return '';
  }
}

/** @param {unknown} options @param {string} what */
function checkedOptions(options, what) {
  if (!isPlainObject(options)) throw invalidArgument(`${what}(options)`, 'an object', options);
  return options;
}

/**
 * @param {unknown} names
 * @param {string} what
 * @returns {string[]}
 */
function stringList(names, what) {
  const list = typeof names === 'string' ? [names] : names;
  if (!Array.isArray(list)) throw invalidArgument(what, 'a string or an array of strings', names);
  list.forEach((n, i) => {
    if (typeof n !== 'string') throw invalidArgument(`${what}[${i}]`, 'a string', n);
  });
  return list;
}

