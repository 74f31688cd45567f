// tool-search-wasm/testing: a deterministic scripted "model" for tests and demos.
//
// A script is a list of steps (or one function called for every request). A step is
//   {text}                         a final answer
//   {call: name, arguments}        one tool call
//   {calls: [{name, arguments}]}   several calls in one message (run in parallel by the agent)
//   (ctx) => step                  decided from what the model was sent: ctx.results are the
//                                  tool results of the previous request (text, parsed json,
//                                  native tool references), ctx.tools the names it was offered
// The model answers in the provider's own response format, so the whole request/response path
// of a real provider is exercised. Names are the ones the model would write (provider names).
// exampleArguments() writes the arguments such a model would send for a tool's input schema.

import { resolveProvider } from './providers.js';
import { searchHitNames } from './provider-plan.js';

export { exampleArguments } from './example-arguments.js';

/**
 * @typedef {object} ScriptContext
 * @property {any} request                  the provider request the model received
 * @property {string[]} tools               provider tool names listed in the request
 * @property {{id: string, text: string, json: unknown, references: string[]}[]} results
 * @property {number} roundTrip
 * @property {number} step                  index of this step in the script
 */

/**
 * @typedef {{text: string} | {call: string, arguments?: unknown, id?: string} | {calls: {name: string, arguments?: unknown, id?: string}[]}} Step
 * @typedef {Step | ((ctx: ScriptContext) => Step)} ScriptStep
 */

/** @param {string} text */
function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * A model function for createAgent({model}) that plays `script`.
 * @param {string | object} provider  the format the agent uses
 * @param {ScriptStep[] | ((ctx: ScriptContext) => Step)} script
 * @param {{finalText?: string}} [options]
 */
export function scriptedModel(provider, script, options = {}) {
  const format = resolveProvider(provider);
  let step = 0;
  /** @type {any[]} */
  const requests = [];
  /** @param {any} request */
  const model = async (request) => {
    requests.push(request);
    const results = format.lastToolResults(request).map((/** @type {any} */ r) => ({
      id: r.id,
      text: r.text,
      json: parseJson(r.text),
      references: r.references ?? [],
    }));
    /** @type {ScriptContext} */
    const ctx = { request, tools: format.toolNames(request), results, roundTrip: requests.length - 1, step };
    /** @type {ScriptStep | undefined} */
    let next;
    if (typeof script === 'function') next = script;
    else next = script[step];
    step++;
    let resolved = typeof next === 'function' ? next(ctx) : next;
    if (!resolved) resolved = { text: options.finalText ?? 'done' };
    return format.encodeResponse(toMessage(resolved), request);
  };
  model.requests = requests;
  model.reset = () => {
    step = 0;
    requests.length = 0;
  };
  return model;
}

/** @param {Step} s */
function toMessage(s) {
  if ('calls' in s) return { calls: s.calls.map((c) => ({ id: c.id, name: c.name, arguments: c.arguments ?? {} })) };
  if ('call' in s) return { calls: [{ id: s.id, name: s.call, arguments: s.arguments ?? {} }] };
  return { text: s.text };
}

/**
 * Tool names in a search result the model was sent (JSON matches, or native tool references).
 * @param {{json: unknown, references: string[]} | undefined} result
 */
export function hitsOf(result) {
  if (!result) return [];
  if (result.references && result.references.length > 0) return result.references;
  return searchHitNames(result.json);
}

/**
 * Ready-made scripts for the behaviours a host must survive. Each returns a script array.
 * `name` is the tool's real (catalog) name; `args` its arguments.
 */
export const scripts = Object.freeze({
  /** tool_search -> tool_describe(the named tool, which must be among the hits) -> tool_call. */
  searchDescribeCall(/** @type {{query: string, name: string, args?: object, text?: string}} */ { query, name, args = {}, text = 'done' }) {
    return [
      { call: 'tool_search', arguments: { query } },
      (/** @type {ScriptContext} */ ctx) => {
        const hits = hitsOf(ctx.results[0]);
        if (!hits.includes(name)) return { text: `not found: ${name} (search returned ${hits.join(', ') || 'nothing'})` };
        return { call: 'tool_describe', arguments: { name } };
      },
      { call: 'tool_call', arguments: { name, arguments: args } },
      { text },
    ];
  },

  /** tool_search, then call the TOP hit through tool_call (the model trusts the ranking). */
  searchCallTop(/** @type {{query: string, args?: object | ((name: string) => object)}} */ { query, args = {} }) {
    return [
      { call: 'tool_search', arguments: { query } },
      (/** @type {ScriptContext} */ ctx) => {
        const [top] = hitsOf(ctx.results[0]);
        if (!top) return { text: 'nothing found' };
        return { call: 'tool_call', arguments: { name: top, arguments: typeof args === 'function' ? args(top) : args } };
      },
      { text: 'done' },
    ];
  },

  /** Anthropic native: search, then call the referenced tool DIRECTLY by its name. */
  searchThenDirect(/** @type {{query: string, name: string, args?: object}} */ { query, name, args = {} }) {
    return [
      { call: 'tool_search', arguments: { query } },
      (/** @type {ScriptContext} */ ctx) => {
        const hits = hitsOf(ctx.results[0]);
        const hit = hits.find((h) => h === name || h.endsWith(name));
        if (!hit) return { text: `not found: ${name}` };
        return { call: hit, arguments: args };
      },
      { text: 'done' },
    ];
  },

  /** A deferred tool called directly by its real name, never searched (lazy activation). */
  directCall(/** @type {{name: string, args?: object}} */ { name, args = {} }) {
    return [{ call: name, arguments: args }, { text: 'done' }];
  },

  /** A core tool wrapped in tool_call (openclaw PR #126618): refused with "call it directly". */
  wrapCore(/** @type {{name: string, args?: object}} */ { name, args = {} }) {
    return [{ call: 'tool_call', arguments: { name, arguments: args } }, { text: 'done' }];
  },

  /** Arguments passed as a JSON string inside tool_call. */
  stringArguments(/** @type {{name: string, args?: object}} */ { name, args = {} }) {
    return [{ call: 'tool_call', arguments: { name, arguments: JSON.stringify(args) } }, { text: 'done' }];
  },

  /** Arguments nested twice (NemoClaw#12106): {name, arguments: {arguments: {arguments: args}}}. */
  nestedTwice(/** @type {{name: string, args?: object}} */ { name, args = {} }) {
    return [{ call: 'tool_call', arguments: { name, arguments: { arguments: { arguments: args } } } }, { text: 'done' }];
  },

  /** Blank arguments (`""`) for a tool that takes none (Hermes #83937). */
  blankArguments(/** @type {{name: string}} */ { name }) {
    return [{ call: 'tool_call', arguments: { name, arguments: '' } }, { text: 'done' }];
  },

  /** Several real calls in ONE model message (through tool_call). */
  parallel(/** @type {{calls: {name: string, args?: object}[]}} */ { calls }) {
    return [
      { calls: calls.map((c) => ({ name: 'tool_call', arguments: { name: c.name, arguments: c.args ?? {} } })) },
      { text: 'done' },
    ];
  },

  /** Searches forever with the same query: the agent's loop guard must stop it. */
  searchLoop(/** @type {{query: string}} */ { query }) {
    return () => ({ call: 'tool_search', arguments: { query } });
  },
});
