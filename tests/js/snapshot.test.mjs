// Index snapshots through the installed package (docs/snapshot-format.md): snapshot() -> load()
// -> snapshot() gives the same bytes and the same answers on the built-in catalog and on
// Seal-Tools; createToolSearch({ snapshot }); vectors (the static table's and a host
// embedder's) travel with the catalog; truncated, corrupted and foreign bytes are
// INVALID_SNAPSHOT and the engine keeps everything it had. Run alone:
// node --test tests/js/snapshot.test.mjs
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';

import { installedPackage } from './helpers/package.mjs';
import { NO_SEAL, SEAL } from '../../scripts/shared-data.mjs';

const pkg = await installedPackage();
const { createToolSearch, toolsFromCatalog, ToolSearchError } = await pkg.esm();
const builtIn = toolsFromCatalog(JSON.parse(await readFile(pkg.file('catalogs/official-mcp.json'), 'utf8')));
const staticTable = await readFile(pkg.file('dist/static-embeddings.tsse'));

const expectCode = (code) => (err) => err instanceof ToolSearchError && err.code === code;

/** Everything a caller reads from an engine, as one JSON text (equal text, equal answers). */
function observe(ts, queries) {
  const out = { size: ts.size, fingerprint: ts.fingerprint, tools: ts.tools(), config: ts.configure({}), vectors: ts.vectorInfo };
  out.searches = queries.map((q) => [
    ts.search(q, { limit: 10 }),
    ts.search(q, { limit: 5, deferredOnly: true }),
    ts.search(q.split(' ')[0], { strategy: 'regex' }),
    ts.suggest(q.replace(/ /g, '_')),
    ts.explain(q, out.tools[0].name),
  ]);
  out.describe = out.tools.filter((_, i) => i % 17 === 0).map((t) => ts.describe(t.name));
  out.turns = [
    ts.assemble({ contextWindow: 8000 }),
    ts.assemble({ contextWindow: 8000, mode: 'preselect', userMessage: queries[0] }),
  ].map(({ gate, ...turn }) => ({ ...turn, gate: { ...gate } }));
  out.calls = [
    ts.handleCall({ name: 'tool_search', arguments: { query: queries[1] } }),
    ts.handleCall({ name: 'tool_describe', arguments: { name: out.tools[1 % out.tools.length].name } }),
    ts.handleCall({ name: 'tool_call', arguments: { name: out.tools[2 % out.tools.length].name, arguments: {} } }),
  ];
  // A catalog revision counts an engine's own mutations: runtime state, not content.
  return JSON.stringify(out).replace(/"revision":\d+/g, '"revision":0');
}

/** snapshot -> load -> snapshot: the same bytes, the same answers, and a catalog that still changes. */
async function roundTrip(c) {
  const original = await createToolSearch({ config: c.config });
  const loaded = await createToolSearch();
  try {
    c.fill(original);
    const bytes = original.snapshot();
    assert.ok(bytes instanceof Uint8Array, c.label);
    assert.equal(Buffer.from(bytes.subarray(0, 8)).toString('latin1'), 'TOOLSNAP', c.label);
    assert.deepEqual(loaded.load(bytes), { size: original.size, fingerprint: original.fingerprint }, c.label);
    assert.deepEqual(loaded.snapshot(), bytes, `${c.label}: byte-identical`);
    assert.equal(observe(loaded, c.queries), observe(original, c.queries), `${c.label}: the same answers`);
    // Not a frozen copy: the loaded catalog changes like any other, and the change is found.
    loaded.add({ name: 'archive_report', description: 'Archive a finished quarterly report' });
    assert.equal(loaded.search('archive the quarterly report')[0].name, 'archive_report', c.label);
  } finally {
    original.dispose();
    loaded.dispose();
  }
}

test('snapshot -> load -> snapshot gives the same bytes and the same answers (built-in catalog)', () =>
  roundTrip({
    label: 'official-mcp',
    config: { namespacing: 'prefix', gate: { thresholdTools: 12 }, analysis: { lexicon: { todo: 'task' } } },
    fill: (ts) => {
      ts.add(builtIn);
      ts.add([{ name: 'clarify', description: 'Ask the user a question', source: 'core' }]);
      ts.pin('mcp_github_create_issue');
      ts.pinServer('memory');
    },
    queries: ['open a PR', 'ls the folder', 'remember a todo', 'mcp_github_create_issue'],
  }));

test('snapshot -> load -> snapshot gives the same bytes and the same answers (Seal-Tools, 4,076 tools)', { skip: NO_SEAL }, async () => {
  const sealTools = (await readFile(join(SEAL, 'catalog.jsonl'), 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
    .map((t) => ({ name: t.name.replace(/\s+/g, '_'), description: t.description, parameters: t.parameters }));
  await roundTrip({
    label: 'seal_tools',
    config: { retrieval: { depth: 40 } },
    fill: (ts) => ts.add(sealTools, { onInvalid: 'skip' }),
    queries: ['I need to analyze DNA evidence from a crime scene', 'book a flight to Paris', 'weather forecast'],
  });
});

test('createToolSearch({ snapshot }) loads first, then applies config on top', async () => {
  const original = await createToolSearch({ config: { namespacing: 'prefix', retrieval: { strategy: 'keyword', depth: 30 } } });
  try {
    original.add(builtIn);
    const bytes = original.snapshot();
    const ts = await createToolSearch({ snapshot: bytes.buffer.slice(0), config: { gate: { thresholdPct: 20 } } });
    try {
      assert.equal(ts.size, 104);
      assert.equal(ts.fingerprint, original.fingerprint);
      const config = ts.configure({});
      assert.equal(config.namespacing, 'prefix', "the snapshot's options");
      assert.equal(config.retrieval.depth, 30);
      assert.equal(config.gate.thresholdPct, 20, 'and config merged over them');
      assert.deepEqual(ts.search('create a pull request'), original.search('create a pull request'));
    } finally {
      ts.dispose();
    }
    await assert.rejects(createToolSearch({ snapshot: bytes.subarray(0, 100) }), expectCode('INVALID_SNAPSHOT'));
    await assert.rejects(createToolSearch({ snapshot: 'TOOLSNAP' }), expectCode('INVALID_ARGUMENT'));
    await assert.rejects(createToolSearch({ snapshots: bytes }), expectCode('INVALID_ARGUMENT'));
  } finally {
    original.dispose();
  }
});

test('tool vectors travel with the snapshot: static-table vectors, and a host embedder is not asked again', async () => {
  const original = await createToolSearch({ config: { namespacing: 'prefix' } });
  try {
    original.add(builtIn);
    original.loadStaticTable(staticTable);
    const hybrid = original.search('think step by step', { strategy: 'hybrid' });
    assert.equal(hybrid.strategy, 'hybrid');
    const bytes = original.snapshot();

    const loaded = await createToolSearch({ snapshot: bytes });
    try {
      assert.deepEqual(loaded.vectorInfo, { ...original.vectorInfo, static: false }, 'the vectors, not the table');
      assert.equal(loaded.search('think step by step', { strategy: 'hybrid' }).degraded, 'no query vector');
      loaded.loadStaticTable(staticTable);  // the same table: its vectors are kept
      assert.deepEqual(loaded.search('think step by step', { strategy: 'hybrid' }), hybrid);
      assert.deepEqual(loaded.snapshot(), bytes);
    } finally {
      loaded.dispose();
    }
  } finally {
    original.dispose();
  }

  const calls = [];
  const embedder = (id) => ({
    id,
    dimensions: 8,
    async embed(texts) {
      calls.push(...texts);
      return texts.map((t) => Float32Array.from({ length: 8 }, (_, i) => (t.charCodeAt(i % t.length) % 7) - 3));
    },
  });
  const host = await createToolSearch({ embedder: embedder('letters'), config: { namespacing: 'prefix' } });
  try {
    host.add(builtIn);
    assert.deepEqual(await host.embedTools(), { embedded: 104, pending: 104 });
    const bytes = host.snapshot();
    calls.length = 0;
    const same = await createToolSearch({ snapshot: bytes, embedder: embedder('letters') });
    assert.deepEqual(await same.embedTools(), { embedded: 0, pending: 0 }, 'the same embedder reuses every vector');
    const hits = await same.searchAsync('read a file', { strategy: 'semantic' });
    assert.deepEqual(hits, await host.searchAsync('read a file', { strategy: 'semantic' }));
    same.dispose();
    const other = await createToolSearch({ snapshot: bytes, embedder: embedder('other-model') });
    assert.equal(other.vectorInfo.vectors, 0, "another embedder's vectors are not comparable: dropped");
    assert.deepEqual(await other.embedTools(), { embedded: 104, pending: 104 });
    other.dispose();
  } finally {
    host.dispose();
  }
});

test('truncated, corrupted and foreign bytes are INVALID_SNAPSHOT, and nothing is lost', async () => {
  const source = await createToolSearch({ config: { namespacing: 'prefix' } });
  source.add(builtIn.slice(0, 30));
  const bytes = source.snapshot();
  source.dispose();

  const ts = await createToolSearch();
  try {
    ts.add([{ name: 'keep_me', description: 'Stays whatever is loaded' }, { name: 'and_me', source: 'core' }]);
    ts.pin('keep_me');
    const session = ts.session({ tools: ['keep_me'] });
    const before = observe(ts, ['keep', 'and me']);
    const beforeBytes = ts.snapshot();
    const refused = (candidate, code = 'INVALID_SNAPSHOT') => {
      assert.throws(() => ts.load(candidate), expectCode(code));
      return true;
    };
    // Every truncation of the first 4 KB, then every 97th byte count to the end.
    for (let n = 0; n < bytes.length; n += n < 4096 ? 1 : 97) refused(bytes.subarray(0, n));
    // A flipped bit anywhere: header, section lengths, tables, text.
    for (let i = 0; i < bytes.length; i += 13) {
      const damaged = bytes.slice();
      damaged[i] ^= 1 << (i % 8);
      refused(damaged);
    }
    const messageOf = (candidate) => {
      try {
        ts.load(candidate);
      } catch (error) {
        return `${error.code}: ${error.message}`;
      }
      return 'accepted';
    };
    const other = bytes.slice();
    other[8] = 99;  // format version
    assert.match(messageOf(other), /INVALID_SNAPSHOT: .*format version 99 is not supported/);
    assert.match(messageOf(new TextEncoder().encode('{"tools":[]}')), /INVALID_SNAPSHOT: .*not a tool-search snapshot/);
    assert.match(messageOf(bytes.subarray(0, bytes.length - 1)), /INVALID_SNAPSHOT: .*truncated/);
    const flipped = bytes.slice();
    flipped[bytes.length - 3] ^= 0x20;
    assert.match(messageOf(flipped), /INVALID_SNAPSHOT: .*checksum/);
    assert.match(messageOf(new Uint8Array([...bytes, 0])), /INVALID_SNAPSHOT: .*follow its end/);
    for (const notBytes of ['TOOLSNAP', null, [1, 2, 3], { length: 3 }]) refused(notBytes, 'INVALID_ARGUMENT');
    refused(new Uint8Array(new ArrayBuffer(256 * 1024 * 1024 + 1)), 'TOO_LARGE');

    assert.equal(observe(ts, ['keep', 'and me']), before, 'every failed load left the engine as it was');
    assert.deepEqual(ts.snapshot(), beforeBytes);
    assert.deepEqual(session.search('keep').map((h) => h.name), ['keep_me']);
    // Views and other containers of the same bytes load alike.
    assert.equal(ts.load(Buffer.from(bytes)).size, 30);
    assert.equal(ts.load(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)).size, 30);
    assert.equal(ts.load(bytes.slice().buffer).size, 30);
  } finally {
    ts.dispose();
  }
  assert.throws(() => ts.load(bytes), expectCode('DISPOSED'));
  assert.throws(() => ts.snapshot(), expectCode('DISPOSED'));
});

test('after a load, search results name the loaded tools and open sessions see the new catalog', async () => {
  const first = await createToolSearch();
  const second = await createToolSearch();
  try {
    first.add([{ name: 'alpha_report', description: 'Write the alpha report', source: 'mcp:docs' }]);
    second.add([
      { name: 'beta_report', description: 'Write the beta report', source: 'mcp:docs' },
      { name: 'gamma_report', description: 'Write the gamma report', source: 'mcp:mail' },
    ]);
    const session = first.session({ sources: ['mcp:docs'] });
    // Warms the packed search's per-revision cache of tool summaries (position 0 is alpha_report).
    assert.equal(first.search('write the report')[0].name, 'alpha_report');
    first.load(second.snapshot());
    assert.deepEqual(first.search('write the report').map((h) => h.name), ['beta_report', 'gamma_report']);
    assert.deepEqual(session.search('write the report').map((h) => h.name), ['beta_report'], 'the scope still applies');
    assert.equal(first.describe('beta_report').source, 'mcp:docs');
    assert.throws(() => first.describe('alpha_report'), expectCode('NOT_FOUND'));
  } finally {
    first.dispose();
    second.dispose();
  }
});
