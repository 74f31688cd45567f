// What every framework adapter needs, whatever the framework: one engine session, the set of
// tools the model may see and call this step, and one function that answers any call the
// framework hands over (bridge searches and describes locally, refusals as text, real calls
// through the hooks and the executors). The adapters (ai-sdk.js, langchain.js,
// openai-agents.js) only translate between this and their framework's tool objects.

import { ToolSearchError } from './errors.js';
import { callContext, runRealCall } from './dispatch.js';
import { searchHitNames } from './provider-plan.js';
import { toText } from './provider-content.js';

/** The engine's bridge tools. */
export const BRIDGE_NAMES = Object.freeze(['tool_search', 'tool_describe', 'tool_call']);

/**
 * @typedef {object} RunnerOptions
 * @property {import('./tool-search.js').ToolSearch} toolSearch
 * @property {import('./tool-search.js').Session} [session]  default: one opened with `scope`, closed by close()
 * @property {import('./index.js').Scope} [scope]
 * @property {'bridge' | 'preselect' | 'preselect+bridge'} [mode='bridge']
 * @property {number} [contextWindow]   what the gate compares the catalog with (default: the engine's)
 * @property {number} [topK]            pre-selected tools per step (preselect modes)
 * @property {import('./hooks.js').Hooks} [hooks]
 * @property {import('./dispatch.js').Executors['hub']} [hub]
 * @property {import('./dispatch.js').Executors['functions']} [functions]
 * @property {import('./dispatch.js').Executors['execute']} [execute]
 * @property {number} [callTimeoutMs]
 */

/**
 * @typedef {object} RunnerCall  one real call as the adapter recorded it (real names)
 * @property {string} name
 * @property {Record<string, unknown>} arguments
 * @property {string | null} server
 * @property {boolean} viaBridge
 * @property {'ok' | 'error' | 'blocked'} outcome
 * @property {string} callId
 */

export class ToolRunner {
  #o;
  #ownsSession;
  /** Tools tool_search found (activated in the session): callable by name from the next step. */
  #found = new Set();
  #step = 0;
  /** @type {RunnerCall[]} */
  calls = [];
  /** @type {{kind: string, arguments: unknown}[]} */
  bridge = [];

  /** @param {RunnerOptions} options */
  constructor(options) {
    if (!options || !options.toolSearch || typeof options.toolSearch.session !== 'function') {
      throw new ToolSearchError('INVALID_ARGUMENT', 'a framework adapter needs {toolSearch} (await createToolSearch())');
    }
    const mode = options.mode ?? 'bridge';
    if (!['bridge', 'preselect', 'preselect+bridge'].includes(mode)) {
      throw new ToolSearchError('INVALID_ARGUMENT', `mode must be "bridge", "preselect" or "preselect+bridge", got ${JSON.stringify(mode)}`);
    }
    this.#o = { ...options, mode };
    this.#ownsSession = !options.session;
    this.session = options.session ?? options.toolSearch.session(options.scope ?? {});
  }

  get toolSearch() {
    return this.#o.toolSearch;
  }

  /**
   * What the model sees this step. `callable` adds the tools tool_search found in earlier
   * steps to `visible`, so a model that calls a found tool by its own name is not refused by a
   * framework that only lets the model call what it was shown.
   * @param {string} [userMessage]  the latest user text (pre-selection ranks against it)
   */
  plan(userMessage) {
    const o = this.#o;
    /** @type {Record<string, unknown>} */
    const request = { mode: o.mode };
    if (o.contextWindow !== undefined) request.contextWindow = o.contextWindow;
    if (o.topK !== undefined) request.topK = o.topK;
    if (userMessage) request.userMessage = userMessage;
    const assembly = this.session.assemble(request);
    const visible = assembly.visible.map((v) => v.name);
    const shown = new Set(visible);
    const callable = [...visible];
    if (assembly.gate.active) {
      for (const name of this.#found) if (!shown.has(name) && assembly.logical.includes(name)) callable.push(name);
    }
    this.#step++;
    return { assembly, visible, callable };
  }

  /**
   * Every definition a framework must register up front: the session's catalog tools and the
   * bridge tools (their descriptions as an active gate renders them).
   * @returns {{name: string, description: string, inputSchema: Record<string, unknown>, bridge: boolean}[]}
   */
  definitions() {
    const logical = this.session.assemble({ contextWindow: 1, mode: 'bridge' });
    const bridge = logical.visible.filter((v) => v.kind === 'bridge');
    const real = this.toolSearch.tools(logical.logical);
    return [
      ...real.map((t) => ({ name: t.name, description: t.description ?? '', inputSchema: t.inputSchema ?? { type: 'object' }, bridge: false })),
      ...bridge.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema, bridge: true })),
    ];
  }

  /**
   * Answers one call the framework hands over, by the name the model used.
   * @param {string} name
   * @param {unknown} args
   * @param {{callId?: string}} [where]
   * @returns {Promise<{kind: string, value: unknown, isError: boolean, text: string}>}
   */
  async run(name, args, where = {}) {
    const callId = where.callId ?? `call_${this.calls.length + this.bridge.length + 1}`;
    let resolution;
    try {
      resolution = this.session.handleCall({ name, arguments: args ?? {} });
    } catch (error) {
      const message = `Error: ${/** @type {Error} */ (error).message}`;
      return { kind: 'error', value: message, isError: true, text: message };
    }
    if (resolution.kind === 'search' || resolution.kind === 'describe') {
      this.bridge.push({ kind: resolution.kind, arguments: resolution.arguments ?? null });
      if (resolution.kind === 'search') for (const found of searchHitNames(resolution.result)) this.#found.add(found);
      return { kind: resolution.kind, value: resolution.result, isError: false, text: JSON.stringify(resolution.result) };
    }
    if (resolution.kind === 'refusal') {
      const value = resolution.result ?? resolution.reason;
      return { kind: 'refusal', value, isError: true, text: typeof value === 'string' ? value : JSON.stringify(value) };
    }
    const ctx = callContext(resolution, { callId, providerName: name, roundTrip: this.#step, session: this.session.id });
    const done = await runRealCall(ctx, this.#o.hooks ?? {}, this.#o);
    this.calls.push({
      name: done.ctx.name,
      arguments: done.ctx.arguments,
      server: done.ctx.server,
      viaBridge: done.ctx.viaBridge,
      outcome: done.outcome,
      callId,
    });
    return { kind: done.outcome === 'blocked' ? 'blocked' : 'dispatch', value: done.result, isError: done.isError, text: toText(done.result) };
  }

  /** Closes the session the runner opened (not one you passed in). */
  close() {
    if (this.#ownsSession) this.session.close();
  }
}

/** Text content parts: AI SDK and LangChain `text`, OpenAI Responses / Agents SDK `input_text`. */
const TEXT_PARTS = new Set(['text', 'input_text']);

/**
 * The text of the last user message in a list of chat messages (`{role, content}` with string
 * content, text content parts, or Mastra's `{content: {parts}}`), or the input itself when it is a plain string (an Agents SDK
 * run started with text).
 * @param {any[] | string | undefined} messages
 */
export function lastUserText(messages) {
  if (typeof messages === 'string') return messages;
  for (let i = (messages?.length ?? 0) - 1; i >= 0; i--) {
    const m = /** @type {any[]} */ (messages)[i];
    const role = m?.role ?? (typeof m?._getType === 'function' ? m._getType() : m?.type);
    if (role !== 'user' && role !== 'human') continue;
    // Mastra keeps a message's parts under content.parts (its MastraDBMessage format 2).
    const content = Array.isArray(m.content?.parts) ? m.content.parts : m.content;
    if (typeof content === 'string') return content;
    if (Array.isArray(content)) return content.filter((p) => p && TEXT_PARTS.has(p.type)).map((p) => p.text).join(' ');
  }
  return '';
}
