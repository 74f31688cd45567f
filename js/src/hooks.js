// The hook pipeline around one real tool call. Before-call hooks may block the call, rewrite
// its arguments or ask for approval; after-call hooks may replace its result. They run after
// the engine resolved the call, so they see the real tool name and arguments whether the model
// called the tool directly or through tool_call (Hermes: unwrap before hooks; openclaw#79823).

/**
 * What a before-call hook sees (real name and arguments, never a bridge name).
 * @typedef {object} CallContext
 * @property {string} name            the real tool name
 * @property {Record<string, unknown>} arguments  the real arguments (repaired by the engine)
 * @property {string | null} source   "core", "mcp:<server>", "plugin", "client"
 * @property {string | null} server   the MCP server, when there is one
 * @property {boolean} viaBridge      the model went through tool_call
 * @property {boolean} activated      a direct call activated a deferred tool
 * @property {string[]} repairs       argument repairs the engine made
 * @property {string} callId          the provider's call id
 * @property {string} providerName    the name the model used (tool_call, or a mapped name)
 * @property {number} roundTrip
 * @property {string} session
 * @property {AbortSignal} [signal]   the turn's signal (agent.run({signal})): an executor may stop on it
 */

/**
 * A before-call hook's verdict: nothing (go on), `{block: reason}` (the call never reaches the
 * tool; the model is told), `{arguments}` (replace the arguments for later hooks and the call),
 * `{requireApproval: reason}` (ask `hooks.approve`; no approver or a "no" blocks).
 * @typedef {void | undefined | null | {block?: string, arguments?: Record<string, unknown>, requireApproval?: string}} BeforeVerdict
 */

/**
 * @typedef {object} Hooks
 * @property {((ctx: CallContext) => BeforeVerdict | Promise<BeforeVerdict>)[]} [beforeCall]
 * @property {((ctx: CallContext & {result: unknown, isError: boolean, error: Error | null}) => void | {result?: unknown} | Promise<void | {result?: unknown}>)[]} [afterCall]
 * @property {(ctx: CallContext & {reason: string}) => boolean | Promise<boolean>} [approve]
 * @property {(event: any) => void} [onEvent]  telemetry: every event, with real names
 */

/**
 * Runs the before-call hooks in order. Each gets its own copy of the arguments: only a
 * returned `{arguments}` changes what later hooks and the tool see.
 * @param {Hooks} hooks
 * @param {CallContext} ctx
 * @returns {Promise<{ctx: CallContext, blocked: string | null}>}  the context the call runs
 *   with (or was blocked with), and why it was blocked
 */
export async function runBeforeCallHooks(hooks, ctx) {
  for (const hook of hooks.beforeCall ?? []) {
    const verdict = await hook({ ...ctx, arguments: structuredClone(ctx.arguments) });
    if (!verdict) continue;
    if (typeof verdict.block === 'string') return { ctx, blocked: verdict.block };
    if (verdict.arguments && typeof verdict.arguments === 'object') ctx = { ...ctx, arguments: verdict.arguments };
    if (typeof verdict.requireApproval === 'string') {
      const approved = hooks.approve ? await hooks.approve({ ...ctx, reason: verdict.requireApproval }) : false;
      if (!approved) return { ctx, blocked: `not approved (${verdict.requireApproval})` };
    }
  }
  return { ctx, blocked: null };
}

/**
 * Runs the after-call hooks in order; one returning `{result}` replaces the result that later
 * hooks, the transcript and the model see.
 * @param {Hooks} hooks
 * @param {CallContext} ctx
 * @param {{result: unknown, isError: boolean, error: Error | null}} outcome
 * @returns {Promise<unknown>}  the result after every hook
 */
export async function runAfterCallHooks(hooks, ctx, { result, isError, error }) {
  for (const hook of hooks.afterCall ?? []) {
    const replaced = await hook({ ...ctx, result, isError, error });
    if (replaced && replaced.result !== undefined) result = replaced.result;
  }
  return result;
}
