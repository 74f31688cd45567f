// Small DOM helpers shared by the views. No framework: elements are built with h() and
// replaced wholesale when their data changes.

/**
 * Creates an element. `attrs` keys: `class`, `text`, `html` (trusted markup only), `style`
 * (an object of CSS properties, custom properties included), `on<Event>` (listeners),
 * `dataset`; anything else becomes an attribute (false/null/undefined skip it).
 * @param {string} tag
 * @param {Record<string, any> | null} [attrs]
 * @param {...any} children  nodes, strings, numbers, arrays of those; null/false are skipped
 * @returns {HTMLElement}
 */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') el.className = value;
    else if (key === 'text') el.textContent = value;
    else if (key === 'html') el.innerHTML = value;
    else if (key === 'style') for (const [k, v] of Object.entries(value)) el.style.setProperty(k, String(v));
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2).toLowerCase(), value);
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

/** @param {Node} el @param {any[]} children */
function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : String(child));
  }
}

/** Replaces an element's children. @param {Element} el @param {...any} children */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/**
 * A decorative 24×24 SVG icon, hidden from assistive technology (the control beside it carries the words).
 * @param {string} markup  the SVG's inner elements, from this codebase only (set as HTML)
 * @param {string} [className]
 */
export function svgIcon(markup, className) {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  if (className) svg.setAttribute('class', className);
  svg.innerHTML = markup;
  return svg;
}

const integer = new Intl.NumberFormat('en');
/** 12345 -> "12,345". @param {number} n */
export const int = (n) => integer.format(Math.round(n));

/** A share in percent with sensible precision. @param {number} part @param {number} whole */
export function pct(part, whole) {
  if (!whole) return '0%';
  const p = (100 * part) / whole;
  if (p === 0) return '0%';
  if (p < 0.1) return '<0.1%';
  return `${p < 10 ? p.toFixed(1) : Math.round(p)}%`;
}

/** 128000 -> "128K", 1000000 -> "1M". @param {number} n */
export function windowLabel(n) {
  if (n >= 1_000_000) return `${n / 1_000_000}M`;
  return `${Math.round(n / 1000)}K`;
}

/** A latency in ms, honest about the clock's resolution. @param {number} ms */
export function millis(ms) {
  if (ms < 0.001) return '<0.001 ms';
  if (ms < 1) return `${ms.toFixed(3)} ms`;
  if (ms < 100) return `${ms.toFixed(1)} ms`;
  return `${Math.round(ms)} ms`;
}

/** A horizontal bar, `value` of `max`. @param {number} value @param {number} max @param {string} [kind] */
export function bar(value, max, kind = '') {
  const w = max > 0 ? Math.max(0, Math.min(100, (100 * value) / max)) : 0;
  return h('span', { class: `bar ${kind}`.trim(), 'aria-hidden': 'true' }, h('span', { style: { '--w': `${w.toFixed(2)}%` } }));
}

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** @param {string} s */
const escapeHtml = (s) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/**
 * Pretty JSON with syntax classes, as a <pre>. Large documents are cut (the copy button
 * still copies everything).
 * @param {unknown} value
 * @param {{maxChars?: number, label?: string}} [options]
 */
export function jsonBlock(value, { maxChars = 120_000, label } = {}) {
  const full = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  const shown = full.length > maxChars ? full.slice(0, maxChars) : full;
  const markup = escapeHtml(shown).replace(
    /(&quot;(?:\\.|(?!&quot;)[^\\])*&quot;)(\s*:)?|\b(true|false|null)\b|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g,
    (m, str, colon, lit, num) => {
      if (str) return colon ? `<span class="j-key">${str}</span>${colon}` : `<span class="j-str">${str}</span>`;
      if (lit) return `<span class="j-lit">${lit}</span>`;
      if (num) return `<span class="j-num">${num}</span>`;
      return m;
    },
  );
  const pre = h('pre', { class: 'json', tabindex: '0', 'aria-label': label ?? 'JSON' });
  pre.innerHTML = markup;
  const copy = h('button', {
    type: 'button',
    class: 'copy',
    text: 'Copy',
    onclick: async (/** @type {Event} */ e) => {
      const btn = /** @type {HTMLButtonElement} */ (e.currentTarget);
      try {
        await navigator.clipboard.writeText(full);
        btn.textContent = 'Copied';
      } catch {
        btn.textContent = 'Copy failed';
      }
      setTimeout(() => (btn.textContent = 'Copy'), 1200);
    },
  });
  return h(
    'div',
    { class: 'json-wrap' },
    copy,
    pre,
    full.length > maxChars ? h('p', { class: 'note', text: `Showing the first ${int(maxChars)} of ${int(full.length)} characters; Copy copies all of it.` }) : null,
  );
}

/** A badge. @param {string} kind @param {string} [text] @param {string} [title] */
export const badge = (kind, text = kind, title) => h('span', { class: `badge b-${kind}`, title }, text);

/** Debounces `fn` by `ms`; `.now()` runs it at once. @param {(...a: any[]) => void} fn @param {number} ms */
export function debounce(fn, ms) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const run = (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
  run.now = (...args) => {
    clearTimeout(timer);
    fn(...args);
  };
  return run;
}

/**
 * Wires a WAI-ARIA tablist: arrow keys, Home/End, roving tabindex. `onSelect(id)` is called
 * with the selected tab's data-id.
 * @param {HTMLElement} list
 * @param {(id: string) => void} onSelect
 */
export function tablist(list, onSelect) {
  const tabs = () => /** @type {HTMLElement[]} */ ([...list.querySelectorAll('[role="tab"]')]);
  list.addEventListener('click', (e) => {
    const tab = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (e.target).closest('[role="tab"]'));
    if (tab && list.contains(tab)) onSelect(/** @type {string} */ (tab.dataset.id));
  });
  list.addEventListener('keydown', (e) => {
    const all = tabs();
    const i = all.indexOf(/** @type {HTMLElement} */ (document.activeElement));
    if (i < 0) return;
    let j = i;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') j = (i + 1) % all.length;
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') j = (i - 1 + all.length) % all.length;
    else if (e.key === 'Home') j = 0;
    else if (e.key === 'End') j = all.length - 1;
    else return;
    e.preventDefault();
    all[j].focus();
    onSelect(/** @type {string} */ (all[j].dataset.id));
  });
  return (/** @type {string} */ id) => {
    for (const tab of tabs()) {
      const on = tab.dataset.id === id;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
    }
  };
}
