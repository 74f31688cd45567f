// What an agent's first searches cost: in fresh `node` processes, each engine is built over the
// built-in catalog (the search bench's MCP shape) and made ready with one search outside the set
// (ours builds its index on first use; that time is reported apart), then the short model-style
// queries are run once each, in order, and timed in three stretches:
//   - the first 20 searches of the process (V8 has compiled little of the engine yet),
//   - the searches after the 20th (the rest of the set, once),
//   - a warm pass, after 30 more passes over the set.
// An agent makes a handful of searches per process, so the first stretch is what it sees; the
// search bench (bench/search.bench.mjs) times the second regime, and a tight loop the third.
// Ours and every peer in its fastest ordinary configuration (bench/peers.mjs, PEERS `fast`).
//
//   node bench/first-searches.bench.mjs [--runs 7] [--json]
//
// Each figure is the mean µs a search over its stretch, and the table shows the median over
// --runs processes per engine (the engines' processes alternate, so machine drift hits them alike).

import { parseArgs } from 'node:util';

import { PEERS, median, printRows, runFresh } from './peers.mjs';

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '7' }, json: { type: 'boolean', default: false } },
});
const RUNS = Number(args.runs);

const ENGINES = [{ name: 'tool-search-wasm', make: 'ours' }, ...PEERS.map((p) => ({ name: `${p.library} (fast)`, make: p.library }))];

/** The child: builds one engine over the MCP shape and prints the three stretches' means (µs). */
const child = (library) => `
const peers = await import(${JSON.stringify(new URL('./peers.mjs', import.meta.url).href)});
const shape = peers.mcpShape();
const make = ${JSON.stringify(library)} === 'ours' ? peers.ours : peers.PEERS.find((p) => p.library === ${JSON.stringify(library)}).fast.make;
const t0 = performance.now();
const engine = await make(shape.tools);
// One search outside the set, so the engine is ready: ours builds its index on first use.
engine.search('ready');
const ready = performance.now() - t0;
const queries = shape.queries.map((q) => q.query);
let sink = 0;
const stretch = (list) => {
  const t0 = performance.now();
  for (const q of list) sink += engine.search(q).length;
  return ((performance.now() - t0) * 1000) / list.length;
};
const first = stretch(queries.slice(0, 20));
const rest = stretch(queries.slice(20));
for (let r = 0; r < 30; r++) stretch(queries);
const warm = stretch(queries);
if (sink < 0) throw new Error('unreachable');
console.log(JSON.stringify({ ready, first, rest, warm, queries: queries.length }));
`;

const samples = ENGINES.map(() => []);
for (let run = 0; run < RUNS; run++) ENGINES.forEach((e, i) => samples[i].push(runFresh(child(e.make))));

// The set's size, as the children read it (the parent does not load the shape itself).
const QUERIES = samples[0][0].queries;
const rows = ENGINES.map((e, i) => ({
  engine: e.name,
  'build + 1 search ms': median(samples[i].map((s) => s.ready)),
  'first 20 µs': median(samples[i].map((s) => s.first)),
  [`next ${QUERIES - 20} µs`]: median(samples[i].map((s) => s.rest)),
  'warm µs': median(samples[i].map((s) => s.warm)),
}));
if (args.json) {
  console.log(JSON.stringify({ node: process.version, runs: RUNS, rows }, null, 2));
} else {
  console.log(`first searches over the built-in catalog (${QUERIES} short queries), median of ${RUNS} fresh processes each, Node ${process.version}`);
  printRows(rows);
}
