// Regressions for the adversarial review of the package (issue 12, "Findings"), driven through
// the packed package: the JS-boundary findings (4, 8 is in memory.test.mjs, 9), and the
// package-level symptoms of the core findings (1, 5, 7). Core behaviour is pinned by
// tests/cpp/test_review_findings.cpp. Each test failed before its fix.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';

import { installedPackage, sampleTools, rawEnvelope } from './helpers/package.mjs';

// The wasm memory, captured at instantiation (test-side instrumentation, as in memory-child.mjs).
/** @type {WebAssembly.Memory[]} */
const memories = [];
const instantiate = WebAssembly.instantiate;
WebAssembly.instantiate = async function (...args) {
  const result = await instantiate.apply(this, args);
  const instance = result instanceof WebAssembly.Instance ? result : result.instance;
  for (const value of Object.values(instance.exports)) if (value instanceof WebAssembly.Memory) memories.push(value);
  return result;
};

let installed;
let pkg;
let codes;
let tmp;
before(async () => {
  installed = await installedPackage();
  pkg = await installed.esm();
  const list = JSON.parse(await readFile(new URL('../../js/src/error-codes.json', import.meta.url), 'utf8'));
  codes = new Set(list.codes.map((c) => c.code));
  tmp = await mkdtemp(path.join(os.tmpdir(), 'tool-search-review-'));
});
after(() => rm(tmp, { recursive: true, force: true }));

/** The ToolSearchError `fn` throws (fails on anything else, or on no throw). */
function typedError(fn, label) {
  let thrown;
  try {
    fn();
  } catch (error) {
    thrown = error;
  }
  assert.ok(thrown !== undefined, `${label}: nothing was thrown`);
  assert.ok(thrown instanceof pkg.ToolSearchError, `${label}: a ${thrown?.constructor?.name} escaped: ${String(thrown?.message ?? thrown)}`);
  assert.ok(codes.has(thrown.code), `${label}: undocumented code ${thrown.code}`);
  return thrown;
}

const zeros = (n) => `[${new Array(n).fill('0').join(',')}]`;

describe('finding 1: memory exhaustion', () => {
  it('huge call arguments and a huge enum are TOO_LARGE, memory stays bounded, other engines are unaffected', async () => {
    const bystander = await pkg.createToolSearch();
    bystander.add(sampleTools());
    const expected = JSON.stringify(bystander.search('read a file', { limit: 3 }));
    const ts = await pkg.createToolSearch();
    ts.add({ name: 'free', description: 'Takes anything', inputSchema: { type: 'object' } });
    const memory = memories.at(-1);
    const before = memory.buffer.byteLength;
    // About 40 MB of JSON, under the 64 MiB text limit: was a 1.94 GB heap and an INTERNAL error.
    const call = typedError(() => ts.handleCall({ name: 'free', arguments: { a: new Array(20e6).fill(0) } }), 'handleCall');
    assert.equal(call.code, 'TOO_LARGE');
    // Under the 4 MiB call limit but over the value limit (2 million numbers): refused by the core.
    const dense = typedError(() => ts.handleCall({ name: 'free', arguments: JSON.parse(`{"a":${zeros(2_000_000)}}`) }), 'dense call');
    assert.equal(dense.code, 'TOO_LARGE');
    const enumTool = { name: 'huge', inputSchema: { type: 'object', properties: { a: { enum: new Array(2_000_000).fill(0) } } } };
    assert.equal(typedError(() => ts.add(enumTool), 'add').code, 'TOO_LARGE');
    const grown = memory.buffer.byteLength - before;
    console.log(`wasm heap growth over three hostile calls: ${(grown / 1048576).toFixed(1)} MiB`);
    assert.ok(grown <= 64 * 1048576, `the wasm heap grew ${grown} bytes`);
    // Still usable, and the other engine answers as before.
    assert.equal(ts.handleCall({ name: 'free', arguments: { a: [1, 2, 3] } }).kind, 'dispatch');
    assert.equal(JSON.stringify(bystander.search('read a file', { limit: 3 })), expected);
    ts.dispose();
    bystander.dispose();
  });

  it('the raw module answers a huge call with a TOO_LARGE envelope and stays usable', async () => {
    const at = (rel) => import(pathToFileURL(installed.file(rel)).href);
    const glue = (await at('dist/tool-search-core.mjs')).default;
    const module = await glue({ wasmBinary: await readFile(installed.file('dist/tool-search-core.wasm')) });
    const { RawEngine } = await at('dist/raw-engine.js');
    const engine = new RawEngine(module);
    try {
      rawEnvelope(module, engine.addTools('[{"name":"free"}]', 'null'));
      const envelope = rawEnvelope(module, engine.handleCall('', `{"name":"free","arguments":{"a":${zeros(20_000_000)}}}`, ''));
      assert.deepEqual([envelope.ok, envelope.error.code], [false, 'TOO_LARGE']);
      const dense = rawEnvelope(module, engine.handleCall('', `{"name":"free","arguments":{"a":${zeros(2_000_000)}}}`, ''));
      assert.deepEqual([dense.ok, dense.error.code], [false, 'TOO_LARGE']);
      assert.equal(rawEnvelope(module, engine.handleCall('', '{"name":"free","arguments":{}}', '')).value.kind, 'dispatch');
    } finally {
      engine.delete();
    }
  });
});

describe('finding 4: nothing but ToolSearchError escapes', () => {
  /** Hostile values of every kind the review used. */
  function hostiles() {
    const cyclic = {};
    cyclic.self = cyclic;
    let deep = 0;
    for (let i = 0; i < 5000; i++) deep = [deep];
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    const getter = { get name() { throw new Error('getter boom'); }, get arguments() { throw new Error('getter boom'); } };
    const trap = new Proxy({}, { get() { throw new Error('trap boom'); }, ownKeys() { throw new Error('trap boom'); } });
    const throwsString = { get session() { throw 'a string, not an Error'; } }; // eslint-disable-line no-throw-literal
    return { bigint: 1n, cyclic, deep, revoked: revoked.proxy, getter, trap, throwsString };
  }

  it('in tool, call and options objects, at the top level and inside', async () => {
    const ts = await pkg.createToolSearch();
    ts.add(sampleTools());
    const fingerprint = ts.fingerprint;
    const session = ts.session({ sources: ['mcp:github'] });
    for (const [kind, bad] of Object.entries(hostiles())) {
      const entries = {
        'add(tool type)': () => ts.add({ name: 'x', type: bad }),
        'add(tool schema)': () => ts.add({ name: 'x', inputSchema: bad }),
        'add(bad)': () => ts.add(bad),
        'add([bad])': () => ts.add([bad]),
        'add(tool, bad)': () => ts.add({ name: 'x' }, bad),
        'add(tool, {source: bad})': () => ts.add({ name: 'x' }, { source: bad }),
        'handleCall(bad)': () => ts.handleCall(bad),
        'handleCall(arguments)': () => ts.handleCall({ name: 'read_file', arguments: bad }),
        'handleCall(call, bad)': () => ts.handleCall({ name: 'read_file', arguments: {} }, bad),
        'search(q, bad)': () => ts.search('file', bad),
        'search(q, {limit: bad})': () => ts.search('file', { limit: bad }),
        'assemble(bad)': () => ts.assemble(bad),
        'assemble({userMessage: bad})': () => ts.assemble({ userMessage: bad }),
        'session(bad)': () => ts.session(bad),
        'session({sources: bad})': () => ts.session({ sources: bad }),
        'configure(bad)': () => ts.configure(bad),
        'configure({gate: bad})': () => ts.configure({ gate: bad }),
        'describe(name, bad)': () => ts.describe('read_file', bad),
        'suggest(name, bad)': () => ts.suggest('read_file', bad),
        'explain(q, name, bad)': () => ts.explain('file', 'read_file', bad),
        'estimateTokens(bad)': () => ts.estimateTokens(bad),
        'replaceSource(s, [bad])': () => ts.replaceSource('mcp:github', [bad]),
        'remove(bad)': () => ts.remove(bad),
        'tools(bad)': () => ts.tools(bad),
        'Session#search(q, bad)': () => session.search('file', bad),
        'Session#assemble(bad)': () => session.assemble(bad),
        'Session#handleCall(bad)': () => session.handleCall(bad),
      };
      for (const [entry, fn] of Object.entries(entries)) {
        try {
          fn();
        } catch (error) {
          assert.ok(error instanceof pkg.ToolSearchError, `${entry} with ${kind}: a ${error?.constructor?.name} escaped: ${String(error?.message ?? error)}`);
          assert.ok(codes.has(error.code), `${entry} with ${kind}: undocumented code ${error.code}`);
        }
      }
    }
    // A cycle in an options key add() does not read is a valid call: it adds tool x once.
    if (ts.tools(['x']).length) ts.remove('x');
    assert.equal(ts.fingerprint, fingerprint, 'nothing else was added, and nothing lost');
    assert.ok(ts.search('read a file').length > 0, 'the engine still works');
    ts.dispose();
  });

  it('createToolSearch rejects hostile options with a ToolSearchError', async () => {
    for (const [kind, bad] of Object.entries(hostiles())) {
      for (const options of [bad, { config: bad }]) {
        await assert.rejects(pkg.createToolSearch(options).then((ts) => ts.dispose()), (error) => {
          assert.ok(error instanceof pkg.ToolSearchError, `${kind}: a ${error?.constructor?.name} escaped`);
          return true;
        }).catch((e) => {
          // Some values are valid options once read (e.g. a cycle in an unused key): no rejection is fine.
          if (!(e instanceof assert.AssertionError) || !/Missing expected rejection/.test(e.message)) throw e;
        });
      }
    }
  });

  it("onInvalid: 'skip' leaves out each entry that cannot be read, and adds the rest", async () => {
    const ts = await pkg.createToolSearch();
    const h = hostiles();
    const report = ts.add(
      [{ name: 'good_one' }, { name: 'x', type: h.bigint }, h.revoked, h.getter, { name: 'y', inputSchema: { type: 'object', x: h.deep } }, { name: 'z', inputSchema: { type: 'object', x: h.cyclic } }, { name: 'good_two' }],
      { onInvalid: 'skip' },
    );
    assert.deepEqual(report.added, ['good_one', 'good_two']);
    assert.deepEqual(report.rejected.map((r) => r.index), [1, 2, 3, 4, 5]);
    for (const r of report.rejected) assert.ok(codes.has(r.code), r.code);
    ts.dispose();
  });

  it("onInvalid: 'skip' leaves out an entry with a lone surrogate, not the whole batch", async () => {
    const ts = await pkg.createToolSearch();
    const report = ts.add(
      [
        { name: 'lone', description: 'a lone \ud800 here' },
        { name: 'paired', description: 'a pair \ud83d\ude00 and a written escape \\ud800' },
        { name: 'trailing', inputSchema: { type: 'object', properties: { k: { type: 'string', description: '\udc00' } } } },
        { name: 'after' },
      ],
      { onInvalid: 'skip' },
    );
    assert.deepEqual(report.added, ['paired', 'after']);
    assert.deepEqual(report.rejected.map((r) => [r.index, r.name, r.code]), [[0, 'lone', 'INVALID_JSON'], [2, 'trailing', 'INVALID_JSON']]);
    assert.match(report.rejected[0].message, /add\(tools\)\[0\].*lone UTF-16 surrogate/);
    assert.equal(ts.describe('paired').description, 'a pair \ud83d\ude00 and a written escape \\ud800');
    ts.dispose();
  });
});

describe('finding 5: names', () => {
  it('refuses Unicode whitespace, control and format characters, and bridge-name lookalikes', async () => {
    const ts = await pkg.createToolSearch();
    for (const ch of ['\u00A0', '\u0085', '\u2028', '\u3000', '\u202E', '\u200B', '\uFEFF', '\u2060', '\u00AD']) {
      assert.equal(typedError(() => ts.add({ name: `a${ch}b` }), `U+${ch.charCodeAt(0).toString(16)}`).code, 'INVALID_TOOL');
    }
    assert.equal(typedError(() => ts.add({ name: 'tool_call\u200B' }), 'zero-width').code, 'INVALID_TOOL');
    for (const name of ['\uFF54ool_search', 'TOOL_CALL', 'Tool_Describe', 't\u043Eol_call']) {
      assert.equal(typedError(() => ts.add({ name }), name).code, 'RESERVED_NAME');
    }
    assert.equal(ts.size, 0);
    ts.add([{ name: 'acme.crm/find-contact' }, { name: 'PDF&URLTool' }, { name: 'ツール' }, { name: 'tool_calls' }]);
    assert.equal(ts.size, 4);
    ts.dispose();
  });
});

describe('finding 7: bounded suggestion work', () => {
  it('a describe() miss over 5,000 names of 254 characters is fast and computes suggestions once', async () => {
    const ts = await pkg.createToolSearch();
    const names = [];
    for (let i = 0; i < 5000; i++) {
      let name = `tool_${i}_`;
      while (name.length < 254) name += String.fromCharCode(97 + ((name.length * 7 + i) % 26));
      names.push(name);
    }
    ts.add(names.map((name) => ({ name })));
    const miss = `${names[42].slice(0, 200)}q${names[42].slice(201)}zz`;
    ts.suggest('warm up'); // builds the index, once per catalog change: not the cost under test
    let start = performance.now();
    const error = typedError(() => ts.describe(miss), 'describe');
    const describeMs = performance.now() - start;
    start = performance.now();
    const suggested = ts.suggest(miss);
    const suggestMs = performance.now() - start;
    console.log(`describe miss ${describeMs.toFixed(0)} ms, suggest ${suggestMs.toFixed(0)} ms (were 32 s and 16 s)`);
    assert.equal(error.code, 'NOT_FOUND');
    assert.deepEqual(error.suggestions, [names[42]]);
    assert.deepEqual(suggested, [names[42]]);
    assert.ok(describeMs < 1500 && suggestMs < 1500, `describe ${describeMs} ms, suggest ${suggestMs} ms`);
    ts.dispose();
  });
});

describe('finding 9: smaller items', () => {
  it('explain() takes a session and answers as if out-of-scope tools did not exist', async () => {
    const ts = await pkg.createToolSearch();
    ts.add(sampleTools());
    const inScope = ts.tools().find((t) => t.source === 'mcp:github');
    const outOfScope = ts.tools().find((t) => t.source !== 'mcp:github' && t.sourceKind !== 'core');
    const session = ts.session({ sources: ['mcp:github'] });
    const hits = session.search(inScope.name.replace(/_/g, ' '), { limit: 20 });
    const explained = session.explain(inScope.name.replace(/_/g, ' '), inScope.name);
    assert.equal(explained.score, hits.find((h) => h.name === inScope.name).score);
    const hidden = typedError(() => ts.explain('anything', outOfScope.name, { session }), 'out of scope');
    const missing = typedError(() => ts.explain('anything', 'no_such_tool', { session }), 'missing');
    assert.equal(hidden.code, 'NOT_FOUND');
    assert.equal(hidden.message.replace(outOfScope.name, 'X'), missing.message.replace('no_such_tool', 'X'));
    assert.ok(ts.explain('anything', outOfScope.name).score >= 0, 'unrestricted explain still answers');
    ts.dispose();
  });

  it("session: '' is INVALID_ARGUMENT, not the unrestricted session", async () => {
    const ts = await pkg.createToolSearch();
    ts.add(sampleTools());
    for (const [label, fn] of Object.entries({
      search: () => ts.search('file', { session: '' }),
      describe: () => ts.describe('read_file', { session: '' }),
      suggest: () => ts.suggest('read_fil', { session: '' }),
      explain: () => ts.explain('file', 'read_file', { session: '' }),
      assemble: () => ts.assemble({ session: '' }),
      handleCall: () => ts.handleCall({ name: 'read_file', arguments: {} }, { session: '' }),
    })) {
      assert.equal(typedError(fn, label).code, 'INVALID_ARGUMENT', label);
    }
    ts.dispose();
  });

  describe('the CLI', () => {
    const cli = (...args) => {
      const bin = path.join(installed.project, 'node_modules', '.bin', 'tool-search');
      const r = spawnSync(bin, args, { cwd: installed.project, encoding: 'utf8', timeout: 120_000 });
      if (r.error) throw r.error;
      return r;
    };
    const good = { name: 'read_file', description: 'Read a file from disk' };

    it('without --strict, one non-object entry or one unreadable entry is left out, not the whole file', async () => {
      let deep = 'null';
      for (let i = 0; i < 300; i++) deep = `[${deep}]`;
      const file = path.join(tmp, 'mixed.jsonl');
      await writeFile(file, [JSON.stringify(good), '42', '"a string"', `{"name":"deep_type","type":${deep}}`, '{"name":"bad name"}'].join('\n'));
      const r = cli('search', 'read a file', '--catalog', file, '--json');
      assert.equal(r.status, 0, r.stderr);
      assert.equal(JSON.parse(r.stdout)[0].name, 'read_file');
      assert.match(r.stderr, /left out 4 invalid tool/);
      const strict = cli('search', 'read a file', '--catalog', file, '--strict');
      assert.equal(strict.status, 1);
    });

    it('a JSON file with a byte-order mark is read; an empty file is an error', async () => {
      const bom = path.join(tmp, 'bom.json');
      await writeFile(bom, `\uFEFF${JSON.stringify([good])}`);
      const r = cli('search', 'read a file', '--catalog', bom, '--json');
      assert.equal(r.status, 0, r.stderr);
      assert.equal(JSON.parse(r.stdout)[0].name, 'read_file');
      const empty = path.join(tmp, 'empty.json');
      await writeFile(empty, '');
      const e = cli('search', 'read a file', '--catalog', empty);
      assert.equal(e.status, 1);
      assert.match(e.stderr, /is empty/);
      await writeFile(empty, '\uFEFF \n');
      assert.equal(cli('plan', '--catalog', empty).status, 1);
    });
  });
});
