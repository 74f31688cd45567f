#!/usr/bin/env node
// How often hybrid's keyword leg settles a query alone, and what the hybrid depth buys: for
// seal_tools dev and metatool dev, with the static table and with USE-lite (vectors cached in
// build/embed-cache), the share of queries the engine answered without ranking the catalog by
// cosine (no hit has a semantic rank: its tenth hit fused above the query's semantic weight,
// so no tool outside the keyword list could reach the results, README "Semantic and hybrid
// speed"), and recall@5 / recall@10 / nDCG@10 at depths 10, 20, 50 and 100.
//
// Usage: node scripts/hybrid-depth.mjs [--data ../shared/data]

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { useLiteEmbedder } from '../js/src/embedders/use-lite.js';
import { cachedEmbedder } from './lib/embed-cache.mjs';
import { readJsonl } from './lib/keyword-leg.mjs';
import { DATA } from './shared-data.mjs';

const { values } = parseArgs({ options: { data: { type: 'string', default: DATA } } });
const { createToolSearch, toolsFromCatalog } = await import('../js/dist/index.node.js');
const { meanScores, scoreQuery } = await import('../js/dist/metrics.js');
const table = readFileSync(new URL('../js/dist/static-embeddings.tsse', import.meta.url));
const use = cachedEmbedder(useLiteEmbedder(), {});
const f = (/** @type {number} */ x) => x.toFixed(4);

for (const dir of ['seal_tools', 'metatool']) {
  const catalog = readJsonl(path.join(values.data, dir, 'catalog.jsonl'));
  const queries = readJsonl(path.join(values.data, dir, 'queries-dev.jsonl'));
  const vectors = await use.embed(queries.map((q) => q.query));
  for (const leg of ['static', 'use-lite']) {
    const ts = await createToolSearch(leg === 'use-lite' ? { embedder: use } : {});
    try {
      ts.add(toolsFromCatalog(catalog), { onInvalid: 'skip' });
      if (leg === 'static') ts.loadStaticTable(table);
      else await ts.embedTools();
      const search = (/** @type {any} */ q, /** @type {number} */ i) =>
        ts.search(q.query, /** @type {any} */ ({ strategy: 'hybrid', limit: 10, ...(leg === 'use-lite' ? { vector: vectors[i] } : {}) }));
      const row = [];
      for (const depth of [10, 20, 50, 100]) {
        ts.configure({ retrieval: { depth } });
        let settled = 0;
        const m = meanScores(
          queries.map((q, i) => {
            const hits = search(q, i);
            if (depth === 50 && hits.every((h) => h.legs?.semantic?.rank === null)) settled++;
            return scoreQuery(hits.map((h) => h.name), q.gold);
          }),
        );
        if (depth === 50) row.unshift(`settled by the keyword leg: ${f(settled / queries.length)}`);
        row.push(`depth ${depth} ${f(m.recall5)}/${f(m.recall10)}/${f(m.ndcg10)}`);
      }
      console.log(`${dir} dev, ${leg}: ${row.join('  ')}`);
    } finally {
      ts.dispose();
    }
  }
}
