// Loading an index snapshot against building the index from the tools, on the 10,000-tool
// catalog of bench/search.bench.mjs, through the installed package's public API.
//
//   node bench/snapshot.bench.mjs [--size 10000] [--runs 15] [--fresh 7] [--dist js/dist] [--write FILE]
//
// --write FILE also saves the snapshot, for the native loader's timing (tools/bench_snapshot.cpp).
//
// Printed: the snapshot's size; building (add() of every tool into a fresh engine: validation
// and token estimates, then the keyword index on the first search) against loading (load() of
// the snapshot into a fresh engine, the copy of its bytes into wasm memory included); that the loaded engine
// answers as the built one on the long and short queries and writes the same bytes again.
// Two settings, because they differ by several times:
//   - warm: --runs runs in this process, each with a new engine (disposed after) on the one
//     module instance, whose memory and optimised code earlier runs left behind;
//   - cold: --fresh runs, each in a new `node` process, timed after createToolSearch() (the
//     module's instantiation is the cold-start bench's subject). This is a new isolate at the
//     edge: wasm memory never touched before (first touches are page faults) and V8's baseline
//     code (Liftoff) until functions tier up.
// Median and minimum of the runs.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { bigShape, runFresh } from './peers.mjs';

const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '15' },
    fresh: { type: 'string', default: '7' },
    dist: { type: 'string', default: 'js/dist' },
    write: { type: 'string' },
  },
});
const runs = Number(args.runs);
const entry = pathToFileURL(resolve(args.dist, 'index.node.js')).href;
const { createToolSearch } = await import(entry);

const shape = bigShape({ size: Number(args.size) });
const queries = shape.queries.map((q) => q.query);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(1)} ms`;

/**
 * `runs` times: a fresh engine (not timed: instantiating the module is the cold-start bench's
 * subject), `fill` on it (timed), then its first search (timed apart: the keyword index is
 * built on first use, so for a catalog added with add() that is where most of the work is).
 */
async function measure(fill) {
  const times = [];
  const first = [];
  for (let r = 0; r < runs; r++) {
    const ts = await createToolSearch();
    const t0 = performance.now();
    fill(ts);
    const t1 = performance.now();
    ts.search(queries[r % queries.length], { limit: 5 });
    first.push(performance.now() - t1);
    times.push(t1 - t0);
    ts.dispose();
  }
  const ready = times.map((t, i) => t + first[i]);
  return { median: median(times), min: Math.min(...times), first: median(first), ready: median(ready) };
}

const built = await createToolSearch();
built.add(shape.tools);
const bytes = built.snapshot();
if (args.write) writeFileSync(args.write, bytes);
const loaded = await createToolSearch({ snapshot: bytes });
for (const q of queries) {
  assert.deepEqual(loaded.search(q, { limit: 10 }), built.search(q, { limit: 10 }), `answers differ for ${JSON.stringify(q)}`);
}
assert.ok(Buffer.from(loaded.snapshot()).equals(Buffer.from(bytes)), 'the loaded engine writes different bytes');
loaded.dispose();
built.dispose();

const b = await measure((ts) => ts.add(shape.tools));
const l = await measure((ts) => ts.load(bytes));

/**
 * `--fresh` new processes per path, alternating; each reads its input from a file (untimed),
 * makes an engine (untimed), then times `fill` and the first search as measure() does.
 */
function measureFresh() {
  const dir = mkdtempSync(join(tmpdir(), 'snapshot-bench-'));
  const files = { tools: join(dir, 'tools.json'), snapshot: join(dir, 'catalog.snap') };
  writeFileSync(files.tools, JSON.stringify(shape.tools));
  writeFileSync(files.snapshot, bytes);
  const child = (fill) => `
import { readFileSync } from 'node:fs';
const tools = JSON.parse(readFileSync(${JSON.stringify(files.tools)}, 'utf8'));
const bytes = readFileSync(${JSON.stringify(files.snapshot)});
const { createToolSearch } = await import(${JSON.stringify(entry)});
const ts = await createToolSearch();
const t0 = performance.now();
${fill};
const t1 = performance.now();
ts.search(${JSON.stringify(queries[0])}, { limit: 5 });
console.log(JSON.stringify({ fill: t1 - t0, first: performance.now() - t1 }));`;
  const build = [];
  const load = [];
  try {
    for (let r = 0; r < Number(args.fresh); r++) {
      build.push(runFresh(child('ts.add(tools)')));
      load.push(runFresh(child('ts.load(bytes)')));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const summary = (samples) => {
    const fill = samples.map((s) => s.fill);
    return { median: median(fill), min: Math.min(...fill), first: median(samples.map((s) => s.first)), ready: median(samples.map((s) => s.fill + s.first)) };
  };
  return { b: summary(build), l: summary(load) };
}
const cold = Number(args.fresh) > 0 ? measureFresh() : null;

console.log(`${shape.tools.length.toLocaleString('en')} tools, snapshot ${(bytes.byteLength / 1024 / 1024).toFixed(2)} MB; median (min)`);
const report = (title, { b, l }) => {
  console.log(title);
  console.log(`  build: add() ${ms(b.median)} (${ms(b.min)}) + first search ${ms(b.first)} (builds the index) = ${ms(b.ready)} to the first answer`);
  console.log(`  load:  load() ${ms(l.median)} (${ms(l.min)}) + first search ${ms(l.first)} = ${ms(l.ready)} to the first answer`);
  console.log(`  to the first answer, loading is ${(b.ready / l.ready).toFixed(0)}x faster`);
};
report(`warm: ${runs} runs in this process (one module instance, its memory and optimised code reused)`, { b, l });
if (cold) report(`cold: ${args.fresh} new node processes each (an edge isolate's first engine: fresh wasm memory, baseline code)`, cold);
console.log(`answers identical on ${queries.length} queries; re-snapshot byte-identical`);
