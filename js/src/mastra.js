// tool-search-wasm/mastra: tool search in Mastra's own agent loop (`@mastra/core` Agent).
//
// Mastra's ToolSearchProcessor ranks with its own BM25 and offers no seam for another search
// (its `searchTools` is private; `filter` can only hide tools), so this is the other shape the
// issue names: tools plus a processor. The agent registers every catalog tool and the bridge;
// the processor's `processInputStep` sets `activeTools` for each step from the engine's
// assembly (core tools + the bridge, the top-K for the latest user message, or both), plus the
// tools tool_search found in earlier steps. Each call runs through the engine (bridge searches
// answered locally, tool_call unwrapped, arguments repaired), the hooks (real names) and the
// executors (an MCP hub, `functions`, `execute`).
//
// Mastra refuses a call to a tool that is not active this step (its own "Tool X not found"
// result, listing the active tools) and has no call-repair hook, so a deferred tool called by
// name without a search is not dispatched transparently here: the model reads the refusal and
// goes through tool_call, which the engine dispatches.
//
// `@mastra/core` is an optional peer, imported when the helper is created.

import { lastUserText, ToolRunner } from './adapter-runner.js';
import { loadPeer } from './peer.js';

const loadMastraTools = () => loadPeer('@mastra/core', () => import('@mastra/core/tools'), 'tool-search-wasm/mastra');

/**
 * Creates the Mastra wiring for one conversation (one engine session). Build the agent after
 * the catalog is loaded: tools cataloged later are still reachable through tool_call.
 * @param {import('./adapter-runner.js').RunnerOptions & {id?: string, createTool?: (options: any) => any}} options
 *   `id`: the processor's id (default "tool-search-wasm"); `createTool`: Mastra's (default:
 *   imported from `@mastra/core/tools`)
 */
export async function createMastraToolSearch(options) {
  const createTool = options?.createTool ?? (await loadMastraTools()).createTool;
  const runner = new ToolRunner(options);

  /** @type {Record<string, any>} */
  const tools = {};
  for (const d of runner.definitions()) {
    tools[d.name] = createTool({
      id: d.name,
      description: d.description,
      inputSchema: d.inputSchema,
      execute: async (/** @type {unknown} */ input, /** @type {any} */ context) => {
        const answer = await runner.run(d.name, input, { callId: context?.agent?.toolCallId });
        return answer.text;
      },
    });
  }

  /** @type {string[]} */
  let active = [];
  const processor = {
    id: options.id ?? 'tool-search-wasm',
    name: 'Tool search (tool-search-wasm)',
    /** @param {{messages?: any[], activeTools?: string[]}} args */
    processInputStep(args) {
      const plan = runner.plan(lastUserText(args.messages));
      active = plan.callable;
      // The agent's own tools outside the catalog stay as the agent configured them.
      const others = (args.activeTools ?? Object.keys(/** @type {any} */ (args).tools ?? {})).filter((n) => !Object.prototype.hasOwnProperty.call(tools, n));
      return { activeTools: [...others, ...plan.callable] };
    },
  };

  return {
    /** Every catalog tool and the bridge, keyed by name: `new Agent({ tools })`. */
    tools,
    /** An input processor: `new Agent({ inputProcessors: [search.processor] })`. */
    processor,
    session: runner.session,
    /** Real calls made so far (real names). */
    calls: runner.calls,
    /** The catalog names the last step made active. */
    get activeTools() {
      return [...active];
    },
    close: () => runner.close(),
  };
}
