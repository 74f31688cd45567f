// dispose(), use after dispose, Symbol.dispose, the FinalizationRegistry backstop and a leak loop.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { before, describe, it } from 'node:test';

import { installedPackage, sampleTools } from './helpers/package.mjs';

let installed;
let pkg;
before(async () => {
  installed = await installedPackage();
  pkg = await installed.esm();
});

describe('dispose', () => {
  it('every method and getter throws DISPOSED afterwards; dispose twice is a no-op', async () => {
    const ts = await pkg.createToolSearch();
    ts.add(sampleTools());
    const s = ts.session();
    assert.equal(ts.disposed, false);
    ts.dispose();
    ts.dispose();
    assert.equal(ts.disposed, true);
    const uses = {
      add: () => ts.add({ name: 'x_tool' }),
      remove: () => ts.remove('get_weather'),
      replaceSource: () => ts.replaceSource('mcp:github', []),
      clear: () => ts.clear(),
      pin: () => ts.pin('get_weather'),
      pinServer: () => ts.pinServer('github'),
      tools: () => ts.tools(),
      size: () => ts.size,
      fingerprint: () => ts.fingerprint,
      coreVersion: () => ts.coreVersion,
      search: () => ts.search('weather'),
      explain: () => ts.explain('weather', 'get_weather'),
      describe: () => ts.describe('get_weather'),
      suggest: () => ts.suggest('get_wether'),
      session: () => ts.session(),
      assemble: () => ts.assemble(),
      handleCall: () => ts.handleCall({ name: 'get_weather', arguments: {} }),
      unwrap: () => ts.unwrap({ name: 'get_weather', arguments: {} }),
      estimateTokens: () => ts.estimateTokens({ name: 'x' }),
      configure: () => ts.configure({}),
      snapshot: () => ts.snapshot(),
      load: () => ts.load(new Uint8Array(64)),
      loadStaticTable: () => ts.loadStaticTable(new Uint8Array(64)),
      vectorInfo: () => ts.vectorInfo,
      'session.search': () => s.search('weather'),
      'session.assemble': () => s.assemble(),
    };
    const asyncUses = {
      searchAsync: () => ts.searchAsync('weather'),
      embedTools: () => ts.embedTools(),
      assembleAsync: () => ts.assembleAsync(),
      handleCallAsync: () => ts.handleCallAsync({ name: 'get_weather', arguments: {} }),
    };
    const disposed = (/** @type {any} */ e) => e instanceof pkg.ToolSearchError && e.code === 'DISPOSED';
    for (const [label, use] of Object.entries(uses)) assert.throws(use, disposed, label);
    for (const [label, use] of Object.entries(asyncUses)) await assert.rejects(use(), disposed, label);
    // Every member is covered, so a new one cannot be forgotten here. `embedder` is the host's
    // own object, handed back as given.
    const members = Object.getOwnPropertyNames(Object.getPrototypeOf(ts));
    const exempt = ['constructor', 'disposed', 'dispose', 'embedder'];
    const uncovered = members.filter((m) => !exempt.includes(m) && !(m in uses) && !(m in asyncUses));
    assert.deepEqual(uncovered, [], 'members without a use-after-dispose check');
    // DISPOSED also comes first when the arguments are bad: the engine's state is the answer a
    // caller needs, not a complaint about an argument it can no longer use anyway.
    const badUses = {
      add: () => ts.add(42),
      remove: () => ts.remove(42),
      replaceSource: () => ts.replaceSource(42, 42),
      pin: () => ts.pin(42),
      pinServer: () => ts.pinServer(42),
      tools: () => ts.tools(42),
      search: () => ts.search(42),
      explain: () => ts.explain(42, 42),
      describe: () => ts.describe(42),
      suggest: () => ts.suggest(42),
      session: () => ts.session(42),
      assemble: () => ts.assemble(42),
      handleCall: () => ts.handleCall(42, 42),
      unwrap: () => ts.unwrap(42),
      estimateTokens: () => ts.estimateTokens(42),
      configure: () => ts.configure(42),
      load: () => ts.load(42),
      loadStaticTable: () => ts.loadStaticTable(42),
    };
    for (const [label, use] of Object.entries(badUses)) assert.throws(use, disposed, `${label} with a bad argument`);
    for (const use of [() => ts.searchAsync(42), () => ts.assembleAsync(42), () => ts.handleCallAsync(42, 42)]) {
      await assert.rejects(use(), disposed, String(use));
    }
    assert.equal(s.closed, true, "a disposed engine's sessions read as closed");
    s.close(); // closing after the owner is gone is a no-op
  });

  it('Symbol.dispose disposes (the `using` protocol)', async () => {
    assert.equal(typeof Symbol.dispose, 'symbol', 'this Node has Symbol.dispose');
    const ts = await pkg.createToolSearch();
    const s = ts.session();
    s[Symbol.dispose]();
    assert.equal(s.closed, true);
    ts[Symbol.dispose]();
    assert.equal(ts.disposed, true);
    ts[Symbol.dispose]();
  });

  it('engines are independent: disposing one leaves the others working', async () => {
    const a = await pkg.createToolSearch();
    const b = await pkg.createToolSearch();
    a.add(sampleTools());
    b.add(sampleTools());
    a.dispose();
    assert.equal(b.search('weather')[0].name, 'get_weather');
    b.dispose();
  });
});

describe('a full module memory', () => {
  // In a child process: the wasm module, and so its memory, is shared by every engine of a
  // process. Its 2 GiB are filled with static tables held by other engines, then one engine is
  // given a call whose arguments do not fit. embind wrote an argument it could not malloc at
  // address 0, over the module's static data, so before the arguments were reserved first this
  // broke every engine of the module: their calls and dispose() trapped, and nothing could be
  // freed again. The JS layer now allocates the arguments' room itself (raw-engine.js).
  it('a call whose arguments or work do not fit is TOO_LARGE, and every engine keeps working', async () => {
    const result = await runChild('memory-full.mjs', `
const { createToolSearch, ToolSearchError } = await import('tool-search-wasm');
// A valid static table (the TSSE layout of README's "The static table") of count words x dims.
function table(count, dims) {
  const words = Array.from({ length: count }, (_, i) => 'w' + String(i).padStart(7, '0'));
  const vocab = count * 9;
  const scalesAt = 32 + vocab + ((4 - ((32 + vocab) % 4)) % 4);
  const out = new Uint8Array(scalesAt + 4 * count + count * dims);
  const view = new DataView(out.buffer);
  out.set(new TextEncoder().encode('TSSE'));
  for (const [at, value] of [[4, 1], [8, dims], [12, count], [16, vocab]]) view.setUint32(at, value, true);
  words.forEach((w, i) => { out[32 + 9 * i] = 8; out.set(new TextEncoder().encode(w), 33 + 9 * i); });
  for (let i = 0; i < count; i++) view.setFloat32(scalesAt + 4 * i, 0.01, true);
  return out;
}
const outcome = (fn) => {
  try { fn(); return 'ok'; } catch (e) { return e instanceof ToolSearchError ? e.code : 'raw ' + e?.constructor?.name; }
};
const tools = (n, words, prefix = 't') => Array.from({ length: n }, (_, i) => ({ name: prefix + i, description: 'x '.repeat(words) }));
const other = await createToolSearch();
other.add(tools(50, 5));
const ranked = () => JSON.stringify(other.search('x t1', { limit: 3 }).map((h) => [h.name, h.score]));
const before = ranked();
const engine = await createToolSearch();
const holders = [];
const sizes = [];
for (const mb of [256, 32, 4, 0.5, 0.0625]) {
  const bytes = table(Math.max(1, Math.floor((mb * 2 ** 20) / 4096)), 4096);
  for (;;) {
    const holder = await createToolSearch();
    if (outcome(() => holder.loadStaticTable(bytes)) !== 'ok') { holder.dispose(); break; }
    holders.push(holder);
    sizes.push(mb);
  }
}
// About 4 MB freed: room for a 0.8 MB argument, not for its 400,000 parsed values. The
// failure comes inside the parser, and its unwinding runs nlohmann::json's destructor, which
// allocates (noexcept: std::terminate, which recursed until the stack overflowed).
const freed = sizes.indexOf(4);
holders.splice(freed, 1)[0].dispose();
const enumTool = { name: 'e', description: 'd', inputSchema: { type: 'object', properties: { a: { enum: new Array(400_000).fill(0) } } } };
const parseFull = outcome(() => engine.add(enumTool));
const add = outcome(() => engine.add(tools(200, 500, 'a')));
// 20 MB of arguments: more than any memory the filling can have left (64 KB tables no longer
// fit, and the engine's 16 MiB reserve is not for arguments).
const addHuge = outcome(() => engine.add(tools(400, 25_000, 'h')));
const whileFull = outcome(() => other.size);
// Its whole catalog as JSON needs fresh memory for the answer: there is none, or barely.
const listWhileFull = outcome(() => other.tools());
const disposed = holders.map((h) => outcome(() => h.dispose()));
console.log(JSON.stringify({
  holders: holders.length, add, addHuge, parseFull, whileFull, listWhileFull, disposed: [...new Set(disposed)],
  sameRanking: outcome(() => { if (ranked() !== before) throw new Error('ranking changed'); }),
  addAfter: outcome(() => engine.add(tools(400, 25_000, 'h'))),
  parseAfter: outcome(() => engine.add({ ...enumTool, name: 'e2' })),
  newEngine: await createToolSearch().then(
    (fresh) => outcome(() => fresh.add(tools(3, 2))),
    (e) => (e instanceof ToolSearchError ? e.code : 'raw ' + e?.constructor?.name),
  ),
}));
`);
    assert.ok(result.holders >= 8, `the tables filled the memory (${result.holders} engines)`);
    assert.equal(result.parseFull, 'TOO_LARGE', `a call whose work does not fit is refused, typed: ${JSON.stringify(result)}`);
    // Whether this one fits depends on how the filling ended; how it fails does not.
    assert.ok(['ok', 'TOO_LARGE'].includes(result.add), `add: ${JSON.stringify(result)}`);
    assert.equal(result.addHuge, 'TOO_LARGE', 'arguments that cannot fit are refused, typed');
    assert.equal(result.parseAfter, 'ok');
    assert.equal(result.whileFull, 'ok');
    assert.ok(['ok', 'TOO_LARGE'].includes(result.listWhileFull), `an answer the memory cannot hold is TOO_LARGE, not ${result.listWhileFull}`);
    assert.deepEqual(result.disposed, ['ok'], 'every other engine can still be disposed');
    assert.equal(result.sameRanking, 'ok', "another engine's answers are unchanged");
    assert.equal(result.addAfter, 'ok', 'with the memory freed, the same call succeeds');
    assert.equal(result.newEngine, 'ok');
  });
});

/** Runs a script in a child Node with --expose-gc, from inside the consumer project. */
async function runChild(name, source) {
  const file = path.join(installed.project, name);
  await writeFile(file, source);
  return JSON.parse(execFileSync(process.execPath, ['--expose-gc', file], { encoding: 'utf8', timeout: 240_000 }));
}

// The wasm memory is observed by wrapping WebAssembly.instantiate before the package loads it.
const MEMORY_PROBE = `
let memory;
const instantiate = WebAssembly.instantiate;
WebAssembly.instantiate = async (...args) => {
  const result = await instantiate.apply(WebAssembly, args);
  const instance = result.instance ?? result;
  for (const value of Object.values(instance.exports)) if (value instanceof WebAssembly.Memory) memory = value;
  return result;
};
const { createToolSearch } = await import('tool-search-wasm');
const tools = Array.from({ length: 200 }, (_, i) => ({
  name: 'tool_' + i,
  description: 'Does thing number ' + i + ' with several words of description text',
  inputSchema: { type: 'object', properties: { a: { type: 'string', description: 'first argument' } } },
}));
const settle = async () => { for (let i = 0; i < 3; i++) { globalThis.gc(); await new Promise((r) => setTimeout(r, 10)); } };
`;

describe('memory', () => {
  it('create/use/dispose in a loop keeps the wasm heap flat', async () => {
    const result = await runChild(
      'leak-loop.mjs',
      `${MEMORY_PROBE}
const round = async (n) => {
  for (let i = 0; i < n; i++) {
    const ts = await createToolSearch();
    ts.add(tools);
    ts.search('thing number 7 description');
    const s = ts.session({ tools: ['tool_1'] });
    s.assemble({ contextWindow: 8000 });
    ts.handleCall({ name: 'tool_call', arguments: { name: 'tool_3', arguments: { a: 'x' } } });
    ts.dispose();
  }
};
await round(200);
const warm = memory.buffer.byteLength;
await round(1500);
console.log(JSON.stringify({ warm, after: memory.buffer.byteLength }));
`,
    );
    assert.equal(result.after, result.warm, `wasm memory grew from ${result.warm} to ${result.after}`);
  });

  it('the FinalizationRegistry frees engines that were never disposed', async () => {
    const result = await runChild(
      'finalizer-loop.mjs',
      `${MEMORY_PROBE}
const start = memory ? memory.buffer.byteLength : 0;
const burst = async () => {
  for (let i = 0; i < 100; i++) {
    const ts = await createToolSearch();
    ts.add(tools);
    ts.search('thing number 7'); // builds the index too
  }
  await settle();
};
await burst();
const afterOne = memory.buffer.byteLength;
for (let i = 0; i < 15; i++) await burst();
console.log(JSON.stringify({ start, afterOne, after: memory.buffer.byteLength }));
`,
    );
    // 1,600 undisposed engines of 200 tools would need far more than 4 bursts' worth.
    assert.ok(result.after <= result.afterOne * 4, JSON.stringify(result));
  });
});
