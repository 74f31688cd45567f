// The semantic and hybrid strategies' cost through the JS API (a benchmark, not a test):
//   1. the semantic leg over 10,000 tools x 384 dimensions, query vector given (the host's
//      query embedding excluded), against the keyword leg on the same engine;
//   2. static-table query embedding: a semantic search over a one-tool catalog, which is the
//      embedding plus one dot product plus the boundary (an upper bound of the embedding);
//   3. hybrid (static table) against keyword on Seal-Tools (4,076 tools, 1,354 queries).
// Means of per-query medians over rounds in which the compared calls take turns; compare
// ratios, not absolutes.
//
//   node bench/semantic.bench.mjs [--rounds 5] [--queries 300]

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { mean, timeRounds } from './peers.mjs';
import { requireData, SEAL } from '../scripts/shared-data.mjs';

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, queries: { type: 'string', default: '300' } } });
const ROUNDS = Number(args.rounds);
const DATA = requireData(SEAL);
const dist = new URL('../js/dist/', import.meta.url);
const { createToolSearch } = await import(new URL('index.node.js', dist).href);
const table = readFileSync(new URL('static-embeddings.tsse', dist));

const readJsonl = (file) => readFileSync(join(DATA, file), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const catalog = readJsonl('catalog.jsonl').map((t) => ({ ...t, name: t.name.replace(/\s+/g, '_') }));
const queries = readJsonl('queries-test.jsonl').slice(0, Number(args.queries)).map((q) => q.query);

/**
 * Mean per-query microseconds of each of `fns` (called as fn(i), i < n): each query's median
 * over ROUNDS rounds, the functions taking turns within each round (peers.mjs timeRounds, as
 * the search bench), so that the machine's drift falls on all of them alike.
 * @param {number} n @param {...(i: number) => unknown[]} fns
 */
function time(n, ...fns) {
  const indexes = Array.from({ length: n }, (_, i) => i);
  return timeRounds(fns.map((search) => ({ search })), indexes, ROUNDS).map((perQuery) => mean(perQuery) * 1000);
}

// Deterministic pseudo-random unit-free vectors (a host's embeddings stand-in for timing only).
let seed = 1;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
const randomVector = (dims) => Float32Array.from({ length: dims }, rand);

// ---- 1. semantic leg, 10,000 x 384 -----------------------------------------------------------
const DIMS = 384;
const big = [];
for (let r = 0; big.length < 10_000; r++) for (const t of catalog) if (big.length < 10_000) big.push({ ...t, name: r ? `${t.name}__r${r}` : t.name });
const vectorsByText = new Map();
const host = { id: 'bench-random', dimensions: DIMS, embed: async (texts) => texts.map((t) => vectorsByText.get(t) ?? vectorsByText.set(t, randomVector(DIMS)).get(t)) };
const ts = await createToolSearch({ embedder: host, config: { gate: { maxSearchLimit: 10 } } });
ts.add(big);
let t0 = performance.now();
await ts.embedTools();
const storeMs = performance.now() - t0;
const qv = queries.map(() => Array.from(randomVector(DIMS)));
const qvTyped = qv.map((v) => Float32Array.from(v));
ts.search(queries[0], { strategy: 'semantic', vector: qv[0], limit: 10 }); // builds the aligned index
ts.search(queries[0], { limit: 10 });
const [semanticUs, keywordBigUs] = time(
  queries.length,
  (i) => ts.search(queries[i], { strategy: 'semantic', vector: qvTyped[i], limit: 10 }),
  (i) => ts.search(queries[i], { limit: 10 }),
);
ts.dispose();

// ---- 2. static-table query embedding ---------------------------------------------------------
const one = await createToolSearch();
one.add({ name: 'read_file', description: 'Read a file' });
one.loadStaticTable(table);
one.search('warm up', { strategy: 'semantic' });
const [staticEmbedUs, boundaryUs] = time(
  queries.length,
  (i) => one.search(queries[i], { strategy: 'semantic', limit: 1 }),
  (i) => one.search(queries[i], { limit: 1 }),
);
one.dispose();

// ---- 3. hybrid (static table) against keyword on Seal-Tools --------------------------------
const seal = await createToolSearch();
seal.add(catalog);
seal.loadStaticTable(table);
seal.search(queries[0], { strategy: 'hybrid' });
const [keywordUs, hybridUs] = time(
  queries.length,
  (i) => seal.search(queries[i], { limit: 10 }),
  (i) => seal.search(queries[i], { strategy: 'hybrid', limit: 10 }),
);
seal.dispose();

const f = (x) => x.toFixed(1);
console.log(`semantic leg, 10,000 tools x ${DIMS} dims, query vector given: ${f(semanticUs)} us/query (keyword on the same engine ${f(keywordBigUs)} us; storing 10,000 vectors took ${storeMs.toFixed(0)} ms)`);
console.log(`static-table semantic search over one tool (embedding + boundary): ${f(staticEmbedUs)} us/query; a keyword search over the same tool: ${f(boundaryUs)} us`);
console.log(`Seal-Tools (${catalog.length} tools, ${queries.length} queries): keyword ${f(keywordUs)} us, hybrid with the static table ${f(hybridUs)} us, ratio ${(hybridUs / keywordUs).toFixed(2)}x`);
