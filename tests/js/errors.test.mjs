// Bad input: every failure is a ToolSearchError with a code, and the catalog is unchanged
// afterwards (same fingerprint, same tools), and the engine still works.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { installedPackage, sampleTools } from './helpers/package.mjs';

let pkg;
let ts;
let baseline;

before(async () => {
  pkg = await (await installedPackage()).esm();
  ts = await pkg.createToolSearch();
  ts.add(sampleTools());
  baseline = { fingerprint: ts.fingerprint, tools: JSON.stringify(ts.tools()) };
});
after(() => ts.dispose());

/**
 * Asserts `fn` throws a ToolSearchError with `code` (a string or a list of acceptable codes)
 * and leaves the catalog exactly as it was.
 */
function rejects(fn, code) {
  let thrown;
  try {
    fn();
  } catch (error) {
    thrown = error;
  }
  assert.ok(thrown, `expected a ToolSearchError ${code}, nothing was thrown`);
  assert.ok(thrown instanceof pkg.ToolSearchError, `expected ToolSearchError, got ${thrown?.stack ?? thrown}`);
  assert.ok(thrown instanceof Error);
  assert.equal(thrown.name, 'ToolSearchError');
  const codes = Array.isArray(code) ? code : [code];
  assert.ok(codes.includes(thrown.code), `expected ${codes.join('|')}, got ${thrown.code}: ${thrown.message}`);
  assert.match(thrown.message, /^tool-search: \S/);
  assert.equal(ts.fingerprint, baseline.fingerprint, 'fingerprint unchanged');
  assert.equal(JSON.stringify(ts.tools()), baseline.tools, 'tools unchanged');
  assert.equal(ts.search('weather')[0].name, 'get_weather', 'the engine still works');
  return thrown;
}

describe('wrong argument types are refused before the boundary (INVALID_ARGUMENT)', () => {
  const cases = {
    'add(42)': () => ts.add(42),
    'add(null)': () => ts.add(null),
    'add("tool")': () => ts.add('tool'),
    'add([42])': () => ts.add([{ name: 'ok_tool' }, 42]),
    'add(tools, "opts")': () => ts.add([{ name: 'ok_tool' }], 'mcp:x'),
    'add(circular)': () => {
      const schema = { type: 'object' };
      schema.self = schema;
      ts.add({ name: 'circular', inputSchema: schema });
    },
    'add(BigInt)': () => ts.add({ name: 'big', inputSchema: { type: 'object', default: 1n } }),
    'add(function tool without function object)': () => ts.add({ type: 'function', function: 'x' }),
    'remove(42)': () => ts.remove(42),
    'remove([1])': () => ts.remove(['get_weather', 1]),
    'replaceSource(1, [])': () => ts.replaceSource(1, []),
    'replaceSource(src, "x")': () => ts.replaceSource('mcp:github', 'x'),
    'pin(1)': () => ts.pin(1),
    'pin(name, "yes")': () => ts.pin('get_weather', 'yes'),
    'pinServer(null)': () => ts.pinServer(null),
    'pinServer(s, 1)': () => ts.pinServer('github', 1),
    'search(null)': () => ts.search(null),
    'search(42)': () => ts.search(42),
    'search(q, "opts")': () => ts.search('x', 'opts'),
    'search(q, {limit: "5"})': () => ts.search('x', { limit: '5' }),
    'search(q, {deferredOnly: 1})': () => ts.search('x', { deferredOnly: 1 }),
    'search(q, {session: 42})': () => ts.search('x', { session: 42 }),
    'explain(1, name)': () => ts.explain(1, 'get_weather'),
    'explain(q, null)': () => ts.explain('x', null),
    'describe(1)': () => ts.describe(1),
    'describe(name, 5)': () => ts.describe('get_weather', 5),
    'suggest()': () => ts.suggest(),
    'session("scope")': () => ts.session('scope'),
    'session([])': () => ts.session([]),
    'assemble("x")': () => ts.assemble('x'),
    'handleCall(null)': () => ts.handleCall(null),
    'handleCall("tool_call")': () => ts.handleCall('tool_call'),
    'handleCall(call, "s1")': () => ts.handleCall({ name: 'x' }, 's1'),
    'unwrap(7)': () => ts.unwrap(7),
    'estimateTokens(5)': () => ts.estimateTokens(5),
    'configure(null)': () => ts.configure(null),
    'configure([])': () => ts.configure([]),
  };
  for (const [label, fn] of Object.entries(cases)) {
    it(label, () => rejects(fn, 'INVALID_ARGUMENT'));
  }

  it('createToolSearch() rejects wrong option types', async () => {
    for (const options of [42, 'x', null, { config: 5 }, { wasm: 42 }, { wasm: {} }]) {
      await assert.rejects(pkg.createToolSearch(options), (e) => e instanceof pkg.ToolSearchError && e.code === 'INVALID_ARGUMENT');
    }
  });
});

describe('invalid tools are refused by the core, all-or-nothing', () => {
  const cases = {
    'missing name': [() => ts.add({ description: 'no name' }), 'INVALID_TOOL'],
    'name of the wrong type': [() => ts.add({ name: 42 }), 'INVALID_ARGUMENT'],
    'empty name': [() => ts.add({ name: '' }), 'INVALID_TOOL'],
    'description of the wrong type': [() => ts.add({ name: 'x_tool', description: 5 }), 'INVALID_ARGUMENT'],
    'bad source': [() => ts.add({ name: 'x_tool', source: 'mcp:' }), 'INVALID_TOOL'],
    'unknown source': [() => ts.add({ name: 'x_tool', source: 'elsewhere' }), 'INVALID_TOOL'],
    'bad class': [() => ts.add({ name: 'x_tool', class: 'vip' }), 'INVALID_TOOL'],
    'tags not strings': [() => ts.add({ name: 'x_tool', tags: [1] }), 'INVALID_ARGUMENT'],
    'schema is a string': [() => ts.add({ name: 'x_tool', inputSchema: 'object' }), 'INVALID_SCHEMA'],
    'schema is an array': [() => ts.add({ name: 'x_tool', inputSchema: [] }), 'INVALID_SCHEMA'],
    'schema is not an object schema': [() => ts.add({ name: 'x_tool', inputSchema: { type: 'string' } }), 'INVALID_SCHEMA'],
    'OpenAI parameters not an object schema': [
      () => ts.add({ type: 'function', function: { name: 'x_tool', parameters: { type: 'array' } } }),
      'INVALID_SCHEMA',
    ],
    'hosted (non-function) tool type': [() => ts.add({ type: 'web_search' }), 'INVALID_TOOL'],
    'duplicate of an existing tool': [() => ts.add({ name: 'get_weather' }), 'DUPLICATE_NAME'],
    'duplicate within the batch': [() => ts.add([{ name: 'dup_tool' }, { name: 'dup_tool' }]), 'DUPLICATE_NAME'],
    'bridge name': [() => ts.add({ name: 'tool_search' }), 'RESERVED_NAME'],
    'bridge name via OpenAI shape': [() => ts.add({ type: 'function', function: { name: 'tool_call' } }), 'RESERVED_NAME'],
    'one bad tool at the end of a batch': [() => ts.add([{ name: 'fine_one' }, { name: 'fine_two' }, { name: '' }]), 'INVALID_TOOL'],
    'replaceSource with a bad tool': [() => ts.replaceSource('mcp:github', [{ name: 'ok_tool' }, { name: 'bad', inputSchema: 1 }]), 'INVALID_SCHEMA'],
    'replaceSource with a bad source': [() => ts.replaceSource('nowhere', []), ['INVALID_ARGUMENT', 'INVALID_TOOL']],
    'estimateTokens of a bad schema': [() => ts.estimateTokens({ name: 'x_tool', inputSchema: 'x' }), 'INVALID_SCHEMA'],
  };
  for (const [label, [fn, code]] of Object.entries(cases)) {
    it(label, () => rejects(fn, code));
  }
});

describe('other core errors', () => {
  const cases = {
    'remove an unknown name (nothing removed)': [() => ts.remove(['get_weather', 'no_such_tool']), 'NOT_FOUND'],
    'pin an unknown name': [() => ts.pin('no_such_tool'), 'NOT_FOUND'],
    'describe an unknown name': [() => ts.describe('no_such_tool'), 'NOT_FOUND'],
    'explain an unknown name': [() => ts.explain('weather', 'no_such_tool'), 'NOT_FOUND'],
    'search in an unknown session': [() => ts.search('weather', { session: 's999' }), 'NOT_FOUND'],
    'handleCall in an unknown session': [() => ts.handleCall({ name: 'get_weather', arguments: {} }, { session: 's999' }), 'NOT_FOUND'],
    'scope with a non-list': [() => ts.session({ sources: 'mcp:github' }), 'INVALID_ARGUMENT'],
    'scope with an unknown key': [() => ts.session({ servers: ['github'] }), 'INVALID_ARGUMENT'],
    'assemble with an unknown mode': [() => ts.assemble({ mode: 'sideways' }), 'INVALID_ARGUMENT'],
    'assemble with a negative window': [() => ts.assemble({ contextWindow: -1 }), 'INVALID_ARGUMENT'],
    'assemble with a string window': [() => ts.assemble({ contextWindow: '200000' }), 'INVALID_ARGUMENT'],
    'search with a fractional limit': [() => ts.search('weather', { limit: 2.5 }), 'INVALID_ARGUMENT'],
    'configure with an unknown key': [() => ts.configure({ gate: { nope: 1 } }), 'INVALID_CONFIG'],
    'configure out of range': [() => ts.configure({ gate: { maxSearchLimit: 500 } }), 'INVALID_CONFIG'],
    'handleCall without a name': [() => ts.handleCall({ arguments: {} }), 'INVALID_ARGUMENT'],
  };
  for (const [label, [fn, code]] of Object.entries(cases)) {
    it(label, () => rejects(fn, code));
  }

  it('an empty or blank query is refused; punctuation alone finds nothing', () => {
    for (const q of ['', '   ', '\n\t']) rejects(() => ts.search(q), 'INVALID_ARGUMENT');
    assert.deepEqual(ts.search('!!!'), []);
  });

  it('a failed configure() keeps the previous config', () => {
    const before = ts.configure({});
    rejects(() => ts.configure({ bm25: { b: 7 } }), 'INVALID_CONFIG');
    assert.deepEqual(ts.configure({}), before);
  });
});

describe('huge input', () => {
  it('a tool name over 256 bytes', () => rejects(() => ts.add({ name: 'n'.repeat(300) }), 'TOO_LARGE'));
  it('a description over 64 KiB', () => rejects(() => ts.add({ name: 'big_desc', description: 'd'.repeat(70_000) }), 'TOO_LARGE'));
  it('a schema over 1 MiB', () => {
    const properties = {};
    for (let i = 0; i < 20_000; i++) properties[`field_${i}`] = { type: 'string', description: 'x'.repeat(50) };
    rejects(() => ts.add({ name: 'big_schema', inputSchema: { type: 'object', properties } }), 'TOO_LARGE');
  });
  it('a schema nested deeper than the parser allows', () => {
    let schema = { type: 'object' };
    for (let i = 0; i < 300; i++) schema = { type: 'object', properties: { a: schema } };
    rejects(() => ts.add({ name: 'deep_schema', inputSchema: schema }), ['TOO_LARGE', 'INVALID_JSON', 'INVALID_SCHEMA']);
  });
  it('a batch whose JSON is over 64 MiB is refused before the copy', () => {
    const tools = Array.from({ length: 1100 }, (_, i) => ({ name: `t${i}`, description: 'x'.repeat(64_000) }));
    rejects(() => ts.add(tools), 'TOO_LARGE');
  });
  it('a query over 64 Mi characters is refused before the copy', () => {
    rejects(() => ts.search('q'.repeat(64 * 1024 * 1024 + 1)), 'TOO_LARGE');
    rejects(() => ts.describe('n'.repeat(64 * 1024 * 1024 + 1)), 'TOO_LARGE');
  });
  it('a query over 16 KiB of UTF-8 is TOO_LARGE with its byte count, and the searches after it answer as before', () => {
    const expected = ts.search('weather in Oslo', { limit: 5 });
    const code = (fn) => {
      try {
        fn();
      } catch (error) {
        assert.ok(error instanceof pkg.ToolSearchError, String(error));
        return `${error.code}: ${error.message}`;
      }
      assert.fail('no error');
    };
    // Over the limit in characters (refused before any copy), and over it only in bytes (ü is
    // 2 bytes, € 3: the core measures these).
    assert.match(code(() => ts.search('w'.repeat(16_385))), /TOO_LARGE: .*16385 bytes.*16384/);
    assert.match(code(() => ts.search('ü'.repeat(8_193))), /TOO_LARGE: .*16386 bytes.*16384/);
    assert.match(code(() => ts.search('€'.repeat(6_000))), /TOO_LARGE: .*18000 bytes.*16384/);
    // A long query then short ones: the input buffer the engine keeps holds stale bytes.
    assert.ok(Array.isArray(ts.search(`weather ${'天気'.repeat(2_000)}`)));
    assert.deepEqual(ts.search('weather in Oslo', { limit: 5 }), expected);
    assert.equal(ts.search('weather \uD83D\uDE00')[0].name, 'get_weather');
  });
  it('a 1 MB query is answered or refused, never a trap', () => {
    const query = 'weather '.repeat(131_072);
    try {
      const hits = ts.search(query);
      assert.ok(Array.isArray(hits));
    } catch (error) {
      assert.ok(error instanceof pkg.ToolSearchError, String(error));
    }
    assert.equal(ts.fingerprint, baseline.fingerprint);
    assert.equal(ts.search('weather')[0].name, 'get_weather');
  });
});

// Emscripten 3.1.6 turns a lone surrogate into some other valid character (it swallows the
// next code unit), so plain strings are checked in JS; JSON text carries them as \\udXXX
// escapes, which the core's parser refuses.
describe('lone UTF-16 surrogates', () => {
  const lone = ['\uD800', '\uDC00', 'ab\uD83Dcd', '\uDE00x'];
  for (const s of lone) {
    const label = JSON.stringify(s);
    it(`in a tool name ${label}`, () => rejects(() => ts.add({ name: `tool${s}` }), ['INVALID_JSON', 'INVALID_TOOL', 'INVALID_ARGUMENT']));
    it(`in a description ${label}`, () =>
      rejects(() => ts.add({ name: 'surrogate_tool', description: `d${s}` }), ['INVALID_JSON', 'INVALID_TOOL', 'INVALID_ARGUMENT']));
    it(`in a query ${label}`, () => rejects(() => ts.search(`weather${s}`), 'INVALID_ARGUMENT'));
    it(`in describe/explain/suggest/pin/session names ${label}`, () => {
      rejects(() => ts.describe(`get_weather${s}`), 'INVALID_ARGUMENT');
      rejects(() => ts.explain(`weather${s}`, 'get_weather'), 'INVALID_ARGUMENT');
      rejects(() => ts.explain('weather', `get_weather${s}`), 'INVALID_ARGUMENT');
      rejects(() => ts.suggest(`get_weather${s}`), 'INVALID_ARGUMENT');
      rejects(() => ts.pin(`get_weather${s}`), 'INVALID_ARGUMENT');
      rejects(() => ts.pinServer(`github${s}`), 'INVALID_ARGUMENT');
      rejects(() => ts.search('weather', { session: `s1${s}` }), 'INVALID_ARGUMENT');
    });
    it(`in replaceSource's source ${label}`, () => rejects(() => ts.replaceSource(`mcp:gh${s}`, []), 'INVALID_ARGUMENT'));
    it(`in a scope or an assemble message ${label}`, () => {
      rejects(() => ts.session({ tools: [`get_weather${s}`] }), ['INVALID_JSON', 'INVALID_ARGUMENT']);
      rejects(() => ts.assemble({ userMessage: `weather${s}`, mode: 'preselect' }), ['INVALID_JSON', 'INVALID_ARGUMENT']);
    });
    it(`in call arguments ${label}`, () => {
      // Arguments are user JSON: a lone surrogate there cannot become valid UTF-8 either.
      rejects(
        () => ts.handleCall({ name: 'tool_call', arguments: { name: 'get_weather', arguments: { city: `Oslo${s}` } } }),
        ['INVALID_JSON', 'INVALID_ARGUMENT'],
      );
    });
  }
  it('a valid surrogate pair is fine', () => {
    const hits = ts.search('weather \uD83D\uDE00');
    assert.equal(hits[0].name, 'get_weather');
  });
});
