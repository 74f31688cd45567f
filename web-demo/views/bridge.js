// Bridge view: one agent turn played by the package's scripted model (tool-search-wasm/testing)
// through the package's turn loop (tool-search-wasm/agent). The timeline shows what the model
// called, what the engine answered locally, the refusals, and the unwrapping of tool_call into
// the real tool call that hooks see. Nothing is executed: the demo's executor only says so.

import { createAgent } from 'tool-search-wasm/agent';
import { hitsOf, scriptedModel } from 'tool-search-wasm/testing';

import { sourceLabel } from '../catalog.js';
import { badge, fill, h, int, jsonBlock, windowLabel } from '../ui.js';

const PROVIDER_TABS = /** @type {const} */ ([
  ['openai-chat', 'OpenAI Chat'],
  ['openai-responses', 'OpenAI Responses'],
  ['anthropic', 'Anthropic'],
  ['gemini', 'Gemini'],
]);
/** The `model` field of the request (none of these is called). */
const MODEL_NAMES = { 'openai-chat': 'gpt-4.1', 'openai-responses': 'gpt-4.1', anthropic: 'claude-sonnet-4-5', gemini: 'gemini-2.5-flash' };
const SYSTEM = 'You are a helpful assistant. Use the tools when they help.';

const DEFAULT_REQUESTS = {
  official: 'Create a GitHub issue about the login bug',
  seal: 'Book a flight to Tokyo for next Friday',
};

/** String fields the scripted model fills with the user's words. */
const TEXT_KEYS = /^(title|query|q|text|message|body|content|prompt|description|summary|search|keyword|keywords)$/i;

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

/** @type {Scenario[]} */
const SCENARIOS = [
  {
    id: 'bridge',
    label: 'Search, describe, call',
    blurb: 'The model searches, reads the top hit’s schema, and calls it through tool_call. The engine unwraps the call: hooks see the real tool.',
    build: ({ request }) => {
      let target = '';
      return {
        steps: [
          { call: 'tool_search', arguments: { query: request } },
          (ctx) => {
            target = hitsOf(ctx.results[0])[0] ?? '';
            return target ? { call: 'tool_describe', arguments: { name: target } } : { text: 'I found no tool for that.' };
          },
          (ctx) => ({ call: 'tool_call', arguments: { name: target, arguments: exampleArguments(schemaIn(ctx.results[0]), request) } }),
          { text: finalText() },
        ],
      };
    },
  },
  {
    id: 'bad-args',
    label: 'Refusal: bad arguments',
    blurb: 'The model calls a tool without its required arguments. The engine refuses before anything runs and returns the schema; the model retries.',
    build: ({ request }) => {
      let target = '';
      return {
        steps: [
          { call: 'tool_search', arguments: { query: request } },
          (ctx) => {
            const matches = matchesIn(ctx.results[0]);
            target = (matches.find((m) => Array.isArray(m.required) && m.required.length > 0) ?? matches[0])?.name ?? '';
            return target ? { call: 'tool_call', arguments: { name: target, arguments: {} } } : { text: 'I found no tool for that.' };
          },
          (ctx) => ({ call: 'tool_call', arguments: { name: target, arguments: exampleArguments(schemaIn(ctx.results[0]), request) } }),
          { text: finalText() },
        ],
      };
    },
  },
  {
    id: 'recursion',
    label: 'Refusal: recursion',
    blurb: 'The model wraps a bridge tool in tool_call. The engine refuses (recursion guard); the model then searches properly and calls the top hit.',
    build: ({ request }) => ({
      steps: [
        { call: 'tool_call', arguments: { name: 'tool_search', arguments: { query: request } } },
        { call: 'tool_search', arguments: { query: request } },
        (ctx) => {
          const top = hitsOf(ctx.results[0])[0];
          const match = matchesIn(ctx.results[0])[0];
          return top ? { call: 'tool_call', arguments: { name: top, arguments: exampleArguments(match?.input_schema, request) } } : { text: 'I found no tool for that.' };
        },
        { text: finalText() },
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
          { text: finalText() },
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
        ? `This session is granted every source except ${sourceLabel(top.source)} (${sources.length} source${sources.length === 1 ? '' : 's'}), plus the core tools.`
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
      return { steps: [{ call: top.name, arguments: exampleArguments(schema, request) }, { text: finalText() }] };
    },
  },
  {
    id: 'repair',
    label: 'Repair: arguments as a JSON string',
    blurb: 'The model passes tool_call’s arguments as JSON text, a common mistake. The engine parses them and says so in the repairs.',
    build: ({ request }) => ({
      steps: [
        { call: 'tool_search', arguments: { query: request } },
        (ctx) => {
          const top = hitsOf(ctx.results[0])[0];
          const match = matchesIn(ctx.results[0])[0];
          return top
            ? { call: 'tool_call', arguments: { name: top, arguments: JSON.stringify(exampleArguments(match?.input_schema, request)) } }
            : { text: 'I found no tool for that.' };
        },
        { text: finalText() },
      ],
    }),
  },
];

/**
 * @param {typeof import('../app.js').app} app
 * @param {HTMLElement} root
 */
export function bridgeView(app, root) {
  const { state } = app;
  let provider = /** @type {keyof typeof MODEL_NAMES} */ ('openai-chat');
  let selectedRound = 0;
  let playing = 0;
  /** @type {null | {turn: any, rounds: any[], requests: any[], scenario: Scenario, plan: Plan, request: string}} */
  let last = null;

  const request = /** @type {HTMLInputElement} */ (h('input', { id: 'bridge-request', type: 'text', autocomplete: 'off', spellcheck: 'false' }));
  const scenario = /** @type {HTMLSelectElement} */ (h('select', { id: 'bridge-scenario' }, SCENARIOS.map((s) => h('option', { value: s.id }, s.label))));
  const blurb = h('p', { class: 'blurb', id: 'scenario-blurb' });
  const play = h('button', { type: 'submit', class: 'button primary', id: 'bridge-play' }, playIcon(), 'Play turn');
  const gateNote = h('div', { class: 'gate-note', hidden: true });
  const timeline = h('ol', { class: 'timeline', id: 'timeline', 'aria-live': 'polite' });
  const summary = h('div', { class: 'turn-summary' });
  const wire = h('section', { class: 'card wire', 'aria-labelledby': 'wire-title' });

  const form = h('form', { class: 'bridge-form', id: 'bridge-form' },
    h('label', { class: 'field grow' }, h('span', { class: 'field-label' }, 'The user asks'), request),
    h('label', { class: 'field' }, h('span', { class: 'field-label' }, 'Scenario'), scenario),
    play,
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    run();
  });
  scenario.addEventListener('change', () => {
    renderBlurb();
    run();
  });

  fill(
    root,
    form,
    blurb,
    gateNote,
    h('div', { class: 'bridge-grid' },
      h('section', { class: 'card turn', 'aria-labelledby': 'turn-title' },
        h('h2', { id: 'turn-title' }, 'Timeline'),
        summary,
        timeline,
      ),
      wire,
    ),
  );
  renderBlurb();
  renderWire();

  app.on('catalog', () => {
    const c = state.catalog;
    request.value = DEFAULT_REQUESTS[/** @type {keyof typeof DEFAULT_REQUESTS} */ (c?.id ?? '')] ?? firstExample(c?.records ?? []);
    last = null;
    renderGate();
    fill(timeline, h('li', { class: 'empty' }, 'Press “Play turn” to run the scripted model through one turn.'));
    fill(summary);
    renderWire();
  });
  app.on('plan', renderGate);

  function renderBlurb() {
    const s = SCENARIOS.find((x) => x.id === scenario.value) ?? SCENARIOS[0];
    blurb.textContent = s.blurb;
  }

  function renderGate() {
    if (!state.session) return;
    const a = app.assemble();
    if (a.gate.active) {
      gateNote.hidden = true;
      return;
    }
    gateNote.hidden = false;
    fill(
      gateNote,
      h('p', null,
        h('strong', null, 'The gate is not active'),
        ` for this catalog at a ${windowLabel(state.contextWindow)} window (${a.gate.reason}), so the model is sent every schema and no bridge tools. The turn below still plays, but a real model would simply call the tools it sees.`,
      ),
      h('button', { type: 'button', class: 'button', onclick: () => app.setGate({ enabled: 'on' }) }, 'Turn the gate on'),
    );
  }

  async function run() {
    const ts = state.ts;
    if (!ts || !state.catalog) return;
    const me = ++playing;
    const s = SCENARIOS.find((x) => x.id === scenario.value) ?? SCENARIOS[0];
    const text = request.value.trim() || request.placeholder;
    const plan = s.build({ request: text, ts, records: state.catalog.records });
    if (typeof plan === 'string') {
      fill(timeline, h('li', { class: 'empty' }, plan));
      fill(summary);
      last = null;
      renderWire();
      return;
    }
    const session = ts.session(plan.scope ?? {});
    /** @type {any[]} */
    const trace = [];
    const model = scriptedModel(provider, (ctx) => {
      if (ctx.results.length > 0) trace.push({ type: 'results', roundTrip: ctx.roundTrip - 1, results: ctx.results });
      const step = plan.steps[ctx.step];
      const resolved = (typeof step === 'function' ? step(ctx) : step) ?? { text: finalText() };
      trace.push({ type: 'model', roundTrip: ctx.roundTrip, step: resolved });
      return resolved;
    });
    const agent = createAgent({
      toolSearch: ts,
      session,
      provider,
      model,
      modelName: MODEL_NAMES[provider],
      system: SYSTEM,
      contextWindow: state.contextWindow,
      strategy: 'bridge',
      tokenizer: false,
      maxRoundTrips: 6,
      execute: (ctx) => ({ content: [{ type: 'text', text: notExecuted(ctx) }] }),
      hooks: {
        beforeCall: [(ctx) => void trace.push({ type: 'hook', ctx })],
        onEvent: (event) => trace.push({ type: 'event', event }),
      },
    });
    play.setAttribute('aria-busy', 'true');
    let turn;
    try {
      turn = await agent.run(text);
    } catch (error) {
      const e = /** @type {any} */ (error);
      fill(timeline, h('li', { class: 'ev refusal' }, h('code', null, e.code ?? 'Error'), ' ', e.message));
      session.close();
      play.removeAttribute('aria-busy');
      return;
    } finally {
      agent.close();
    }
    play.removeAttribute('aria-busy');
    if (me !== playing) {
      session.close();
      return;
    }
    const rounds = toRounds(trace);
    last = { turn, rounds, requests: model.requests, scenario: s, plan, request: text };
    selectedRound = Math.min(selectedRound, model.requests.length - 1);
    if (selectedRound < 0) selectedRound = 0;
    renderTimeline();
    renderWire();
    // The catalog view shows this session from now on (activated tools included).
    if (plan.scope) session.close();
    else app.adoptSession(session, turn.calls.filter((/** @type {any} */ c) => c.activated).map((/** @type {any} */ c) => c.name));
  }

  function renderTimeline() {
    if (!last) return;
    const { turn, rounds, plan } = last;
    const real = turn.calls.map((/** @type {any} */ c) => c.name);
    fill(
      summary,
      plan.scopeNote ? h('p', { class: 'scope-note' }, badge('scope', 'scoped session'), ' ', plan.scopeNote) : null,
      h('p', { class: 'turn-facts' },
        h('span', null, h('strong', null, String(turn.roundTrips)), ` model request${turn.roundTrips === 1 ? '' : 's'}`),
        h('span', null, h('strong', null, String(turn.bridge.length)), ' answered locally'),
        h('span', null, h('strong', null, String(turn.refusals.length)), ` refusal${turn.refusals.length === 1 ? '' : 's'}`),
        h('span', null, h('strong', null, String(real.length)), ` real call${real.length === 1 ? '' : 's'}`, real.length ? [': ', real.map((n, i) => [i ? ', ' : '', h('code', { class: 'real-name' }, n)])] : ''),
        turn.status !== 'ok' ? h('span', { class: 'status-bad' }, `stopped: ${turn.status} (${turn.reason})`) : null,
      ),
    );
    fill(timeline, rounds.map((r, i) => roundItem(r, rounds[i - 1])));
    timeline.dataset.scenario = last.scenario.id;
    timeline.dataset.provider = provider;
  }

  /** @param {any} r @param {any} [previous] */
  function roundItem(r, previous) {
    const tokens = last?.turn.tokens[r.roundTrip]?.estimated;
    return h('li', { class: `round${r.roundTrip === selectedRound ? ' selected' : ''}`, 'data-round': String(r.roundTrip) },
      h('div', { class: 'round-head' },
        h('span', { class: 'round-num' }, `Request ${r.roundTrip + 1}`),
        h('span', { class: 'round-info' },
          previous && sameList(previous.tools, r.tools)
            ? `the same ${r.tools.length} tools`
            : describeTools(r.tools, r.deferred, new Set((state.catalog?.records ?? []).filter((t) => t.class === 'core').map((t) => t.name))),
          tokens ? ` · ${int(tokens.withDeferral)} tool tokens` : '',
        ),
        h('button', {
          type: 'button',
          class: 'link',
          'aria-label': `Show the JSON of request ${r.roundTrip + 1}`,
          onclick: () => {
            selectedRound = r.roundTrip;
            renderTimeline();
            renderWire();
            document.getElementById('wire-title')?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
          },
        }, 'JSON'),
      ),
      r.model ? modelEvent(r.model) : null,
      r.items.map((/** @type {any} */ item) => engineEvent(item)),
    );
  }

  function renderWire() {
    const tabs = h('div', { class: 'provider-tabs', role: 'tablist', 'aria-label': 'Provider format' },
      PROVIDER_TABS.map(([id, label]) =>
        h('button', {
          type: 'button',
          role: 'tab',
          'data-provider': id,
          'aria-selected': String(id === provider),
          tabindex: id === provider ? '0' : '-1',
          onclick: () => switchProvider(id),
          onkeydown: (/** @type {KeyboardEvent} */ e) => {
            const i = PROVIDER_TABS.findIndex(([p]) => p === provider);
            let j = i;
            if (e.key === 'ArrowRight') j = (i + 1) % PROVIDER_TABS.length;
            else if (e.key === 'ArrowLeft') j = (i - 1 + PROVIDER_TABS.length) % PROVIDER_TABS.length;
            else return;
            e.preventDefault();
            switchProvider(PROVIDER_TABS[j][0]).then(() => /** @type {HTMLElement | null} */ (wire.querySelector(`[data-provider="${PROVIDER_TABS[j][0]}"]`))?.focus());
          },
        }, label),
      ),
    );
    if (!last) {
      fill(wire, h('h2', { id: 'wire-title' }, 'What goes to the provider'), tabs, h('p', { class: 'empty' }, 'Play a turn to see the exact request bodies.'));
      return;
    }
    const { requests, turn } = last;
    const body = requests[selectedRound];
    const est = turn.tokens[selectedRound]?.estimated;
    const toolsArray = body?.tools ?? body?.config?.tools ?? [];
    fill(
      wire,
      h('h2', { id: 'wire-title' }, 'What goes to the provider'),
      tabs,
      h('div', { class: 'round-picker', role: 'group', 'aria-label': 'Request' },
        requests.map((/** @type {any} */ _, i) =>
          h('button', {
            type: 'button',
            class: 'chip',
            'aria-pressed': String(i === selectedRound),
            onclick: () => {
              selectedRound = i;
              renderTimeline();
              renderWire();
            },
          }, `Request ${i + 1}`),
        ),
      ),
      est
        ? h('p', { class: 'wire-tokens', id: 'wire-tokens' },
            h('strong', null, `${int(est.withDeferral)} tokens`),
            ' of tool definitions (engine estimate)',
            est.withoutDeferral !== est.withDeferral ? [' · ', h('span', null, `${int(est.withoutDeferral)} without deferral`)] : '',
            ` · whole body ${int(JSON.stringify(body).length)} characters`,
          )
        : null,
      h('p', { class: 'fine' }, `The ${PROVIDER_TABS.find(([p]) => p === provider)?.[1]} request body for request ${selectedRound + 1} of this turn, built by tool-search-wasm/providers: ${countTools(toolsArray)}. The history grows with each request.`),
      jsonBlock(body, { label: `Request ${selectedRound + 1} body` }),
    );
  }

  /** @param {keyof typeof MODEL_NAMES} id */
  async function switchProvider(id) {
    if (id === provider) return;
    provider = id;
    renderWire();
    if (last) await run();
  }
}

// ---- turning the trace into rounds -----------------------------------------------------------

/**
 * Groups the trace by model request: what was sent, what the model said, how each call was
 * answered, and what went back to the model.
 * @param {any[]} trace
 */
function toRounds(trace) {
  /** @type {any[]} */
  const rounds = [];
  /** @type {any} */
  let current = null;
  for (const entry of trace) {
    if (entry.type === 'event' && entry.event.type === 'request') {
      current = { roundTrip: entry.event.roundTrip, tools: entry.event.tools, deferred: entry.event.deferred, model: null, items: [] };
      rounds.push(current);
    } else if (!current) {
      continue;
    } else if (entry.type === 'model') {
      current.model = entry.step;
    } else if (entry.type === 'event' && ['search', 'describe', 'refusal'].includes(entry.event.type)) {
      current.items.push({ kind: entry.event.type, event: entry.event });
    } else if (entry.type === 'hook') {
      current.items.push({ kind: 'dispatch', ctx: entry.ctx });
    } else if (entry.type === 'event' && (entry.event.type === 'call' || entry.event.type === 'blocked')) {
      const item = [...current.items].reverse().find((i) => i.kind === 'dispatch' && !i.call && i.ctx.name === entry.event.name);
      if (item) item.call = entry.event;
    } else if (entry.type === 'event' && entry.event.type === 'loop_guard') {
      current.items.push({ kind: 'guard', event: entry.event });
    } else if (entry.type === 'results') {
      const round = rounds.find((r) => r.roundTrip === entry.roundTrip);
      const answers = (round?.items ?? []).filter((/** @type {any} */ i) => i.kind !== 'guard');
      entry.results.forEach((/** @type {any} */ result, /** @type {number} */ i) => {
        if (answers[i]) answers[i].result = result;
      });
    }
  }
  return rounds;
}

/** @param {string[]} tools @param {number} deferred @param {Set<string>} core */
function describeTools(tools, deferred, core) {
  const bridge = tools.filter((t) => t === 'tool_search' || t === 'tool_describe' || t === 'tool_call').length;
  const coreCount = tools.filter((t) => core.has(t)).length;
  const other = tools.length - bridge - coreCount;
  const parts = [];
  if (bridge) parts.push(`${bridge} bridge`);
  if (coreCount) parts.push(`${coreCount} core`);
  if (other) parts.push(`${other} other`);
  return `${tools.length} tool${tools.length === 1 ? '' : 's'} sent (${parts.join(' + ') || 'none'})${deferred ? `, ${int(deferred)} deferred` : ''}`;
}

/** @param {string[]} a @param {string[]} b */
function sameList(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** @param {any[]} tools */
function countTools(tools) {
  if (!Array.isArray(tools)) return 'tools';
  // Gemini nests declarations: [{functionDeclarations: [...]}].
  const n = tools.reduce((s, t) => s + (Array.isArray(t?.functionDeclarations) ? t.functionDeclarations.length : 1), 0);
  return `${n} tool definition${n === 1 ? '' : 's'}`;
}

// ---- events ------------------------------------------------------------------------------------

/** What the model said. @param {any} step */
function modelEvent(step) {
  if ('text' in step) {
    return h('div', { class: 'ev model text' }, h('span', { class: 'who' }, 'model'), h('p', null, step.text));
  }
  const calls = 'calls' in step ? step.calls.map((/** @type {any} */ c) => ({ name: c.name, arguments: c.arguments })) : [{ name: step.call, arguments: step.arguments }];
  return calls.map((c) => {
    const bridge = c.name === 'tool_search' || c.name === 'tool_describe' || c.name === 'tool_call';
    return h('div', { class: 'ev model' },
      h('span', { class: 'who' }, 'model'),
      h('p', null, 'calls ', h('code', { class: bridge ? 'bridge-name' : 'real-name' }, c.name), bridge ? ' ' : ' directly, by its real name ', h('code', { class: 'args' }, compact(c.arguments))),
    );
  });
}

/** How the engine (and the host) answered one call. @param {any} item */
function engineEvent(item) {
  const result = item.result?.json ?? item.result?.text;
  if (item.kind === 'search') {
    const matches = Array.isArray(result?.matches) ? result.matches : [];
    return h('div', { class: 'ev engine search' },
      h('span', { class: 'who' }, 'engine'),
      h('p', null, badge('search', 'tool_search'), ` answered locally: ${matches.length} match${matches.length === 1 ? '' : 'es'}`),
      matches.length
        ? h('ol', { class: 'mini-hits', 'aria-label': 'Matches, best first' }, matches.map((/** @type {any} */ m) =>
            h('li', { title: m.input_schema ? 'returned with its full schema (small enough to skip tool_describe)' : undefined },
              h('code', null, m.name), h('span', { class: 'mini-score' }, Number(m.score).toFixed(2))),
          ))
        : null,
      details('Result sent to the model', result),
    );
  }
  if (item.kind === 'describe') {
    return h('div', { class: 'ev engine describe' },
      h('span', { class: 'who' }, 'engine'),
      h('p', null, badge('describe', 'tool_describe'), ' answered locally: the full schema of ', h('code', null, item.event.arguments?.name ?? result?.name ?? '?')),
      details('Result sent to the model', result),
    );
  }
  if (item.kind === 'refusal') {
    const reason = item.event.reason;
    return h('div', { class: 'ev engine refusal', 'data-reason': reason },
      h('span', { class: 'who' }, 'engine'),
      h('p', null, badge('refusal', 'refused'), ' ', h('code', { class: 'reason-code' }, reason), item.event.name ? [' · ', h('code', null, item.event.name)] : ''),
      h('p', { class: 'refusal-message' }, result?.message ?? String(result ?? '')),
      reason === 'invalid_arguments' && result?.input_schema ? h('p', { class: 'fine' }, 'The tool was not invoked; its schema went back to the model so it can retry.') : null,
      details(reason === 'invalid_arguments' ? 'Error and schema sent to the model' : 'Error sent to the model', result),
    );
  }
  if (item.kind === 'guard') {
    return h('div', { class: 'ev engine refusal' }, h('span', { class: 'who' }, 'agent'), h('p', null, badge('refusal', 'loop guard'), ' ', item.event.reason));
  }
  // A real call: the unwrapping, what the hooks saw, and the (non-)execution.
  const ctx = item.ctx;
  const facts = [
    ctx.source ? `source ${ctx.source}` : null,
    ctx.viaBridge ? 'via tool_call' : 'called directly',
    ctx.activated ? 'activated by this call' : null,
    ctx.repairs?.length ? `repairs: ${ctx.repairs.join(', ')}` : null,
  ].filter(Boolean);
  return h('div', { class: 'ev engine dispatch', 'data-real-name': ctx.name },
    h('span', { class: 'who' }, 'engine'),
    h('p', null, badge('dispatch', ctx.viaBridge ? 'unwrapped' : 'resolved'), ctx.viaBridge ? ' tool_call became the real call the hooks see:' : ' the real call the hooks see:'),
    h('div', { class: 'unwrap' },
      ctx.viaBridge ? h('div', { class: 'from' }, h('code', { class: 'bridge-name' }, ctx.providerName), h('span', { class: 'arrow', 'aria-hidden': 'true' }, '→')) : null,
      h('div', { class: 'to' }, h('code', { class: 'real-name', id: 'real-call' }, ctx.name), h('code', { class: 'args block' }, compact(ctx.arguments))),
    ),
    h('p', { class: 'ctx-facts' }, facts.map((f) => h('span', null, f))),
    h('p', { class: 'host-note' }, h('span', { class: 'host-dot', 'aria-hidden': 'true' }), 'Dispatched to the host ', h('strong', null, '(demo: not executed)'), '. A real host would run it here, through its MCP client or its own function.'),
  );
}

/** @param {string} summary @param {unknown} value */
function details(summary, value) {
  if (value === undefined) return null;
  return h('details', { class: 'result' }, h('summary', null, summary), jsonBlock(value, { label: summary }));
}

/** One-line JSON, cut when long. @param {unknown} value */
function compact(value) {
  const s = typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value ?? {});
  return s.length > 400 ? `${s.slice(0, 400)}…` : s;
}

// ---- the scripted model's helpers ----------------------------------------------------------------

/** @param {any} ctx */
function notExecuted(ctx) {
  const where = ctx.server ? `the ${ctx.server} MCP server` : ctx.source === 'core' ? 'the host’s own function' : 'the host';
  return `[demo] Not executed. A real host would now send ${ctx.name} to ${where}. No result exists.`;
}

function finalText() {
  return 'The call was dispatched. (Scripted model: a real model would answer from the tool’s result; in this demo the host does not execute it.)';
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

/**
 * Arguments a scripted model would write for a schema: every required property, with the
 * user's words in text fields and simple placeholders elsewhere.
 * @param {any} schema
 * @param {string} words
 * @returns {Record<string, unknown>}
 */
export function exampleArguments(schema, words) {
  /** @type {Record<string, unknown>} */
  const out = {};
  const props = schema?.properties ?? {};
  for (const key of Array.isArray(schema?.required) ? schema.required : []) out[key] = exampleValue(props[key] ?? {}, key, words, 0);
  return out;
}

/** @param {any} s @param {string} key @param {string} words @param {number} depth @returns {unknown} */
function exampleValue(s, key, words, depth) {
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.anyOf) && s.anyOf.length > 0) return exampleValue(s.anyOf[0], key, words, depth);
  if (Array.isArray(s.oneOf) && s.oneOf.length > 0) return exampleValue(s.oneOf[0], key, words, depth);
  const type = Array.isArray(s.type) ? s.type.find((/** @type {string} */ t) => t !== 'null') : s.type;
  switch (type) {
    case 'integer':
      return Math.max(1, Math.ceil(s.minimum ?? 1));
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array': {
      const n = s.minItems ?? 0;
      return Array.from({ length: n }, () => exampleValue(s.items ?? {}, key, words, depth + 1));
    }
    case 'object':
      return depth > 3 ? {} : exampleArguments(s, words);
    default:
      return TEXT_KEYS.test(key) ? words : `example-${key}`;
  }
}

/** @param {any[]} records */
function firstExample(records) {
  const t = records.find((r) => r.class !== 'core');
  return t ? t.description || t.name : 'Do something useful';
}

function playIcon() {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.innerHTML = '<path d="M8 5v14l11-7z"/>';
  return svg;
}

