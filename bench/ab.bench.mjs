// Two builds of the package side by side in one process: the same shape's queries through each
// build's public API, interleaved round by round, so that the machine's drift between processes
// (up to 50% on the project's VM) cannot pass for a difference between the builds. Prints each
// build's mean of per-query medians and its recall@5, which must agree when only speed changed.
// With --build, it times building instead: add() of the shape's tools into a new engine (as
// `ours` in bench/peers.mjs adds them) and its first search (the index build), the builds
// alternating, median over the rounds after 3 warm-up rounds.
//
//   node bench/ab.bench.mjs --a DIR --b DIR [--shape european] [--rounds 15] [--hybrid] [--build | --calls | --load]
//
// With --hybrid, each build loads its own static table (DIR/static-embeddings.tsse) and the
// queries run as hybrid searches.
//
// With --calls, it times the other calls across the boundary instead, on the shape's tools:
// assemble (passthrough with the gate off, bridge, pre-selection with a new message each
// turn), describe(), the model's tool_describe and tool_call, tools() (the whole catalog) and
// loadStaticTable() of the package's static table into a new engine; median of per-round
// means, the builds alternating.
//
// With --load, it times loading a snapshot of the shape's tools instead (each build loads the
// snapshot it wrote, so two snapshot format versions compare too): load() into a new engine and
// the first search after it, the builds alternating, median over the rounds after 3 warm-up
// rounds. `--shape 10k --load` is the snapshot bench's warm load, A against B.
//
// DIR is a built package folder (js/dist, or a copy of another commit's: `./dev build`, then
// `cp -r js/dist /tmp/dist-before`).

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import { addShapeTools, buildAndScore, mean, median, ours, OURS_OPTIONS, SHAPES, summarize, timeRounds } from './peers.mjs';

const { values: args } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    shape: { type: 'string', default: 'european' },
    rounds: { type: 'string', default: '15' },
    build: { type: 'boolean', default: false },
    calls: { type: 'boolean', default: false },
    load: { type: 'boolean', default: false },
    hybrid: { type: 'boolean', default: false },
  },
});
if (!args.a || !args.b || !SHAPES[args.shape]) {
  throw new Error(`usage: --a DIR --b DIR [--shape ${Object.keys(SHAPES).join('|')}] [--rounds N] [--hybrid] [--build | --calls | --load]`);
}
const shape = SHAPES[args.shape]();
if (args.build || args.calls || args.load) {
  await (args.build ? compareBuilds() : args.calls ? compareCalls() : compareLoads());
  process.exit(0);
}
const builds = [];
for (const dir of [args.a, args.b]) {
  const { createToolSearch } = await import(pathToFileURL(resolve(dir, 'index.node.js')).href);
  const table = args.hybrid ? readFileSync(resolve(dir, 'static-embeddings.tsse')) : undefined;
  const r = await buildAndScore(shape, (tools) => ours(tools, createToolSearch, table));
  builds.push({ dir, engine: r.engine, recall5: summarize(r.scores).all.recall5 });
}
const texts = shape.queries.map((q) => q.query);
const times = timeRounds(builds.map((b) => b.engine), texts, Number(args.rounds));
for (const [i, b] of builds.entries()) {
  console.log(`${'ab'[i]}: ${b.dir}  ${(mean(times[i]) * 1000).toFixed(1)} µs/query  recall@5 ${b.recall5.toFixed(3)}`);
}
for (const b of builds) b.engine.dispose();

/**
 * --build and --load: per build, `fill` a new engine (timed), then its first search (timed
 * apart), the builds alternating. `prepare` makes each build's input once, untimed.
 * @param {string} label
 * @param {(ts: any, input: any) => void} fill
 * @param {(createToolSearch: Function) => Promise<any>} [prepare]
 * @param {(input: any) => string} [describe]  what the input was, for the report
 */
async function compareFills(label, fill, prepare = async () => undefined, describe = () => '') {
  const builds = [];
  for (const dir of [args.a, args.b]) {
    const { createToolSearch } = await import(pathToFileURL(resolve(dir, 'index.node.js')).href);
    builds.push({ dir, createToolSearch, input: await prepare(createToolSearch) });
  }
  const query = shape.queries[0].query;
  const samples = builds.map(() => ({ fill: [], first: [] }));
  await alternate(async (i, keep) => {
    const ts = await builds[i].createToolSearch(OURS_OPTIONS);
    const t0 = performance.now();
    fill(ts, builds[i].input);
    const t1 = performance.now();
    ts.search(query);
    const t2 = performance.now();
    ts.dispose();
    if (keep) {
      samples[i].fill.push(t1 - t0);
      samples[i].first.push(t2 - t1);
    }
  });
  for (const [i, b] of builds.entries()) {
    console.log(`${'ab'[i]}: ${b.dir}  ${label} ${median(samples[i].fill).toFixed(2)} ms  first search ${median(samples[i].first).toFixed(2)} ms  (${shape.tools.length} tools${describe(b.input)})`);
  }
}

/** --build: each build's time to a ready engine and to its first answer. */
function compareBuilds() {
  return compareFills('add', (ts) => addShapeTools(ts, shape.tools));
}

/** --load: each build's load of the snapshot it wrote, and the first search after it. */
function compareLoads() {
  return compareFills(
    'load',
    (ts, bytes) => ts.load(bytes),
    async (createToolSearch) => {
      const built = await createToolSearch(OURS_OPTIONS);
      addShapeTools(built, shape.tools);
      const bytes = built.snapshot();
      built.dispose();
      return bytes;
    },
    (bytes) => `, ${(bytes.byteLength / 1048576).toFixed(2)} MB`,
  );
}

/**
 * Runs `visit(i, keep)` for builds 0 and 1, in 3 warm-up rounds (keep false) and then --rounds
 * rounds, the order alternating round by round, so that drift falls on both alike.
 * @param {(i: number, keep: boolean) => void | Promise<void>} visit
 */
async function alternate(visit) {
  const WARM_UP = 3;
  for (let round = 0; round < WARM_UP + Number(args.rounds); round++) {
    for (const i of round % 2 ? [1, 0] : [0, 1]) await visit(i, round >= WARM_UP);
  }
}

/** --calls: the boundary's other calls, per build, alternating round by round. */
async function compareCalls() {
  const table = readFileSync(new URL('../js/assets/static-embeddings.tsse', import.meta.url));
  const messages = shape.queries.map((q) => q.query);
  const builds = [];
  for (const dir of [args.a, args.b]) {
    const { createToolSearch } = await import(pathToFileURL(resolve(dir, 'index.node.js')).href);
    const gated = await createToolSearch(OURS_OPTIONS);
    addShapeTools(gated, shape.tools);
    const open = await createToolSearch({ config: { ...OURS_OPTIONS.config, gate: { enabled: 'off' } } });
    addShapeTools(open, shape.tools.slice(0, 100));
    builds.push({ dir, createToolSearch, gated, open });
  }
  const name = builds[0].gated.tools()[0].name;
  let turn = 0;
  const calls = {
    'assemble, passthrough of 100 tools': (b) => b.open.assemble({ contextWindow: 200_000 }),
    'assemble, bridge': (b) => b.gated.assemble({ contextWindow: 200_000, mode: 'bridge' }),
    'assemble, preselect+bridge, new message': (b) =>
      b.gated.assemble({ contextWindow: 200_000, mode: 'preselect+bridge', userMessage: messages[turn++ % messages.length] }),
    'describe()': (b) => b.gated.describe(name),
    'handleCall tool_describe': (b) => b.gated.handleCall({ name: 'tool_describe', arguments: { name } }),
    'handleCall tool_call': (b) => b.gated.handleCall({ name: 'tool_call', arguments: { name, arguments: {} } }),
    [`tools() (${shape.tools.length} tools)`]: (b) => b.gated.tools(),
  };
  for (const [label, call] of Object.entries(calls)) {
    const reps = label.startsWith('tools()') ? 5 : 100;
    const perRound = builds.map(() => []);
    await alternate((i, keep) => {
      const t0 = performance.now();
      for (let r = 0; r < reps; r++) call(builds[i]);
      if (keep) perRound[i].push(((performance.now() - t0) * 1000) / reps);
    });
    report(label, perRound, 'µs');
  }
  const loads = builds.map(() => []);
  await alternate(async (i, keep) => {
    const ts = await builds[i].createToolSearch();
    const t0 = performance.now();
    ts.loadStaticTable(table);
    if (keep) loads[i].push(performance.now() - t0);
    ts.dispose();
  });
  report(`loadStaticTable (${(table.length / 1048576).toFixed(1)} MB)`, loads, 'ms');
  for (const b of builds) {
    b.gated.dispose();
    b.open.dispose();
  }
}

function report(label, samples, unit) {
  const [a, b] = samples.map(median);
  console.log(`${label.padEnd(42)} a ${a.toFixed(1).padStart(8)} ${unit}  b ${b.toFixed(1).padStart(8)} ${unit}  a/b ${(a / b).toFixed(2)}`);
}
