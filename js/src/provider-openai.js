// OpenAI Chat Completions and Responses formats.
//
// Chat:      tools: [{type: 'function', function: {name, description, parameters}}]
//            tool_choice: {type: 'allowed_tools', allowed_tools: {mode, tools: [{type: 'function', function: {name}}]}}
//            response: choices[0].message.tool_calls[{id, type: 'function', function: {name, arguments}}]
//            results:  {role: 'tool', tool_call_id, content}
// Responses: tools: [{type: 'function', name, description, parameters, strict}]
//            tool_choice: {type: 'allowed_tools', mode, tools: [{type: 'function', name}]}
//            response: output[{type: 'function_call', call_id, name, arguments}]
//            results:  {type: 'function_call_output', call_id, output}
//            native:   deferred tools listed with `defer_loading: true` and the engine's
//                      tool_search as {type: 'tool_search', execution: 'client', description,
//                      parameters}; the model answers output[{type: 'tool_search_call',
//                      call_id, execution: 'client', arguments}] and gets back
//                      {type: 'tool_search_output', call_id, execution: 'client', tools: [the
//                      hits' definitions]}, which loads them ("client-executed tool search":
//                      the engine ranks, the provider loads).
// (openai 7.x types, as 6.x had them: ChatCompletionCreateParams, ChatCompletionAllowedToolChoice,
// ResponseCreateParams, FunctionTool, ToolChoiceAllowed, ToolSearchTool,
// ResponseInputItem.ToolSearchCall, ResponseToolSearchOutputItemParam.)

import { NAME_RULES } from './provider-names.js';
import { toText } from './provider-content.js';

// Both OpenAI APIs carry tools and tool_choice the same way at the top of the body.
function attachTools(format, body, plan, names) {
  const tools = format.tools(plan, names);
  if (tools.length > 0) {
    body.tools = tools;
    const choice = format.toolChoice(plan, names);
    if (choice) body.tool_choice = choice;
  }
  return body;
}

/** A provider call back under its real name, with its arguments decoded. */
function parsedCall(id, providerName, args, names) {
  return { id, providerName, name: names.toReal(providerName), arguments: decodeArguments(args) };
}

// OpenAI sends arguments as JSON text by protocol, so decoding it is the adapter's job, not a
// repair. Text that is not a JSON object goes to the engine as it is, which repairs or refuses it.
function decodeArguments(text) {
  if (typeof text !== 'string') return text;
  try {
    const value = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : text;
  } catch {
    return text;
  }
}

/** @typedef {import('./provider-plan.js').ToolPlan} ToolPlan */
/** @typedef {import('./provider-names.js').NameMap} NameMap */
/** @typedef {import('./provider-content.js').ToolOutcome} ToolOutcome */

let counter = 0;
const nextId = (prefix) => `${prefix}_${(++counter).toString(36).padStart(6, '0')}`;

/** @param {Record<string, unknown>} schema */
function parametersOf(schema) {
  return schema && typeof schema === 'object' ? schema : { type: 'object', properties: {} };
}

/** OpenAI Chat Completions. */
export const openaiChat = Object.freeze({
  id: 'openai-chat',
  rule: NAME_RULES.openai,
  supports: Object.freeze({ allowedTools: true, native: false }),

  /** @param {ToolPlan} plan @param {NameMap} names */
  tools(plan, names) {
    return plan.tools.map((t) => ({
      type: 'function',
      function: {
        name: names.toProvider(t.name),
        description: t.description,
        parameters: parametersOf(t.inputSchema),
      },
    }));
  },

  /** @param {ToolPlan} plan @param {NameMap} names */
  toolChoice(plan, names) {
    if (!plan.allowed) return undefined;
    return {
      type: 'allowed_tools',
      allowed_tools: {
        mode: 'auto',
        tools: plan.allowed.map((n) => ({ type: 'function', function: { name: names.toProvider(n) } })),
      },
    };
  },

  /**
   * @param {{model: string, system?: string, messages: any[], plan: ToolPlan, names: NameMap, options?: object}} args
   */
  request({ model, system, messages, plan, names, options }) {
    /** @type {Record<string, unknown>} */
    const body = {
      model,
      messages: system ? [{ role: 'system', content: system }, ...messages] : [...messages],
      ...options,
    };
    return attachTools(this, body, plan, names);
  },

  /** @param {string} text */
  userMessage(text) {
    return { role: 'user', content: text };
  },

  /** @param {any} response @param {NameMap} names */
  parseResponse(response, names) {
    const message = response?.choices?.[0]?.message;
    if (!message) throw new TypeError('tool-search: an OpenAI chat completion without choices[0].message');
    const calls = (message.tool_calls ?? [])
      .filter((c) => c.type === undefined || c.type === 'function')
      .map((c) => parsedCall(c.id, c.function.name, c.function.arguments, names));
    /** @type {Record<string, unknown>} */
    const kept = { role: 'assistant', content: message.content ?? null };
    if (message.tool_calls && message.tool_calls.length > 0) kept.tool_calls = message.tool_calls;
    return { messages: [kept], text: typeof message.content === 'string' ? message.content : '', calls };
  },

  /** @param {ToolOutcome[]} outcomes */
  toolResultMessages(outcomes) {
    return outcomes.map((o) => ({ role: 'tool', tool_call_id: o.id, content: outcomeText(o) }));
  },

  // ---- for scripted models and tests --------------------------------------------------------

  /** @param {{text?: string, calls?: {id?: string, name: string, arguments: unknown}[]}} message */
  encodeResponse({ text = '', calls = [] }) {
    return {
      id: nextId('chatcmpl'),
      object: 'chat.completion',
      created: 0,
      model: 'scripted',
      choices: [
        {
          index: 0,
          finish_reason: calls.length > 0 ? 'tool_calls' : 'stop',
          logprobs: null,
          message: {
            role: 'assistant',
            content: calls.length > 0 && !text ? null : text,
            refusal: null,
            ...(calls.length > 0
              ? {
                  tool_calls: calls.map((c) => ({
                    id: c.id ?? nextId('call'),
                    type: 'function',
                    function: { name: c.name, arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments ?? {}) },
                  })),
                }
              : {}),
          },
        },
      ],
    };
  },

  /** The tool results at the end of a request's history. @param {any} request */
  lastToolResults(request) {
    const out = [];
    const messages = request.messages ?? [];
    for (let i = messages.length - 1; i >= 0 && messages[i].role === 'tool'; i--) {
      out.unshift({ id: messages[i].tool_call_id, text: String(messages[i].content) });
    }
    return out;
  },

  /** @param {any} request */
  toolNames(request) {
    return (request.tools ?? []).map((t) => t.function.name);
  },
});

/**
 * One plan tool as a Responses tool: the engine's tool_search becomes the client-executed
 * `tool_search` tool in a native plan; a deferred tool keeps its definition, marked
 * `defer_loading` (the same object a tool_search_output then loads).
 * @param {import('./provider-plan.js').PlanTool} t @param {ToolPlan} plan @param {NameMap} names
 */
function responsesTool(t, plan, names) {
  if (plan.nativeSearch && t.name === 'tool_search') {
    return { type: 'tool_search', execution: 'client', description: t.description, parameters: parametersOf(t.inputSchema) };
  }
  /** @type {Record<string, unknown>} */
  const tool = { type: 'function', name: names.toProvider(t.name), description: t.description, parameters: parametersOf(t.inputSchema), strict: false };
  if (t.deferLoading) tool.defer_loading = true;
  return tool;
}

/**
 * The tool_search_output answering one native search: the hits' definitions, best first, as
 * the request listed them.
 * @param {ToolOutcome} o @param {{plan?: ToolPlan, names?: NameMap}} context
 */
function toolSearchOutput(o, { plan, names }) {
  /** @type {Record<string, unknown>[]} */
  const tools = [];
  if (plan && names) {
    const byName = new Map(plan.tools.filter((t) => t.name !== 'tool_search').map((t) => [t.name, t]));
    for (const ref of o.references ?? []) {
      const t = byName.get(names.toReal(ref));
      if (t) tools.push(responsesTool(t, plan, names));
    }
  }
  return { type: 'tool_search_output', call_id: o.id, execution: 'client', status: 'completed', tools };
}

/** OpenAI Responses API. */
export const openaiResponses = Object.freeze({
  id: 'openai-responses',
  rule: NAME_RULES.openai,
  supports: Object.freeze({ allowedTools: true, native: true }),

  /** @param {ToolPlan} plan @param {NameMap} names */
  tools(plan, names) {
    return plan.tools.map((t) => responsesTool(t, plan, names));
  },

  /** @param {ToolPlan} plan @param {NameMap} names */
  toolChoice(plan, names) {
    if (!plan.allowed) return undefined;
    return {
      type: 'allowed_tools',
      mode: 'auto',
      tools: plan.allowed.map((n) => ({ type: 'function', name: names.toProvider(n) })),
    };
  },

  /**
   * @param {{model: string, system?: string, messages: any[], plan: ToolPlan, names: NameMap, options?: object}} args
   */
  request({ model, system, messages, plan, names, options }) {
    /** @type {Record<string, unknown>} */
    const body = { model, input: [...messages], ...options };
    if (system) body.instructions = system;
    return attachTools(this, body, plan, names);
  },

  /** @param {string} text */
  userMessage(text) {
    return { role: 'user', content: text };
  },

  /** @param {any} response @param {NameMap} names */
  parseResponse(response, names) {
    const output = response?.output;
    if (!Array.isArray(output)) throw new TypeError('tool-search: an OpenAI response without an output array');
    // A client-executed tool_search call is the engine's tool_search (model order is kept).
    const calls = output
      .filter((item) => item.type === 'function_call' || (item.type === 'tool_search_call' && item.execution === 'client'))
      .map((item) => (item.type === 'tool_search_call'
        ? parsedCall(item.call_id, 'tool_search', item.arguments, names)
        : parsedCall(item.call_id, item.name, item.arguments, names)));
    const text = output
      .filter((item) => item.type === 'message')
      .flatMap((item) => item.content ?? [])
      .filter((part) => part.type === 'output_text')
      .map((part) => part.text)
      .join('');
    // Output items are valid input items: the history stays stateless (no previous_response_id).
    const kept = output.filter((item) => item.type === 'function_call' || item.type === 'message' || item.type === 'tool_search_call');
    return { messages: kept, text, calls };
  },

  /**
   * @param {ToolOutcome[]} outcomes
   * @param {{plan?: ToolPlan, names?: NameMap}} [context]  the request's plan: a native search's
   *   hits are answered with their definitions
   */
  toolResultMessages(outcomes, context = {}) {
    return outcomes.map((o) => (o.references
      ? toolSearchOutput(o, context)
      : { type: 'function_call_output', call_id: o.id, output: outcomeText(o) }));
  },

  /**
   * @param {{text?: string, calls?: {id?: string, name: string, arguments: unknown}[]}} message
   * @param {any} [request]  when it offers the client tool_search, a tool_search call is encoded
   *   as a tool_search_call item, as the model sends it
   */
  encodeResponse({ text = '', calls = [] }, request) {
    const nativeSearch = (request?.tools ?? []).some((/** @type {any} */ t) => t.type === 'tool_search');
    const output = [];
    if (text) {
      output.push({
        type: 'message',
        id: nextId('msg'),
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text, annotations: [] }],
      });
    }
    for (const c of calls) {
      if (nativeSearch && c.name === 'tool_search') {
        const args = typeof c.arguments === 'string' ? JSON.parse(c.arguments) : c.arguments ?? {};
        output.push({ type: 'tool_search_call', id: nextId('ts'), call_id: c.id ?? nextId('call'), execution: 'client', status: 'completed', arguments: args });
        continue;
      }
      output.push({
        type: 'function_call',
        id: nextId('fc'),
        call_id: c.id ?? nextId('call'),
        name: c.name,
        arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments ?? {}),
        status: 'completed',
      });
    }
    return { id: nextId('resp'), object: 'response', created_at: 0, model: 'scripted', status: 'completed', output };
  },

  /** @param {any} request */
  lastToolResults(request) {
    const out = [];
    const input = Array.isArray(request.input) ? request.input : [];
    for (let i = input.length - 1; i >= 0 && (input[i].type === 'function_call_output' || input[i].type === 'tool_search_output'); i--) {
      const item = input[i];
      if (item.type === 'tool_search_output') {
        const loaded = (item.tools ?? []).map((/** @type {any} */ t) => t.name);
        out.unshift({ id: item.call_id, text: JSON.stringify(loaded), references: loaded });
      } else {
        out.unshift({ id: item.call_id, text: String(item.output) });
      }
    }
    return out;
  },

  /** Tool names in a request (the client tool_search tool has a type, not a name). @param {any} request */
  toolNames(request) {
    return (request.tools ?? []).map((t) => t.name ?? t.type);
  },
});

/** @param {ToolOutcome} o */
function outcomeText(o) {
  const text = toText(o.value);
  return text.length > 0 ? text : o.isError ? 'error' : '(no output)';
}
