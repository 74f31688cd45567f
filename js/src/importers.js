// tool-search-wasm/importers: existing tool sets into the catalog in one call.
//
// An AI SDK ToolSet (`{name: tool({description, inputSchema, execute})}`), an array of
// LangChain tools (`{name, description, schema, invoke}`), or a record of zod schemas
// (`{name: {description, schema, execute?}}`) become catalog entries (name, description, JSON
// Schema) plus the functions that run them, ready for `functions` of the agent loop or any
// adapter. Schemas are converted without importing a schema library: a Standard JSON Schema
// (zod >= 4.2 and other Standard Schema libraries expose `~standard.jsonSchema`), an AI SDK
// `jsonSchema()` wrapper, or plain JSON Schema. A schema none of these covers is INVALID_SCHEMA.

import { ToolSearchError } from './errors.js';
import { isPlainObject } from './normalize.js';

/**
 * The JSON Schema of a tool's input schema, whatever wraps it.
 * @param {unknown} schema
 * @param {string} name  the tool, for the error message
 * @returns {Promise<Record<string, unknown>>}
 */
export async function jsonSchemaOf(schema, name) {
  if (schema === undefined || schema === null) return { type: 'object', properties: {} };
  const any = /** @type {any} */ (schema);
  const standard = any['~standard'];
  if (standard && standard.jsonSchema && typeof standard.jsonSchema.input === 'function') {
    return stripDialect(standard.jsonSchema.input({ target: 'draft-07' }));
  }
  if (isPlainObject(any) && 'jsonSchema' in any && ('validate' in any || '_type' in any)) {
    return stripDialect(await any.jsonSchema); // the AI SDK's jsonSchema() / zodSchema() wrapper
  }
  if (isPlainObject(any) && (typeof any.type === 'string' || isPlainObject(any.properties) || Array.isArray(any.anyOf))) {
    return any; // already JSON Schema
  }
  throw new ToolSearchError(
    'INVALID_SCHEMA',
    `the input schema of tool "${name}" is neither JSON Schema, an AI SDK jsonSchema(), nor a Standard JSON Schema (zod >= 4.2)`,
  );
}

/** The `$schema` dialect line costs tokens in every request and carries no constraint. @param {any} s */
function stripDialect(s) {
  if (!isPlainObject(s) || s.$schema === undefined) return s;
  const { $schema, ...rest } = s;
  return rest;
}

/**
 * @typedef {object} Imported
 * @property {{name: string, description: string, inputSchema: Record<string, unknown>, source: string}[]} tools
 * @property {Record<string, (args: any) => Promise<unknown>>} functions  executors by tool name
 */

/**
 * An AI SDK ToolSet. Tools without `execute` (client-side tools) are cataloged without a
 * function.
 * @param {Record<string, any>} toolSet
 * @param {{source?: string}} [options]  default source "client"
 * @returns {Promise<Imported>}
 */
export async function fromAiSdkTools(toolSet, options = {}) {
  if (!isPlainObject(toolSet)) throw new ToolSearchError('INVALID_ARGUMENT', 'fromAiSdkTools(toolSet) takes an object of AI SDK tools');
  /** @type {Imported} */
  const out = { tools: [], functions: {} };
  for (const [name, t] of Object.entries(toolSet)) {
    out.tools.push({ name, description: t?.description ?? '', inputSchema: await jsonSchemaOf(t?.inputSchema ?? t?.parameters, name), source: options.source ?? 'client' });
    if (typeof t?.execute === 'function') {
      out.functions[name] = (args) => t.execute(args, { toolCallId: `tool-search-${name}`, messages: [] });
    }
  }
  return out;
}

/**
 * LangChain tools (StructuredTool, DynamicStructuredTool, `tool()` results).
 * @param {any[]} tools
 * @param {{source?: string}} [options]  default source "client"
 * @returns {Promise<Imported>}
 */
export async function fromLangChainTools(tools, options = {}) {
  if (!Array.isArray(tools)) throw new ToolSearchError('INVALID_ARGUMENT', 'fromLangChainTools(tools) takes an array of LangChain tools');
  /** @type {Imported} */
  const out = { tools: [], functions: {} };
  for (const t of tools) {
    if (!t || typeof t.name !== 'string') throw new ToolSearchError('INVALID_TOOL', 'a LangChain tool without a name');
    out.tools.push({ name: t.name, description: t.description ?? '', inputSchema: await jsonSchemaOf(t.schema, t.name), source: options.source ?? 'client' });
    if (typeof t.invoke === 'function') out.functions[t.name] = (args) => t.invoke(args);
  }
  return out;
}

/**
 * Zod (or any Standard JSON Schema) schemas by tool name.
 * @param {Record<string, {description?: string, schema: unknown, execute?: (args: any) => unknown}>} entries
 * @param {{source?: string}} [options]  default source "client"
 * @returns {Promise<Imported>}
 */
export async function fromZodSchemas(entries, options = {}) {
  if (!isPlainObject(entries)) throw new ToolSearchError('INVALID_ARGUMENT', 'fromZodSchemas(entries) takes {name: {description, schema, execute?}}');
  /** @type {Imported} */
  const out = { tools: [], functions: {} };
  for (const [name, e] of Object.entries(entries)) {
    out.tools.push({ name, description: e?.description ?? '', inputSchema: await jsonSchemaOf(e?.schema, name), source: options.source ?? 'client' });
    if (typeof e?.execute === 'function') out.functions[name] = async (args) => e.execute?.(args);
  }
  return out;
}

/**
 * Imports a tool set into the catalog in one call (all-or-nothing, like add()) and returns
 * the cataloged names and the functions to pass as `functions` to an adapter or the agent loop.
 * Recognises an array of LangChain tools, or an object whose values are AI SDK tools
 * (`inputSchema`/`parameters`) or zod entries (`schema`).
 * @param {import('./tool-search.js').ToolSearch} toolSearch
 * @param {Record<string, any> | any[]} toolSet
 * @param {{source?: string}} [options]
 * @returns {Promise<{names: string[], functions: Imported['functions']}>}
 */
export async function importTools(toolSearch, toolSet, options = {}) {
  let imported;
  if (Array.isArray(toolSet)) imported = await fromLangChainTools(toolSet, options);
  else if (isPlainObject(toolSet) && Object.values(toolSet).every((v) => isPlainObject(v) && 'schema' in v && !('inputSchema' in v))) {
    imported = await fromZodSchemas(toolSet, options);
  } else imported = await fromAiSdkTools(/** @type {Record<string, any>} */ (toolSet), options);
  const names = /** @type {string[]} */ (toolSearch.add(imported.tools));
  return { names, functions: imported.functions };
}
