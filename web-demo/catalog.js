// Turning a file into an engine: parsing (JSON document or catalog.jsonl), the package's
// toolsFromCatalog(), and ToolSearch.add(). Only the package's public API is used.

import { createToolSearch, toolsFromCatalog, ToolSearchError } from 'tool-search-wasm';

/**
 * The host's own tools. The catalogs hold MCP or plugin tools only, so the demo adds these two
 * (the same pair the package's token benchmark uses) to show what `core` means: never deferred.
 */
export const DEMO_CORE_TOOLS = Object.freeze([
  {
    name: 'exec',
    description: 'Run a shell command in the workspace.',
    source: 'core',
    inputSchema: { type: 'object', properties: { command: { type: 'string', description: 'The command line' } }, required: ['command'] },
  },
  {
    name: 'read_file',
    description: 'Read a file from the workspace.',
    source: 'core',
    inputSchema: { type: 'object', properties: { path: { type: 'string', description: 'Path relative to the workspace' } }, required: ['path'] },
  },
]);

/** Codes that blame one tool of a batch (the same set the package's CLI isolates). */
const PER_TOOL_CODES = new Set(['INVALID_TOOL', 'INVALID_SCHEMA', 'INVALID_ARGUMENT', 'DUPLICATE_NAME', 'RESERVED_NAME', 'TOO_LARGE', 'INVALID_JSON']);

/**
 * Parses a catalog file: one JSON document (MCP tools/list result, {servers:[...]}, an OpenAI
 * or Anthropic tools array) or JSON Lines (catalog.jsonl, one tool per line).
 * @param {string} text
 * @returns {unknown}
 */
export function parseCatalogText(text) {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed === '') throw new ToolSearchError('INVALID_JSON', 'the file is empty');
  try {
    return JSON.parse(trimmed);
  } catch (error) {
    const lines = trimmed.split(/\r?\n/);
    if (lines.length < 2) throw new ToolSearchError('INVALID_JSON', `not JSON: ${/** @type {Error} */ (error).message}`);
    return lines.map((line, i) => {
      if (line.trim() === '') return null;
      try {
        return JSON.parse(line);
      } catch (lineError) {
        throw new ToolSearchError(
          'INVALID_JSON',
          `neither one JSON document nor JSON Lines: line ${i + 1}: ${/** @type {Error} */ (lineError).message}`,
        );
      }
    }).filter((x) => x !== null);
  }
}

/**
 * @typedef {object} LoadedCatalog
 * @property {import('tool-search-wasm').ToolSearch} ts
 * @property {'none' | 'prefix'} namespacing
 * @property {string[]} notes       what the demo did (namespacing, core tools)
 * @property {{name: string, code: string, message: string}[]} skipped  tools the engine refused
 * @property {number} ms            parse-to-ready time
 */

/**
 * Builds a new engine for a catalog document. Throws ToolSearchError when nothing usable is in
 * it; the caller keeps its previous engine in that case.
 * @param {unknown} document
 * @param {{strict?: boolean, gate?: import('tool-search-wasm').GateConfig}} [options]
 * @returns {Promise<LoadedCatalog>}
 */
export async function buildEngine(document, { strict = false, gate = {} } = {}) {
  const started = performance.now();
  const tools = /** @type {any[]} */ (toolsFromCatalog(document));
  if (!Array.isArray(tools) || tools.length === 0) throw new ToolSearchError('INVALID_ARGUMENT', 'the catalog has no tools');
  for (const [i, t] of tools.entries()) {
    if (!t || typeof t !== 'object' || Array.isArray(t)) throw new ToolSearchError('INVALID_TOOL', `entry ${i + 1} is not a tool object`);
  }

  /** @type {string[]} */
  const notes = [];
  /** @type {'none' | 'prefix'} */
  let namespacing = 'none';
  for (;;) {
    const ts = await createToolSearch({ config: { namespacing, gate } });
    try {
      ts.add(tools);
      addCoreTools(ts, notes);
      return { ts, namespacing, notes, skipped: [], ms: performance.now() - started };
    } catch (error) {
      if (!(error instanceof ToolSearchError)) {
        ts.dispose();
        throw error;
      }
      const mcp = tools.some((t) => String(t.source ?? '').startsWith('mcp:'));
      if (error.code === 'DUPLICATE_NAME' && namespacing === 'none' && mcp) {
        // Names collide across MCP servers: name MCP tools mcp_<server>_<tool> (the engine's
        // namespacing option), as the package's CLI does.
        ts.dispose();
        namespacing = 'prefix';
        notes.push(`Names collide across MCP servers (${error.message.replace(/^tool-search: /, '')}), so MCP tools are namespaced mcp_<server>_<tool>.`);
        continue;
      }
      if (strict || !PER_TOOL_CODES.has(error.code)) {
        ts.dispose();
        throw error;
      }
      const skipped = ts.add(tools, { onInvalid: 'skip' }).rejected;
      if (ts.size === 0) {
        ts.dispose();
        const first = skipped[0];
        throw new ToolSearchError(/** @type {any} */ (first?.code ?? error.code), `no tool could be added; the first refusal: ${first?.message ?? error.message}`);
      }
      addCoreTools(ts, notes);
      return { ts, namespacing, notes, skipped, ms: performance.now() - started };
    }
  }
}

/** Adds the demo's core tools unless the catalog brings core tools or those names itself. */
function addCoreTools(ts, notes) {
  const records = ts.tools();
  if (records.some((t) => t.class === 'core')) return;
  const names = new Set(records.map((t) => t.name));
  const extra = DEMO_CORE_TOOLS.filter((t) => !names.has(t.name));
  if (extra.length === 0) return;
  ts.add(extra.map((t) => ({ ...t, inputSchema: structuredClone(t.inputSchema) })));
  notes.push(`The demo adds ${extra.map((t) => t.name).join(' and ')} as the host's own core tools.`);
}

/**
 * The engine's own estimate of every tool's definition (what adds up to "tokens without
 * deferral"), as the catalog listing carries it.
 * @param {import('tool-search-wasm').ToolSearch} ts
 * @returns {Map<string, number>}
 */
export function toolTokens(ts) {
  return new Map(ts.tools().map((t) => [t.name, t.tokens]));
}

/** Groups records by source: core first, then MCP servers by name, then the rest. */
export function groupBySource(records) {
  /** @type {Map<string, any[]>} */
  const groups = new Map();
  for (const r of records) {
    const key = r.class === 'core' ? 'core' : r.source;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(r);
  }
  const kinds = new Map(records.map((r) => [r.class === 'core' ? 'core' : r.source, r.sourceKind]));
  const order = ['core', 'mcp', 'plugin', 'client'];
  const rank = (/** @type {string} */ k) => (k === 'core' ? 0 : order.indexOf(kinds.get(k)));
  return [...groups.entries()].sort((a, b) => rank(a[0]) - rank(b[0]) || a[0].localeCompare(b[0]));
}

/**
 * A human label for a source: the server of an MCP source, else the kind.
 * @param {{source: string, server?: string | null}} record  a tool record, search hit or call
 */
export function sourceLabel(record) {
  if (record.server) return record.server;
  if (record.source === 'plugin') return 'plugins';
  if (record.source === 'client') return 'client tools';
  return record.source;
}
