// Per-turn assembly of a 1,000-tool catalog through the JS API: what the model sees this turn
// (gate decision, visible tools, logical set, token accounting), per mode; then the model's
// calls through the bridge in that turn (handleCall). Prints median and p95 in ms. The bar
// (DESIGN.md): under 1 ms per turn.
//
//   node bench/assemble.bench.mjs [--turns 2000] [--tools 1000]
//
// Data: the first N tools of ../shared/data/seal_tools/catalog.jsonl, user messages from
// queries-test.jsonl.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import { jsDir, resolveExport } from '../tests/js/support/packed.mjs';
import { requireData, SEAL } from '../scripts/shared-data.mjs';

const DATA = requireData(SEAL);
const { values: args } = parseArgs({
  options: { turns: { type: 'string', default: '2000' }, tools: { type: 'string', default: '1000' } },
});
const TURNS = Number(args.turns);
const TOOLS = Number(args.tools);

const readJsonl = (file) => readFileSync(join(DATA, file), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const tools = readJsonl('catalog.jsonl').slice(0, TOOLS);
const messages = readJsonl('queries-test.jsonl').map((q) => q.query);

const manifest = JSON.parse(readFileSync(join(jsDir, 'package.json'), 'utf8'));
const { createToolSearch } = await import(pathToFileURL(join(jsDir, resolveExport(manifest, '.', ['node', 'import']))).href);

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

const ts = await createToolSearch();
const t0 = performance.now();
// (one Seal-Tools name has spaces, which tool names may not)
ts.add(tools.map(({ name, description, parameters }) => ({ name: name.replace(/\s+/g, '_'), description, parameters, source: 'mcp:seal' })));
console.log(`assemble bench: ${ts.size} tools (added in ${(performance.now() - t0).toFixed(1)} ms), ${TURNS} turns per mode, Node ${process.version}\n`);

const scenarios = [
  ['bridge', { contextWindow: 200_000, mode: 'bridge' }],
  ['preselect (top 8)', { contextWindow: 200_000, mode: 'preselect', topK: 8 }],
  ['preselect+bridge (top 8)', { contextWindow: 200_000, mode: 'preselect+bridge', topK: 8 }],
  ['session, bridge', { contextWindow: 200_000, mode: 'bridge', session: true }],
  // A new conversation's first turn: session opened, assembled, closed, all timed.
  ['new session per turn, bridge', { contextWindow: 200_000, mode: 'bridge', newSession: true }],
];

const rows = [];
for (const [label, base] of scenarios) {
  const session = base.session ? ts.session({}) : undefined;
  const request = { ...base, session };
  const times = [];
  let last;
  const { newSession, ...turn } = request;
  for (let i = 0; i < TURNS + 200; i++) {
    const start = performance.now();
    const fresh = newSession ? ts.session({}) : undefined;
    last = ts.assemble({ ...turn, ...(fresh && { session: fresh }), userMessage: messages[i % messages.length] });
    fresh?.close();
    const ms = performance.now() - start;
    if (i >= 200) times.push(ms); // first 200 turns are warm-up
  }
  session?.close();
  rows.push({
    mode: label,
    'median ms': pct(times, 50).toFixed(3),
    'p95 ms': pct(times, 95).toFixed(3),
    'max ms': Math.max(...times).toFixed(3),
    strategy: last.strategy,
    visible: last.visible.length,
    deferred: last.deferred.length,
    'tokens saved': last.tokens?.saved,
  });
}
console.table(rows);
console.log(`\nbar: < 1 ms per turn (median and p95) for a ${TOOLS}-tool catalog`);

// The model's calls after a bridge turn, in a small window so that nearly every tool is deferred
// (the case where a call must be checked against the whole deferred set).
const session = ts.session({});
const turn = session.assemble({ contextWindow: 8_000, mode: 'bridge' });
// A deferred tool in the second half of the catalog that needs no arguments, so tool_call dispatches.
const noArguments = new Set(tools.filter((t) => !(t.parameters?.required?.length > 0)).map((t) => t.name.replace(/\s+/g, '_')));
const target = turn.deferred.slice(turn.deferred.length >> 1).find((n) => noArguments.has(n)) ?? turn.deferred.at(-1);
const calls = [
  ['tool_call of a deferred tool', { name: 'tool_call', arguments: { name: target, arguments: {} } }],
  ['tool_describe of a deferred tool', { name: 'tool_describe', arguments: { name: target } }],
  ['tool_search', { name: 'tool_search', arguments: { query: messages[0] } }],
  ['direct call of an unknown name', { name: `${target}_x`, arguments: {} }],
];
const callRows = [];
for (const [label, call] of calls) {
  const times = [];
  let kind;
  for (let i = 0; i < TURNS + 200; i++) {
    const start = performance.now();
    kind = session.handleCall(call).kind;
    const ms = performance.now() - start;
    if (i >= 200) times.push(ms);
  }
  callRows.push({ call: label, 'median ms': pct(times, 50).toFixed(3), 'p95 ms': pct(times, 95).toFixed(3), outcome: kind });
}
session.close();
console.log(`\nbridge calls after a turn with ${turn.deferred.length} of ${ts.size} tools deferred:`);
console.table(callRows);
ts.dispose();
