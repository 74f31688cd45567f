// One real tool call, after the engine resolved it: the before-call hooks, the executor (plain
// functions, an MCP hub, or a fallback), the after-call hooks. The agent loop and every
// framework adapter run real calls through here, so hooks see the same real name and repaired
// arguments whichever loop drives the model.

import { untilAborted } from './abort.js';
import { ToolSearchError } from './errors.js';
import { isCallToolResult } from './provider-content.js';
import { runAfterCallHooks, runBeforeCallHooks } from './hooks.js';

/** @typedef {import('./hooks.js').CallContext} CallContext */
/** @typedef {import('./hooks.js').Hooks} Hooks */

/**
 * Where real calls go. `functions` wins over `hub`, which wins over `execute`.
 * @typedef {object} Executors
 * @property {{has(name: string): boolean, callTool(name: string, args: any, options?: any): Promise<any>}} [hub]
 * @property {Record<string, (args: any, ctx: CallContext) => any>} [functions]
 * @property {(ctx: CallContext) => any} [execute]
 * @property {number} [callTimeoutMs]
 */

/**
 * @typedef {object} DispatchOutcome
 * @property {CallContext} ctx           the context the call ran with (hooks may rewrite arguments)
 * @property {'ok' | 'error' | 'blocked'} outcome
 * @property {unknown} result            an MCP CallToolResult (or what an after-call hook returned)
 * @property {boolean} isError
 * @property {string} [reason]           why it was blocked or failed
 */

/** A function executor's return value as an MCP CallToolResult. @param {unknown} r */
export function asCallToolResult(r) {
  if (isCallToolResult(r)) return r;
  if (r === undefined || r === null) return { content: [] };
  if (typeof r === 'string') return { content: [{ type: 'text', text: r }] };
  return { content: [{ type: 'text', text: JSON.stringify(r) }], structuredContent: r };
}

/**
 * The hook context of a dispatch resolution.
 * @param {any} resolution  a handleCall() result of kind "dispatch"
 * @param {{callId: string, providerName: string, roundTrip: number, session: string}} where
 * @returns {CallContext}
 */
export function callContext(resolution, where) {
  return {
    name: resolution.name,
    arguments: resolution.arguments ?? {},
    source: resolution.source ?? null,
    server: resolution.server ?? null,
    viaBridge: Boolean(resolution.viaBridge),
    activated: Boolean(resolution.activated),
    repairs: resolution.repairs ?? [],
    ...where,
  };
}

/**
 * Runs one real call through the hooks and the executor. Never throws for a tool failure:
 * the outcome says what happened (the model gets told either way).
 * @param {CallContext} ctx
 * @param {Hooks} hooks
 * @param {Executors} executors
 * @returns {Promise<DispatchOutcome>}
 */
export async function runRealCall(ctx, hooks, executors) {
  const before = await runBeforeCallHooks(hooks, ctx);
  ctx = before.ctx;
  if (before.blocked !== null) {
    return { ctx, outcome: 'blocked', result: `Blocked: ${before.blocked}`, isError: true, reason: before.blocked };
  }
  let result;
  let isError = false;
  /** @type {Error | null} */
  let error = null;
  try {
    result = await execute(ctx, executors);
    isError = isCallToolResult(result) && /** @type {any} */ (result).isError === true;
  } catch (e) {
    error = /** @type {Error} */ (e);
    result = { content: [{ type: 'text', text: `Error: ${error.message}` }], isError: true };
    isError = true;
  }
  result = await runAfterCallHooks(hooks, ctx, { result, isError, error });
  /** @type {DispatchOutcome} */
  const done = { ctx, outcome: isError ? 'error' : 'ok', result, isError };
  if (error) done.reason = error.message;
  return done;
}

/**
 * The executor's answer; with `ctx.signal`, an abort ends the wait (the hub also cancels the
 * request on the server; a function gets the signal in its ctx to stop its own work).
 * @param {CallContext} ctx @param {Executors} o
 */
function execute(ctx, o) {
  return untilAborted(executeOnce(ctx, o), ctx.signal);
}

/** @param {CallContext} ctx @param {Executors} o */
async function executeOnce(ctx, o) {
  if (o.functions && Object.prototype.hasOwnProperty.call(o.functions, ctx.name)) {
    return asCallToolResult(await o.functions[ctx.name](ctx.arguments, ctx));
  }
  if (o.hub && o.hub.has(ctx.name)) {
    /** @type {{timeoutMs?: number, signal?: AbortSignal}} */
    const options = {};
    if (o.callTimeoutMs) options.timeoutMs = o.callTimeoutMs;
    if (ctx.signal) options.signal = ctx.signal;
    return o.hub.callTool(ctx.name, ctx.arguments, options);
  }
  if (typeof o.execute === 'function') return asCallToolResult(await o.execute(ctx));
  throw new ToolSearchError('NOT_FOUND', `no executor for tool "${ctx.name}" (not an MCP tool of the hub, not in functions)`);
}
