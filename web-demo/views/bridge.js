// Bridge view: one agent turn played by the package's scripted model (tool-search-wasm/testing)
// through the package's turn loop (tool-search-wasm/agent). The timeline shows what the model
// called, what the engine answered locally, the refusals, and the unwrapping of tool_call into
// the real tool call that hooks see. Nothing is executed: the demo's executor only says so.

import { createAgent } from 'tool-search-wasm/agent';
import { scriptedModel } from 'tool-search-wasm/testing';

import { badge, fill, h, int, jsonBlock, svgIcon, windowLabel } from '../ui.js';
import { toRounds } from './bridge-rounds.js';
import { FINAL_TEXT, SCENARIOS, defaultRequest, scenarioById } from './bridge-scenarios.js';

const PROVIDER_TABS = /** @type {const} */ ([
  ['openai-chat', 'OpenAI Chat'],
  ['openai-responses', 'OpenAI Responses'],
  ['anthropic', 'Anthropic'],
  ['gemini', 'Gemini'],
]);
/** The `model` field of the request (none of these is called). */
const MODEL_NAMES = { 'openai-chat': 'gpt-4.1', 'openai-responses': 'gpt-4.1', anthropic: 'claude-sonnet-4-5', gemini: 'gemini-2.5-flash' };
const SYSTEM = 'You are a helpful assistant. Use the tools when they help.';

/**
 * @param {typeof import('../app.js').app} app
 * @param {HTMLElement} root
 */
export function bridgeView(app, root) {
  const { state } = app;
  let provider = /** @type {keyof typeof MODEL_NAMES} */ ('openai-chat');
  let selectedRound = 0;
  let playing = 0;
  /** @type {null | {turn: any, rounds: any[], requests: any[], scenario: import('./bridge-scenarios.js').Scenario, plan: import('./bridge-scenarios.js').Plan, request: string}} */
  let last = null;

  const request = /** @type {HTMLInputElement} */ (h('input', { id: 'bridge-request', type: 'text', autocomplete: 'off', spellcheck: 'false' }));
  const scenario = /** @type {HTMLSelectElement} */ (h('select', { id: 'bridge-scenario' }, SCENARIOS.map((s) => h('option', { value: s.id }, s.label))));
  const blurb = h('p', { class: 'blurb', id: 'scenario-blurb' });
  const play = h('button', { type: 'submit', class: 'button primary', id: 'bridge-play' }, svgIcon('<path d="M8 5v14l11-7z"/>'), 'Play turn');
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
    request.value = defaultRequest(c);
    last = null;
    renderGate();
    fill(timeline, h('li', { class: 'empty' }, 'Press “Play turn” to run the scripted model through one turn.'));
    fill(summary);
    renderWire();
  });
  app.on('plan', renderGate);

  function renderBlurb() {
    const s = scenarioById(scenario.value);
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
    const s = scenarioById(scenario.value);
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
      const resolved = (typeof step === 'function' ? step(ctx) : step) ?? { text: FINAL_TEXT };
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

// ---- describing a request ---------------------------------------------------------------------

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

// ---- the demo host -------------------------------------------------------------------------------

/** What the demo's executor answers instead of running the tool. @param {any} ctx */
function notExecuted(ctx) {
  const where = ctx.server ? `the ${ctx.server} MCP server` : ctx.source === 'core' ? 'the host’s own function' : 'the host';
  return `[demo] Not executed. A real host would now send ${ctx.name} to ${where}. No result exists.`;
}

