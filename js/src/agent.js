// tool-search-wasm/agent: the turn loop.
//
// One turn: assemble what the model sees (the engine decides), send it in the provider's
// format, read the tool calls back, resolve each with the engine (handleCall), answer bridge
// searches/describes locally, and run real calls through the hook pipeline and an executor
// (MCP hub or plain functions). Hooks, transcripts and telemetry see the REAL tool name and
// arguments every time, whether the model called the tool directly or through tool_call
// (Hermes: unwrap before hooks; openclaw#79823, #155946). Parallel calls in one model message
// run in parallel. A tool marked required that is missing from the catalog stops the turn
// with a report instead of running without it (openclaw#84141). stream() yields the turn's
// events as they happen (and the model's text deltas, when the model function forwards them);
// an AbortSignal stops a turn between steps and cancels the model request and tool calls in
// flight, leaving a history in which every call has its result.

import { ToolSearchError } from './errors.js';
import { chooseStrategy, engineModeFor, resolveProvider, DEFAULT_MODEL_POLICIES } from './providers.js';
import { createNameMap } from './provider-names.js';
import { planFromAssembly, searchHitNames } from './provider-plan.js';
import { accountTokens, loadTokenizer } from './tokens.js';
import { callContext, runRealCall } from './dispatch.js';
import { LoopGuard } from './loop-guard.js';
import { checkOptionKeys } from './option-keys.js';
import { abortReason, untilAborted } from './abort.js';

/** @typedef {import('./hooks.js').CallContext} CallContext */
/** @typedef {import('./hooks.js').Hooks} Hooks */

/**
 * @typedef {object} AgentOptions
 * @property {any} toolSearch                   a ToolSearch
 * @property {any} [session]                    a Session (default: one opened with `scope`, closed by close())
 * @property {object} [scope]                   scope of the default session
 * @property {string | object} provider         'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini' | a format object
 * @property {(request: any, info: ModelCallInfo) => any} model  sends one request, returns the provider's response
 * @property {string} [modelName]               sent as `model`; also matched by modelPolicies
 * @property {string} [system]
 * @property {number} [contextWindow]
 * @property {import('./provider-plan.js').Strategy} [strategy='bridge']
 * @property {number} [topK]
 * @property {readonly import('./providers.js').ModelPolicy[]} [modelPolicies]
 * @property {{has(name: string): boolean, callTool(name: string, args: any, options?: any): Promise<any>}} [hub]
 * @property {Record<string, (args: any, ctx: CallContext) => any>} [functions]  executors for non-MCP tools
 * @property {(ctx: CallContext) => any} [execute]  fallback executor
 * @property {Hooks} [hooks]
 * @property {string[]} [required]              real names that must be in the session's catalog
 * @property {number} [maxRoundTrips=8]
 * @property {import('./loop-guard.js').LoopGuardLimits} [loopGuard]
 * @property {number} [callTimeoutMs]
 * @property {'auto' | false | import('./tokens.js').Tokenizer} [tokenizer='auto']
 * @property {Record<string, unknown>} [requestOptions]  extra request fields (max_tokens, temperature, ...)
 */

/**
 * @typedef {object} ModelCallInfo  what the model function gets beside the request
 * @property {number} roundTrip
 * @property {string} provider
 * @property {string} strategy
 * @property {AbortSignal} [signal]            the turn's signal: pass it to the SDK call
 * @property {(delta: string) => void} onText  forward streamed text here: stream() yields it as
 *   {type: 'text', delta} (the function still returns the whole response)
 */

/**
 * @typedef {object} RunOptions
 * @property {any[]} [messages]        earlier history in this provider's format
 * @property {AbortSignal} [signal]    stops the turn: status "aborted"
 */

/**
 * @typedef {object} LogicalCall  one real tool call, as transcripts and telemetry record it
 * @property {string} name
 * @property {Record<string, unknown>} arguments
 * @property {string | null} source
 * @property {string | null} server
 * @property {boolean} viaBridge
 * @property {boolean} activated
 * @property {string[]} repairs
 * @property {number} roundTrip
 * @property {string} callId
 * @property {'ok' | 'error' | 'blocked'} outcome
 * @property {string} [reason]   why it was blocked
 * @property {unknown} [result]
 */

/**
 * @typedef {object} TurnResult
 * @property {'ok' | 'missing_required' | 'loop_guard' | 'max_round_trips' | 'aborted'} status
 * @property {string} text                 the model's final text
 * @property {string[]} [missing]          required tools absent from the catalog
 * @property {string} [reason]
 * @property {LogicalCall[]} calls         real calls (dispatched, failed or blocked)
 * @property {{kind: string, arguments: unknown, roundTrip: number}[]} bridge  searches and describes answered locally
 * @property {{name: string, reason: string, roundTrip: number}[]} refusals
 * @property {number} roundTrips           model requests made
 * @property {any[]} tokens                per request: {roundTrip, strategy, estimated, real}
 * @property {string} strategy
 * @property {string} strategyWhy
 * @property {any[]} messages              the whole history, ready for the next turn
 */

/** The turn loop over one engine session. Create with createAgent(). */
export class Agent {
  #o;
  #provider;
  #session;
  #ownsSession;
  #strategy;
  /** @type {Promise<import('./tokens.js').Tokenizer | null> | null} */
  #tokenizer = null;

  /** @param {AgentOptions} options */
  constructor(options) {
    if (!options || !options.toolSearch) throw new ToolSearchError('INVALID_ARGUMENT', 'createAgent() needs {toolSearch}');
    if (typeof options.model !== 'function') throw new ToolSearchError('INVALID_ARGUMENT', 'createAgent() needs {model: (request) => response}');
    this.#o = {
      maxRoundTrips: 8,
      hooks: {},
      required: [],
      tokenizer: 'auto',
      modelName: 'model',
      modelPolicies: DEFAULT_MODEL_POLICIES,
      ...options,
    };
    this.#provider = resolveProvider(options.provider);
    this.#ownsSession = !options.session;
    this.#session = options.session ?? options.toolSearch.session(options.scope ?? {});
    this.#strategy = chooseStrategy({
      modelName: this.#o.modelName,
      requested: options.strategy ?? 'bridge',
      policies: this.#o.modelPolicies,
      provider: this.#provider,
    });
  }

  get session() {
    return this.#session;
  }

  get provider() {
    return this.#provider;
  }

  /** The strategy in use for this model, and why. */
  get strategy() {
    return { ...this.#strategy };
  }

  /** Closes the session the agent opened (not one it was given). */
  close() {
    if (this.#ownsSession) this.#session.close();
  }

  /**
   * Runs one user turn to the model's final answer (or a stop).
   * @param {string} userText
   * @param {RunOptions} [options]
   * @returns {Promise<TurnResult>}
   */
  run(userText, options = {}) {
    return this.#run(userText, checkedRunOptions(options, 'run'), null);
  }

  /**
   * Runs one user turn and yields its events as they happen: `request`, `text` (deltas the
   * model function forwards), `response`, `search`, `describe`, `call`, `blocked`, `refusal`,
   * `loop_guard`, `missing_required`, `aborted`, and last `{type: 'done', turn}`. Leaving the
   * loop early aborts the turn.
   * @param {string} userText
   * @param {RunOptions} [options]
   * @returns {AsyncGenerator<{type: string, session: string, [key: string]: unknown}>}
   */
  async *stream(userText, options = {}) {
    const checked = checkedRunOptions(options, 'stream');
    const controller = new AbortController();
    const outer = checked.signal;
    const forward = () => controller.abort(outer?.reason);
    if (outer?.aborted) forward();
    else outer?.addEventListener('abort', forward, { once: true });
    /** @type {any[]} */
    const queue = [];
    let notify = () => {};
    let finished = false;
    /** @type {unknown} */
    let failure;
    const push = (/** @type {any} */ event) => {
      queue.push(event);
      notify();
    };
    this.#run(userText, { ...checked, signal: controller.signal }, push).then(
      (turn) => push({ type: 'done', session: this.#session.id, turn }),
      (error) => {
        failure = error;
      },
    ).finally(() => {
      finished = true;
      notify();
    });
    try {
      for (;;) {
        if (queue.length > 0) {
          const event = queue.shift();
          yield event;
          if (event.type === 'done') return;
          continue;
        }
        if (finished) {
          if (failure !== undefined) throw failure;
          return;
        }
        await new Promise((resolve) => {
          notify = resolve;
        });
      }
    } finally {
      outer?.removeEventListener('abort', forward);
      if (!finished) controller.abort(new Error('the stream consumer stopped reading'));
    }
  }

  /**
   * @param {string} userText @param {RunOptions} options
   * @param {((event: any) => void) | null} sink  stream()'s queue
   */
  async #run(userText, options, sink) {
    const o = this.#o;
    const signal = options.signal;
    const emit = (/** @type {any} */ event) => this.#emit(event, sink);
    const provider = this.#provider;
    const { strategy, why } = this.#strategy;
    const messages = [...(options.messages ?? []), provider.userMessage(userText)];
    /** @type {TurnResult} */
    const turn = {
      status: 'ok',
      text: '',
      calls: [],
      bridge: [],
      refusals: [],
      roundTrips: 0,
      tokens: [],
      strategy,
      strategyWhy: why,
      messages,
    };
    const guard = new LoopGuard(o.loopGuard ?? {});
    const tokenizer = await this.#loadTokenizer();
    const stop = () => {
      turn.status = 'aborted';
      turn.reason = `aborted: ${abortReason(signal)}`;
      emit({ type: 'aborted', reason: turn.reason, roundTrip: turn.roundTrips });
    };

    for (;;) {
      if (signal?.aborted) {
        stop();
        break;
      }
      const assembly = this.#session.assemble({
        contextWindow: o.contextWindow,
        mode: engineModeFor(strategy),
        userMessage: userText,
        topK: o.topK,
      });
      const missing = this.#missingRequired(assembly);
      if (missing.length > 0) {
        turn.status = 'missing_required';
        turn.missing = missing;
        turn.reason = `required tool${missing.length > 1 ? 's' : ''} not in the catalog: ${missing.join(', ')}`;
        emit({ type: 'missing_required', missing, roundTrip: turn.roundTrips });
        break;
      }
      if (turn.roundTrips >= o.maxRoundTrips) {
        turn.status = 'max_round_trips';
        turn.reason = `stopped after ${o.maxRoundTrips} model requests`;
        break;
      }
      const roundTrip = turn.roundTrips;
      const plan = planFromAssembly(o.toolSearch, assembly, strategy);
      const names = createNameMap(plan.tools.map((t) => t.name), provider.rule);
      const request = provider.request({ model: o.modelName, system: o.system, messages, plan, names, options: o.requestOptions });
      turn.tokens.push({ roundTrip, strategy: plan.strategy, engineStrategy: assembly.strategy, ...this.#account(assembly, plan, names, tokenizer) });
      emit({ type: 'request', roundTrip, strategy: plan.strategy, tools: plan.tools.map((t) => t.name), deferred: (assembly.deferred ?? []).length });

      /** @type {ModelCallInfo} */
      const info = { roundTrip, provider: provider.id, strategy: plan.strategy, onText: (delta) => void emit({ type: 'text', roundTrip, delta: String(delta) }) };
      if (signal) info.signal = signal;
      let response;
      try {
        // Raced with the signal: a model function that ignores it cannot hold the turn.
        response = await untilAborted(Promise.resolve(o.model(request, info)), signal);
      } catch (error) {
        if (!signal?.aborted) throw error;
        stop();
        break;
      }
      turn.roundTrips++;
      const parsed = provider.parseResponse(response, names);
      messages.push(...parsed.messages);
      turn.text = parsed.text;
      emit({ type: 'response', roundTrip, text: parsed.text, calls: parsed.calls.map((c) => c.name) });
      if (parsed.calls.length === 0) break;

      // The calls of one message run in parallel; each records its real call at its own index,
      // so turn.calls reads in the model's order, not in completion order.
      /** @type {(LogicalCall | undefined)[]} */
      const recorded = [];
      const outcomes = await Promise.all(parsed.calls.map((call, index) => this.#answer(call, { plan, names, turn, guard, roundTrip, emit, signal, record: (entry) => void (recorded[index] = entry) })));
      for (const entry of recorded) if (entry) turn.calls.push(entry);
      // Every call gets its result (an aborted one an error) before the turn can stop, so the
      // history can be sent again.
      messages.push(...provider.toolResultMessages(outcomes, { plan, names }));
      if (signal?.aborted) {
        stop();
        break;
      }
      if (guard.tripped) {
        turn.status = 'loop_guard';
        turn.reason = guard.tripped;
        emit({ type: 'loop_guard', reason: guard.tripped, roundTrip });
        break;
      }
    }
    return turn;
  }

  // ---- internals -------------------------------------------------------------------------------

  /**
   * Reports one event to hooks.onEvent and, for stream(), to its queue.
   * @param {any} event @param {((event: any) => void) | null} [sink]
   */
  #emit(event, sink) {
    const full = { session: this.#session.id, ...event };
    if (sink) sink(full);
    const listener = this.#o.hooks?.onEvent;
    if (!listener) return;
    try {
      listener(full);
    } catch {
      // Telemetry never breaks a turn.
    }
  }

  #loadTokenizer() {
    const t = this.#o.tokenizer;
    if (t === false || t === null) return Promise.resolve(null);
    if (typeof t === 'object') return Promise.resolve(t);
    this.#tokenizer ??= loadTokenizer();
    return this.#tokenizer;
  }

  /** Real names required but absent from what this session can use. @param {any} assembly */
  #missingRequired(assembly) {
    const required = this.#o.required ?? [];
    if (required.length === 0) return [];
    const usable = new Set([...(assembly.logical ?? []), ...(assembly.visible ?? []).map((t) => t.name)]);
    return required.filter((n) => !usable.has(n));
  }

  /**
   * @param {any} assembly @param {import('./provider-plan.js').ToolPlan} plan
   * @param {import('./provider-names.js').NameMap} names @param {any} tokenizer
   */
  #account(assembly, plan, names, tokenizer) {
    const provider = this.#provider;
    const sentTools = provider.tools(plan, names);
    const all = planFromAssembly(this.#o.toolSearch, assembly, 'passthrough');
    const allTools = provider.tools(all, createNameMap(all.tools.map((t) => t.name), provider.rule));
    const accounting = accountTokens({ assembly, tokenizer, sentTools, allTools });
    if (plan.strategy === 'passthrough' || plan.strategy === 'allowed') {
      // The engine's with-deferral figure is for its own assembly; these send everything.
      accounting.estimated = { ...accounting.estimated, withDeferral: accounting.estimated.withoutDeferral, saved: 0 };
    }
    return accounting;
  }

  /**
   * Resolves and answers one call.
   * @param {{id: string, providerName: string, name: string, arguments: unknown, hasId?: boolean}} call
   * @param {{plan: any, names: any, turn: TurnResult, guard: LoopGuard, roundTrip: number, emit: (event: any) => void, signal?: AbortSignal, record: (entry: LogicalCall) => void}} ctx
   * @returns {Promise<import('./provider-content.js').ToolOutcome & {hasId?: boolean}>}
   */
  async #answer(call, { plan, names, turn, guard, roundTrip, emit, signal, record }) {
    const base = { id: call.id, providerName: call.providerName, hasId: call.hasId };
    let resolution;
    try {
      resolution = this.#session.handleCall({ name: call.name, arguments: call.arguments });
    } catch (error) {
      guard.refusal();
      return { ...base, kind: 'error', value: `Error: ${/** @type {Error} */ (error).message}`, isError: true };
    }

    if (resolution.kind === 'search' || resolution.kind === 'describe') {
      const tripped = guard.bridge(resolution.kind, resolution.arguments ?? call.arguments);
      turn.bridge.push({ kind: resolution.kind, arguments: resolution.arguments ?? null, roundTrip });
      emit({ type: resolution.kind, arguments: resolution.arguments ?? null, roundTrip });
      if (tripped) {
        return {
          ...base,
          kind: 'refusal',
          value: `Stopped: ${tripped} in this turn. Do not search again; call a tool you found or answer the user.`,
          isError: true,
        };
      }
      /** @type {import('./provider-content.js').ToolOutcome} */
      const outcome = { ...base, kind: resolution.kind, value: resolution.result, isError: false };
      if (plan.nativeSearch && resolution.kind === 'search') {
        outcome.references = searchHitNames(resolution.result).map((n) => names.toProvider(n));
      }
      return outcome;
    }

    if (resolution.kind === 'refusal') {
      guard.refusal();
      const reason = String(resolution.reason ?? 'refused');
      turn.refusals.push({ name: String(resolution.name ?? call.name), reason, roundTrip });
      emit({ type: 'refusal', name: resolution.name ?? call.name, reason, roundTrip });
      return { ...base, kind: 'refusal', value: resolution.result ?? reason, isError: true };
    }

    if (resolution.kind !== 'dispatch') {
      return { ...base, kind: 'error', value: `Error: unexpected resolution ${JSON.stringify(resolution.kind)}`, isError: true };
    }
    guard.progress();
    if (signal?.aborted) return { ...base, kind: 'error', value: `Error: aborted before it ran (${abortReason(signal)})`, isError: true };
    return this.#dispatch(resolution, base, { roundTrip, record, emit, signal });
  }

  /**
   * The hook pipeline and the executor for one real call.
   * @param {any} resolution @param {any} base
   * @param {{roundTrip: number, record: (entry: LogicalCall) => void, emit: (event: any) => void, signal?: AbortSignal}} where
   *   `record` keeps the call at its place in the model's message
   */
  async #dispatch(resolution, base, { roundTrip, record, emit, signal }) {
    const o = this.#o;
    const ctx = callContext(resolution, {
      callId: base.id,
      providerName: base.providerName,
      roundTrip,
      session: this.#session.id,
      ...(signal ? { signal } : {}),
    });
    const done = await runRealCall(ctx, o.hooks ?? {}, o);
    /** @type {LogicalCall} */
    const entry = { ...logicalCallFields(done.ctx), outcome: done.outcome };
    if (done.outcome !== 'blocked') entry.result = done.result;
    if (done.reason !== undefined) entry.reason = done.reason;
    record(entry);
    emit({ type: done.outcome === 'blocked' ? 'blocked' : 'call', ...entry });
    return { ...base, kind: /** @type {const} */ (done.outcome === 'blocked' ? 'blocked' : 'dispatch'), value: done.result, isError: done.isError };
  }
}

/** @param {CallContext} ctx */
function logicalCallFields(ctx) {
  return {
    name: ctx.name,
    arguments: ctx.arguments,
    source: ctx.source,
    server: ctx.server,
    viaBridge: ctx.viaBridge,
    activated: ctx.activated,
    repairs: ctx.repairs,
    roundTrip: ctx.roundTrip,
    callId: ctx.callId,
  };
}

/**
 * The run options, checked: an object of `messages` (an array) and `signal` (an AbortSignal).
 * @param {unknown} options @param {string} method
 * @returns {RunOptions}
 */
function checkedRunOptions(options, method) {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new ToolSearchError('INVALID_ARGUMENT', `${method}(userText, options): options must be an object`);
  }
  const o = /** @type {Record<string, any>} */ (options);
  checkOptionKeys(o, ['messages', 'signal'], `${method}(userText, options)`);
  if (o.messages !== undefined && !Array.isArray(o.messages)) {
    throw new ToolSearchError('INVALID_ARGUMENT', `${method}(userText, options): messages must be an array of history entries`);
  }
  if (o.signal !== undefined && (typeof o.signal !== 'object' || o.signal === null || typeof o.signal.aborted !== 'boolean' || typeof o.signal.addEventListener !== 'function')) {
    throw new ToolSearchError('INVALID_ARGUMENT', `${method}(userText, options): signal must be an AbortSignal`);
  }
  return o;
}

/**
 * Creates an agent (a turn loop bound to one session and one provider format).
 * @param {AgentOptions} options
 */
export function createAgent(options) {
  return new Agent(options);
}

/**
 * One turn with a throwaway agent; the session it opens is closed afterwards.
 * @param {AgentOptions & {input: string, messages?: any[]}} options
 */
export async function runTurn(options) {
  const { input, messages, ...rest } = options;
  const agent = new Agent(rest);
  try {
    return await agent.run(input, { messages });
  } finally {
    agent.close();
  }
}

export { DEFAULT_MODEL_POLICIES, chooseStrategy } from './providers.js';
