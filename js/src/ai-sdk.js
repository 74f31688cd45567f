// tool-search-wasm/ai-sdk: tool search in the Vercel AI SDK's own loop (generateText,
// streamText, ToolLoopAgent).
//
// The AI SDK sends the tools that `activeTools` names and also refuses a call to any other tool
// ("Model tried to call unavailable tool"). So the helper registers every catalog tool plus the
// bridge once, and `prepareStep` sets `activeTools` per step from the engine's assembly:
// - bridge: core tools + tool_search/tool_describe/tool_call, plus every tool tool_search found
//   in an earlier step (the engine says those are callable by name, so they must be active);
// - preselect: the top-K tools for the latest user message;
// - preselect+bridge: both.
// A direct call to a deferred tool that was never found (lazy activation) is turned into a
// tool_call by `repairToolCall`, which the engine then dispatches. Every real call goes through
// the hooks with the real name, then to the hub, `functions` or `execute`.
//
// `ai` is an optional peer: its `jsonSchema` is imported when the helper is created.

import { lastUserText, ToolRunner } from './adapter-runner.js';
import { loadPeer } from './peer.js';

const loadAi = () => loadPeer('ai', () => import('ai'), 'tool-search-wasm/ai-sdk');

/**
 * Creates the AI SDK wiring for one conversation (one engine session).
 * @param {import('./adapter-runner.js').RunnerOptions & {jsonSchema?: (schema: any) => any}} options
 */
export async function createAiSdkToolSearch(options) {
  const jsonSchema = options?.jsonSchema ?? (await loadAi()).jsonSchema;
  const runner = new ToolRunner(options);
  /** @type {Record<string, any>} */
  const tools = {};
  let fingerprint = '';

  // The tool set is one object the caller hands to the AI SDK; after a catalog change (an MCP
  // list_changed) it is updated in place, so the next step sees the new tools.
  const sync = () => {
    const now = runner.toolSearch.fingerprint;
    if (now === fingerprint) return;
    fingerprint = now;
    const definitions = runner.definitions();
    const names = new Set(definitions.map((d) => d.name));
    for (const name of Object.keys(tools)) if (!names.has(name)) delete tools[name];
    for (const d of definitions) {
      tools[d.name] = {
        description: d.description,
        inputSchema: jsonSchema(d.inputSchema),
        execute: async (/** @type {unknown} */ input, /** @type {{toolCallId?: string}} */ meta) => {
          const answer = await runner.run(d.name, input, { callId: meta?.toolCallId });
          return answer.kind === 'dispatch' && !answer.isError ? answer.text : answer.value;
        },
      };
    }
  };
  sync();

  /** @type {string[]} */
  let active = [];
  /** @param {{messages?: any[]}} step */
  const prepareStep = ({ messages } = {}) => {
    sync();
    const plan = runner.plan(lastUserText(messages));
    active = plan.callable;
    return { activeTools: [...plan.callable] };
  };

  /**
   * AI SDK `repairToolCall` (`experimental_repairToolCall` in ai 5): a call to a cataloged tool
   * that is not active this step becomes a tool_call when the bridge is active.
   * @param {{toolCall: {toolCallId: string, toolName: string, input: string}, error?: any}} failed
   */
  const repairToolCall = async ({ toolCall }) => {
    if (!Object.prototype.hasOwnProperty.call(tools, toolCall.toolName) || active.includes(toolCall.toolName)) return null;
    if (!active.includes('tool_call')) return null;
    let args;
    try {
      args = JSON.parse(toolCall.input || '{}');
    } catch {
      args = toolCall.input;
    }
    return { ...toolCall, toolName: 'tool_call', input: JSON.stringify({ name: toolCall.toolName, arguments: args }) };
  };

  return {
    /** Every catalog tool and the bridge; `activeTools` decides what each step sends. */
    tools,
    prepareStep,
    repairToolCall,
    /** The engine session behind this conversation. */
    session: runner.session,
    /** Real calls made so far (real names). */
    calls: runner.calls,
    /** The names the last prepareStep made active. */
    get activeTools() {
      return [...active];
    },
    close: () => runner.close(),
  };
}

/**
 * A ranking function for the AI SDK's own `toolSearch({ search })` (ai >= 7): the engine ranks,
 * the AI SDK keeps deferring and loading. Only the candidates the AI SDK offers are returned.
 * @param {import('./tool-search.js').ToolSearch} toolSearch
 * @param {{limit?: number}} [options]  how many hits to ask the engine for (default 20)
 */
export function aiSdkSearch(toolSearch, options = {}) {
  return (/** @type {{query: string, tools: {name: string}[]}} */ { query, tools }) => {
    const candidates = new Set(tools.map((t) => t.name));
    return toolSearch.search(query, { limit: options.limit ?? 20 }).map((h) => h.name).filter((n) => candidates.has(n));
  };
}
