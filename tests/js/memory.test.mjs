// Memory stays flat: many engine lifetimes and a million searches leave the wasm heap and the
// JS heap where they were after warm-up, and engines that are never disposed are freed by the
// FinalizationRegistry backstop. Each scenario runs in a child process with --expose-gc
// (tests/js/support/memory-child.mjs) and prints its figures.
// Run alone: node --test tests/js/memory.test.mjs

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';

import { defaultCatalogTools, packedPackage, scratchDir } from './support/packed.mjs';
import { NO_SEAL, SEAL } from '../../scripts/shared-data.mjs';

const run = promisify(execFile);

// The figures of the quality bar; the env overrides are for quick local runs only.
const CYCLES = Number(process.env.TOOL_SEARCH_MEMORY_CYCLES ?? 10_000);
const SEARCHES = Number(process.env.TOOL_SEARCH_MEMORY_SEARCHES ?? 1_000_000);
// Tolerances, after warm-up (the first checkpoint is the baseline):
const WASM_TOLERANCE = 64 * 1024; // one wasm page: any steady leak of >= 7 B/cycle or >= 0.07 B/search shows
const JS_TOLERANCE = 1024 * 1024; // 1 MiB of JS heap after full GCs
// Speed is a benchmark, not a test: the deadline only stops a hung child. Every scenario must
// run its full count; at ~130 µs per search through the JS API, 1M searches take ~2-3 minutes.
const DEADLINE_MS = 900_000;
const HEAVY_TOOLS = 1500; // tools per engine in the backstop test (heavyTools()), so each engine is MiBs

let setup;
async function prepare() {
  setup ??= (async () => {
    const pkg = await packedPackage();
    const dir = scratchDir(pkg, 'memory');
    copyFileSync(new URL('./support/memory-child.mjs', import.meta.url), join(dir, 'memory-child.mjs'));
    const all = defaultCatalogTools();
    const catalog = join(dir, 'catalog.json'); // searched a million times: the whole default catalog
    writeFileSync(catalog, JSON.stringify(all));
    const small = join(dir, 'catalog-filesystem.json'); // added 10,000 times: one server's tools
    writeFileSync(small, JSON.stringify(all.filter((t) => t.source === 'mcp:filesystem')));
    const heavyCatalog = join(dir, 'seal-catalog.json');
    writeFileSync(heavyCatalog, JSON.stringify(heavyTools(all)));
    return { dir, catalog, small, heavyCatalog };
  })();
  return setup;
}

/**
 * HEAVY_TOOLS real tools: Seal-Tools' first ones, or without the shared data, numbered copies
 * of the built-in catalog's (MCP schemas, so engines of the same order of size).
 */
function heavyTools(builtIn) {
  if (NO_SEAL) {
    return Array.from({ length: HEAVY_TOOLS }, (_, i) => {
      const t = builtIn[i % builtIn.length];
      return { ...t, name: `${t.name}_${Math.floor(i / builtIn.length)}` };
    });
  }
  const seal = readFileSync(join(SEAL, 'catalog.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  // (one Seal-Tools name has spaces, which tool names may not)
  return seal.slice(0, HEAVY_TOOLS).map(({ name, description, parameters }) => ({ name: name.replace(/\s+/g, '_'), description, parameters }));
}

async function child(scenario, options) {
  const { dir, catalog, small, heavyCatalog } = await prepare();
  const { stdout } = await run(
    process.execPath,
    ['--expose-gc', 'memory-child.mjs', scenario, JSON.stringify({ catalog, small, heavyCatalog, ...options })],
    { cwd: dir, maxBuffer: 16 << 20, timeout: DEADLINE_MS + 60_000 },
  );
  return JSON.parse(stdout.trim().split('\n').pop());
}

const mib = (n) => `${(n / 1048576).toFixed(2)} MiB`;
const signed = (n) => `${n >= 0 ? '+' : ''}${(n / 1024).toFixed(1)} KiB`;

function report(label, out) {
  const [first] = out.samples;
  const last = out.samples.at(-1);
  const maxWasm = Math.max(...out.samples.map((s) => s.wasm));
  const maxJs = Math.max(...out.samples.map((s) => s.js));
  console.log(
    `${label}: wasm heap ${mib(first.wasm)} -> ${mib(last.wasm)} (${signed(maxWasm - first.wasm)} max growth), ` +
      `JS heap ${mib(first.js)} -> ${mib(last.js)} (${signed(last.js - first.js)}, max ${signed(maxJs - first.js)}), ` +
      `${(out.ms / 1000).toFixed(1)} s`,
  );
  return { growthWasm: maxWasm - first.wasm, growthJs: last.js - first.js };
}

test(`${CYCLES.toLocaleString("en")} create/add/search/dispose cycles keep both heaps flat`, { timeout: DEADLINE_MS + 120_000 }, async () => {
  const out = await child('cycles', { cycles: CYCLES, checkpoints: 10, deadlineMs: DEADLINE_MS });
  assert.ok(out.samples[0].wasm > 0, 'the wasm memory was captured');
  const { growthWasm, growthJs } = report(`${out.completed} cycles`, out);
  assert.ok(growthWasm <= WASM_TOLERANCE, `wasm heap grew ${growthWasm} bytes after warm-up`);
  assert.ok(growthJs <= JS_TOLERANCE, `JS heap grew ${growthJs} bytes after warm-up`);
  assert.equal(out.stats.registered, out.completed, 'every engine registered with the backstop');
  assert.equal(out.stats.unregistered, out.completed, 'dispose() unregisters every engine');
  assert.equal(out.stats.finalized, 0, 'no disposed engine reaches the backstop');
  assert.equal(
    out.completed,
    CYCLES,
    `only ${out.completed} of ${CYCLES} cycles completed`,
  );
});

test(`${SEARCHES.toLocaleString('en')} searches on one index keep both heaps flat`, { timeout: DEADLINE_MS + 120_000 }, async () => {
  const out = await child('searches', { searches: SEARCHES, checkpoints: 10, deadlineMs: DEADLINE_MS });
  const { growthWasm, growthJs } = report(`${out.completed} searches`, out);
  console.log(
    `${out.usPerSearch.toFixed(2)} µs per search wall, ${out.cpuUsPerSearch.toFixed(2)} µs CPU ` +
      `(${out.catalogSize} tools, limit 5, through the JS API)`,
  );
  assert.ok(out.hits > out.completed, 'searches returned hits');
  assert.ok(growthWasm <= WASM_TOLERANCE, `wasm heap grew ${growthWasm} bytes after warm-up`);
  assert.ok(growthJs <= JS_TOLERANCE, `JS heap grew ${growthJs} bytes after warm-up`);
  assert.equal(
    out.completed,
    SEARCHES,
    `only ${out.completed} of ${SEARCHES} searches completed`,
  );
});

test('engines never disposed are freed by the FinalizationRegistry backstop', { timeout: DEADLINE_MS + 120_000 }, async () => {
  const rounds = 8;
  const perRound = 4;
  const out = await child('finalizer', { rounds, perRound });
  const grew = out.final.wasm - out.base;
  console.log(
    `backstop: ${out.created} engines (${HEAVY_TOOLS} tools each) never disposed; ${out.collectedWrappers} wrappers collected, ` +
      `${out.stats.finalized} finalizer callbacks, ${out.stats.freedByBackstop} native engines deleted; ` +
      `${perRound} live engines cost ${mib(out.heldPerRound)}, wasm heap after all rounds ${mib(grew)} over the start`,
  );
  assert.equal(out.disposedByHand, perRound);
  assert.equal(out.collectedWrappers, out.created, 'every dropped ToolSearch was collected');
  assert.equal(out.stats.finalized, out.created, 'the backstop ran once per dropped engine');
  assert.equal(out.stats.freedByBackstop, out.created, 'and deleted the native engine each time');
  // Without the backstop the heap would hold all rounds' engines (rounds x heldPerRound).
  assert.ok(out.heldPerRound > 0, 'calibration measured the engines');
  assert.ok(grew <= 3 * out.heldPerRound, `wasm heap grew ${mib(grew)}; ${rounds} rounds leaked would be ~${mib(rounds * out.heldPerRound)}`);
});

test('sessions dropped without close() are freed by the FinalizationRegistry backstop', { timeout: DEADLINE_MS + 120_000 }, async () => {
  // 200,000 abandoned sessions grew the wasm heap from 4 to 63 MB before the backstop existed.
  const rounds = 10;
  const perRound = 20_000;
  const out = await child('sessions', { rounds, perRound });
  const { growthWasm } = report(`${out.completed} abandoned sessions`, out);
  assert.equal(out.completed, rounds * perRound);
  assert.equal(out.lastId, `s${rounds * perRound + 1}`, 'every session was really opened');
  // After the first round (the baseline) the heap holds at most one round of sessions.
  assert.ok(growthWasm <= 1024 * 1024, `wasm heap grew ${growthWasm} bytes after the first round`);
});
