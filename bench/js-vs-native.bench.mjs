// The cost of the JS boundary: the same core ranking the 1,354 Seal-Tools test queries natively
// (build/native/tools/eval_seal, the time of SearchIndex::search alone) and through the public
// JS API of the built package (ts.search(query, { limit: 10 }): the call, the query's copy into
// wasm memory, the wasm search, the hits read back), in one run.
//
//   node bench/js-vs-native.bench.mjs [--rounds 8] [--native build/native/tools/eval_seal] [--cpu N]
//
// --cpu N runs both sides on one CPU (Linux, through taskset, which the native runs inherit):
// on a VM whose vCPUs differ in speed (this project's, up to 45% apart on 2026-12-06), each
// process otherwise lands where the scheduler puts it, and the ratio measures the CPUs.
//
// Each side's figure is the best of its runs (mean µs a query), after warm-up passes: --rounds
// JS passes over all queries, and 1 + --rounds / 2 native runs interleaved with them (one
// before, then one after every second JS pass), so that neither side gets more chances at a
// quiet moment of a noisy machine, nor a different stretch of its drift.
//
// To tell the wasm code's cost from the boundary's, the evaluator can run as wasm too, linked
// against the package's own core build (build/wasm, same per-source flags), no JS API between:
//   em++ -Oz -flto -std=c++17 -fwasm-exceptions -fno-rtti -DNDEBUG -Icore/include \
//     -I<dir holding nlohmann/> tools/eval_seal.cpp build/wasm/core/libtoolsearch_core.a \
//     -sALLOW_MEMORY_GROWTH=1 -sNODERAWFS=1 -o build/eval_seal_wasm.cjs
//   node --no-experimental-fetch build/eval_seal_wasm.cjs <catalog> <queries> --repeat 10
// (NODE_PATH=/usr/share/nodejs for emcc's acorn; Node 20's fetch must be off for NODERAWFS.)

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { entry, sealShape } from './peers.mjs';
import { requireData, SEAL } from '../scripts/shared-data.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '8' },
    native: { type: 'string', default: join(root, 'build/native/tools/eval_seal') },
    cpu: { type: 'string' },
  },
});
if (args.cpu !== undefined && process.env.TOOL_SEARCH_BENCH_PINNED !== args.cpu) {
  // This process again, pinned; its exit status is ours.
  const pinned = spawnSync('taskset', ['-c', args.cpu, process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, TOOL_SEARCH_BENCH_PINNED: args.cpu },
  });
  if (pinned.error) throw new Error(`--cpu needs taskset (util-linux): ${pinned.error.message}`);
  process.exit(pinned.status ?? 1);
}
const rounds = Number(args.rounds);
const seal = requireData(SEAL);
if (!existsSync(args.native)) throw new Error(`${args.native} is missing: run ./dev build first`);

function native() {
  const out = execFileSync(args.native, [join(seal, 'catalog.jsonl'), join(seal, 'queries-test.jsonl'), '--repeat', String(rounds + 2)], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out).search_us_mean;
}

const { createToolSearch } = await import(entry);
const shape = sealShape();
const queries = shape.queries.map((q) => q.query);
const ts = await createToolSearch();
ts.add(shape.tools);

let nativeUs = native();
const pass = () => {
  const t0 = performance.now();
  for (const q of queries) ts.search(q, { limit: 10 });
  return ((performance.now() - t0) * 1000) / queries.length;
};
pass();
pass();
let js = Infinity;
for (let r = 0; r < rounds; r++) {
  js = Math.min(js, pass());
  if (r % 2 === 1) nativeUs = Math.min(nativeUs, native());
}
ts.dispose();

console.log(`Seal-Tools test, ${queries.length.toLocaleString('en')} queries, top 10, best of ${rounds} JS passes and ${1 + Math.floor(rounds / 2)} native runs${args.cpu === undefined ? '' : `, both on CPU ${args.cpu}`}`);
console.log(`  native (SearchIndex::search):     ${nativeUs.toFixed(1)} µs a query`);
console.log(`  JS API (ts.search, through wasm):  ${js.toFixed(1)} µs a query`);
console.log(`  JS / native: ${(js / nativeUs).toFixed(2)}x (bar: 1.5x)`);
