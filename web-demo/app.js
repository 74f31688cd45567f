// The demo's entry: loads a catalog into the engine, keeps the shared state (context window,
// gate settings, the session) and wires the three views.

import { ToolSearchError } from 'tool-search-wasm';

import { buildEngine, parseCatalogText, toolTokens } from './catalog.js';
import { bridgeView } from './views/bridge.js';
import { catalogView } from './views/catalog.js';
import { searchView } from './views/search.js';
import { fill, h, int, millis, tablist } from './ui.js';

/** @typedef {import('tool-search-wasm').ToolSearch} ToolSearch */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * @typedef {object} Catalog
 * @property {string} id          preset id, or "custom"
 * @property {string} label
 * @property {any[]} records      ts.tools()
 * @property {Map<string, number>} tokens  engine estimate per tool definition
 * @property {'none' | 'prefix'} namespacing
 * @property {string[]} notes
 * @property {{name: string, code: string, message: string}[]} skipped
 * @property {number} ms
 */

export const state = {
  /** @type {ToolSearch | null} */
  ts: null,
  /** @type {import('tool-search-wasm').Session | null} */
  session: null,
  /** @type {Catalog | null} */
  catalog: null,
  contextWindow: 128_000,
  /** @type {Required<Pick<import('tool-search-wasm').GateConfig, 'enabled' | 'thresholdPct' | 'inlineMaxCount' | 'inlineMaxTokens' | 'activation'>>} */
  gate: { enabled: 'auto', thresholdPct: 10, inlineMaxCount: 0, inlineMaxTokens: 0, activation: 'stable' },
  /** Tools activated in the current session by a direct call (shown as "activated"). */
  activated: new Set(),
  /** @type {{id: string, label: string, detail: string, url: string}[]} */
  presets: [],
};

/** @type {Map<string, Set<() => void>>} */
const listeners = new Map();
/** Bumped whenever what assemble() returns may change (catalog, window, gate, pins, session). */
let planVersion = 0;
/** @type {{version: number, assembly: import('tool-search-wasm').Assembly} | null} */
let memo = null;

export const app = {
  state,
  /** @param {'catalog' | 'plan'} event @param {() => void} fn */
  on(event, fn) {
    if (!listeners.has(event)) listeners.set(event, new Set());
    listeners.get(event)?.add(fn);
  },
  /** @param {'catalog' | 'plan'} event */
  emit(event) {
    if (event === 'catalog' || event === 'plan') planVersion++;
    for (const fn of listeners.get(event) ?? []) fn();
  },
  /** The engine configuration in force. @returns {import('tool-search-wasm').ToolSearchConfig} */
  config() {
    return { namespacing: state.catalog?.namespacing ?? 'none', gate: { ...state.gate } };
  },
  /** @param {Partial<typeof state.gate>} patch */
  setGate(patch) {
    Object.assign(state.gate, patch);
    state.ts?.configure(app.config());
    app.emit('plan');
  },
  /** @param {number} n */
  setWindow(n) {
    state.contextWindow = n;
    app.emit('plan');
  },
  /** What the model sees this turn in the current session (memoised until the plan changes). */
  assemble() {
    if (!state.session) throw new Error('no catalog');
    if (!memo || memo.version !== planVersion) {
      memo = { version: planVersion, assembly: state.session.assemble({ contextWindow: state.contextWindow }) };
    }
    return memo.assembly;
  },
  /** Replaces the session (the bridge view does, after each played turn). @param {import('tool-search-wasm').Session} session @param {Iterable<string>} activated */
  adoptSession(session, activated) {
    if (state.session && state.session !== session) state.session.close();
    state.session = session;
    state.activated = new Set(activated);
    app.emit('plan');
  },
  /** @param {string} name @param {boolean} on */
  pin(name, on) {
    state.ts?.pin(name, on);
    refreshRecords();
    app.emit('plan');
  },
  /** @param {string} server @param {boolean} on */
  pinServer(server, on) {
    state.ts?.pinServer(server, on);
    refreshRecords();
    app.emit('plan');
  },
  showError,
  clearError,
};

/** Pins live in the engine: re-read the records after changing them. */
function refreshRecords() {
  if (state.ts && state.catalog) state.catalog.records = state.ts.tools();
}

// ---- catalog loading ------------------------------------------------------------------------

/**
 * Loads a catalog. On failure the previous one stays and the error is shown.
 * @param {{id: string, label: string, text?: string, url?: string}} source
 */
async function loadCatalog(source) {
  const select = /** @type {HTMLSelectElement} */ ($('catalog-select'));
  const previous = state.catalog;
  setStatus(`Loading ${source.label}…`);
  try {
    let text = source.text;
    if (text === undefined) {
      const response = await fetch(/** @type {string} */ (source.url));
      if (!response.ok) throw new ToolSearchError('NOT_FOUND', `${source.url}: HTTP ${response.status}`);
      text = await response.text();
    }
    const document = parseCatalogText(text);
    const strict = /** @type {HTMLInputElement} */ ($('strict')).checked;
    const loaded = await buildEngine(document, { strict, gate: { ...state.gate } });
    const config = { namespacing: loaded.namespacing, gate: { ...state.gate } };
    const tokens = toolTokens(loaded.ts);

    state.session?.close();
    state.ts?.dispose();
    state.ts = loaded.ts;
    state.session = loaded.ts.session();
    state.activated = new Set();
    state.catalog = {
      id: source.id,
      label: source.label,
      records: loaded.ts.tools(),
      tokens,
      namespacing: loaded.namespacing,
      notes: loaded.notes,
      skipped: loaded.skipped,
      ms: loaded.ms,
    };
    clearError();
    if (loaded.skipped.length > 0) showSkipped(loaded.skipped);
    syncSelect(source);
    app.emit('catalog');
    app.emit('plan');
    setStatus(statusLine());
    $('versions').textContent = `Engine core ${loaded.ts.coreVersion}.`;
  } catch (error) {
    showError(error, previous);
    if (previous) {
      select.value = previous.id;
      setStatus(statusLine());
    } else {
      setStatus('No catalog loaded.');
    }
  }
}

function statusLine() {
  const c = state.catalog;
  const ts = state.ts;
  if (!c || !ts) return '';
  const sources = new Set(c.records.filter((r) => r.class !== 'core').map((r) => r.source)).size;
  return `${c.label}: ${int(ts.size)} tools from ${int(sources)} source${sources === 1 ? '' : 's'}, ready in ${millis(c.ms)}. Fingerprint ${ts.fingerprint}.`;
}

/** @param {string} text */
function setStatus(text) {
  $('status').textContent = text;
}

/** @param {{id: string, label: string}} source */
function syncSelect(source) {
  const select = /** @type {HTMLSelectElement} */ ($('catalog-select'));
  let custom = /** @type {HTMLOptionElement | null} */ (select.querySelector('option[value="custom"]'));
  if (source.id === 'custom') {
    if (!custom) {
      custom = /** @type {HTMLOptionElement} */ (h('option', { value: 'custom' }));
      select.append(custom);
    }
    custom.textContent = source.label;
  } else {
    custom?.remove();
  }
  select.value = source.id;
}

/**
 * Shows an error: a ToolSearchError's code and message, and what is still loaded.
 * @param {unknown} error
 * @param {Catalog | null} [kept]
 */
function showError(error, kept = state.catalog) {
  const alert = $('alert');
  const e = /** @type {any} */ (error);
  const code = e instanceof ToolSearchError ? e.code : e?.name ?? 'Error';
  const message = String(e?.message ?? e).replace(/^tool-search: /, '');
  alert.className = 'alert error';
  fill(
    alert,
    h('div', { class: 'alert-body' },
      h('strong', { class: 'alert-title' }, 'Could not load that catalog'),
      h('p', null, h('code', { class: 'err-code' }, code), ' ', h('span', { class: 'err-message' }, message)),
      kept ? h('p', { class: 'kept' }, `Still loaded: ${kept.label} (${int(kept.records.length)} tools).`) : null,
    ),
    h('button', { type: 'button', class: 'icon-button', 'aria-label': 'Dismiss', onclick: clearError }, '×'),
  );
  alert.hidden = false;
}

/** @param {{name: string, code: string, message: string}[]} skipped */
function showSkipped(skipped) {
  const alert = $('alert');
  alert.className = 'alert warn';
  fill(
    alert,
    h('div', { class: 'alert-body' },
      h('strong', { class: 'alert-title' }, `Left out ${skipped.length} invalid tool${skipped.length === 1 ? '' : 's'} (tick “strict” to reject the whole file instead)`),
      h('ul', null, skipped.slice(0, 5).map((s) => h('li', null, h('code', { class: 'err-code' }, s.code), ' ', s.message))),
      skipped.length > 5 ? h('p', null, `…and ${skipped.length - 5} more.`) : null,
    ),
    h('button', { type: 'button', class: 'icon-button', 'aria-label': 'Dismiss', onclick: clearError }, '×'),
  );
  alert.hidden = false;
}

function clearError() {
  $('alert').hidden = true;
  $('alert').replaceChildren();
}

function wireLoader() {
  const select = /** @type {HTMLSelectElement} */ ($('catalog-select'));
  select.addEventListener('change', () => {
    const preset = state.presets.find((p) => p.id === select.value);
    if (preset) loadCatalog(preset);
  });
  const input = /** @type {HTMLInputElement} */ ($('file-input'));
  $('file-button').addEventListener('click', () => input.click());
  input.addEventListener('change', async () => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    if (file.size > 64 * 1024 * 1024) {
      showError(new ToolSearchError('TOO_LARGE', `${file.name} is ${int(file.size / 1024 / 1024)} MB; the demo takes files up to 64 MB`));
      return;
    }
    loadCatalog({ id: 'custom', label: `File: ${file.name}`, text: await file.text() });
  });
  const dialog = /** @type {HTMLDialogElement} */ ($('paste-dialog'));
  const area = /** @type {HTMLTextAreaElement} */ ($('paste-text'));
  $('paste-button').addEventListener('click', () => {
    dialog.returnValue = '';
    dialog.showModal();
    area.focus();
  });
  dialog.addEventListener('close', () => {
    if (dialog.returnValue === 'load' && area.value.trim() !== '') {
      loadCatalog({ id: 'custom', label: 'Pasted catalog', text: area.value });
    }
  });
  $('loader').addEventListener('submit', (e) => e.preventDefault());
}

// ---- tabs -----------------------------------------------------------------------------------

const VIEWS = ['catalog', 'search', 'bridge'];

function wireTabs() {
  const select = tablist($('tabs'), (id) => show(id, true));
  /** @param {string} id @param {boolean} [push] */
  function show(id, push = false) {
    if (!VIEWS.includes(id)) id = 'catalog';
    select(id);
    for (const v of VIEWS) $(`panel-${v}`).hidden = v !== id;
    document.body.dataset.view = id;
    if (push && location.hash !== `#${id}`) history.replaceState(null, '', `#${id}`);
  }
  window.addEventListener('hashchange', () => show(location.hash.slice(1)));
  show(location.hash.slice(1) || 'catalog');
}

// ---- start ----------------------------------------------------------------------------------

async function main() {
  wireLoader();
  catalogView(app, $('panel-catalog'));
  searchView(app, $('panel-search'));
  bridgeView(app, $('panel-bridge'));
  wireTabs();

  try {
    const response = await fetch('catalogs.json');
    state.presets = response.ok ? await response.json() : [];
  } catch {
    state.presets = [];
  }
  if (state.presets.length === 0) {
    state.presets = [{ id: 'official', label: 'Official MCP servers', detail: '', url: 'pkg/catalogs/official-mcp.json' }];
  }
  const select = /** @type {HTMLSelectElement} */ ($('catalog-select'));
  fill(select, state.presets.map((p) => h('option', { value: p.id, title: p.detail }, p.label)));
  select.disabled = false;
  await loadCatalog(state.presets[0]);
  document.documentElement.dataset.ready = 'true';
}

main().catch((error) => {
  showError(error, null);
  setStatus('The demo could not start.');
});
