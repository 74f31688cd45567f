// The raw embind surface and the JS layer agree, in both directions:
//   methods the JS layer calls  ==  RAW_ENGINE_METHODS (dist/raw.js)  ==  Engine.prototype
// and the module exports exactly the functions the JS layer expects.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { before, describe, it } from 'node:test';

import { installedPackage, rawEnvelope } from './helpers/package.mjs';

let installed;
let raw;
let module;
let load;
before(async () => {
  installed = await installedPackage();
  const at = (rel) => import(pathToFileURL(installed.file(rel)).href);
  raw = await at('dist/raw.js');
  load = await at('dist/load.js');
  const glue = (await at('dist/tool-search-core.mjs')).default;
  module = await glue({ wasmBinary: await readFile(installed.file('dist/tool-search-core.wasm')) });
});

describe('raw embind surface', () => {
  it('Engine.prototype has every expected method and no other', () => {
    const actual = load.rawEngineMethodNames(module);
    const expected = [...raw.RAW_ENGINE_METHODS].sort();
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
    assert.deepEqual(called, [...raw.RAW_ENGINE_METHODS].sort());
    // Nothing else reaches the engine except through #call (the constructor and delete aside).
    const direct = [...source.matchAll(/#engine\.([A-Za-z]+)\(/g)].map((m) => m[1]);
    assert.deepEqual([...new Set(direct)].sort(), ['delete']);
  });

  it('the module exports the expected embind functions and classes, and no other', () => {
    // Embind marks what it registers with an own property (`argCount`, renamed by Closure);
    // the runtime's own functions have only length, name and prototype.
    const marked = (f) => Object.getOwnPropertyNames(f).some((p) => !['length', 'name', 'prototype'].includes(p));
    const registered = Object.keys(module).filter((k) => typeof module[k] === 'function' && marked(module[k]));
    assert.deepEqual(registered.sort(), [...raw.RAW_MODULE_EXPORTS].sort());
  });

  it('every raw method answers the UTF-8 bytes of a JSON envelope', () => {
    const engine = new module.Engine('{}');
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
