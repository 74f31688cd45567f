// Search throughput over 10,000 tools through the JS API, side by side with the JS search
// libraries people would otherwise use (MiniSearch, Orama, FlexSearch, wink-bm25-text-search),
// in one run with the same queries, plus recall@5/@10 of each on the real 4,076-tool catalog.
//
//   node bench/search.bench.mjs [--rounds 3] [--time-queries 100] [--queries 1354] [--size 10000]
//
// Data: ../shared/data/seal_tools (Seal-Tools, Apache-2.0): catalog.jsonl (4,076 tools) and
// queries-test.jsonl (1,354 queries with gold tool names). The 10,000-tool index is the catalog
// replicated with suffixed names (`name__r1`, ...).
//
// Fairness: every library indexes the same text per tool: the name split into words
// (camelCase/snake_case -> words, since their tokenizers do not split identifiers), the
// description, and the parameter names and descriptions; every library returns its top 10 for
// the query as given. Times are medians over interleaved rounds (each round runs every library
// over all queries), so machine drift hits all libraries alike; compare ratios, not absolutes.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import { create as oramaCreate, insertMultiple as oramaInsertMultiple, search as oramaSearch } from '@orama/orama';
import FlexSearch from 'flexsearch';
import MiniSearch from 'minisearch';
import winkBm25 from 'wink-bm25-text-search';
import nlp from 'wink-nlp-utils';

import { jsDir, resolveExport } from '../tests/js/support/packed.mjs';

const DATA = process.env.SEAL_TOOLS_DIR || fileURLToPath(new URL('../../shared/data/seal_tools', import.meta.url));
const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    'time-queries': { type: 'string', default: '100' },
    queries: { type: 'string' },
    size: { type: 'string', default: '10000' },
  },
});
const ROUNDS = Number(args.rounds);
const TARGET = Number(args.size);
const K = 10;

// ---- data ------------------------------------------------------------------------------------

const readJsonl = (file) => readFileSync(join(DATA, file), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
// One Seal-Tools name has spaces ("requestFirst Aid Assistance"), which tool names may not;
// it is renamed the same way in the catalog and in the gold lists, for every library.
const safeName = (name) => name.replace(/\s+/g, '_');
const catalog = readJsonl('catalog.jsonl').map((t) => ({ ...t, name: safeName(t.name) }));
let queries = readJsonl('queries-test.jsonl').map((q) => ({ ...q, gold: [...new Set(q.gold.map(safeName))] }));
if (args.queries) queries = queries.slice(0, Number(args.queries));
const queryTexts = queries.map((q) => q.query);
// Timed queries: an even sample across the test set (some libraries take tens of ms a query).
const step = Math.max(1, Math.floor(queryTexts.length / Number(args['time-queries'])));
const timedTexts = queryTexts.filter((_, i) => i % step === 0).slice(0, Number(args['time-queries']));

function replicate(tools, target) {
  const out = [...tools];
  for (let r = 1; out.length < target; r++) {
    for (const t of tools) {
      if (out.length >= target) break;
      out.push({ ...t, name: `${t.name}__r${r}` });
    }
  }
  return out;
}

const words = (name) =>
  name
    .replace(/__r\d+$/, '')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .toLowerCase();

function paramText(schema) {
  const props = schema && schema.properties ? schema.properties : {};
  return Object.entries(props)
    .map(([k, v]) => `${words(k)} ${v && typeof v.description === 'string' ? v.description : ''}`)
    .join(' ');
}

/** The same flat document for every JS library. */
const flatDocs = (tools) =>
  tools.map((t, i) => ({ id: String(i), nameWords: words(t.name), description: t.description ?? '', params: paramText(t.parameters) }));

// ---- the contenders --------------------------------------------------------------------------

async function ours(tools) {
  const manifest = JSON.parse(readFileSync(join(jsDir, 'package.json'), 'utf8'));
  const entry = resolveExport(manifest, '.', ['node', 'import']);
  const { createToolSearch } = await import(pathToFileURL(join(jsDir, entry)).href);
  const ts = await createToolSearch();
  ts.add(tools.map((t) => ({ name: t.name, description: t.description, parameters: t.parameters })));
  return { search: (q) => ts.search(q, { limit: K }).map((h) => h.name), dispose: () => ts.dispose() };
}

function minisearch(tools) {
  const docs = flatDocs(tools);
  const ms = new MiniSearch({ fields: ['nameWords', 'description', 'params'] });
  ms.addAll(docs);
  return { search: (q) => ms.search(q).slice(0, K).map((r) => tools[Number(r.id)].name) };
}

function orama(tools) {
  const docs = flatDocs(tools);
  const db = oramaCreate({ schema: { id: 'string', nameWords: 'string', description: 'string', params: 'string' } });
  oramaInsertMultiple(db, docs);
  const properties = ['nameWords', 'description', 'params'];
  return {
    search: (q) => {
      const result = oramaSearch(db, { term: q, properties, limit: K });
      if (typeof result.then === 'function') throw new Error('orama search returned a promise');
      return result.hits.map((h) => tools[Number(h.id)].name);
    },
  };
}

function flexsearch(tools) {
  const docs = flatDocs(tools);
  const index = new FlexSearch.Document({
    document: { id: 'id', index: ['nameWords', 'description', 'params'] },
    tokenize: 'strict',
  });
  for (const d of docs) index.add(d);
  // suggest: natural-language queries rarely have every term in one tool (AND would find nothing)
  return { search: (q) => index.search(q, { limit: K, suggest: true, merge: true }).slice(0, K).map((r) => tools[Number(r.id)].name) };
}

function wink(tools) {
  const docs = flatDocs(tools);
  const engine = winkBm25();
  engine.defineConfig({ fldWeights: { nameWords: 1, description: 1, params: 1 } });
  engine.definePrepTasks([nlp.string.lowerCase, nlp.string.tokenize0, nlp.tokens.removeWords, nlp.tokens.stem]);
  docs.forEach((d) => engine.addDoc(d, d.id));
  engine.consolidate();
  return { search: (q) => engine.search(q, K).map(([id]) => tools[Number(id)].name) };
}

const CONTENDERS = [
  ['tool-search-wasm', ours],
  ['minisearch', minisearch],
  ['@orama/orama', orama],
  ['flexsearch', flexsearch],
  ['wink-bm25-text-search', wink],
];

// ---- measuring -------------------------------------------------------------------------------

/** recall@k as js/src/metrics.js defines it: per query, the share of its gold tools in the top k; averaged. */
function recall(results, k) {
  let sum = 0;
  queries.forEach((q, i) => {
    const top = new Set(results[i].slice(0, k));
    sum += q.gold.filter((g) => top.has(g)).length / q.gold.length;
  });
  return sum / queries.length;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const big = replicate(catalog, TARGET);
  console.log(
    `search bench: ${big.length} tools (the ${catalog.length}-tool Seal-Tools catalog replicated), ` +
      `${timedTexts.length} timed queries, top ${K}, ${ROUNDS} interleaved rounds; recall over all ${queryTexts.length} ` +
      `test queries on the ${catalog.length}-tool catalog. Node ${process.version}\n`,
  );

  // Recall on the real catalog.
  const quality = {};
  const progress = (text) => process.stderr.write(`  ... ${text}\n`);
  for (const [name, make] of CONTENDERS) {
    progress(`recall: ${name}`);
    const engine = await make(catalog);
    const results = queryTexts.map((q) => engine.search(q));
    quality[name] = { r5: recall(results, 5), r10: recall(results, 10) };
    engine.dispose?.();
  }

  // Throughput on the 10,000-tool index.
  const engines = [];
  for (const [name, make] of CONTENDERS) {
    progress(`indexing ${big.length} tools: ${name}`);
    const t0 = performance.now();
    const engine = await make(big);
    const buildMs = performance.now() - t0;
    for (const q of queryTexts.slice(0, 50)) engine.search(q); // warm-up (JIT)
    engines.push({ name, engine, buildMs, times: [] });
  }
  for (let round = 0; round < ROUNDS; round++) {
    progress(`round ${round + 1}/${ROUNDS}`);
    for (const e of engines) {
      const t0 = performance.now();
      let sink = 0;
      for (const q of timedTexts) sink += e.engine.search(q).length;
      e.times.push(performance.now() - t0);
      if (sink === 0) throw new Error(`${e.name} found nothing`);
    }
  }
  const oursOps = (timedTexts.length / median(engines[0].times)) * 1000;
  const rows = engines.map((e) => {
    const ops = (timedTexts.length / median(e.times)) * 1000;
    return {
      library: e.name,
      'ops/s': Math.round(ops).toLocaleString('en'),
      'µs/query': ((1000 * median(e.times)) / timedTexts.length).toFixed(1),
      'ours ×': e === engines[0] ? '1.00' : (oursOps / ops).toFixed(2),
      'index build ms': e.buildMs.toFixed(0),
      'recall@5': quality[e.name].r5.toFixed(3),
      'recall@10': quality[e.name].r10.toFixed(3),
    };
  });
  console.table(rows);
  const fastest = engines.slice(1).reduce((a, b) => (median(a.times) < median(b.times) ? a : b));
  const best = Math.max(...engines.slice(1).map((e) => quality[e.name].r5));
  console.log(
    `\nours vs the fastest other library (${fastest.name}): ${(median(fastest.times) / median(engines[0].times)).toFixed(2)}× the ops/s ` +
      `(bar: >= 5×); recall@5 ${quality['tool-search-wasm'].r5.toFixed(3)} vs best other ${best.toFixed(3)}`,
  );
  for (const e of engines) e.engine.dispose?.();
}

await main();
