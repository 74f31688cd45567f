// Catalog view: every tool by source, what the gate decides for the chosen context window,
// and the tokens sent with and without deferral. The numbers all come from assemble().

import { groupBySource, sourceLabel } from '../catalog.js';
import { badge, bar, fill, h, int, pct, svgIcon, windowLabel } from '../ui.js';

const WINDOWS = [8_000, 32_000, 128_000, 200_000, 1_000_000];
const ROWS_SHOWN = 120;

/** What each badge means (the legend and the tooltips). */
const KINDS = {
  core: 'a core tool: always sent, never deferred',
  pinned: 'pinned: kept visible while deferral is active',
  inline: 'kept inline by the hybrid partition (the first N deferrable tools within a token budget)',
  activated: 'activated in this session by a direct call',
  deferred: 'behind the bridge: reachable through tool_search / tool_describe / tool_call',
  passthrough: 'sent in full: the gate is not active, so every schema goes to the model',
  preselected: 'pre-selected for the message',
};

/**
 * @param {typeof import('../app.js').app} app
 * @param {HTMLElement} root
 */
export function catalogView(app, root) {
  const { state } = app;
  /** Groups the user collapsed, and groups where every row is shown. */
  const collapsed = new Set();
  const expandedRows = new Set();

  const windowPicker = h(
    'fieldset',
    { class: 'seg', id: 'window-picker' },
    h('legend', null, 'Context window'),
    WINDOWS.map((n) =>
      h('label', null,
        h('input', {
          type: 'radio',
          name: 'context-window',
          value: String(n),
          checked: n === state.contextWindow,
          onchange: () => app.setWindow(n),
        }),
        h('span', null, windowLabel(n)),
      ),
    ),
  );

  const gateMode = select('gate-mode', [['auto', 'auto'], ['on', 'on'], ['off', 'off']], state.gate.enabled, (v) => app.setGate({ enabled: /** @type {any} */ (v) }));
  const threshold = number('gate-threshold', state.gate.thresholdPct, 0, 100, 1, (v) => app.setGate({ thresholdPct: v }));
  const inlineCount = number('gate-inline-count', state.gate.inlineMaxCount, 0, 1000, 1, (v) => app.setGate({ inlineMaxCount: v }));
  const inlineTokens = number('gate-inline-tokens', state.gate.inlineMaxTokens, 0, 1_000_000, 100, (v) => app.setGate({ inlineMaxTokens: v }));
  const activation = select('gate-activation', [['stable', 'stable'], ['promote', 'promote']], state.gate.activation, (v) => app.setGate({ activation: /** @type {any} */ (v) }));

  const settings = h(
    'details',
    { class: 'settings' },
    h('summary', null, 'Gate settings'),
    h('div', { class: 'settings-grid' },
      field('Mode', gateMode, '“auto” defers when the deferrable schemas reach the threshold, or when there are 40 deferrable tools (thresholdTools)'),
      field('Threshold, % of window', threshold, 'default 10'),
      field('Keep first N inline', inlineCount, 'hybrid partition: count limit (default 0)'),
      field('…within tokens', inlineTokens, 'hybrid partition: token limit (default 0)'),
      field('Activated tools', activation, '“stable” keeps the visible array unchanged (prompt cache)'),
    ),
  );

  const decision = h('section', { class: 'card decision', 'aria-labelledby': 'decision-title' });
  const totals = h('section', { class: 'card totals', 'aria-labelledby': 'totals-title' });
  const legend = h('p', { class: 'legend' }, ['core', 'pinned', 'inline', 'activated', 'deferred'].map((k) => badge(k, k, KINDS[k])), h('span', { class: 'legend-note' }, 'Bars: each tool’s estimated tokens.'));
  const notes = h('div', { class: 'notes' });
  const groups = h('div', { class: 'groups' });

  fill(
    root,
    h('div', { class: 'controls' }, windowPicker, settings),
    h('div', { class: 'summary' }, decision, totals),
    notes,
    h('div', { class: 'groups-head' }, h('h2', null, 'Tools by source'), legend),
    groups,
  );

  app.on('plan', render);
  app.on('catalog', () => {
    collapsed.clear();
    expandedRows.clear();
  });

  function render() {
    if (!state.ts || !state.catalog) return;
    const a = app.assemble();
    renderDecision(a);
    renderTotals(a);
    renderNotes();
    renderGroups(a);
  }

  /** @param {import('tool-search-wasm').Assembly} a */
  function renderDecision(a) {
    const g = a.gate;
    const counts = countKinds(a);
    const headline = a.gate.active
      ? h('p', { class: 'headline on' }, h('span', { class: 'dot' }), `Deferral active: ${a.strategy}`)
      : h('p', { class: 'headline off' }, h('span', { class: 'dot' }), 'Passthrough: every schema is sent');
    fill(
      decision,
      h('h2', { id: 'decision-title' }, 'The gate’s decision'),
      headline,
      h('dl', { class: 'facts' },
        fact('Mode', g.mode),
        fact('Threshold', `${int(g.threshold)} tokens`, `${state.gate.thresholdPct}% of a ${windowLabel(g.contextWindow)} window, within the min/max bounds`),
        fact('Deferrable', `${int(g.deferrableCount)} tools · ${int(g.deferrableTokens)} tokens`),
        fact('Listing tier', String(a.tier), a.tier === 0 ? 'no deferred-tool listing' : 'detail of the deferred-tool listing in tool_search’s description (higher: terser, for big catalogs)'),
        fact('Sent', Object.entries(counts).map(([k, n]) => `${n} ${k}`).join(' · ') || 'nothing'),
      ),
      h('p', { class: 'reason' }, h('span', { class: 'reason-label' }, 'Engine: '), h('code', { id: 'gate-reason' }, g.reason)),
    );
  }

  /** @param {import('tool-search-wasm').Assembly} a */
  function renderTotals(a) {
    const w = state.contextWindow;
    const { withoutDeferral, withDeferral, saved } = a.tokens;
    const scale = Math.max(w, withoutDeferral);
    const row = (/** @type {string} */ label, /** @type {number} */ n, /** @type {string} */ kind, /** @type {string} */ id) =>
      h('div', { class: 'meter-row' },
        h('div', { class: 'meter-label' }, h('span', null, label), h('strong', { id }, `${int(n)}`), h('span', { class: 'unit' }, ' tokens')),
        h('div', { class: `meter ${kind}`, role: 'img', 'aria-label': `${int(n)} tokens, ${pct(n, w)} of a ${windowLabel(w)} context window` },
          h('span', { class: 'fill', style: { '--w': `${Math.min(100, (100 * n) / scale)}%` } }),
          scale > w ? h('span', { class: 'window-mark', style: { '--w': `${(100 * w) / scale}%` } }) : null,
        ),
        h('div', { class: 'meter-note' }, n > w ? `${(n / w).toFixed(n / w < 10 ? 1 : 0)}× the ${windowLabel(w)} window` : `${pct(n, w)} of the ${windowLabel(w)} window`),
      );
    fill(
      totals,
      h('h2', { id: 'totals-title' }, 'Tool tokens per request'),
      row('Without deferral', withoutDeferral, 'full', 'tokens-without'),
      row('With deferral', withDeferral, 'lean', 'tokens-with'),
      h('p', { class: 'saved' },
        saved > 0
          ? [h('strong', null, `${int(saved)} tokens saved`), ` on every request (${pct(saved, withoutDeferral)}).`]
          : saved < 0
            ? [h('strong', null, `${int(-saved)} tokens more`), ' with the bridge than without: too few tools to be worth deferring.']
            : 'Nothing deferred, nothing saved.',
      ),
      h('p', { class: 'fine' }, 'Engine estimates (JSON-aware, not chars/4). With deferral counts the bridge tools’ own definitions.'),
    );
  }

  function renderNotes() {
    const c = state.catalog;
    if (!c) return;
    fill(notes, c.notes.map((n) => h('p', { class: 'note' }, n)));
  }

  /** @param {import('tool-search-wasm').Assembly} a */
  function renderGroups(a) {
    const c = /** @type {NonNullable<typeof state.catalog>} */ (state.catalog);
    const kinds = new Map(a.visible.map((t) => [t.name, t.kind]));
    const deferred = new Set(a.deferred);
    const records = c.records;
    const maxTokens = Math.max(1, ...c.tokens.values());
    const list = groupBySource(records);
    fill(
      groups,
      list.map(([source, tools]) => {
        const groupTokens = tools.reduce((s, t) => s + (c.tokens.get(t.name) ?? 0), 0);
        const id = `group-${source.replace(/[^a-z0-9]+/gi, '-')}`;
        const open = !collapsed.has(source);
        const server = tools[0].server;
        const allPinned = server !== null && tools.every((t) => t.pinned);
        const shown = expandedRows.has(source) ? tools : tools.slice(0, ROWS_SHOWN);
        return h('section', { class: `group${open ? ' open' : ''}`, 'data-source': source },
          h('div', { class: 'group-head' },
            h('button', {
              type: 'button',
              class: 'group-toggle',
              'aria-expanded': String(open),
              'aria-controls': id,
              onclick: () => {
                if (open) collapsed.add(source);
                else collapsed.delete(source);
                render();
              },
            },
              h('span', { class: 'chev', 'aria-hidden': 'true' }),
              h('span', { class: 'group-name' }, sourceLabel(tools[0].class === 'core' ? { source: 'core' } : tools[0])),
              h('span', { class: 'group-kind' }, source === 'core' ? 'host' : server ? 'MCP server' : source),
              h('span', { class: 'group-count' }, `${int(tools.length)} tool${tools.length === 1 ? '' : 's'}`),
              h('span', { class: 'group-tokens' }, `${int(groupTokens)} tokens`),
            ),
            server
              ? h('button', {
                  type: 'button',
                  class: 'pin-server',
                  'aria-pressed': String(allPinned),
                  title: allPinned ? `Unpin every tool of ${server}` : `Pin every tool of ${server} (keep them visible, like alwaysLoad)`,
                  onclick: () => app.pinServer(server, !allPinned),
                }, allPinned ? 'Unpin server' : 'Pin server')
              : null,
          ),
          open
            ? h('ul', { class: 'tools', id },
                shown.map((t) => toolRow(t, kinds.get(t.name), deferred.has(t.name), c.tokens.get(t.name) ?? 0, maxTokens)),
                shown.length < tools.length
                  ? h('li', { class: 'more' },
                      h('button', { type: 'button', class: 'button', onclick: () => { expandedRows.add(source); render(); } }, `Show all ${int(tools.length)} tools`),
                    )
                  : null,
              )
            : null,
        );
      }),
    );
  }

  /**
   * @param {any} t  a ToolRecord
   * @param {string | undefined} kind  its kind in assembly.visible
   * @param {boolean} isDeferred
   * @param {number} tokens
   * @param {number} maxTokens
   */
  function toolRow(t, kind, isDeferred, tokens, maxTokens) {
    /** @type {string[]} */
    const badges = [];
    if (t.class === 'core') badges.push('core');
    else {
      if (t.pinned) badges.push('pinned');
      if (kind && kind !== 'core' && kind !== 'pinned') badges.push(kind);
      if (state.activated.has(t.name) && kind !== 'activated') badges.push('activated');
      if (!kind && isDeferred && !badges.includes('activated')) badges.push('deferred');
    }
    const status = badges.join(' ');
    return h('li', { class: 'tool', 'data-name': t.name, 'data-status': status },
      h('div', { class: 'tool-main' },
        h('code', { class: 'tool-name', title: t.originalName ? `${t.name} (the server calls it ${t.originalName})` : t.name }, t.name),
        h('span', { class: 'tool-desc', title: t.description }, t.description || '(no description)'),
      ),
      h('span', { class: 'badges' }, badges.map((b) => badge(b, b, b === 'activated' && state.gate.activation === 'stable' ? `${KINDS.activated}; with “stable” activation the visible array is left unchanged, so the prompt cache keeps hitting` : KINDS[b]))),
      h('span', { class: 'tool-tokens', title: `${int(tokens)} tokens (engine estimate of this definition)` },
        bar(tokens, maxTokens, badges.includes('deferred') ? 'muted' : ''),
        h('span', { class: 'num' }, int(tokens)),
      ),
      t.class === 'core'
        ? h('span', { class: 'pin placeholder', 'aria-hidden': 'true' })
        : h('button', {
            type: 'button',
            class: 'pin',
            'aria-pressed': String(Boolean(t.pinned)),
            'aria-label': `${t.pinned ? 'Unpin' : 'Pin'} ${t.name}`,
            title: t.pinned ? 'Unpin' : 'Pin: keep visible while deferral is active',
            onclick: () => app.pin(t.name, !t.pinned),
          }, svgIcon('<path d="M9 3h6l-1 6 4 4H6l4-4-1-6zM12 13v8"/>')),
    );
  }
}

/** @param {import('tool-search-wasm').Assembly} a */
function countKinds(a) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const t of a.visible) counts[t.kind] = (counts[t.kind] ?? 0) + 1;
  if (a.deferred.length) counts.deferred = a.deferred.length;
  return counts;
}

/** @param {string} label @param {string} value @param {string} [title] */
function fact(label, value, title) {
  return [h('dt', null, label), h('dd', { title }, value)];
}

/** @param {string} label @param {HTMLElement} control @param {string} hint */
function field(label, control, hint) {
  return h('label', { class: 'field' }, h('span', { class: 'field-label' }, label), control, h('span', { class: 'field-hint' }, hint));
}

/** @param {string} id @param {[string, string][]} options @param {string} value @param {(v: string) => void} onChange */
function select(id, options, value, onChange) {
  const el = /** @type {HTMLSelectElement} */ (h('select', { id }, options.map(([v, label]) => h('option', { value: v, selected: v === value }, label))));
  el.addEventListener('change', () => onChange(el.value));
  return el;
}

/** @param {string} id @param {number} value @param {number} min @param {number} max @param {number} step @param {(v: number) => void} onChange */
function number(id, value, min, max, step, onChange) {
  const el = /** @type {HTMLInputElement} */ (h('input', { id, type: 'number', inputmode: 'numeric', value: String(value), min: String(min), max: String(max), step: String(step) }));
  el.addEventListener('change', () => {
    const v = Number(el.value);
    if (Number.isFinite(v) && v >= min && v <= max) onChange(v);
    else el.value = String(value);
  });
  return el;
}
