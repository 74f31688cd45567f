// Search view: the catalog searched as you type with a chosen strategy (keyword BM25, semantic or
// hybrid with the package's static table, regex), each hit explained: BM25 term by term, and
// for hybrid the rank and score of each leg.

import { sourceLabel } from '../catalog.js';
import { badge, bar, debounce, fill, h, int, millis, svgIcon } from '../ui.js';

/** Example queries per preset; the exact-name example is picked from the catalog. */
const EXAMPLES = {
  official: ['create an issue in a repository', 'take a screenshot of a web page', 'directions between two places', 'geocod'],
  seal: ['weather forecast for a city', 'translate text into another language', 'book a flight', 'analyzeEvid'],
};

const MATCH = {
  exact: ['exact', 'exact name', 'The query is this tool’s name (or its unprefixed MCP name): always ranked first'],
  substring: ['substring', 'substring fallback', 'BM25 found no positive hit, so names containing the text are returned (score 0)'],
  bm25: ['bm25', 'BM25', 'Ranked by BM25F over name, server, description and parameters'],
  semantic: ['semantic', 'semantic', 'Found by the semantic leg alone (cosine with the static table)'],
  regex: ['regex', 'regex', 'The pattern matches the name'],
};

/** Engines that have the static table loaded (it is fetched once per page). */
const withTable = new WeakSet();
/** @type {Promise<ArrayBuffer> | null} */
let tableBytes = null;

/**
 * Loads the package's static embedding table into `ts` (semantic and hybrid need it).
 * @param {import('tool-search-wasm').ToolSearch} ts
 */
async function ensureStaticTable(ts) {
  if (withTable.has(ts)) return;
  tableBytes ??= fetch('/pkg/dist/static-embeddings.tsse').then((r) => {
    if (!r.ok) throw new Error(`static table: HTTP ${r.status}`);
    return r.arrayBuffer();
  });
  ts.loadStaticTable(await tableBytes);
  withTable.add(ts);
}

/**
 * @param {typeof import('../app.js').app} app
 * @param {HTMLElement} root
 */
export function searchView(app, root) {
  const { state } = app;
  let seq = 0;

  const input = /** @type {HTMLInputElement} */ (
    h('input', {
      id: 'search-input',
      type: 'search',
      autocomplete: 'off',
      spellcheck: 'false',
      placeholder: 'What should the model be able to do?',
      'aria-describedby': 'search-meta',
      'aria-controls': 'hits',
    })
  );
  const limit = /** @type {HTMLSelectElement} */ (h('select', { id: 'search-limit', 'aria-label': 'Number of hits' }, [5, 10, 20].map((n) => h('option', { value: String(n) }, `${n} hits`))));
  const strategy = /** @type {HTMLSelectElement} */ (
    h('select', { id: 'search-strategy', 'aria-label': 'Retrieval strategy' },
      [['keyword', 'keyword (BM25)'], ['hybrid', 'hybrid (static table)'], ['semantic', 'semantic (static table)'], ['regex', 'regex on names']]
        .map(([value, label]) => h('option', { value }, label)))
  );
  const examples = h('div', { class: 'examples', 'aria-label': 'Example queries' });
  const meta = h('p', { class: 'search-meta', id: 'search-meta', 'aria-live': 'polite' });
  const hits = h('ol', { class: 'hits', id: 'hits' });

  fill(
    root,
    h('div', { class: 'search-head' },
      h('label', { class: 'searchbox' },
        h('span', { class: 'visually-hidden' }, 'Search the catalog'),
        svgIcon('<circle cx="11" cy="11" r="7"/><path d="m20 20-4-4"/>', 'search-icon'),
        input,
      ),
      strategy,
      limit,
    ),
    examples,
    meta,
    hits,
  );

  const run = debounce(search, 90);
  input.addEventListener('input', () => run());
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      run.now();
    } else if (e.key === 'ArrowDown') {
      const first = /** @type {HTMLElement | null} */ (hits.querySelector('.explain-toggle'));
      if (first) {
        e.preventDefault();
        first.focus();
      }
    }
  });
  hits.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const all = /** @type {HTMLElement[]} */ ([...hits.querySelectorAll('.explain-toggle')]);
    const i = all.indexOf(/** @type {HTMLElement} */ (document.activeElement));
    if (i < 0) return;
    e.preventDefault();
    if (e.key === 'ArrowUp' && i === 0) input.focus();
    else all[Math.max(0, Math.min(all.length - 1, i + (e.key === 'ArrowDown' ? 1 : -1)))].focus();
  });
  limit.addEventListener('change', () => run.now());
  strategy.addEventListener('change', () => run.now());
  document.addEventListener('keydown', (e) => {
    const target = /** @type {HTMLElement} */ (e.target);
    if (e.key === '/' && !/^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) && !root.hidden) {
      e.preventDefault();
      input.focus();
    }
  });

  let first = true;
  app.on('catalog', () => {
    renderExamples();
    if (first && input.value === '') input.value = examples.querySelector('.chip')?.textContent ?? '';
    first = false;
    run.now();
  });

  function renderExamples() {
    const c = state.catalog;
    if (!c) return;
    const list = [...(EXAMPLES[/** @type {keyof EXAMPLES} */ (c.id)] ?? [])];
    const exact = pickExactExample(c.records);
    if (exact) list.splice(Math.min(3, list.length), 0, exact);
    fill(
      examples,
      h('span', { class: 'examples-label' }, 'Try'),
      list.map((q) =>
        h('button', {
          type: 'button',
          class: 'chip',
          onclick: () => {
            input.value = q;
            run.now();
            input.focus();
          },
        }, q),
      ),
    );
  }

  async function search() {
    const ts = state.ts;
    if (!ts) return;
    const chosen = /** @type {'keyword' | 'semantic' | 'hybrid' | 'regex'} */ (strategy.value);
    const query = input.value.trim();
    const mine = ++seq;
    if (query === '') {
      meta.textContent = `Type to search ${int(ts.size)} tools. Press / to focus this box, ↓ to reach the results.`;
      fill(hits);
      hits.dataset.query = '';
      return;
    }
    let results;
    try {
      if (chosen === 'semantic' || chosen === 'hybrid') await ensureStaticTable(ts);
    } catch (error) {
      fill(meta, h('span', { class: 'err-inline' }, String(/** @type {any} */ (error)?.message ?? error)));
      return;
    }
    if (mine !== seq || ts !== state.ts) return;
    const started = performance.now();
    try {
      results = ts.search(query, { limit: Number(limit.value), strategy: chosen });
    } catch (error) {
      const e = /** @type {any} */ (error);
      fill(meta, h('span', { class: 'err-inline' }, h('code', null, e.code ?? 'Error'), ' ', e.message));
      fill(hits);
      return;
    }
    const ms = performance.now() - started;
    if (mine !== seq) return;
    const fallback = results.length > 0 && results.every((r) => r.match === 'substring');
    fill(
      meta,
      h('strong', null, `${results.length} hit${results.length === 1 ? '' : 's'}`),
      ` in `,
      h('span', { id: 'search-latency' }, millis(ms)),
      ` over ${int(ts.size)} tools, ${results.strategy}`,
      fallback ? ' · BM25 found nothing; these names contain the text' : '',
    );
    if (results.length === 0) {
      fill(hits, h('li', { class: 'empty' }, 'No tool matches: BM25 found no term in common and no name contains the text.'));
      hits.dataset.query = query;
      return;
    }
    const top = Math.max(...results.map((r) => r.score), 1e-9);
    fill(hits, results.map((hit, i) => hitItem(hit, i, top, query)));
    hits.dataset.query = query;
  }

  /**
   * @param {import('tool-search-wasm').SearchHit} hit
   * @param {number} i
   * @param {number} top
   * @param {string} query
   */
  function hitItem(hit, i, top, query) {
    const [kind, label, title] = MATCH[hit.match] ?? MATCH.bm25;
    const panelId = `explain-${i}`;
    const panel = h('div', { class: 'explain', id: panelId, hidden: true });
    const toggle = h('button', {
      type: 'button',
      class: 'explain-toggle',
      'aria-expanded': 'false',
      'aria-controls': panelId,
      onclick: () => {
        const open = toggle.getAttribute('aria-expanded') === 'true';
        toggle.setAttribute('aria-expanded', String(!open));
        toggle.textContent = open ? 'Explain score' : 'Hide explanation';
        panel.hidden = open;
        if (!open && !panel.firstChild) fill(panel, explanation(query, hit.name, /** @type {any} */ (strategy.value)));
      },
    }, 'Explain score');
    return h('li', { class: `hit m-${hit.match}`, 'data-name': hit.name },
      h('div', { class: 'hit-top' },
        h('span', { class: 'rank', 'aria-hidden': 'true' }, String(i + 1)),
        h('code', { class: 'hit-name' }, hit.name),
        hit.match === 'bm25' ? null : badge(kind, label, title),
        h('span', { class: 'source-chip', title: hit.source }, sourceLabel(hit)),
        h('span', { class: 'score', title: 'score' }, hit.score.toFixed(2)),
      ),
      hit.match === 'substring' ? null : bar(hit.score, top, hit.match === 'exact' ? 'accent' : ''),
      h('p', { class: 'hit-desc' }, hit.description || '(no description)'),
      h('div', { class: 'hit-foot' },
        hit.required.length
          ? h('span', { class: 'req' }, 'required: ', hit.required.map((r, j) => [j ? ', ' : '', h('code', null, r)]))
          : h('span', { class: 'req' }, 'no required parameters'),
        toggle,
      ),
      panel,
    );
  }

  /**
   * @param {string} query @param {string} name
   * @param {'keyword' | 'semantic' | 'hybrid' | 'regex'} chosen
   */
  function explanation(query, name, chosen) {
    const ts = state.ts;
    if (!ts) return null;
    let ex;
    try {
      ex = ts.explain(query, name, chosen === 'regex' ? {} : { strategy: chosen });
    } catch (error) {
      const e = /** @type {any} */ (error);
      return h('p', { class: 'err-inline' }, h('code', null, e.code ?? 'Error'), ' ', e.message);
    }
    const max = Math.max(...ex.terms.map((t) => t.score), 1e-9);
    const sum = ex.terms.reduce((s, t) => s + t.score, 0);
    const intro =
      ex.match === 'exact'
        ? h('p', { class: 'explain-note' }, badge('exact', 'exact name'), ' The query is this tool’s name, so it ranks first whatever the sum below.')
        : ex.match === 'substring'
          ? h('p', { class: 'explain-note' }, badge('substring', 'substring fallback'), ' No query term scored in BM25, so this tool was found because its name contains the text literally. There is no term to explain.')
          : null;
    /** @param {import('tool-search-wasm').SemanticLegRank | null} leg */
    const leg = (leg) =>
      !leg ? 'not in its top 50' : leg.rank === null ? `not ranked, score ${leg.score.toFixed(3)}` : `rank ${leg.rank}, score ${leg.score.toFixed(3)}`;
    const strategyLine =
      ex.strategy === 'keyword'
        ? null
        : h('p', { class: 'explain-note', id: 'explain-legs' },
            `${ex.strategy}: rank ${ex.rank ?? '–'}`,
            ex.strategyScore === undefined ? '' : `, score ${ex.strategyScore.toFixed(3)}`,
            ex.legs ? ` · keyword leg ${leg(ex.legs.keyword)} · semantic leg ${leg(ex.legs.semantic)}` : '',
            ex.strategy === 'hybrid' && ex.legs
              ? ` (fused: BM25 over the best BM25 + ${ex.legs.semanticWeight.toFixed(3)} × cosine, the weight this query got). The BM25 terms follow.`
              : '');
    return [
      intro,
      strategyLine,
      h('p', { class: 'tokens-line' }, 'Query tokens: ', ex.queryTokens.length ? ex.queryTokens.map((t) => h('code', { class: 'qtok' }, t)) : '(none)'),
      ex.terms.length
        ? h('div', { class: 'table-scroll' },
            h('table', { class: 'terms' },
              h('caption', { class: 'visually-hidden' }, `Score of ${name} for “${query}”, term by term`),
              h('thead', null, h('tr', null,
                h('th', { scope: 'col' }, 'term'),
                h('th', { scope: 'col' }, 'field'),
                h('th', { scope: 'col', class: 'n', title: 'inverse document frequency: rarer terms count more' }, 'idf'),
                h('th', { scope: 'col', class: 'n', title: 'term frequency in this field' }, 'tf'),
                h('th', { scope: 'col', class: 'n', title: 'field weight' }, 'weight'),
                h('th', { scope: 'col', class: 'n', title: 'length normalisation (b): above 1 for fields longer than average' }, 'length norm'),
                h('th', { scope: 'col', class: 'contrib' }, 'contribution'),
              )),
              h('tbody', null, ex.terms.map((t) =>
                h('tr', null,
                  h('td', { class: 'term' }, h('code', null, t.term)),
                  h('td', { class: 'field-name' }, t.field),
                  h('td', { class: 'n', 'data-label': 'idf' }, t.idf.toFixed(2)),
                  h('td', { class: 'n', 'data-label': 'tf' }, String(t.tf)),
                  h('td', { class: 'n', 'data-label': 'weight' }, String(t.weight)),
                  h('td', { class: 'n', 'data-label': 'norm' }, t.lengthNorm.toFixed(2)),
                  h('td', { class: 'contrib' }, h('div', { class: 'cell' }, bar(t.score, max), h('span', { class: 'num' }, t.score.toFixed(3)))),
                ),
              )),
              h('tfoot', null, h('tr', null,
                h('th', { scope: 'row', colspan: '6' }, 'score'),
                h('td', { class: 'contrib' }, h('div', { class: 'cell' }, h('span'), h('span', { class: 'num total' }, sum.toFixed(3)))),
              )),
            ),
          )
        : null,
      ex.terms.length
        ? h('p', { class: 'fine' }, 'BM25F: each term’s frequencies are weighted and length-normalised per field, summed, saturated by k1 and scaled by idf; the contribution column splits that term score across its fields.')
        : null,
    ];
  }
}

/** A tool name to show exact-name ranking: a deferrable tool from the middle of the catalog. @param {any[]} records */
function pickExactExample(records) {
  const deferrable = records.filter((r) => r.class !== 'core');
  if (deferrable.length === 0) return null;
  const preferred = deferrable.find((r) => /get_issue$/.test(r.name));
  return (preferred ?? deferrable[Math.floor(deferrable.length / 2)]).name;
}
