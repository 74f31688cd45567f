// tool-search-wasm/langchain: tool search as a LangChain.js 1.x `createAgent` middleware.
//
// Like langchain's llmToolSelectorMiddleware, but the engine selects instead of a second model
// call: `wrapModelCall` narrows `request.tools` to what the engine's assembly shows this model
// call (core tools + the bridge, the top-K for the latest user message, or both), plus the tools
// tool_search found earlier. The agent registers every catalog tool and the bridge, so the
// agent's tool node can run any of them; each runs through the engine (bridge searches answered
// locally, tool_call unwrapped, arguments repaired), the hooks (real names) and the executors.
//
// `langchain` and `@langchain/core` are optional peers, imported when the helper is created.

import { lastUserText, ToolRunner } from './adapter-runner.js';
import { loadPeer } from './peer.js';

const INSTALL = 'langchain @langchain/core';

/**
 * Creates the tools and the middleware for one agent (one engine session). Build the agent
 * after the catalog is loaded: tools cataloged later are still reachable through tool_call.
 * @param {import('./adapter-runner.js').RunnerOptions & {name?: string}} options
 */
export async function createLangChainToolSearch(options) {
  const [{ tool }, { createMiddleware }] = await Promise.all([
    loadPeer('@langchain/core', () => import('@langchain/core/tools'), 'tool-search-wasm/langchain', INSTALL),
    loadPeer('langchain', () => import('langchain'), 'tool-search-wasm/langchain', INSTALL),
  ]);
  const runner = new ToolRunner(options);

  const tools = runner.definitions().map((d) =>
    tool(
      async (/** @type {unknown} */ input, /** @type {any} */ config) => {
        const answer = await runner.run(d.name, input, { callId: config?.toolCall?.id });
        return answer.text;
      },
      { name: d.name, description: d.description, schema: d.inputSchema },
    ),
  );

  /** @type {string[]} */
  let selected = [];
  const middleware = createMiddleware({
    name: options.name ?? 'ToolSearchMiddleware',
    wrapModelCall: async (/** @type {any} */ request, /** @type {(r: any) => any} */ handler) => {
      const plan = runner.plan(lastUserText(request.messages));
      const allowed = new Set(plan.callable);
      selected = plan.callable;
      // Provider-specific tool dicts without a name are left alone, as llmToolSelector does.
      const narrowed = (request.tools ?? []).filter((/** @type {any} */ t) => typeof t?.name !== 'string' || allowed.has(t.name));
      return handler({ ...request, tools: narrowed });
    },
  });

  return {
    /** Every catalog tool and the bridge, as LangChain tools: pass them to createAgent. */
    tools,
    middleware,
    session: runner.session,
    /** Real calls made so far (real names). */
    calls: runner.calls,
    /** The names the last model call was given. */
    get selectedTools() {
      return [...selected];
    },
    close: () => runner.close(),
  };
}
