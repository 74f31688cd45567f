// The provider-neutral tool plan of one request, built from the engine's assembly. Nothing is
// scored or gated here: the engine decided what is visible and what is deferred; this only
// lays those decisions out for the strategies a provider can express (a plain array, a full
// array restricted by OpenAI `allowed_tools`, Anthropic's native `defer_loading`).

/**
 * @typedef {object} PlanTool
 * @property {string} name          real (catalog) name
 * @property {string} description
 * @property {Record<string, unknown>} inputSchema
 * @property {string} kind          the engine's visible kind ("core", "bridge", ...) or "deferred"
 * @property {boolean} [deferLoading]  native deferral: listed, but loaded by the provider on demand
 */

/**
 * @typedef {'bridge' | 'preselect' | 'preselect+bridge' | 'passthrough' | 'allowed' | 'native'} Strategy
 * - bridge / preselect / preselect+bridge: the engine's visible array as assembled.
 * - passthrough: every tool the session may use, no bridge (models that cannot drive one).
 * - allowed: every usable tool in the array (a cache-stable prefix) with the engine's
 *   pre-selection as the allowed subset (OpenAI `tool_choice: {type: 'allowed_tools'}`).
 * - native: the engine's visible tools plus `tool_search`, and every deferred tool listed with
 *   `deferLoading` (Anthropic `defer_loading` + `tool_reference` search results).
 */

/**
 * @typedef {object} ToolPlan
 * @property {Strategy} strategy
 * @property {PlanTool[]} tools      what the request lists, in order
 * @property {string[] | null} allowed  real names the model may call (allowed_tools), or null
 * @property {boolean} nativeSearch  search results go back as provider tool references
 * @property {any} assembly          the engine's assembly this plan came from
 */

import { ToolSearchError } from './errors.js';

export const BRIDGE_NAMES = Object.freeze(['tool_search', 'tool_describe', 'tool_call']);

/**
 * The engine assemblies each layout needs (`assembly.strategy`; passthrough always fits: the
 * gate did not defer). `allowed` restricts calls to a pre-selection, so a bridge assembly would
 * list every tool and allow only core + bridge; `native` needs the engine's tool_search.
 * @type {Record<string, string[]>}
 */
const NEEDS = { allowed: ['preselect', 'passthrough'], native: ['bridge', 'passthrough'] };

/** @param {any} t @returns {PlanTool} */
function fromVisible(t) {
  return {
    name: t.name,
    description: t.description ?? '',
    inputSchema: t.inputSchema ?? t.input_schema ?? { type: 'object' },
    kind: t.kind ?? 'passthrough',
  };
}

/** @param {any} t @param {string} kind @returns {PlanTool} */
function fromRecord(t, kind) {
  return {
    name: t.name,
    description: t.description ?? '',
    inputSchema: t.inputSchema ?? t.input_schema ?? { type: 'object' },
    kind,
  };
}

/**
 * Catalog records for real names, in the order given: only those tools cross the boundary.
 * @param {{tools(names?: string[]): any[]}} toolSearch
 * @param {string[]} names
 * @param {string} kind
 */
function recordsFor(toolSearch, names, kind) {
  return names.length === 0 ? [] : toolSearch.tools(names).map((t) => fromRecord(t, kind));
}

/**
 * Lays out one assembly for a strategy.
 * @param {{tools(names?: string[]): any[]}} toolSearch
 * @param {any} assembly  what ToolSearch#assemble / Session#assemble returned
 * @param {Strategy} strategy
 * @returns {ToolPlan}
 */
export function planFromAssembly(toolSearch, assembly, strategy) {
  const needs = NEEDS[strategy];
  if (needs && assembly?.strategy !== undefined && !needs.includes(assembly.strategy)) {
    const mode = strategy === 'allowed' ? 'preselect' : 'bridge';
    throw new ToolSearchError('INVALID_ARGUMENT', `strategy "${strategy}" needs an assembly made with mode "${mode}" (this one is "${assembly.strategy}"): assemble({ mode: "${mode}" })`);
  }
  const visible = (assembly.visible ?? []).map(fromVisible);
  const bridge = visible.filter((t) => BRIDGE_NAMES.includes(t.name));
  const deferred = assembly.deferred ?? [];
  const base = { strategy, assembly, allowed: null, nativeSearch: false };

  if (strategy === 'passthrough') {
    return { ...base, tools: recordsFor(toolSearch, assembly.logical ?? [], 'passthrough') };
  }
  if (strategy === 'allowed') {
    const all = recordsFor(toolSearch, assembly.logical ?? [], 'passthrough');
    return { ...base, tools: [...all, ...bridge], allowed: visible.map((t) => t.name) };
  }
  if (strategy === 'native') {
    if (deferred.length === 0) return { ...base, tools: visible };
    const direct = visible.filter((t) => !BRIDGE_NAMES.includes(t.name));
    const search = bridge.filter((t) => t.name === 'tool_search');
    const lazy = recordsFor(toolSearch, deferred, 'deferred').map((t) => ({ ...t, deferLoading: true }));
    return { ...base, tools: [...direct, ...search, ...lazy], nativeSearch: true };
  }
  return { ...base, tools: visible };
}

/**
 * The names a search resolution ranked, best first, whatever the engine's result shape
 * (`{matches:[...]}`, `{results:[...]}` or a bare array of hits).
 * @param {unknown} result
 * @returns {string[]}
 */
export function searchHitNames(result) {
  let value = result;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  /** @type {any} */
  const v = value;
  const hits = Array.isArray(v) ? v : v && (v.matches ?? v.results ?? v.hits ?? v.tools);
  if (!Array.isArray(hits)) return [];
  return hits.map((h) => (typeof h === 'string' ? h : h && h.name)).filter((n) => typeof n === 'string');
}
