// The public API: an idiomatic wrapper over the raw embind Engine. Arguments are type-checked
// here, before the boundary; every other rule (names, schemas, limits, scopes, gating,
// ranking, bridge resolution) is the core's, reported through its error envelope.

import { ToolSearchError, invalidArgument } from './errors.js';
import { isCatalogDocument, isPlainObject, normalizeCall, normalizeTool, normalizeTools, toolsFromCatalog } from './normalize.js';
import { boundaryJson, boundaryString, decodeEnvelope } from './raw.js';

/** `Symbol.dispose` where the runtime has it (Node >= 18.18/20.4, recent browsers). */
const disposeSymbol = /** @type {symbol} */ (/** @type {any} */ (Symbol).dispose ?? Symbol.for('Symbol.dispose'));

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
    if (!isPlainObject(options)) throw invalidArgument('createToolSearch(options)', 'an object', options);
    if (options.config !== undefined && !isPlainObject(options.config)) {
      throw invalidArgument('options.config', 'an object', options.config);
    }
    const module = await loadModule(options.wasm);
    return new ToolSearch(CONSTRUCT, module, options.config);
  };
}

/** A catalog of tools with search, gating and bridge resolution. Create with createToolSearch(). */
export class ToolSearch {
  /** @type {any} */ #engine;
  /** @type {any} */ #module;
  #token = {};
  #disposed = false;

  /**
   * @param {symbol} key
   * @param {any} module
   * @param {object | undefined} config
   */
  constructor(key, module, config) {
    if (key !== CONSTRUCT) throw new TypeError('tool-search: use `await createToolSearch()` to create a ToolSearch');
    this.#module = module;
    this.#engine = new module.Engine('{}');
    if (config !== undefined) {
      try {
        this.configure(config);
      } catch (error) {
        this.#engine.delete();
        throw error;
      }
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
    if (options !== undefined && !isPlainObject(options)) throw invalidArgument('add(tools, options)', 'an object', options);
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
    /** @type {Record<string, unknown>[]} */
    const valid = [];
    /** @type {number[]} */
    const positions = [];
    input.forEach((tool, index) => {
      try {
        valid.push(normalizeTool(tool, defaults, `add(tools)[${index}]`));
        positions.push(index);
      } catch (error) {
        if (!(error instanceof ToolSearchError)) throw error;
        const name = isPlainObject(tool) ? String(tool.name ?? tool.function?.name ?? '') : '';
        rejected.push({ index, name, code: error.code, message: error.message });
      }
    });
    const report = this.#call('addTools', boundaryJson(valid, 'add(tools)'), '{"onInvalid":"skip"}');
    for (const r of report.rejected) rejected.push({ ...r, index: positions[r.index] });
    rejected.sort((a, b) => a.index - b.index);
    return { added: report.added, rejected };
  }

  /**
   * Removes tools by name. An unknown name is NOT_FOUND and nothing is removed.
   * @param {string | string[]} names
   * @returns {number} how many were removed
   */
  remove(names) {
    const list = stringList(names, 'remove(names)');
    return this.#call('removeTools', boundaryJson(list, 'remove(names)')).removed;
  }

  /**
   * Replaces every tool of `source` (e.g. after MCP `notifications/tools/list_changed`).
   * @param {string} source  "mcp:<server>", "plugin", "client" or "core"
   * @param {import('./index.js').ToolInput[]} tools
   * @returns {string[]} the names now cataloged for the source
   */
  replaceSource(source, tools) {
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
    return String(this.#module.version());
  }

  // ---- retrieval -----------------------------------------------------------------------------

  /**
   * Ranks tools for a query (BM25; an exact name always ranks first).
   * @param {string} query
   * @param {import('./index.js').SearchOptions} [options]
   * @returns {import('./index.js').SearchHit[]}
   */
  search(query, options = {}) {
    boundaryString(query, 'search(query)');
    if (!isPlainObject(options)) throw invalidArgument('search(query, options)', 'an object', options);
    /** @type {Record<string, unknown>} */
    const request = {};
    if (options.limit !== undefined) {
      if (typeof options.limit !== 'number') throw invalidArgument('search options.limit', 'a number', options.limit);
      request.limit = options.limit;
    }
    if (options.deferredOnly !== undefined) {
      if (typeof options.deferredOnly !== 'boolean') {
        throw invalidArgument('search options.deferredOnly', 'a boolean', options.deferredOnly);
      }
      request.deferredOnly = options.deferredOnly;
    }
    const session = this.#sessionId(options.session, 'search options.session');
    if (session) request.session = session;
    return this.#call('search', query, boundaryJson(request, 'search(options)'));
  }

  /**
   * Why a tool scores what it scores for a query, term by term.
   * @param {string} query
   * @param {string} name
   * @returns {import('./index.js').Explanation}
   */
  explain(query, name) {
    boundaryString(query, 'explain(query)');
    boundaryString(name, 'explain(query, name)');
    return this.#call('explain', query, name);
  }

  /**
   * The full definition of one tool. An unknown (or out-of-scope) name throws NOT_FOUND with
   * `error.suggestions`.
   * @param {string} name
   * @param {{session?: Session | string}} [options]
   * @returns {import('./index.js').ToolDescription}
   */
  describe(name, options = {}) {
    boundaryString(name, 'describe(name)');
    if (!isPlainObject(options)) throw invalidArgument('describe(name, options)', 'an object', options);
    const session = this.#sessionId(options.session, 'describe options.session');
    try {
      return this.#call('describe', name, session);
    } catch (error) {
      if (!(error instanceof ToolSearchError) || error.code !== 'NOT_FOUND') throw error;
      let suggestions = [];
      try {
        suggestions = this.#call('suggest', name, session);
      } catch {
        // An unknown session: the original error says so.
      }
      throw new ToolSearchError('NOT_FOUND', error.message.replace(/^tool-search: /, ''), { suggestions });
    }
  }

  /**
   * "Did you mean" names for a misspelled tool name.
   * @param {string} name
   * @param {{session?: Session | string}} [options]
   * @returns {string[]}
   */
  suggest(name, options = {}) {
    boundaryString(name, 'suggest(name)');
    if (!isPlainObject(options)) throw invalidArgument('suggest(name, options)', 'an object', options);
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
    if (!isPlainObject(scope)) throw invalidArgument('session(scope)', 'an object', scope);
    const { id } = this.#call('openSession', boundaryJson(scope, 'session(scope)'));
    return new Session(SESSION_CONSTRUCT, this, id);
  }

  /**
   * Decides what the model sees this turn (the gate runs at every call).
   * @param {import('./index.js').AssembleOptions} [options]
   * @returns {import('./index.js').Assembly}
   */
  assemble(options = {}) {
    if (!isPlainObject(options)) throw invalidArgument('assemble(options)', 'an object', options);
    const { session, ...rest } = options;
    /** @type {Record<string, unknown>} */
    const request = {};
    for (const [key, value] of Object.entries(rest)) if (value !== undefined) request[key] = value;
    const id = this.#sessionId(session, 'assemble options.session');
    if (id) request.session = id;
    return this.#call('assemble', boundaryJson(request, 'assemble(options)'));
  }

  /**
   * Resolves a model's tool call: a bridge search/describe answer, a dispatch of the real tool
   * (with repaired arguments), or a refusal the model can act on. Never invokes anything.
   * @param {import('./index.js').ToolCallInput} call
   * @param {{session?: Session | string}} [options]
   * @returns {import('./index.js').CallResolution}
   */
  handleCall(call, options = {}) {
    if (!isPlainObject(options)) throw invalidArgument('handleCall(call, options)', 'an object', options);
    const session = this.#sessionId(options.session, 'handleCall options.session');
    const normalized = normalizeCall(call, 'handleCall(call)');
    return this.#call('handleCall', session, boundaryJson(normalized, 'handleCall(call)'));
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
    const normalized = normalizeTool(tool, {}, 'estimateTokens(tool)');
    return this.#call('estimateTokens', boundaryJson(normalized, 'estimateTokens(tool)'));
  }

  /**
   * Replaces the configuration (omitted keys take their defaults) and returns the effective
   * one. Gate keys are camelCase (`thresholdPct`); the seeds' snake_case (`threshold_pct`) is
   * accepted too.
   * @param {import('./index.js').ToolSearchConfig} config
   * @returns {import('./index.js').EffectiveConfig}
   */
  configure(config) {
    if (!isPlainObject(config)) throw invalidArgument('configure(config)', 'an object', config);
    return /** @type {import('./index.js').EffectiveConfig} */ (
      this.#call('configure', boundaryJson(config, 'configure(config)'))
    );
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

  #live() {
    if (this.#disposed) throw new ToolSearchError('DISPOSED', 'this ToolSearch was disposed');
    return this.#engine;
  }

  /**
   * Calls one raw method and decodes its envelope. Every raw call goes through here, with the
   * method name as a literal (a test compares those names with the raw module).
   * @param {string} method
   * @param {...(string | boolean)} args
   */
  #call(method, ...args) {
    const engine = this.#live();
    let text;
    try {
      text = engine[method](...args);
    } catch (cause) {
      // The core never throws; this is a binding error or a trap.
      throw new ToolSearchError('INTERNAL', `${method} failed inside the engine: ${/** @type {Error} */ (cause)?.message ?? cause}`, { cause });
    }
    return decodeEnvelope(text);
  }

  /**
   * @param {unknown} session
   * @param {string} what
   * @returns {string} "" for the default session
   */
  #sessionId(session, what) {
    if (session === undefined || session === null) return '';
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

  /**
   * @param {symbol} key
   * @param {ToolSearch} owner
   * @param {string} id
   */
  constructor(key, owner, id) {
    if (key !== SESSION_CONSTRUCT) throw new TypeError('tool-search: use toolSearch.session(scope) to open a Session');
    this.#owner = owner;
    this.#id = id;
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
    closeSessionOf(this.#owner, this.#id);
  }

  [disposeSymbol]() {
    this.close();
  }

  static {
    ownerOf = (session) => session.#owner;
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

