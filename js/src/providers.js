// Provider formats: one object per wire format, all with the same shape, so the turn loop
// (tool-search-wasm/agent) is written once.
//
// A format has:
//   id, rule (NameRule), supports {allowedTools, native}
//   tools(plan, names)                -> the provider's tool array
//   request({model, system, messages, plan, names, options}) -> a request body
//   userMessage(text)                 -> one history entry
//   parseResponse(response, names)    -> {messages (to append), text, calls: [{id, providerName, name (real), arguments}]}
//   toolResultMessages(outcomes, {plan, names}) -> history entries answering the calls
//   encodeResponse({text, calls}, request?), lastToolResults(request), toolNames(request)  (scripted models, tests)

import { anthropic } from './provider-anthropic.js';
import { gemini } from './provider-gemini.js';
import { openaiChat, openaiResponses } from './provider-openai.js';
import { createNameMap } from './provider-names.js';
import { planFromAssembly } from './provider-plan.js';

export { NAME_RULES, NameMap, createNameMap } from './provider-names.js';
export { planFromAssembly, searchHitNames, BRIDGE_NAMES } from './provider-plan.js';
export { toText, isCallToolResult } from './provider-content.js';
export { openaiChat, openaiResponses } from './provider-openai.js';
export { anthropic, cacheBreakpoint } from './provider-anthropic.js';
export { gemini } from './provider-gemini.js';

/** @type {Record<string, any>} */
export const PROVIDERS = Object.freeze({
  'openai-chat': openaiChat,
  'openai-responses': openaiResponses,
  anthropic,
  gemini,
});

/**
 * A format by id ('openai-chat', 'openai-responses', 'anthropic', 'gemini'), or a custom
 * format object passed through.
 * @param {string | object} provider
 */
export function resolveProvider(provider) {
  if (typeof provider === 'object' && provider !== null) return provider;
  const found = PROVIDERS[/** @type {string} */ (provider)];
  if (!found) {
    throw new TypeError(`tool-search: unknown provider ${JSON.stringify(provider)} (one of ${Object.keys(PROVIDERS).join(', ')})`);
  }
  return found;
}

/**
 * @typedef {object} ModelPolicy
 * @property {RegExp | string} match  tested against the model name (a string is a substring, case-insensitive)
 * @property {import('./provider-plan.js').Strategy} strategy  what to use for matching models
 * @property {string} [why]
 */

/**
 * Models reported not to drive a search bridge get pre-selection (top-K schemas, no extra
 * round trip) instead: qwen3-32b, llama-4-scout and gpt-oss-120b never called tool_search
 * (zeroclaw-labs/zeroclaw#6874); gemma4 on Ollama nested arguments and looped 388 calls
 * (NVIDIA/NemoClaw#12106); default-on search broke local Ollama models (openclaw/openclaw#143180).
 * Override with `modelPolicies` (an empty array turns this off). First match wins.
 * @type {readonly ModelPolicy[]}
 */
export const DEFAULT_MODEL_POLICIES = Object.freeze([
  Object.freeze({
    match: /(^|[/:_-])(gemma|llama|qwen|mistral|mixtral|phi|gpt-oss|deepseek|granite|smollm)/i,
    strategy: /** @type {const} */ ('preselect'),
    why: 'open-weight/local models rarely drive tool_search (zeroclaw#6874, NemoClaw#12106, openclaw#143180)',
  }),
]);

/**
 * The strategy for a model: the first matching policy, else `fallback`. A strategy the
 * provider cannot express degrades: native -> bridge, allowed -> preselect.
 * @param {{modelName?: string, requested?: import('./provider-plan.js').Strategy, policies?: readonly ModelPolicy[], provider: any}} args
 * @returns {{strategy: import('./provider-plan.js').Strategy, why: string}}
 */
export function chooseStrategy({ modelName = '', requested = 'bridge', policies = DEFAULT_MODEL_POLICIES, provider }) {
  let strategy = requested;
  let why = 'requested';
  for (const policy of policies) {
    const hit = typeof policy.match === 'string'
      ? modelName.toLowerCase().includes(policy.match.toLowerCase())
      : policy.match.test(modelName);
    if (hit) {
      strategy = policy.strategy;
      why = `model policy ${String(policy.match)}${policy.why ? `: ${policy.why}` : ''}`;
      break;
    }
  }
  if (strategy === 'native' && !provider.supports?.native) {
    return { strategy: 'bridge', why: `${why}; ${provider.id} has no native deferral, using the bridge` };
  }
  if (strategy === 'allowed' && !provider.supports?.allowedTools) {
    return { strategy: 'preselect', why: `${why}; ${provider.id} has no allowed_tools, using pre-selection` };
  }
  return { strategy, why };
}

/** The engine's assemble() mode for a strategy. @param {import('./provider-plan.js').Strategy} strategy */
export function engineModeFor(strategy) {
  if (strategy === 'preselect' || strategy === 'allowed') return 'preselect';
  if (strategy === 'preselect+bridge') return 'preselect+bridge';
  return 'bridge';
}

/**
 * One-shot helper: the provider tool array (and tool_choice) for an assembly.
 * @param {string | object} provider
 * @param {{tools(names?: string[]): any[]}} toolSearch
 * @param {any} assembly
 * @param {{strategy?: import('./provider-plan.js').Strategy}} [options]
 */
export function providerTools(provider, toolSearch, assembly, options = {}) {
  const format = resolveProvider(provider);
  const plan = planFromAssembly(toolSearch, assembly, options.strategy ?? 'bridge');
  const names = createNameMap(plan.tools.map((t) => t.name), format.rule);
  return {
    tools: format.tools(plan, names),
    toolChoice: typeof format.toolChoice === 'function' ? format.toolChoice(plan, names) : undefined,
    names,
    plan,
  };
}
