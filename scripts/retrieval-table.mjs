#!/usr/bin/env node
// The README's retrieval table: recall@5, recall@10 and nDCG@10 of every strategy the engine
// ships (keyword; semantic and hybrid with the Universal Sentence Encoder and with the static
// table), on seal_tools test and dev and metatool dev. Every ranking is the engine's own
// (js/dist, ts.search with a strategy), scored by the CLI's metrics, so
// `tool-search eval --strategy S --embedder E` gives the same figures (slower: it does not
// cache vectors). USE-lite vectors are cached in build/embed-cache/ (scripts/lib/embed-cache.mjs).
//
// Usage: node scripts/retrieval-table.mjs [--data ../shared/data] [--json FILE]
//          [--sweep]   also hybrid with other semantic weights, fixed and adaptive, and with RRF
//                      (the defaults are chosen on the two dev sets only; seal_tools test is
//                      never tuned on)

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { useLiteEmbedder } from '../js/src/embedders/use-lite.js';
import { cachedEmbedder } from './lib/embed-cache.mjs';
import { readJsonl } from './lib/keyword-leg.mjs';
import { DATA } from './shared-data.mjs';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: DATA },
    json: { type: 'string', default: 'build/retrieval-table.json' },
    sweep: { type: 'boolean', default: false },
  },
});

const { createToolSearch, toolsFromCatalog } = await import('../js/dist/index.node.js');
const { meanScores, scoreQuery } = await import('../js/dist/metrics.js');
const table = readFileSync(new URL('../js/dist/static-embeddings.tsse', import.meta.url));

const SETS = [
  { id: 'seal_tools test', dir: 'seal_tools', file: 'queries-test.jsonl' },
  { id: 'seal_tools dev', dir: 'seal_tools', file: 'queries-dev.jsonl' },
  { id: 'metatool dev', dir: 'metatool', file: 'queries-dev.jsonl' },
];
const log = (/** @type {string} */ m) => process.stderr.write(`${m}\n`);
const use = cachedEmbedder(useLiteEmbedder(), { progress: (d, t) => log(`  use-lite: ${d}/${t} new texts`) });

/**
 * One engine per set and leg: the catalog as the CLI loads it (invalid tools left out).
 * @param {any[]} catalog
 * @param {'none' | 'use-lite' | 'static'} leg
 */
async function engineFor(catalog, leg) {
  const ts = await createToolSearch(leg === 'use-lite' ? { embedder: use } : {});
  ts.add(toolsFromCatalog(catalog), { onInvalid: 'skip' });
  if (leg === 'static') ts.loadStaticTable(table);
  if (leg === 'use-lite') await ts.embedTools();
  return ts;
}

/** @type {Record<string, Record<string, any>>} */
const results = {};
const put = (/** @type {string} */ row, /** @type {string} */ set, /** @type {any} */ m) => ((results[row] ??= {})[set] = m);

for (const s of SETS) {
  const catalog = readJsonl(path.join(values.data, s.dir, 'catalog.jsonl'));
  const queries = readJsonl(path.join(values.data, s.dir, s.file));
  log(`${s.id}: ${catalog.length} tools, ${queries.length} queries`);
  const useVectors = await use.embed(queries.map((q) => q.query));
  for (const leg of /** @type {const} */ (['none', 'use-lite', 'static'])) {
    const ts = await engineFor(catalog, leg);
    try {
      // The static table's semantic weight is its own option (tableSemanticWeight, default 0.1).
      const weightKey = leg === 'static' ? 'tableSemanticWeight' : 'semanticWeight';
      /** @param {string} strategy @param {number} [weight]  the leg's semantic weight */
      const run = (strategy, weight) => {
        if (weight !== undefined) ts.configure({ retrieval: { [weightKey]: weight } });
        const scores = queries.map((q, i) => {
          const options = { strategy, limit: 10, ...(leg === 'use-lite' ? { vector: useVectors[i] } : {}) };
          const hits = ts.search(q.query, /** @type {any} */ (options));
          if (hits.degraded) throw new Error(`${strategy} degraded: ${hits.degraded}`);
          return scoreQuery(hits.map((h) => h.name), q.gold);
        });
        return meanScores(scores);
      };
      if (leg === 'none') {
        put('keyword', s.id, run('keyword'));
        continue;
      }
      put(`semantic (${leg})`, s.id, run('semantic'));
      put(`hybrid (${leg})`, s.id, run('hybrid'));
      // The same fusion with one semantic weight for every query (before round 36's default).
      ts.configure({ retrieval: { adaptiveWeight: false } });
      put(`hybrid (${leg}) adaptiveWeight false`, s.id, run('hybrid'));
      if (values.sweep) {
        for (const w of [0.05, 0.1, 0.2, 0.3, 0.4, 0.5]) put(`hybrid (${leg}) adaptiveWeight false, ${weightKey} ${w}`, s.id, run('hybrid', w));
        ts.configure({ retrieval: { adaptiveWeight: true } });
        for (const w of [0.05, 0.1, 0.2, 0.3, 0.4]) put(`hybrid (${leg}) ${weightKey} ${w}`, s.id, run('hybrid', w));
        ts.configure({ retrieval: { fusion: 'rrf', [weightKey]: 0.5 } });
        put(`hybrid (${leg}) fusion rrf, ${weightKey} 0.5`, s.id, run('hybrid'));
        ts.configure({ retrieval: { fusion: 'rrf', [weightKey]: 0.1 } });
        put(`hybrid (${leg}) fusion rrf, ${weightKey} 0.1`, s.id, run('hybrid'));
      }
    } finally {
      ts.dispose();
    }
  }
}

const f = (/** @type {number} */ x) => x.toFixed(3);
const lines = [`| strategy | ${SETS.map((s) => `${s.id} R@5 / R@10 / nDCG@10`).join(' | ')} |`, `| --- |${' --- |'.repeat(SETS.length)}`];
for (const [row, bySet] of Object.entries(results)) {
  lines.push(`| ${row} | ${SETS.map((s) => `${f(bySet[s.id].recall5)} / ${f(bySet[s.id].recall10)} / ${f(bySet[s.id].ndcg10)}`).join(' | ')} |`);
}
console.log(lines.join('\n'));
mkdirSync(path.dirname(values.json), { recursive: true });
writeFileSync(values.json, `${JSON.stringify(results, null, 1)}\n`);
