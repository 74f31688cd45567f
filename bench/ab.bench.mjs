// Two builds of the package side by side in one process: the same shape's queries through each
// build's public API, interleaved round by round, so that the machine's drift between processes
// (up to 50% on the project's VM) cannot pass for a difference between the builds. Prints each
// build's mean of per-query medians and its recall@5, which must agree when only speed changed.
//
//   node bench/ab.bench.mjs --a DIR --b DIR [--shape european] [--rounds 15]
//
// DIR is a built package folder (js/dist, or a copy of another commit's: `./dev build`, then
// `cp -r js/dist /tmp/dist-before`).

import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import { buildAndScore, mean, ours, SHAPES, summarize, timeRounds } from './peers.mjs';

const { values: args } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    shape: { type: 'string', default: 'european' },
    rounds: { type: 'string', default: '15' },
  },
});
if (!args.a || !args.b || !SHAPES[args.shape]) {
  throw new Error(`usage: --a DIR --b DIR [--shape ${Object.keys(SHAPES).join('|')}] [--rounds N]`);
}
const shape = SHAPES[args.shape]();
const builds = [];
for (const dir of [args.a, args.b]) {
  const { createToolSearch } = await import(pathToFileURL(resolve(dir, 'index.node.js')).href);
  const r = await buildAndScore(shape, (tools) => ours(tools, createToolSearch));
  builds.push({ dir, engine: r.engine, recall5: summarize(r.scores).all.recall5 });
}
const texts = shape.queries.map((q) => q.query);
const times = timeRounds(builds.map((b) => b.engine), texts, Number(args.rounds));
for (const [i, b] of builds.entries()) {
  console.log(`${'ab'[i]}: ${b.dir}  ${(mean(times[i]) * 1000).toFixed(1)} µs/query  recall@5 ${b.recall5.toFixed(3)}`);
}
for (const b of builds) b.engine.dispose();
