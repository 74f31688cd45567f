// Gemini format (@google/genai `generateContent({model, contents, config})`).
//
// config.tools:      [{functionDeclarations: [{name, description, parametersJsonSchema}]}]
// config.toolConfig: left out. AUTO is Gemini's default with tools, and writing the mode would
//                    make the request fail @google/genai's types: FunctionCallingConfigMode is
//                    a TypeScript string enum, which the string "AUTO" does not satisfy.
//                    (allowedFunctionNames needs ANY, which forces a call, so pre-selection
//                    does not use it.)
// response:          candidates[0].content.parts[{functionCall: {id?, name, args}}]
// results:           {role: 'user', parts: [{functionResponse: {id?, name, response: {output} | {error}}}]}
// Gemini has no native deferral (googleapis/js-genai#1416): bridge, pre-selection or passthrough.

import { NAME_RULES } from './provider-names.js';
import { toText } from './provider-content.js';

/** @typedef {import('./provider-plan.js').ToolPlan} ToolPlan */
/** @typedef {import('./provider-names.js').NameMap} NameMap */
/** @typedef {import('./provider-content.js').ToolOutcome} ToolOutcome */

let counter = 0;
const nextId = (prefix) => `${prefix}_${(++counter).toString(36).padStart(6, '0')}`;

export const gemini = Object.freeze({
  id: 'gemini',
  rule: NAME_RULES.gemini,
  supports: Object.freeze({ allowedTools: false, native: false }),

  /** @param {ToolPlan} plan @param {NameMap} names */
  tools(plan, names) {
    if (plan.tools.length === 0) return [];
    return [
      {
        functionDeclarations: plan.tools.map((t) => ({
          name: names.toProvider(t.name),
          description: t.description,
          parametersJsonSchema: t.inputSchema ?? { type: 'object' },
        })),
      },
    ];
  },

  /**
   * @param {{model: string, system?: string, messages: any[], plan: ToolPlan, names: NameMap, options?: Record<string, unknown>}} args
   */
  request({ model, system, messages, plan, names, options }) {
    /** @type {Record<string, unknown>} */
    const config = { ...(options ?? {}) };
    if (system) config.systemInstruction = system;
    const tools = this.tools(plan, names);
    if (tools.length > 0) config.tools = tools;
    return { model, contents: [...messages], config };
  },

  /** @param {string} text */
  userMessage(text) {
    return { role: 'user', parts: [{ text }] };
  },

  /** @param {any} response @param {NameMap} names */
  parseResponse(response, names) {
    const content = response?.candidates?.[0]?.content;
    if (!content || !Array.isArray(content.parts)) {
      throw new TypeError('tool-search: a Gemini response without candidates[0].content.parts');
    }
    let index = 0;
    const calls = content.parts
      .filter((p) => p.functionCall)
      .map((p) => ({
        // Older Gemini models send no call id; results are then matched by name and order.
        id: p.functionCall.id ?? `${p.functionCall.name}#${index++}`,
        providerName: p.functionCall.name,
        name: names.toReal(p.functionCall.name),
        arguments: p.functionCall.args ?? {},
        hasId: typeof p.functionCall.id === 'string',
      }));
    const text = content.parts.filter((p) => typeof p.text === 'string' && !p.thought).map((p) => p.text).join('');
    return { messages: [{ role: content.role ?? 'model', parts: content.parts }], text, calls };
  },

  /** @param {(ToolOutcome & {hasId?: boolean})[]} outcomes */
  toolResultMessages(outcomes) {
    if (outcomes.length === 0) return [];
    return [
      {
        role: 'user',
        parts: outcomes.map((o) => {
          const text = toText(o.value);
          /** @type {Record<string, unknown>} */
          const response = o.isError ? { error: text || 'error' } : { output: text };
          /** @type {Record<string, unknown>} */
          const functionResponse = { name: o.providerName, response };
          if (o.hasId !== false && !o.id.includes('#')) functionResponse.id = o.id;
          return { functionResponse };
        }),
      },
    ];
  },

  /** @param {{text?: string, calls?: {id?: string, name: string, arguments: unknown}[]}} message */
  encodeResponse({ text = '', calls = [] }) {
    const parts = [];
    if (text) parts.push({ text });
    for (const c of calls) {
      parts.push({ functionCall: { id: c.id ?? nextId('fc'), name: c.name, args: c.arguments ?? {} } });
    }
    return {
      candidates: [{ index: 0, content: { role: 'model', parts }, finishReason: 'STOP' }],
      modelVersion: 'scripted',
    };
  },

  /** @param {any} request */
  lastToolResults(request) {
    const last = (request.contents ?? []).at(-1);
    if (!last || !Array.isArray(last.parts)) return [];
    return last.parts
      .filter((p) => p.functionResponse)
      .map((p) => {
        const r = p.functionResponse.response ?? {};
        return { id: p.functionResponse.id ?? p.functionResponse.name, text: String(r.output ?? r.error ?? '') };
      });
  },

  /** @param {any} request */
  toolNames(request) {
    return (request.config?.tools ?? []).flatMap((t) => (t.functionDeclarations ?? []).map((d) => d.name));
  },
});
