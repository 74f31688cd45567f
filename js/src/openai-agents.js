// tool-search-wasm/openai-agents: tool search in the OpenAI Agents SDK's own Runner loop
// (`@openai/agents`).
//
// Every catalog tool and the bridge are registered on the Agent as function tools, so the
// Runner can dispatch any of them, and `model(inner)` wraps the agent's Model so that each
// model call is sent only what the engine's assembly shows this turn (core tools + the bridge,
// the top-K for the latest user message, or both), plus the tools tool_search found earlier.
// The narrowing sits at the model, not in each tool's `isEnabled`, on purpose: a tool that
// `isEnabled` hides is also one the Runner refuses to run ("Tool X not found in agent"), so a
// model calling a deferred tool by name (lazy activation) would fail the whole run. Each call
// runs through the engine (bridge searches answered locally, tool_call unwrapped, arguments
// repaired), the hooks (real names) and the executors (an MCP hub, `functions`, `execute`).
//
// Strict mode: catalog tools carry MCP schemas (optional properties, open objects) that
// OpenAI's strict mode cannot express, and `tool_call.arguments` is an open object by design,
// so every tool is registered with `strict: false` (the Runner sends the schema as is). The
// engine checks arguments against the real schema before anything is dispatched.
//
// `@openai/agents` is an optional peer, imported when the helper is created.

import { ToolSearchError } from './errors.js';
import { lastUserText, ToolRunner } from './adapter-runner.js';
import { loadPeer } from './peer.js';
import { createNameMap } from './provider-names.js';

/**
 * The Agents SDK's own rule for function tool names: its `tool()` turns every character
 * outside [a-zA-Z0-9_] into "_", which could merge two catalog names; a NameMap with this rule
 * renames them reversibly first (a hashed suffix), so no two tools share a name.
 * @type {import('./provider-names.js').NameRule}
 */
const AGENTS_NAME_RULE = Object.freeze({
  provider: 'openai-agents',
  pattern: /^[a-zA-Z0-9_]{1,64}$/,
  maxLength: 64,
  invalidChar: /[^a-zA-Z0-9_]/g,
  source: '@openai/agents-core toFunctionToolName (non-alphanumerics become "_")',
});

const loadAgents = () => loadPeer('@openai/agents', () => import('@openai/agents'), 'tool-search-wasm/openai-agents');

/**
 * Creates the Agents SDK wiring for one conversation (one engine session). Build the agent
 * after the catalog is loaded: tools cataloged later are still reachable through tool_call.
 * @param {import('./adapter-runner.js').RunnerOptions & {tool?: (options: any) => any}} options
 *   `tool`: the Agents SDK's `tool()` (default: imported from `@openai/agents`)
 */
export async function createOpenAIAgentsToolSearch(options) {
  const tool = options?.tool ?? (await loadAgents()).tool;
  const runner = new ToolRunner(options);
  const definitions = runner.definitions();
  const names = createNameMap(definitions.map((d) => d.name), AGENTS_NAME_RULE);
  /** Names this helper registered: only these are narrowed; the agent's other tools pass. */
  const ours = new Set(definitions.map((d) => names.toProvider(d.name)));

  const tools = definitions.map((d) =>
    tool({
      name: names.toProvider(d.name),
      description: d.description,
      parameters: d.inputSchema,
      strict: false,
      execute: async (/** @type {unknown} */ input, /** @type {unknown} */ _context, /** @type {any} */ details) => {
        const answer = await runner.run(d.name, input, { callId: details?.toolCall?.callId });
        return answer.text;
      },
    }),
  );

  /** @type {string[]} */
  let selected = [];
  /** @param {any} request  an Agents SDK ModelRequest */
  const narrow = (request) => {
    const plan = runner.plan(lastUserText(request.input));
    const allowed = new Set(plan.callable.map((n) => names.toProvider(n)));
    selected = plan.callable;
    const kept = (request.tools ?? []).filter((/** @type {any} */ t) => t?.type !== 'function' || !ours.has(t.name) || allowed.has(t.name));
    return { ...request, tools: kept };
  };

  /**
   * Wraps an Agents SDK `Model` (e.g. `new OpenAIResponsesModel(client, 'gpt-5.4')`, an
   * `aisdk()` model, or a test model) so each call gets this turn's tools.
   * @param {any} inner
   */
  const model = (inner) => {
    if (!inner || typeof inner.getResponse !== 'function') {
      throw new ToolSearchError('INVALID_ARGUMENT', 'openai-agents model(inner): expected an Agents SDK Model instance (with getResponse); resolve a model name first, e.g. await new OpenAIProvider().getModel("gpt-5.4")');
    }
    /** @type {Record<string, unknown>} */
    const wrapped = {
      getResponse: (/** @type {any} */ request) => inner.getResponse(narrow(request)),
      getStreamedResponse: (/** @type {any} */ request) => inner.getStreamedResponse(narrow(request)),
    };
    if (inner.supportsPromptModelSelection !== undefined) wrapped.supportsPromptModelSelection = inner.supportsPromptModelSelection;
    if (typeof inner.getRetryAdvice === 'function') wrapped.getRetryAdvice = (/** @type {any} */ args) => inner.getRetryAdvice(args);
    return wrapped;
  };

  return {
    /** Every catalog tool and the bridge, as Agents SDK function tools: `new Agent({ tools })`. */
    tools,
    model,
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
