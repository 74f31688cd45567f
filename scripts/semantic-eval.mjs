#!/usr/bin/env node
// Measures the semantic leg (USE-lite, and the distilled static table when present) alone and
// fused with the engine's keyword leg, on seal_tools dev + test and metatool dev. Fusion
// parameters are chosen on the two dev sets only (mean recall@5); test is reported, never tuned.
//
// Usage: node scripts/semantic-eval.mjs [--data ../shared/data] [--static FILE] [--json FILE]
// Needs js/dist (node js/scripts/build.mjs). Vectors are cached in build/embed-cache/.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { useLiteEmbedder } from '../js/src/embedders/use-lite.js';
import { cosines, topK } from './lib/brute-force.mjs';
import { cachedEmbedder } from './lib/embed-cache.mjs';
import { convex, rrf } from './lib/fusion.mjs';
import { keywordRuns, readJsonl } from './lib/keyword-leg.mjs';
import { meanSlotScores } from './lib/slot-metrics.mjs';
import { loadStaticTable } from './lib/static-table.mjs';
import { toolText } from './lib/tool-text.mjs';
import { DATA } from './shared-data.mjs';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: DATA },
    static: { type: 'string', default: 'js/assets/static-embeddings.tsse' },
    json: { type: 'string', default: 'build/semantic-eval/results.json' },
  },
});

const DEPTH = 50;
const SETS = [
  { id: 'seal-dev', dir: 'seal_tools', file: 'queries-dev.jsonl', dev: true },
  { id: 'seal-test', dir: 'seal_tools', file: 'queries-test.jsonl', dev: false },
  { id: 'metatool-dev', dir: 'metatool', file: 'queries-dev.jsonl', dev: true },
];
const RRF_WEIGHTS = [0.2, 0.3, 0.4, 0.6, 0.7, 0.8]; // semantic weight; keyword = 1 - it
const ALPHAS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]; // keyword weight in the convex mix

const log = (/** @type {string} */ m) => process.stderr.write(`${m}\n`);

// ---- data and legs ----------------------------------------------------------------------------
const catalogs = new Map();
for (const s of SETS) {
  if (!catalogs.has(s.dir)) catalogs.set(s.dir, readJsonl(path.join(values.data, s.dir, 'catalog.jsonl')));
  s.catalog = catalogs.get(s.dir);
  s.queries = readJsonl(path.join(values.data, s.dir, s.file));
  s.names = s.catalog.map((t) => t.name);
  log(`${s.id}: ${s.catalog.length} tools, ${s.queries.length} queries; keyword leg...`);
  s.keyword = await keywordRuns(s.catalog, s.queries.map((q) => q.query), DEPTH);
}

/** Semantic legs: id -> {embedTools(set, params), embedQueries(set)}. */
const legs = [];
const use = cachedEmbedder(useLiteEmbedder(), {
  progress: (done, todo) => log(`  use-lite: embedded ${done}/${todo} new texts`),
});
legs.push({ id: 'use-lite', embed: (/** @type {string[]} */ texts) => use.embed(texts) });
if (existsSync(values.static)) {
  const table = loadStaticTable(readFileSync(values.static));
  log(`static table ${values.static}: ${table.count} words x ${table.dims} dims`);
  legs.push({ id: 'static', embed: async (/** @type {string[]} */ texts) => texts.map((t) => table.embed(t)) });
}

// ---- evaluation -------------------------------------------------------------------------------
/** results[leg][method][set] = {recall5, recall10, ndcg10} */
const results = {};
const score = (/** @type {any} */ set, /** @type {string[][]} */ rankings) => meanSlotScores(rankings, set.queries);
const names = (/** @type {{name: string}[]} */ hits) => hits.map((h) => h.name);

for (const leg of legs) {
  const r = (results[leg.id] = {});
  const put = (/** @type {string} */ method, /** @type {string} */ set, /** @type {any} */ m) => ((r[method] ??= {})[set] = m);
  for (const s of SETS) {
    put('keyword', s.id, score(s, s.keyword.map(names)));
    const queryVectors = await leg.embed(s.queries.map((q) => q.query));
    for (const params of [false, true]) {
      const toolVectors = await leg.embed(s.catalog.map((t) => toolText(t, { params })));
      const all = queryVectors.map((q) => cosines(q, toolVectors));
      const semantic = all.map((c) => topK(c, s.names, DEPTH));
      const tag = params ? '+params' : '';
      put(`semantic${tag}`, s.id, score(s, semantic.map(names)));
      put(`rrf k=60${tag}`, s.id, score(s, semantic.map((sem, i) => rrf(s.keyword[i], sem))));
      for (const w of RRF_WEIGHTS) {
        put(`rrf k=60 w_sem=${w}${tag}`, s.id, score(s, semantic.map((sem, i) => rrf(s.keyword[i], sem, { wKeyword: 1 - w, wSemantic: w }))));
      }
      const index = new Map(s.names.map((n, j) => [n, j]));
      for (const a of ALPHAS) {
        put(`convex a=${a}${tag}`, s.id, score(s, semantic.map((sem, i) => convex(s.keyword[i], sem, (n) => all[i][index.get(n)], a))));
      }
    }
    log(`${leg.id} ${s.id}: done`);
  }
}

// ---- choose on dev, print -------------------------------------------------------------------
const devMean = (/** @type {Record<string, any>} */ bySet) =>
  SETS.filter((s) => s.dev).reduce((sum, s) => sum + bySet[s.id].recall5, 0) / SETS.filter((s) => s.dev).length;
const best = (/** @type {Record<string, any>} */ r, /** @type {RegExp} */ family) =>
  Object.keys(r).filter((m) => family.test(m)).sort((a, b) => devMean(r[b]) - devMean(r[a]))[0];

const fmt = (/** @type {number} */ x) => x.toFixed(3);
const lines = [];
lines.push(`| leg | method | ${SETS.map((s) => `${s.id} R@5 | R@10 | nDCG@10`).join(' | ')} | dev mean R@5 |`);
lines.push(`|${' --- |'.repeat(3 + SETS.length * 3)}`);
const chosen = {};
for (const leg of legs) {
  const r = results[leg.id];
  const params = best(r, /^semantic/).includes('+params') ? '+params' : '';
  const picks = [
    'keyword',
    'semantic',
    'semantic+params',
    `rrf k=60${params}`,
    best(r, new RegExp(`^rrf k=60 w_sem=[0-9.]+${params.replace('+', '\\+')}$`)),
    `convex a=0.3${params}`,
    best(r, new RegExp(`^convex a=[0-9.]+${params.replace('+', '\\+')}$`)),
  ];
  chosen[leg.id] = { toolText: params ? 'name + description + parameters' : 'name + description', picks };
  for (const m of [...new Set(picks)]) {
    lines.push(`| ${leg.id} | ${m} | ${SETS.map((s) => [r[m][s.id].recall5, r[m][s.id].recall10, r[m][s.id].ndcg10].map(fmt).join(' | ')).join(' | ')} | ${fmt(devMean(r[m]))} |`);
  }
}
console.log(lines.join('\n'));
mkdirSync(path.dirname(values.json), { recursive: true });
writeFileSync(values.json, `${JSON.stringify({ sets: SETS.map((s) => s.id), chosen, results }, null, 1)}\n`);
log(`all variants written to ${values.json}`);
