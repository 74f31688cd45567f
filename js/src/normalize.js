// Every provider/tool format the package accepts is turned into the core's Tool JSON here,
// and nowhere else: MCP, OpenAI Chat Completions, OpenAI Responses, Anthropic, catalog.jsonl.
// Only shapes are converted; validation (names, schemas, sizes) is the core's job.

import { ToolSearchError, describeValue, invalidArgument } from './errors.js';

/** @param {unknown} value @returns {value is Record<string, any>} */
export function isPlainObject(value) {
  if (typeof value !== 'object' || value === null) return false;
  try {
    return !Array.isArray(value);
  } catch {
    return false; // a revoked Proxy is no object to read
  }
}

/** Keys of the core's Tool JSON that a caller may set besides name/description/schema. */
const PASSTHROUGH_KEYS = /** @type {const} */ (['title', 'annotations', 'source', 'class', 'tags', 'pinned']);

/**
 * One tool in any accepted format -> the core's Tool JSON.
 * - MCP `{name, title?, description?, inputSchema, annotations?}`
 * - OpenAI Chat `{type: 'function', function: {name, description?, parameters?}}`
 * - OpenAI Responses `{type: 'function', name, description?, parameters?}`
 * - Anthropic `{name, description?, input_schema}` (optionally `type: 'custom'`)
 * - catalog.jsonl `{name, description?, parameters}`
 * plus this package's own `source`, `class`, `tags`, `pinned`, which win over `defaults`.
 * @param {unknown} tool
 * @param {{source?: string, class?: string, tags?: string[], pinned?: boolean}} [defaults]
 * @param {string} [where]  used in error messages, e.g. "add(tools)[3]"
 * @returns {Record<string, unknown>}
 */
export function normalizeTool(tool, defaults = {}, where = 'tool') {
  if (!isPlainObject(tool)) throw invalidArgument(where, 'a tool object', tool);
  /** @type {Record<string, any>} */
  let body = tool;
  if (tool.type !== undefined && tool.type !== 'function' && tool.type !== 'custom') {
    throw new ToolSearchError(
      'INVALID_TOOL',
      `${where} has type ${describeValue(tool.type)}: only function tools can be cataloged`,
    );
  }
  if (tool.type === 'function' && tool.function !== undefined) {
    if (!isPlainObject(tool.function)) throw invalidArgument(`${where}.function`, 'an object', tool.function);
    body = tool.function;
  }
  /** @type {Record<string, unknown>} */
  const out = { name: body.name };
  if (body.description !== undefined) out.description = body.description;
  const schema = firstDefined(body.inputSchema, body.input_schema, body.parameters);
  if (schema !== undefined) out.inputSchema = schema;
  for (const key of PASSTHROUGH_KEYS) {
    const value = tool[key] !== undefined ? tool[key] : body[key];
    if (value !== undefined) out[key] = value;
    else if (/** @type {any} */ (defaults)[key] !== undefined) out[key] = /** @type {any} */ (defaults)[key];
  }
  return out;
}

/**
 * One tool or an array of tools -> an array of Tool JSON.
 * @param {unknown} tools
 * @param {unknown} defaults  per-batch defaults ({source, class, tags, pinned})
 * @param {string} where
 */
export function normalizeTools(tools, defaults, where) {
  if (defaults !== undefined && !isPlainObject(defaults)) {
    throw invalidArgument(`${where} options`, 'an object', defaults);
  }
  if (Array.isArray(tools)) return tools.map((t, i) => normalizeTool(t, defaults, `${where}[${i}]`));
  if (isPlainObject(tools)) return [normalizeTool(tools, defaults, where)];
  throw invalidArgument(where, 'a tool object or an array of tools', tools);
}

/**
 * A model's tool call in any accepted format -> `{name, arguments}` for the core.
 * - plain / MCP `tools/call` params / OpenAI Responses `function_call`: `{name, arguments}`
 * - OpenAI Chat `tool_calls[i]`: `{function: {name, arguments}}`
 * - Anthropic `tool_use` block: `{type: 'tool_use', name, input}`
 * `arguments` may be an object, JSON text, `""` or null; the core repairs the usual mistakes.
 * @param {unknown} call
 * @param {string} where
 * @returns {{name: unknown, arguments: unknown}}
 */
export function normalizeCall(call, where = 'call') {
  if (!isPlainObject(call)) throw invalidArgument(where, 'a tool call object', call);
  /** @type {Record<string, any>} */
  const body = isPlainObject(call.function) ? call.function : call;
  const args = firstDefined(body.arguments, body.input, body.args);
  return { name: body.name, arguments: args === undefined ? null : args };
}

/**
 * The tools of a catalog document, with sources, for `add()`:
 * - an array of tools (catalog.jsonl lines, an OpenAI `tools` array, MCP tools);
 * - an MCP `tools/list` result `{tools: [...]}`;
 * - this package's multi-server form `{servers: [{server, tools: [...]}]}` (source `mcp:<server>`).
 * @param {unknown} document
 * @returns {Record<string, unknown>[]}
 */
export function toolsFromCatalog(document) {
  return catalogGroups(document).flatMap((g) => normalizeTools(g.tools, g.defaults, g.where));
}

/**
 * A catalog document's entries, unnormalised, in groups that share defaults (one per server in
 * the `{servers}` form), so a lenient reader can add each group with `onInvalid: 'skip'` and
 * leave out only the bad entries. Only a document of the wrong shape throws.
 * @param {unknown} document
 * @returns {{tools: unknown[], defaults: {source?: string} | undefined, where: string}[]}
 */
export function catalogGroups(document) {
  if (Array.isArray(document)) return [{ tools: document, defaults: undefined, where: 'catalog' }];
  if (isPlainObject(document) && Array.isArray(document.servers)) {
    return document.servers.map((entry, i) => {
      if (!isPlainObject(entry) || typeof entry.server !== 'string' || !Array.isArray(entry.tools)) {
        throw invalidArgument(`catalog.servers[${i}]`, 'an object {server: string, tools: [...]}', entry);
      }
      return { tools: entry.tools, defaults: { source: `mcp:${entry.server}` }, where: `catalog.servers[${i}].tools` };
    });
  }
  if (isPlainObject(document) && Array.isArray(document.tools)) {
    return [{ tools: document.tools, defaults: undefined, where: 'catalog.tools' }];
  }
  throw invalidArgument('catalog', 'an array of tools, {tools: [...]} or {servers: [...]}', document);
}

/**
 * Whether `value` is a whole catalog document (an MCP `tools/list` result or the multi-server
 * `{servers: [...]}` form) rather than one tool, so `add()` can take it as it is.
 * @param {unknown} value
 */
export function isCatalogDocument(value) {
  return isPlainObject(value) && value.name === undefined && value.function === undefined &&
    (Array.isArray(value.servers) || Array.isArray(value.tools));
}

/** @param {...unknown} values */
function firstDefined(...values) {
  for (const v of values) if (v !== undefined && v !== null) return v;
  return undefined;
}
