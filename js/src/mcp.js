// tool-search-wasm/mcp: MCP servers as catalog sources.
//
// An McpHub connects any number of MCP servers (stdio, Streamable HTTP, a transport factory or
// a client you built), lists every page of each server's tools into the engine under the source
// `mcp:<server>`, re-lists a server when it sends `notifications/tools/list_changed`, and
// dispatches resolved calls to the right server. A server that crashes, hangs or answers
// garbage has its tools withdrawn (so the next assembly no longer offers them) and a status
// saying why; the other servers keep working. A server that was ready and then dropped (its
// process exited, the network failed, it stopped answering) is reconnected automatically with
// exponential backoff; reconnect() restores any server by hand.
//
// @modelcontextprotocol/sdk is an optional peer: it is imported on first use, and only the
// parts a server spec needs (no stdio import for HTTP servers, so this also runs on the edge).

import { ToolSearchError } from './errors.js';
import { connectFailure } from './mcp-connect-error.js';
import { readAllToolPages } from './mcp-list-tools.js';

/**
 * How to reach one server. Exactly one of: `command` (stdio), `url` (Streamable HTTP),
 * `transport` (a factory returning a fresh SDK transport), `connect` (a factory returning a
 * connected SDK Client), `client` (a connected Client; reconnect() cannot recreate it).
 * @typedef {object} McpServerSpec
 * @property {string} [command]
 * @property {string[]} [args]
 * @property {Record<string, string>} [env]    added to the SDK's minimal default environment
 * @property {string} [cwd]
 * @property {string | URL} [url]
 * @property {Record<string, string>} [headers]
 * @property {() => any} [transport]
 * @property {() => Promise<any>} [connect]
 * @property {any} [client]
 * @property {'core' | 'deferrable'} [class]   class of every tool of this server (default deferrable)
 * @property {string[]} [tags]                 toolsets the server's tools belong to
 * @property {boolean} [pin]                   keep this server's tools visible (pinServer)
 * @property {number} [callTimeoutMs]          per-server override
 * @property {'pipe' | 'inherit' | ((text: string) => void)} [stderr='pipe']  stdio: the server's
 *   stderr is kept (its last 2,000 characters are in the status and in failure messages);
 *   'inherit' passes it to this process's stderr; a function gets every chunk (and it is kept too)
 */

/**
 * @typedef {object} McpServerStatus
 * @property {string} server
 * @property {string} source        "mcp:<server>"
 * @property {'connecting' | 'ready' | 'failed' | 'closed'} state
 * @property {number} tools         tools currently in the catalog from this server
 * @property {number} pages         tools/list pages read at the last listing
 * @property {{code: string, message: string, at: number} | null} error  why it failed (or the last call error)
 * @property {number | null} pid    the stdio process id, when there is one
 * @property {number} listings      how many times the tool list was (re)read
 * @property {number} retries       automatic reconnect attempts since the server was last ready
 * @property {number | null} nextRetryAt  when the next automatic attempt starts (epoch ms), if one is scheduled
 * @property {string} stderr        the last 2,000 characters of a stdio server's stderr ('' otherwise)
 */

/**
 * @typedef {object} ReconnectOptions
 * @property {number} [retries=5]           attempts before the server stays failed
 * @property {number} [initialDelayMs=1000] the first wait; each next one doubles
 * @property {number} [maxDelayMs=30000]    the longest wait
 */

/**
 * @typedef {object} McpHubOptions
 * @property {number} [connectTimeoutMs=15000]  spawn/connect and initialize
 * @property {number} [listTimeoutMs=10000]   per tools/list page
 * @property {number} [callTimeoutMs=30000]   per tools/call (a server spec may override it)
 * @property {number} [pingTimeoutMs=2000]    after a call timeout: is the server alive at all?
 * @property {number} [maxPages=100]          a server listing more pages is treated as broken
 * @property {ReconnectOptions | false} [reconnect]  automatic reconnect of a server that was
 *   ready and dropped (disconnected, unresponsive, and the failed attempts after it); default
 *   5 retries from 1 s doubling to 30 s; `false` leaves it to reconnect()
 * @property {{name: string, version: string}} [clientInfo]
 */

/** Failures a new connection may cure; a bad tool list (invalid_tools/response) is not retried. */
const RETRYABLE = new Set(['disconnected', 'unresponsive', 'connect_failed', 'timeout']);
const DEFAULT_RECONNECT = Object.freeze({ retries: 5, initialDelayMs: 1000, maxDelayMs: 30000 });

const STATE_READY = 'ready';

/** @type {Promise<any> | null} */
let sdkCore = null;
/** Loads the SDK's client and types modules (once). */
function loadSdk() {
  sdkCore ??= Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]).then(([client, types]) => ({ Client: client.Client, types }), (cause) => {
    sdkCore = null;
    throw new ToolSearchError('INVALID_ARGUMENT', 'tool-search-wasm/mcp needs @modelcontextprotocol/sdk (npm install @modelcontextprotocol/sdk)', { cause });
  });
  return sdkCore;
}

/**
 * Rejects with an Error saying `message`, with code "TIMEOUT" (what isTimeout() recognises),
 * after `ms` unless `promise` settles first.
 * @template T @param {Promise<T>} promise @param {number} ms @param {string} message @returns {Promise<T>}
 */
function withTimeout(promise, ms, message) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error(message), { code: 'TIMEOUT' })), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** One line, bounded: SDK validation errors arrive as pretty-printed JSON. @param {unknown} e */
function messageOf(e) {
  const text = (e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' ').trim();
  return text.length > 500 ? `${text.slice(0, 497)}...` : text;
}

/**
 * The status code for a failure while listing: a timeout, tools the engine refused
 * (names/schemas), or an answer that is not a tools/list result.
 * @param {unknown} e
 */
function listFailureCode(e) {
  if (isTimeout(e)) return 'timeout';
  if (e instanceof ToolSearchError) return 'invalid_tools';
  return 'invalid_response';
}

/** @param {unknown} e */
function isTimeout(e) {
  const any = /** @type {any} */ (e);
  return (any && (any.code === -32001 || any.code === 'TIMEOUT')) || /timed? ?out/i.test(messageOf(e));
}

class ServerRecord {
  /** @param {string} name @param {McpServerSpec} spec */
  constructor(name, spec) {
    this.name = name;
    this.source = `mcp:${name}`;
    this.spec = spec;
    /** @type {McpServerStatus['state']} */
    this.state = 'connecting';
    /** @type {any} */ this.client = null;
    /** @type {any} */ this.transport = null;
    /** @type {Map<string, string>} catalog name -> the server's own name */
    this.names = new Map();
    /** @type {McpServerStatus['error']} */
    this.error = null;
    this.generation = 0;
    this.pages = 0;
    this.listings = 0;
    /** @type {Promise<void> | null} */ this.pending = null;
    this.dirty = false;
    this.stderrTail = '';
    /** Reached ready since it was attached or reconnected by hand: automatic reconnects apply. */
    this.wasReady = false;
    this.retries = 0;
    /** @type {ReturnType<typeof setTimeout> | null} */ this.retryTimer = null;
    /** @type {number | null} */ this.nextRetryAt = null;
    /** Settles when the first connection attempt is over (ready or failed). */
    /** @type {() => void} */ this.settleFirst = () => {};
    /** @type {Promise<void>} */ this.firstSettled = new Promise((resolve) => {
      this.settleFirst = resolve;
    });
    /** The previously attached server's firstSettled: this server's first listing waits for it. */
    /** @type {Promise<void> | null} */ this.after = null;
  }
}

/** Many MCP servers feeding one ToolSearch. Create with createMcpHub(). */
export class McpHub {
  /** @type {Map<string, ServerRecord>} */ #servers = new Map();
  /** @type {Set<(event: any) => void>} */ #listeners = new Set();
  #toolSearch;
  #options;

  /**
   * @param {any} toolSearch  a ToolSearch (createToolSearch())
   * @param {McpHubOptions} [options]
   */
  constructor(toolSearch, options = {}) {
    if (!toolSearch || typeof toolSearch.replaceSource !== 'function') {
      throw new ToolSearchError('INVALID_ARGUMENT', 'createMcpHub(toolSearch) needs a ToolSearch');
    }
    this.#toolSearch = toolSearch;
    this.#options = {
      connectTimeoutMs: 15000,
      listTimeoutMs: 10000,
      callTimeoutMs: 30000,
      pingTimeoutMs: 2000,
      maxPages: 100,
      clientInfo: { name: 'tool-search-wasm', version: '0' },
      ...options,
      reconnect: options.reconnect === false ? false : { ...DEFAULT_RECONNECT, ...(options.reconnect ?? {}) },
    };
  }

  // ---- servers ---------------------------------------------------------------------------------

  /**
   * Connects a server and lists its tools into the catalog. Never throws for a server that
   * fails: the status says why (check `state`), and the other servers are untouched.
   * @param {string} name  the server name (the source becomes "mcp:<name>")
   * @param {McpServerSpec} spec
   * @returns {Promise<McpServerStatus>}
   */
  async add(name, spec) {
    if (typeof name !== 'string' || !/^[A-Za-z0-9_.-]{1,64}$/.test(name)) {
      throw new ToolSearchError('INVALID_ARGUMENT', `MCP server name must be 1-64 of [A-Za-z0-9_.-], got ${JSON.stringify(name)}`);
    }
    if (this.#servers.has(name)) throw new ToolSearchError('DUPLICATE_NAME', `MCP server "${name}" is already attached`);
    const kinds = ['command', 'url', 'transport', 'connect', 'client'].filter((k) => spec && spec[k] !== undefined);
    if (kinds.length !== 1) {
      throw new ToolSearchError('INVALID_ARGUMENT', `MCP server "${name}" needs exactly one of command, url, transport, connect, client (got ${kinds.join(', ') || 'none'})`);
    }
    const record = new ServerRecord(name, spec);
    // Name collisions are settled by catalog order (config.namespacing 'auto': first claim keeps
    // the name), so each server's first listing enters the catalog in attachment order, however
    // fast each one answers: the same servers get the same names on every run.
    record.after = [...this.#servers.values()].at(-1)?.firstSettled ?? null;
    this.#servers.set(name, record);
    try {
      await this.#connect(record);
    } finally {
      record.settleFirst();
    }
    return this.#statusOf(record);
  }

  /**
   * Connects several servers at once.
   * @param {Record<string, McpServerSpec>} specs
   * @returns {Promise<McpServerStatus[]>}
   */
  async addAll(specs) {
    return Promise.all(Object.entries(specs).map(([name, spec]) => this.add(name, spec)));
  }

  /**
   * Drops the old connection and connects again; the tools come back on success.
   * @param {string} name
   * @returns {Promise<McpServerStatus>}
   */
  async reconnect(name) {
    const record = this.#get(name);
    if (record.spec.client !== undefined) {
      throw new ToolSearchError('INVALID_ARGUMENT', `MCP server "${name}" was attached as a client object; attach it with connect() or a transport factory to reconnect`);
    }
    this.#cancelRetry(record);
    record.retries = 0;
    record.wasReady = false;
    await this.#disconnect(record);
    await this.#connect(record);
    return this.#statusOf(record);
  }

  /**
   * Re-reads a server's tool list now (what list_changed does).
   * @param {string} name
   * @returns {Promise<McpServerStatus>}
   */
  async refresh(name) {
    const record = this.#get(name);
    if (record.state === STATE_READY) await this.#scheduleListing(record, 'refresh');
    return this.#statusOf(record);
  }

  /**
   * Disconnects one server (its tools are withdrawn) or all of them.
   * @param {string} [name]
   */
  async close(name) {
    const records = name === undefined ? [...this.#servers.values()] : [this.#get(name)];
    await Promise.all(records.map(async (record) => {
      this.#cancelRetry(record);
      await this.#disconnect(record);
      record.state = 'closed';
      this.#withdraw(record, 'closed');
      if (name !== undefined) this.#servers.delete(record.name);
    }));
    if (name === undefined) this.#servers.clear();
  }

  /**
   * The status of one server or of all (in attachment order).
   * @param {string} [name]
   * @returns {McpServerStatus | McpServerStatus[]}
   */
  status(name) {
    if (name !== undefined) return this.#statusOf(this.#get(name));
    return [...this.#servers.values()].map((r) => this.#statusOf(r));
  }

  /** Resolves when no connection or listing is in flight. */
  async settled() {
    for (;;) {
      const pending = [...this.#servers.values()].map((r) => r.pending).filter(Boolean);
      if (pending.length === 0) return;
      await Promise.allSettled(pending);
    }
  }

  /**
   * Listens to `{type: 'tools', server, names, reason}` (the server's catalog changed: connected,
   * list_changed, refresh, withdrawn) and `{type: 'status', server, state, error}`.
   * @param {(event: any) => void} listener
   * @returns {() => void} unsubscribe
   */
  onChange(listener) {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  // ---- dispatch --------------------------------------------------------------------------------

  /**
   * Which server and server-side name a catalog name belongs to.
   * @param {string} name  the catalog (real) name, after namespacing
   * @returns {{server: string, tool: string} | null}
   */
  route(name) {
    for (const record of this.#servers.values()) {
      const tool = record.names.get(name);
      if (tool !== undefined) return { server: record.name, tool };
    }
    return null;
  }

  /** @param {string} name */
  has(name) {
    return this.route(name) !== null;
  }

  /**
   * Calls a tool by its catalog name and returns the server's CallToolResult unchanged.
   * Throws ToolSearchError NOT_FOUND (no server has it), SERVER_UNAVAILABLE (its server is
   * down), TIMEOUT (no answer in time; a server that does not answer a ping either is marked
   * failed and withdrawn) or TOOL_ERROR (a protocol-level error).
   * @param {string} name
   * @param {Record<string, unknown>} [args]
   * @param {{timeoutMs?: number, signal?: AbortSignal}} [options]
   */
  async callTool(name, args = {}, options = {}) {
    const route = this.route(name);
    if (!route) {
      const owner = [...this.#servers.values()].find((r) => r.state !== STATE_READY && r.lastNames?.has(name));
      if (owner) throw this.#unavailable(owner);
      throw new ToolSearchError('NOT_FOUND', `no attached MCP server has a tool named "${name}"`);
    }
    const record = this.#get(route.server);
    if (record.state !== STATE_READY || !record.client) throw this.#unavailable(record);
    const timeoutMs = options.timeoutMs ?? record.spec.callTimeoutMs ?? this.#options.callTimeoutMs;
    const generation = record.generation;
    const call = record.client.callTool({ name: route.tool, arguments: args ?? {} }, undefined, {
      timeout: timeoutMs,
      signal: options.signal,
    });
    try {
      return await withTimeout(call, timeoutMs + 1000, `timed out after ${timeoutMs} ms`);
    } catch (error) {
      if (record.generation !== generation || record.state !== STATE_READY) throw this.#unavailable(record);
      if (isTimeout(error)) {
        const alive = await this.#ping(record);
        if (!alive && record.generation === generation) {
          await this.#fail(record, 'unresponsive', `no answer to tools/call "${route.tool}" within ${timeoutMs} ms, nor to a ping`);
        }
        throw new ToolSearchError('TIMEOUT', `MCP server "${record.name}" did not answer tools/call "${route.tool}" within ${timeoutMs} ms${alive ? '' : ' (and not a ping either: its tools were withdrawn)'}`, { cause: error });
      }
      if (record.state !== STATE_READY) throw this.#unavailable(record);
      record.error = { code: 'call_error', message: messageOf(error), at: Date.now() };
      throw new ToolSearchError('TOOL_ERROR', `MCP server "${record.name}" rejected tools/call "${route.tool}": ${messageOf(error)}`, { cause: error });
    }
  }

  /**
   * Dispatches a `handleCall()` resolution of kind "dispatch".
   * @param {{kind: string, name: string, arguments: Record<string, unknown>}} resolution
   * @param {{timeoutMs?: number, signal?: AbortSignal}} [options]
   */
  dispatch(resolution, options) {
    if (!resolution || resolution.kind !== 'dispatch') {
      throw new ToolSearchError('INVALID_ARGUMENT', `dispatch() takes a resolution of kind "dispatch", got ${JSON.stringify(resolution && resolution.kind)}`);
    }
    return this.callTool(resolution.name, resolution.arguments, options);
  }

  // ---- internals -------------------------------------------------------------------------------

  /** @param {string} name */
  #get(name) {
    const record = this.#servers.get(name);
    if (!record) throw new ToolSearchError('NOT_FOUND', `no MCP server named "${name}" is attached`);
    return record;
  }

  /** @param {ServerRecord} record */
  #unavailable(record) {
    const why = record.error ? `${record.error.code}: ${record.error.message}` : record.state;
    return new ToolSearchError('SERVER_UNAVAILABLE', `MCP server "${record.name}" is ${record.state} (${why}); reconnect() it to restore its tools`);
  }

  /** @param {ServerRecord} record @returns {McpServerStatus} */
  #statusOf(record) {
    return {
      server: record.name,
      source: record.source,
      state: record.state,
      tools: record.names.size,
      pages: record.pages,
      error: record.error,
      pid: typeof record.transport?.pid === 'number' ? record.transport.pid : null,
      listings: record.listings,
      retries: record.retries,
      nextRetryAt: record.nextRetryAt,
      stderr: record.stderrTail,
    };
  }

  /** @param {any} event */
  #emit(event) {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch {
        // A listener's failure is not the hub's.
      }
    }
  }

  /** @param {ServerRecord} record */
  async #connect(record) {
    const generation = ++record.generation;
    record.state = 'connecting';
    record.error = null;
    this.#emit({ type: 'status', server: record.name, state: record.state, error: null });
    let phase = 'connect';
    const task = (async () => {
      try {
        const { client, transport } = await withTimeout(
          this.#open(record),
          this.#options.connectTimeoutMs,
          `no answer to initialize within ${this.#options.connectTimeoutMs} ms`,
        );
        if (generation !== record.generation) {
          await client.close?.().catch?.(() => {});
          return;
        }
        record.client = client;
        record.transport = transport;
        const { types } = await loadSdk();
        client.onclose = () => {
          if (generation === record.generation && (record.state === STATE_READY || record.state === 'connecting')) {
            const tail = record.stderrTail.trim().split('\n').slice(-3).join(' | ');
            void this.#fail(record, 'disconnected', `the connection closed (process exited or network failure)${tail ? `; last stderr: ${tail}` : ''}`);
          }
        };
        client.setNotificationHandler?.(types.ToolListChangedNotificationSchema, () => {
          if (generation === record.generation && record.state === STATE_READY) {
            void this.#scheduleListing(record, 'list_changed');
          }
        });
        record.state = STATE_READY;
        record.dirty = false;
        phase = 'list';
        await this.#list(record, generation, 'connected');
        // A list_changed that arrived while the first listing ran.
        while (record.dirty && generation === record.generation && record.state === STATE_READY) {
          record.dirty = false;
          await this.#list(record, generation, 'list_changed');
        }
        if (generation === record.generation && record.state === STATE_READY) {
          // Connected and listed: a later drop is retried, with a fresh budget.
          record.wasReady = true;
          record.retries = 0;
        }
      } catch (error) {
        if (generation !== record.generation) return;
        const code = phase === 'list' ? listFailureCode(error) : isTimeout(error) ? 'timeout' : 'connect_failed';
        await this.#fail(record, code, phase === 'list' || isTimeout(error) ? messageOf(error) : connectFailure(record.spec, error));
      }
    })();
    record.pending = task;
    try {
      await task;
    } finally {
      if (record.pending === task) record.pending = null;
    }
    if (generation === record.generation && record.state === STATE_READY) {
      this.#emit({ type: 'status', server: record.name, state: record.state, error: null });
    }
  }

  /** Opens the client described by the spec. @param {ServerRecord} record */
  async #open(record) {
    const spec = record.spec;
    if (spec.client !== undefined) return { client: spec.client, transport: spec.client.transport ?? null };
    if (spec.connect !== undefined) {
      const client = await spec.connect();
      return { client, transport: client.transport ?? null };
    }
    const { Client } = await loadSdk();
    let transport;
    if (spec.transport !== undefined) {
      transport = await spec.transport();
    } else if (spec.url !== undefined) {
      const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
      transport = new StreamableHTTPClientTransport(new URL(String(spec.url)), {
        requestInit: spec.headers ? { headers: spec.headers } : undefined,
      });
    } else {
      const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
      transport = new StdioClientTransport({
        command: /** @type {string} */ (spec.command),
        args: spec.args ?? [],
        env: spec.env,
        cwd: spec.cwd,
        stderr: spec.stderr === 'inherit' ? 'inherit' : 'pipe',
      });
      // Keep the tail of stderr for the status and failure messages (and keep the pipe drained).
      const forward = typeof spec.stderr === 'function' ? spec.stderr : null;
      transport.stderr?.on('data', (/** @type {unknown} */ chunk) => {
        const text = String(chunk);
        record.stderrTail = (record.stderrTail + text).slice(-2000);
        if (forward) {
          try {
            forward(text);
          } catch {
            // The host's logger failing is not the server's failure.
          }
        }
      });
    }
    const client = new Client(this.#options.clientInfo, { capabilities: {} });
    await client.connect(transport, { timeout: this.#options.connectTimeoutMs });
    return { client, transport };
  }

  /** Serialises listings: a list_changed during a listing re-lists once more afterwards. */
  /** @param {ServerRecord} record @param {string} reason */
  #scheduleListing(record, reason) {
    if (record.pending) {
      record.dirty = true;
      return record.pending;
    }
    const generation = record.generation;
    const task = (async () => {
      do {
        record.dirty = false;
        try {
          await this.#list(record, generation, reason);
        } catch (error) {
          if (generation !== record.generation) return;
          await this.#fail(record, listFailureCode(error), messageOf(error));
          return;
        }
      } while (record.dirty && generation === record.generation && record.state === STATE_READY);
    })();
    record.pending = task;
    return task.finally(() => {
      if (record.pending === task) record.pending = null;
    });
  }

  /**
   * Reads every page of tools/list and replaces the server's tools in the catalog.
   * @param {ServerRecord} record @param {number} generation @param {string} reason
   */
  async #list(record, generation, reason) {
    const client = record.client;
    const timeoutMs = this.#options.listTimeoutMs;
    const readPage = (/** @type {string | undefined} */ cursor) => withTimeout(
      client.listTools(cursor === undefined ? undefined : { cursor }, { timeout: timeoutMs }),
      timeoutMs + 1000,
      `no answer to tools/list within ${timeoutMs} ms`,
    );
    const listing = await readAllToolPages(readPage, {
      maxPages: this.#options.maxPages,
      keepGoing: () => generation === record.generation,
    });
    if (record.listings === 0 && record.after) await record.after;
    if (listing && generation === record.generation) this.#apply(record, listing.tools, listing.pages, reason);
  }

  /** @param {ServerRecord} record @param {any[]} tools @param {number} pages @param {string} reason */
  #apply(record, tools, pages, reason) {
    const spec = record.spec;
    const inputs = tools.map((t) => {
      if (!t || typeof t !== 'object') throw new ToolSearchError('INVALID_TOOL', 'tools/list returned a tool that is not an object');
      /** @type {Record<string, unknown>} */
      const input = { name: t.name, inputSchema: t.inputSchema ?? { type: 'object' }, source: record.source };
      if (t.description !== undefined) input.description = t.description;
      if (t.title !== undefined) input.title = t.title;
      if (t.annotations !== undefined) input.annotations = t.annotations;
      if (spec.class !== undefined) input.class = spec.class;
      if (spec.tags !== undefined) input.tags = spec.tags;
      return input;
    });
    // The engine validates names and schemas and namespaces MCP names (config.namespacing);
    // a bad batch throws and the caller fails the server.
    const cataloged = this.#toolSearch.replaceSource(record.source, inputs);
    if (spec.pin) this.#toolSearch.pinServer(record.name, true);
    const names = new Map();
    for (const t of this.#toolSearch.tools(cataloged)) names.set(t.name, t.originalName ?? t.name);
    record.names = names;
    record.lastNames = names;
    record.pages = pages;
    record.listings++;
    this.#emit({ type: 'tools', server: record.name, names: [...names.keys()], reason });
  }

  /** Withdraws the server's tools from the catalog. @param {ServerRecord} record @param {string} reason */
  #withdraw(record, reason) {
    const had = record.names.size > 0;
    try {
      this.#toolSearch.replaceSource(record.source, []);
    } catch {
      // A disposed engine has nothing left to withdraw from.
    }
    record.names = new Map();
    if (had) this.#emit({ type: 'tools', server: record.name, names: [], reason });
  }

  /** @param {ServerRecord} record @param {string} code @param {string} message */
  async #fail(record, code, message) {
    if (record.state === 'failed' || record.state === 'closed') return;
    record.state = 'failed';
    record.error = { code, message, at: Date.now() };
    this.#withdraw(record, code);
    this.#scheduleRetry(record, code);
    this.#emit({ type: 'status', server: record.name, state: record.state, error: record.error, nextRetryAt: record.nextRetryAt });
    await this.#closeClient(record);
  }

  /**
   * Schedules the next automatic reconnect of a server that was ready and dropped: waits of
   * initialDelayMs doubling up to maxDelayMs, `retries` at most, then it stays failed.
   * @param {ServerRecord} record @param {string} code
   */
  #scheduleRetry(record, code) {
    const policy = this.#options.reconnect;
    if (!policy || !record.wasReady || !RETRYABLE.has(code) || record.spec.client !== undefined) return;
    if (record.retries >= policy.retries) return;
    const delay = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** record.retries);
    record.nextRetryAt = Date.now() + delay;
    record.retryTimer = setTimeout(() => {
      record.retryTimer = null;
      record.nextRetryAt = null;
      if (record.state !== 'failed') return;
      record.retries++;
      void this.#connect(record);
    }, delay);
    // A pending retry never keeps the host process alive on its own.
    /** @type {any} */ (record.retryTimer).unref?.();
  }

  /** @param {ServerRecord} record */
  #cancelRetry(record) {
    if (record.retryTimer) clearTimeout(record.retryTimer);
    record.retryTimer = null;
    record.nextRetryAt = null;
  }

  /** Closes the current connection without reporting it as a failure. @param {ServerRecord} record */
  async #disconnect(record) {
    record.generation++;
    await this.#closeClient(record);
  }

  /** @param {ServerRecord} record */
  async #closeClient(record) {
    const client = record.client;
    record.client = null;
    if (!client || record.spec.client !== undefined) return;
    try {
      await withTimeout(Promise.resolve(client.close()), 3000, 'close timed out');
    } catch {
      // Best effort: the process may be gone already.
    }
  }

  /** @param {ServerRecord} record */
  async #ping(record) {
    if (!record.client || typeof record.client.ping !== 'function') return true;
    const ms = this.#options.pingTimeoutMs;
    try {
      await withTimeout(record.client.ping({ timeout: ms }), ms + 500, 'ping timed out');
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * Creates a hub feeding `toolSearch`.
 * @param {any} toolSearch
 * @param {McpHubOptions} [options]
 */
export function createMcpHub(toolSearch, options) {
  return new McpHub(toolSearch, options);
}
