// Anthropic Messages format (@anthropic-ai/sdk MessageCreateParams).
//
// tools:    [{name, description, input_schema, defer_loading?}]
// response: content[{type: 'tool_use', id, name, input}]
// results:  one user message of [{type: 'tool_result', tool_use_id, content, is_error?}]
//
// Native deferral: deferred tools are listed with `defer_loading: true`, and our own
// `tool_search` (ranked by the engine) answers with `tool_reference` blocks, which make the
// provider load those tools' definitions ("custom tool search" in Anthropic's docs). A deferred
// tool must not carry `cache_control` (400), so a cache breakpoint goes on the last
// non-deferred tool (see cacheBreakpoint()).

import { NAME_RULES } from './provider-names.js';
import { isCallToolResult, toText } from './provider-content.js';

/** @typedef {import('./provider-plan.js').ToolPlan} ToolPlan */
/** @typedef {import('./provider-names.js').NameMap} NameMap */
/** @typedef {import('./provider-content.js').ToolOutcome} ToolOutcome */

let counter = 0;
const nextId = (prefix) => `${prefix}_${(++counter).toString(36).padStart(6, '0')}`;

/** @param {Record<string, unknown>} schema */
function inputSchemaOf(schema) {
  if (schema && typeof schema === 'object' && schema.type === 'object') return schema;
  return { type: 'object', properties: {}, ...(schema && typeof schema === 'object' ? schema : {}) };
}

export const anthropic = Object.freeze({
  id: 'anthropic',
  rule: NAME_RULES.anthropic,
  supports: Object.freeze({ allowedTools: false, native: true }),

  /** @param {ToolPlan} plan @param {NameMap} names */
  tools(plan, names) {
    return plan.tools.map((t) => {
      /** @type {Record<string, unknown>} */
      const tool = {
        name: names.toProvider(t.name),
        description: t.description,
        input_schema: inputSchemaOf(t.inputSchema),
      };
      if (t.deferLoading) tool.defer_loading = true;
      return tool;
    });
  },

  /**
   * @param {{model: string, system?: string, messages: any[], plan: ToolPlan, names: NameMap, options?: Record<string, unknown>}} args
   */
  request({ model, system, messages, plan, names, options }) {
    /** @type {Record<string, unknown>} */
    const body = { model, max_tokens: 1024, messages: [...messages], ...options };
    if (system) body.system = system;
    const tools = this.tools(plan, names);
    if (tools.length > 0) body.tools = tools;
    return body;
  },

  /** @param {string} text */
  userMessage(text) {
    return { role: 'user', content: text };
  },

  /** @param {any} response @param {NameMap} names */
  parseResponse(response, names) {
    const content = response?.content;
    if (!Array.isArray(content)) throw new TypeError('tool-search: an Anthropic message without a content array');
    const calls = content
      .filter((b) => b.type === 'tool_use')
      .map((b) => ({ id: b.id, providerName: b.name, name: names.toReal(b.name), arguments: b.input }));
    const text = content.filter((b) => b.type === 'text').map((b) => b.text).join('');
    return { messages: [{ role: 'assistant', content }], text, calls };
  },

  /** @param {ToolOutcome[]} outcomes */
  toolResultMessages(outcomes) {
    if (outcomes.length === 0) return [];
    return [{ role: 'user', content: outcomes.map(toolResultBlock) }];
  },

  /** @param {{text?: string, calls?: {id?: string, name: string, arguments: unknown}[]}} message */
  encodeResponse({ text = '', calls = [] }) {
    const content = [];
    if (text) content.push({ type: 'text', text });
    for (const c of calls) {
      content.push({ type: 'tool_use', id: c.id ?? nextId('toolu'), name: c.name, input: c.arguments ?? {} });
    }
    return {
      id: nextId('msg'),
      type: 'message',
      role: 'assistant',
      model: 'scripted',
      content,
      stop_reason: calls.length > 0 ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 0, output_tokens: 0 },
    };
  },

  /** @param {any} request */
  lastToolResults(request) {
    const last = (request.messages ?? []).at(-1);
    if (!last || last.role !== 'user' || !Array.isArray(last.content)) return [];
    return last.content
      .filter((b) => b.type === 'tool_result')
      .map((b) => ({
        id: b.tool_use_id,
        text: typeof b.content === 'string'
          ? b.content
          : (b.content ?? []).map((c) => (c.type === 'text' ? c.text : JSON.stringify(c))).join('\n'),
        references: Array.isArray(b.content)
          ? b.content.filter((c) => c.type === 'tool_reference').map((c) => c.tool_name)
          : [],
      }));
  },

  /** @param {any} request */
  toolNames(request) {
    return (request.tools ?? []).map((t) => t.name);
  },
});

/** @param {ToolOutcome} o */
function toolResultBlock(o) {
  /** @type {Record<string, unknown>} */
  const block = { type: 'tool_result', tool_use_id: o.id };
  if (o.references) {
    block.content = o.references.length > 0
      ? o.references.map((name) => ({ type: 'tool_reference', tool_name: name }))
      : [{ type: 'text', text: 'No tools matched. Try other keywords.' }];
  } else if (isCallToolResult(o.value) && o.value.content.some((p) => p && p.type === 'image')) {
    block.content = o.value.content.map((p) =>
      p && p.type === 'image'
        ? { type: 'image', source: { type: 'base64', media_type: p.mimeType, data: p.data } }
        : { type: 'text', text: toText({ content: [p] }) || ' ' },
    );
  } else {
    const text = toText(o.value);
    block.content = text.length > 0 ? text : o.isError ? 'error' : '(no output)';
  }
  if (o.isError) block.is_error = true;
  return block;
}

/**
 * Puts a prompt-cache breakpoint on the last tool that is not deferred (a deferred tool with
 * cache_control is rejected). Returns a new array.
 * @param {any[]} tools  Anthropic tools as produced by `anthropic.tools()`
 */
export function cacheBreakpoint(tools) {
  let last = -1;
  tools.forEach((t, i) => {
    if (!t.defer_loading) last = i;
  });
  return tools.map((t, i) => (i === last ? { ...t, cache_control: { type: 'ephemeral' } } : t));
}
