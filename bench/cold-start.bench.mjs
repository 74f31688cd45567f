// Cold start in Node: the median over fresh `node` processes of importing the package entry and
// `await createToolSearch()` (an engine ready for tools), of that plus adding one tool and the
// first search (the process's first index build), and, in the same run, of importing
// FlexSearch and MiniSearch, for context (they have no wasm to instantiate).
//
//   node bench/cold-start.bench.mjs [--runs 20] [--json] [--baseline DIR]
//
// --baseline DIR adds another build of ours (DIR: its js/dist, e.g. a checkout of an earlier
// commit, built), timed the same way in the same alternation, for a before/after in one run.
//
// Each process times from just before its dynamic import to just after, with performance.now(),
// so Node's own start-up is not counted; the processes of the three contenders alternate, so
// machine drift hits them alike. The package is the built one (js/dist), resolved through its
// package.json `exports` as Node resolves it for users.

import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import { entry, median, printRows, runFresh } from './peers.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    json: { type: 'boolean', default: false },
    baseline: { type: 'string' },
  },
});
const RUNS = Number(args.runs);

/** A child's script: times `body` (which may await) and prints {importMs, readyMs} as JSON. */
const script = (url, ready) => `
const t0 = performance.now();
const m = await import(${JSON.stringify(url)});
const t1 = performance.now();
${ready}
const t2 = performance.now();
console.log(JSON.stringify({ importMs: t1 - t0, readyMs: t2 - t1 }));
`;

const READY = 'const ts = await m.createToolSearch(); ts.dispose();';
// The first index build in a process also reads the built-in lexicon once (README, Limits).
const FIRST_SEARCH = "const ts = await m.createToolSearch(); ts.add({ name: 'read_file', description: 'Read a file from disk' }); ts.search('read the file'); ts.dispose();";
const baseline = args.baseline && pathToFileURL(resolve(args.baseline, 'index.node.js')).href;

const CONTENDERS = [
  { name: 'tool-search-wasm: import + await createToolSearch()', source: script(entry, READY) },
  { name: 'tool-search-wasm: + add one tool, first search', source: script(entry, FIRST_SEARCH) },
  ...(baseline
    ? [
        { name: `baseline ${args.baseline}: import + await createToolSearch()`, source: script(baseline, READY) },
        { name: `baseline ${args.baseline}: + add one tool, first search`, source: script(baseline, FIRST_SEARCH) },
      ]
    : []),
  { name: 'flexsearch: import', source: script(import.meta.resolve('flexsearch'), '') },
  { name: 'minisearch: import', source: script(import.meta.resolve('minisearch'), '') },
];

const samples = CONTENDERS.map(() => []);
for (let run = 0; run < RUNS; run++) {
  CONTENDERS.forEach((c, i) => samples[i].push(runFresh(c.source)));
}

const rows = CONTENDERS.map((c, i) => {
  const total = samples[i].map((s) => s.importMs + s.readyMs);
  return {
    contender: c.name,
    'median ms': median(total),
    'import ms': median(samples[i].map((s) => s.importMs)),
    'instantiate ms': median(samples[i].map((s) => s.readyMs)),
    'min ms': Math.min(...total),
    'max ms': Math.max(...total),
  };
});
if (args.json) {
  console.log(JSON.stringify({ node: process.version, runs: RUNS, rows }, null, 2));
} else {
  console.log(`cold start: median of ${RUNS} fresh node processes each, Node ${process.version} (bar: <= 20 ms for ours)`);
  printRows(rows);
}
