// The raw surface and the JS layer agree, in both directions:
//   methods the JS layer calls  ==  RAW_ENGINE_METHODS (dist/raw-engine.js)  ==  RawEngine's methods
// and the module exports exactly the C functions RawEngine calls (wasm/bindings.cpp), with
// the Emscripten runtime's malloc and free.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { before, describe, it } from 'node:test';

import { installedPackage, rawEnvelope } from './helpers/package.mjs';

let installed;
let raw;
let rawEngine;
let module;
before(async () => {
  installed = await installedPackage();
  const at = (rel) => import(pathToFileURL(installed.file(rel)).href);
  raw = await at('dist/raw.js');
  rawEngine = await at('dist/raw-engine.js');
  const glue = (await at('dist/tool-search-core.mjs')).default;
  module = await glue({ wasmBinary: await readFile(installed.file('dist/tool-search-core.wasm')) });
});

describe('raw surface', () => {
  it('RawEngine has every expected method and no other', () => {
    const lifetime = ['constructor', 'delete', 'isDeleted'];
    const actual = Object.getOwnPropertyNames(rawEngine.RawEngine.prototype).filter((n) => !lifetime.includes(n)).sort();
    const expected = [...rawEngine.RAW_ENGINE_METHODS].sort();
    assert.deepEqual(
      { missing: expected.filter((m) => !actual.includes(m)), extra: actual.filter((m) => !expected.includes(m)) },
      { missing: [], extra: [] },
    );
  });

  it('the JS layer calls exactly the methods of the internal interface', async () => {
    const source = await readFile(installed.file('dist/tool-search.js'), 'utf8');
    const packed = await readFile(installed.file('dist/packed-search.js'), 'utf8');
    const snapshot = await readFile(installed.file('dist/snapshot.js'), 'utf8');
    // #open is #call returning the whole envelope; the packed search calls its methods itself,
    // and so does the copy of a snapshot out of wasm memory.
    const viaCall = [...source.matchAll(/#(?:call|open)\('([A-Za-z]+)'/g)].map((m) => m[1]);
    const viaPacked = [...packed.matchAll(/#engine\.([A-Za-z]+)\(/g)].map((m) => m[1]);
    const viaSnapshot = [...snapshot.matchAll(/\bengine\.([A-Za-z]+)\(/g)].map((m) => m[1]);
    const called = [...new Set([...viaCall, ...viaPacked, ...viaSnapshot])].sort();
    assert.deepEqual(called, [...rawEngine.RAW_ENGINE_METHODS].sort());
    // Nothing else reaches the engine except through #call (the constructor and delete aside).
    const direct = [...source.matchAll(/#engine\.([A-Za-z]+)\(/g)].map((m) => m[1]);
    assert.deepEqual([...new Set(direct)].sort(), ['delete']);
  });

  it('the module exports the C functions RawEngine calls, and no other', () => {
    // The glue makes a function of each wasm export named _<symbol>; the C functions are ts_*.
    const exported = Object.keys(module).filter((k) => /^_ts_/.test(k) && typeof module[k] === 'function');
    const expected = rawEngine.RAW_FUNCTIONS.filter((f) => f.startsWith('_ts_'));
    assert.equal(new Set(expected).size, expected.length);
    assert.deepEqual(exported.sort(), [...expected].sort());
    for (const f of ['_malloc', '_free']) assert.equal(typeof module[f], 'function', f);
  });

  it('a module without one of those functions is refused at load (WASM_LOAD_FAILED)', async () => {
    const load = await import(pathToFileURL(installed.file('dist/load.js')).href);
    const real = (await import(pathToFileURL(installed.file('dist/tool-search-core.mjs')).href)).default;
    const lacking = async (options) => {
      const m = await real(options);
      delete m._ts_describe;
      return m;
    };
    const loadModule = load.createModuleLoader(lacking, { defaultSource: () => undefined });
    await assert.rejects(loadModule(await readFile(installed.file('dist/tool-search-core.wasm'))), (e) => {
      assert.equal(e.code, 'WASM_LOAD_FAILED');
      assert.match(e.message, /missing _ts_describe/);
      return true;
    });
  });

  it('every raw method answers the UTF-8 bytes of a JSON envelope', () => {
    const engine = new rawEngine.RawEngine(module);
    try {
      // Text beyond ASCII and Latin-1 comes back as written (the bytes are UTF-8, not Latin-1).
      const description = 'liest eine Datei – 读取文件 🗂';
      assert.equal(rawEnvelope(module, engine.addTools(JSON.stringify([{ name: 'read_it', description }]), 'null')).ok, true);
      assert.equal(rawEnvelope(module, engine.describe('read_it', '')).value.description, description);
      const envelope = rawEnvelope(module, engine.info());
      assert.equal(envelope.ok, true);
      assert.deepEqual(Object.keys(envelope.value).sort(), ['fingerprint', 'revision', 'sessions', 'size']);
      assert.equal(envelope.value.size, 1);
      const bad = rawEnvelope(module, engine.addTools('not json', 'null'));
      assert.equal(bad.ok, false);
      assert.equal(bad.error.code, 'INVALID_JSON');
      assert.equal(typeof bad.error.message, 'string');
    } finally {
      engine.delete();
    }
  });
});

describe('text arguments', () => {
  it('utf8Length is the byte count TextEncoder writes (pairs, lone surrogates, every width)', () => {
    const pool = ['a', 'é', '\u07ff', '\u0800', '€', '中', '\uffff', '😀', '\u{10ffff}', '\ud800', '\udc00'];
    const encoder = new TextEncoder();
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let t = 0; t < 5000; t++) {
      let s = '';
      for (let i = next() % 12; i > 0; i--) s += pool[next() % pool.length];
      assert.equal(raw.utf8Length(s), encoder.encode(s).length, JSON.stringify(s));
    }
  });

  it('an argument of more than 64K UTF-16 units with characters beyond the BMP arrives whole', async () => {
    // Up to 64K units the room is 3 bytes a unit; past that it is measured, and an undercount
    // of the 4-byte characters once cut the JSON text short (INVALID_JSON).
    const { createToolSearch } = await import(pathToFileURL(installed.file('dist/index.node.js')).href);
    const ts = await createToolSearch();
    try {
      // Descriptions are limited to 64 KiB each: eight of them make one add() past 64K units.
      const tools = Array.from({ length: 8 }, (_, i) => ({
        name: `send_it_${i}`,
        description: `Sends message ${i} 📨 with emoji ${'🙂 déjà vu 中文 '.repeat(600)}end`,
      }));
      assert.ok(JSON.stringify(tools).length > 64 * 1024);
      ts.add(tools);
      for (const tool of tools) assert.equal(ts.describe(tool.name).description, tool.description);
    } finally {
      ts.dispose();
    }
  });
});
