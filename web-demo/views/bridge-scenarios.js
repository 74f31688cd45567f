// The bridge view's scenarios: each one scripts the model (tool-search-wasm/testing) for one
// behaviour of the bridge (the happy path, a refusal, a repair, lazy activation) over whatever
// catalog is loaded, using the request the user typed.

import { exampleArguments, hitsOf } from 'tool-search-wasm/testing';

import { sourceLabel } from '../catalog.js';

/** The scripted model's last words: nothing is executed in the demo, so there is no result to read. */
export const FINAL_TEXT = 'The call was dispatched. (Scripted model: a real model would answer from the tool’s result; in this demo the host does not execute it.)';

/** What the user asks first, per built-in catalog (other catalogs: their first deferrable tool). */
const DEFAULT_REQUESTS = {
  official: 'Create a GitHub issue about the login bug',
  seal: 'Book a flight to Tokyo for next Friday',
};

/**
 * @typedef {object} Plan
 * @property {any[]} steps                  the scripted model's steps (objects or ctx => step)
 * @property {import('tool-search-wasm').Scope} [scope]
 * @property {string} [scopeNote]
 */

/**
 * @typedef {object} Scenario
 * @property {string} id
 * @property {string} label
 * @property {string} blurb
 * @property {(c: {request: string, ts: any, records: any[]}) => Plan | string} build  a string: why it cannot run
 */

/** @type {readonly Scenario[]} */
export const SCENARIOS = Object.freeze([
  {
    id: 'bridge',
    label: 'Search, describe, call',
    blurb: 'The model searches, reads the top hit’s schema, and calls it through tool_call. The engine unwraps the call: hooks see the real tool.',
    build: ({ request }) => searchProbeCall(request, (result) => {
      const target = hitsOf(result)[0];
      return target ? { target, step: { call: 'tool_describe', arguments: { name: target } } } : null;
    }),
  },
  {
    id: 'bad-args',
    label: 'Refusal: bad arguments',
    blurb: 'The model calls a tool without its required arguments. The engine refuses before anything runs and returns the schema; the model retries.',
    build: ({ request }) => searchProbeCall(request, (result) => {
      const matches = matchesIn(result);
      const target = (matches.find((m) => Array.isArray(m.required) && m.required.length > 0) ?? matches[0])?.name;
      return target ? { target, step: { call: 'tool_call', arguments: { name: target, arguments: {} } } } : null;
    }),
  },
  {
    id: 'recursion',
    label: 'Refusal: recursion',
    blurb: 'The model wraps a bridge tool in tool_call. The engine refuses (recursion guard); the model then searches properly and calls the top hit.',
    build: ({ request }) => ({
      steps: [
        { call: 'tool_call', arguments: { name: 'tool_search', arguments: { query: request } } },
        { call: 'tool_search', arguments: { query: request } },
        (ctx) => callTopHit(ctx.results[0], request, (args) => args),
        { text: FINAL_TEXT },
      ],
    }),
  },
  {
    id: 'core',
    label: 'Refusal: core tool via the bridge',
    blurb: 'The model sends a core tool through tool_call. The engine refuses with “call it directly”, and the model does.',
    build: ({ records }) => {
      const core = records.find((r) => r.class === 'core');
      if (!core) return 'This catalog has no core tool.';
      const args = exampleArguments(core.inputSchema, 'git status');
      return {
        steps: [
          { call: 'tool_call', arguments: { name: core.name, arguments: args } },
          { call: core.name, arguments: args },
          { text: FINAL_TEXT },
        ],
      };
    },
  },
  {
    id: 'scope',
    label: 'Refusal: out of scope',
    blurb: 'The session is granted only some toolsets. The model calls a tool outside them (one it remembers) and is answered as if the tool did not exist.',
    build: ({ request, ts, records }) => {
      const [top] = ts.search(request, { limit: 1 });
      if (!top) return 'No tool matches this request; try another one.';
      const sources = [...new Set(records.filter((r) => r.class !== 'core').map((r) => r.source))].filter((s) => s !== top.source);
      const scope = sources.length > 0
        ? { sources }
        : { tools: ts.search(request, { limit: 20 }).map((/** @type {any} */ x) => x.name).filter((/** @type {string} */ n) => n !== top.name) };
      const scopeNote = sources.length > 0
        ? `This session is granted every source except ${sourceLabel(top)} (${sources.length} source${sources.length === 1 ? '' : 's'}), plus the core tools.`
        : `This session is granted ${scope.tools?.length ?? 0} tools, not ${top.name}, plus the core tools.`;
      const schema = records.find((r) => r.name === top.name)?.inputSchema;
      return {
        scope,
        scopeNote,
        steps: [
          { call: 'tool_call', arguments: { name: top.name, arguments: exampleArguments(schema, request) } },
          { text: `I cannot use ${top.name} in this session.` },
        ],
      };
    },
  },
  {
    id: 'direct',
    label: 'Direct call (lazy activation)',
    blurb: 'The model calls a deferred tool by its real name without searching. The engine activates it and dispatches it transparently.',
    build: ({ request, ts, records }) => {
      const [top] = ts.search(request, { limit: 1, deferredOnly: true });
      if (!top) return 'No deferred tool matches this request; try another one.';
      const schema = records.find((r) => r.name === top.name)?.inputSchema;
      return { steps: [{ call: top.name, arguments: exampleArguments(schema, request) }, { text: FINAL_TEXT }] };
    },
  },
  {
    id: 'repair',
    label: 'Repair: arguments as a JSON string',
    blurb: 'The model passes tool_call’s arguments as JSON text, a common mistake. The engine parses them and says so in the repairs.',
    build: ({ request }) => ({
      steps: [
        { call: 'tool_search', arguments: { query: request } },
        (ctx) => callTopHit(ctx.results[0], request, (args) => JSON.stringify(args)),
        { text: FINAL_TEXT },
      ],
    }),
  },
]);

/** What the scripted model says when a search found nothing to call. */
const NOTHING_FOUND = Object.freeze({ text: 'I found no tool for that.' });

/**
 * Search for the request; `probe` picks a target from the search result and makes one call
 * whose answer carries the target's schema (a describe, or a call refused with the schema);
 * then call the target through tool_call with example arguments for that schema.
 * @param {string} request
 * @param {(searchResult: any) => {target: string, step: any} | null} probe
 * @returns {Plan}
 */
function searchProbeCall(request, probe) {
  let target = '';
  return {
    steps: [
      { call: 'tool_search', arguments: { query: request } },
      (/** @type {any} */ ctx) => {
        const probed = probe(ctx.results[0]);
        if (!probed) return NOTHING_FOUND;
        target = probed.target;
        return probed.step;
      },
      (/** @type {any} */ ctx) => ({ call: 'tool_call', arguments: { name: target, arguments: exampleArguments(schemaIn(ctx.results[0]), request) } }),
      { text: FINAL_TEXT },
    ],
  };
}

/**
 * The top hit of a search result, called through tool_call with example arguments for the
 * schema the search returned with it; `encode` is how the model writes those arguments.
 * @param {any} searchResult @param {string} request @param {(args: Record<string, unknown>) => unknown} encode
 */
function callTopHit(searchResult, request, encode) {
  const top = hitsOf(searchResult)[0];
  if (!top) return NOTHING_FOUND;
  const match = matchesIn(searchResult)[0];
  return { call: 'tool_call', arguments: { name: top, arguments: encode(exampleArguments(match?.input_schema, request)) } };
}

/** The scenario with this id, or the first one. @param {string} id */
export function scenarioById(id) {
  return SCENARIOS.find((s) => s.id === id) ?? SCENARIOS[0];
}

/**
 * The request the user starts with for a catalog.
 * @param {{id?: string, records?: any[]} | null | undefined} catalog
 */
export function defaultRequest(catalog) {
  const preset = DEFAULT_REQUESTS[/** @type {keyof typeof DEFAULT_REQUESTS} */ (catalog?.id ?? '')];
  if (preset) return preset;
  const t = (catalog?.records ?? []).find((r) => r.class !== 'core');
  return t ? t.description || t.name : 'Do something useful';
}

/** Search matches in a tool result. @param {any} result */
function matchesIn(result) {
  const json = result?.json;
  return Array.isArray(json?.matches) ? json.matches : [];
}

/** The input schema in a describe result, or in an invalid_arguments refusal. @param {any} result */
function schemaIn(result) {
  const json = result?.json;
  return json?.input_schema ?? json?.inputSchema ?? json?.parameters ?? null;
}
