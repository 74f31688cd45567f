// The retrieval strategies through the installed package: a host embedder (vector cache by
// text hash, failures degrading to keyword), the static table shipped as a package asset, the
// regex strategy, hybrid in the bridge, and explain() per strategy. USE-lite runs as a real
// model (its weights ship in the @energetic-ai devDependencies).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';

import { useLiteEmbedder } from '../../js/src/embedders/use-lite.js';
import { installedPackage } from './helpers/package.mjs';

const pkg = await installedPackage();
const { createToolSearch, toolsFromCatalog, ToolSearchError } = await pkg.esm();
const builtIn = toolsFromCatalog(JSON.parse(await readFile(pkg.file('catalogs/official-mcp.json'), 'utf8')));
const staticTable = await readFile(pkg.file('dist/static-embeddings.tsse'));

/** A ToolSearch over the built-in catalog (104 MCP tools, namespaced). */
async function builtInEngine(options = {}) {
  const ts = await createToolSearch({ ...options, config: { namespacing: 'prefix', ...(options.config ?? {}) } });
  ts.add(builtIn);
  return ts;
}

/**
 * A host embedder that records what it is asked to embed. Vectors are bag-of-letters counts:
 * deterministic, so the tests check our plumbing, not a model's quality.
 */
function recordingEmbedder({ dims = 26, behaviour } = {}) {
  const calls = [];
  return {
    calls,
    id: `letters-${dims}`,
    dimensions: dims,
    async embed(texts) {
      calls.push(texts);
      if (behaviour) return behaviour(texts);
      return texts.map((t) => {
        const v = new Float32Array(dims);
        for (const ch of t.toLowerCase()) {
          const i = ch.charCodeAt(0) - 97;
          if (i >= 0 && i < 26) v[i % dims] += 1;
        }
        return v;
      });
    },
  };
}

const expectCode = (code) => (err) => err instanceof ToolSearchError && err.code === code;

test('a host embedder embeds each tool once; unchanged tools are never embedded again', async () => {
  const embedder = recordingEmbedder();
  const ts = await builtInEngine({ embedder, config: { retrieval: { strategy: 'hybrid' } } });
  try {
    const first = await ts.searchAsync('read a text file');
    assert.equal(first.strategy, 'hybrid');
    assert.equal(first.degraded, undefined);
    assert.ok(first.some((h) => h.legs && h.legs.semantic), 'hybrid hits carry the semantic leg');
    const toolTexts = embedder.calls.slice(0, -1).flat();
    assert.equal(toolTexts.length, 104, 'every tool embedded once, in batches');
    assert.ok(toolTexts.includes(toolTexts.find((t) => t.startsWith('mcp filesystem read text file: '))));
    assert.deepEqual(embedder.calls.at(-1), ['read a text file'], 'then the query');
    assert.equal(ts.vectorInfo.vectors, 104);

    embedder.calls.length = 0;
    await ts.searchAsync('write a file');
    assert.deepEqual(embedder.calls, [['write a file']], 'a second search embeds only the query');

    // Re-listing a server with the same tools costs nothing; one changed description costs one.
    const memory = builtIn.filter((t) => t.source === 'mcp:memory');
    ts.replaceSource('mcp:memory', memory);
    embedder.calls.length = 0;
    assert.deepEqual(await ts.embedTools(), { embedded: 0, pending: 0 });
    ts.replaceSource('mcp:memory', memory.map((t, i) => (i === 0 ? { ...t, description: `${t.description} Changed.` } : t)));
    assert.deepEqual(await ts.embedTools(), { embedded: 1, pending: 1 });
    assert.equal(embedder.calls.flat().length, 1);
  } finally {
    ts.dispose();
  }
});

test('a failing embedder degrades to keyword with the reason; embedTools() throws it typed', async () => {
  const cases = [
    ['throws', recordingEmbedder({ behaviour: () => { throw new Error('quota exceeded'); } }), 'EMBEDDER_FAILED'],
    ['hangs', recordingEmbedder({ behaviour: () => new Promise(() => {}) }), 'TIMEOUT'],
    ['wrong dimension', recordingEmbedder({ behaviour: (texts) => texts.map(() => new Float32Array(3)) }), 'EMBEDDER_FAILED'],
    ['NaN', recordingEmbedder({ behaviour: (texts) => texts.map(() => new Float32Array(26).fill(NaN)) }), 'EMBEDDER_FAILED'],
    ['too few vectors', recordingEmbedder({ behaviour: () => [] }), 'EMBEDDER_FAILED'],
    // Values that Number() would have read as 0 or 1: null (NaN through JSON), strings, holes.
    ['nulls', recordingEmbedder({ behaviour: (texts) => texts.map(() => new Array(26).fill(null)) }), 'EMBEDDER_FAILED'],
    ['strings', recordingEmbedder({ behaviour: (texts) => texts.map(() => new Array(26).fill('1')) }), 'EMBEDDER_FAILED'],
    ['holes', recordingEmbedder({ behaviour: (texts) => texts.map(() => new Array(26)) }), 'EMBEDDER_FAILED'],
    // A vector that throws when read is the embedder's failure, not a bad argument of the caller's.
    ['a throwing element', recordingEmbedder({
      behaviour: (texts) => texts.map(() => new Proxy(new Array(26).fill(1), { get: (t, k) => { if (k === '3') throw new Error('unreadable'); return t[k]; } })),
    }), 'EMBEDDER_FAILED'],
  ];
  for (const [label, embedder, code] of cases) {
    const ts = await builtInEngine({ embedder, embedderTimeoutMs: 100, config: { retrieval: { strategy: 'hybrid' } } });
    try {
      const fingerprint = ts.fingerprint;
      const hits = await ts.searchAsync('create a pull request');
      assert.equal(hits.strategy, 'keyword', label);
      assert.match(hits.degraded ?? '', new RegExp(`^${code}: `), label);
      assert.equal(hits[0].name, 'mcp_github_create_pull_request', `${label}: keyword results, not an empty list`);
      await assert.rejects(ts.embedTools(), expectCode(code), label);
      const call = await ts.handleCallAsync({ name: 'tool_search', arguments: { query: 'create a pull request' } });
      assert.equal(call.kind, 'search');
      assert.match(call.degraded ?? '', new RegExp(`^${code}`), label);
      const turn = await ts.assembleAsync({ mode: 'preselect', userMessage: 'create a pull request', contextWindow: 8000 });
      assert.match(turn.degraded ?? '', new RegExp(`^${code}`), label);
      assert.equal(ts.fingerprint, fingerprint, `${label}: the catalog is untouched`);
      assert.equal(ts.size, 104);
    } finally {
      ts.dispose();
    }
  }
});

test('bad embedders and bad query vectors are typed errors', async () => {
  await assert.rejects(createToolSearch({ embedder: {} }), expectCode('INVALID_ARGUMENT'));
  await assert.rejects(createToolSearch({ embedder: { id: 'x', dimensions: 0, embed() {} } }), expectCode('INVALID_ARGUMENT'));
  await assert.rejects(createToolSearch({ embedder: recordingEmbedder(), embedderTimeoutMs: -1 }), expectCode('INVALID_ARGUMENT'));
  // Timers fire at once for any delay over 2^31 - 1 ms: every embedding would have timed out.
  await assert.rejects(createToolSearch({ embedder: recordingEmbedder(), embedderTimeoutMs: 2 ** 31 }), expectCode('INVALID_ARGUMENT'));
  (await createToolSearch({ embedder: recordingEmbedder(), embedderTimeoutMs: 2 ** 31 - 1 })).dispose();
  const ts = await builtInEngine({ embedder: recordingEmbedder() });
  try {
    await ts.embedTools();
    assert.throws(() => ts.search('x', { strategy: 'semantic', vector: new Float32Array(5) }), expectCode('INVALID_ARGUMENT'));
    assert.throws(() => ts.search('x', { strategy: 'semantic', vector: [NaN, ...new Array(25).fill(0)] }), expectCode('INVALID_ARGUMENT'));
    assert.throws(() => ts.search('x', { strategy: 'semantic', vector: [Infinity, ...new Array(25).fill(0)] }), expectCode('INVALID_ARGUMENT'));
    assert.throws(() => ts.search('x', { strategy: 'fuzzy' }), expectCode('INVALID_ARGUMENT'));
    assert.throws(() => ts.configure({ retrieval: { strategy: 'regex' } }), expectCode('INVALID_CONFIG'));
    assert.throws(() => ts.configure({ retrieval: { semanticWeight: -1 } }), expectCode('INVALID_CONFIG'));
    assert.throws(() => ts.configure({ retrieval: { tableSemanticWeight: 1001 } }), expectCode('INVALID_CONFIG'));
    assert.throws(() => ts.configure({ retrieval: { adaptiveWeight: 'yes' } }), expectCode('INVALID_CONFIG'));
    // A vector given directly skips the embedder (the low-level path).
    const v = new Float32Array(26);
    v[17] = 1; // 'r'
    const hits = ts.search('anything', { strategy: 'semantic', vector: v, limit: 3 });
    assert.equal(hits.strategy, 'semantic');
    assert.equal(hits.length, 3);
    assert.equal(ts.size, 104);
  } finally {
    ts.dispose();
  }
});

test('a query vector of the wrong size is refused by assemble as by search; assembleAsync uses a given vector', async () => {
  const embedder = recordingEmbedder();
  const ts = await builtInEngine({ embedder, config: { retrieval: { strategy: 'semantic' } } });
  try {
    await ts.embedTools();
    const turn = { mode: 'preselect', userMessage: 'read a file', contextWindow: 8000 };
    const fingerprint = ts.fingerprint;
    for (const size of [25, 27, 4096]) {
      assert.throws(() => ts.search('read a file', { vector: new Float32Array(size).fill(1) }), expectCode('INVALID_ARGUMENT'));
      assert.throws(() => ts.assemble({ ...turn, vector: new Float32Array(size).fill(1) }), expectCode('INVALID_ARGUMENT'), `${size} dimensions`);
    }
    const v = new Float32Array(26);
    v[17] = 1;
    const given = ts.assemble({ ...turn, vector: v });
    embedder.calls.length = 0;
    assert.deepEqual((await ts.assembleAsync({ ...turn, vector: v })).visible, given.visible, "the caller's vector, not the message's embedding");
    await assert.rejects(ts.assembleAsync({ ...turn, vector: 'x' }), expectCode('INVALID_ARGUMENT'));
    assert.deepEqual(embedder.calls, [], 'no embedding for a turn that brings its vector');
    // A query over the limit is refused before anything is embedded.
    await assert.rejects(ts.searchAsync('x'.repeat(20_000)), expectCode('TOO_LARGE'));
    assert.deepEqual(embedder.calls, []);
    assert.equal(ts.fingerprint, fingerprint);
  } finally {
    ts.dispose();
  }
});

test('an unknown or closed session is NOT_FOUND before anything is embedded (searchAsync, assembleAsync, handleCallAsync)', async () => {
  const embedder = recordingEmbedder();
  const ts = await builtInEngine({ embedder, config: { retrieval: { strategy: 'hybrid' } } });
  try {
    const closed = ts.session({});
    closed.close();
    for (const session of ['s99', closed.id]) {
      await assert.rejects(ts.searchAsync('read a file', { session }), expectCode('NOT_FOUND'), session);
      await assert.rejects(ts.assembleAsync({ mode: 'preselect', userMessage: 'read a file', session }), expectCode('NOT_FOUND'), session);
      await assert.rejects(
        ts.handleCallAsync({ name: 'tool_search', arguments: { query: 'read a file' } }, { session }),
        expectCode('NOT_FOUND'),
        session,
      );
    }
    assert.deepEqual(embedder.calls, [], 'nothing embedded for a refused call');
    assert.equal(ts.vectorInfo.vectors, 0);
    // An open session's search embeds as before, and a session dropped and closed by the engine
    // is unknown again.
    const open = ts.session({});
    const hits = await ts.searchAsync('read a file', { session: open.id });
    assert.equal(hits.strategy, 'hybrid');
    assert.ok(embedder.calls.length > 0);
    open.close();
    const calls = embedder.calls.length;
    await assert.rejects(ts.searchAsync('read a file', { session: open.id }), expectCode('NOT_FOUND'));
    assert.equal(embedder.calls.length, calls);
  } finally {
    ts.dispose();
  }
});

test('a zero query vector runs the search as keyword and says why; zero tool vectors are kept', async () => {
  // Bag of letters: "123" has none, so its vector is all zeros (no direction, every cosine 0).
  const ts = await builtInEngine({ embedder: recordingEmbedder(), config: { retrieval: { strategy: 'semantic' } } });
  try {
    ts.add({ name: 'tool_404', description: '404 500 503' });
    assert.deepEqual(await ts.embedTools(), { embedded: 105, pending: 105 }, 'the digits-only tool is embedded too');
    const hits = await ts.searchAsync('503');
    assert.equal(hits.strategy, 'keyword');
    assert.match(hits.degraded ?? '', /^EMBEDDER_FAILED: .*zero vector/);
    assert.equal(hits[0]?.name, 'tool_404', 'keyword results, not a silently empty list');
  } finally {
    ts.dispose();
  }
});

test('loadStaticTable() while a host embedding is awaited: the late vectors are dropped, not stored under the table', async () => {
  const scratch = await builtInEngine();
  const { dimensions } = scratch.loadStaticTable(staticTable);
  const expected = scratch.search('read a file', { strategy: 'semantic', limit: 5 }).map((h) => [h.name, h.score]);
  scratch.dispose();
  // A host embedder of the table's size, whose answers wait until the test lets them go.
  let release;
  const gate = new Promise((resolve) => { release = resolve; });
  const embedder = recordingEmbedder({
    dims: dimensions,
    behaviour: async (texts) => {
      await gate;
      return texts.map((_, i) => Float32Array.from({ length: dimensions }, (_, j) => (j === i % dimensions ? 1 : 0.01)));
    },
  });
  const ts = await builtInEngine({ embedder, config: { retrieval: { strategy: 'semantic' } } });
  try {
    const pending = ts.searchAsync('read a file', { limit: 5 });
    while (embedder.calls.length === 0) await new Promise((r) => setTimeout(r, 1));
    ts.loadStaticTable(staticTable);
    release();
    const hits = await pending;
    assert.equal(hits.strategy, 'semantic');
    assert.equal(hits.degraded, undefined);
    assert.deepEqual(hits.map((h) => [h.name, h.score]), expected, "ranked by the table's own vectors");
    assert.deepEqual(ts.search('read a file', { strategy: 'semantic', limit: 5 }).map((h) => [h.name, h.score]), expected);
  } finally {
    ts.dispose();
  }
});

test('vectors of subnormal values rank as their directions do', async () => {
  // Found by the vectors fuzz target: below a max of about 4e-37 the int8 quantiser's float
  // scale overflowed, and every code was the conversion of inf or NaN (undefined behaviour).
  const normal = recordingEmbedder();
  const scaled = recordingEmbedder();
  const tiny = { ...scaled, id: 'letters-tiny', embed: async (texts) => (await scaled.embed(texts)).map((v) => v.map((x) => x * 1e-42)) };
  const a = await builtInEngine({ embedder: normal });
  const b = await builtInEngine({ embedder: tiny });
  try {
    await a.embedTools();
    await b.embedTools();
    const [query] = await normal.embed(['read a text file']);
    const expected = a.search('read a text file', { strategy: 'semantic', vector: query, limit: 8 });
    const got = b.search('read a text file', { strategy: 'semantic', vector: query.map((x) => x * 1e-42), limit: 8 });
    assert.equal(got.strategy, 'semantic');
    assert.equal(got[0].name, expected[0].name);
    assert.ok(expected[0].score - expected.at(-1).score > 0.05, 'the letters embedder separates these tools');
    got.forEach((h, i) => assert.ok(Math.abs(h.score - expected[i].score) < 0.01, `rank ${i + 1}: ${h.score} against ${expected[i].score}`));
  } finally {
    a.dispose();
    b.dispose();
  }
});

test('semantic and hybrid without an embedder run as keyword and say why', async () => {
  const ts = await builtInEngine();
  try {
    const hits = ts.search('create a pull request', { strategy: 'hybrid' });
    assert.equal(hits.strategy, 'keyword');
    assert.match(hits.degraded, /no embedder/);
    assert.equal(hits[0].name, 'mcp_github_create_pull_request');
    assert.equal((await ts.searchAsync('create a pull request', { strategy: 'semantic' })).strategy, 'keyword');
  } finally {
    ts.dispose();
  }
});

test('the static table (a package asset) runs semantic and hybrid synchronously inside the engine', async () => {
  const ts = await builtInEngine();
  try {
    assert.throws(() => ts.loadStaticTable(staticTable.subarray(0, 1000)), expectCode('INVALID_ARGUMENT'));
    assert.throws(() => ts.loadStaticTable('TSSE'), expectCode('INVALID_ARGUMENT'));
    assert.deepEqual(ts.loadStaticTable(staticTable), { dimensions: 128 });
    const info = ts.vectorInfo;
    assert.equal(info.static, true);
    assert.match(info.embedder, /^static:[0-9a-f]{16}$/);
    const semantic = ts.search('think step by step', { strategy: 'semantic', limit: 3 });
    assert.equal(semantic.strategy, 'semantic');
    assert.equal(semantic[0].name, 'mcp_sequential-thinking_sequentialthinking');
    assert.equal(semantic[0].match, 'semantic');
    assert.ok(semantic[0].score > 0 && semantic[0].score <= 1, 'a cosine');
    assert.equal(ts.vectorInfo.vectors, 104, 'the engine embedded every tool itself');
    const hybrid = ts.search('create_pull_request', { strategy: 'hybrid' });
    assert.equal(hybrid[0].name, 'mcp_github_create_pull_request');
    assert.equal(hybrid[0].match, 'exact', 'an exact name survives fusion');
    // A corrupt table after a good one leaves the good one in place.
    const corrupt = Uint8Array.from(staticTable);
    corrupt[4] = 9; // version
    assert.throws(() => ts.loadStaticTable(corrupt), expectCode('INVALID_ARGUMENT'));
    assert.equal(ts.search('think step by step', { strategy: 'semantic' }).strategy, 'semantic');
  } finally {
    ts.dispose();
  }
});

test('regex strategy: names, descriptions, case, bad patterns, and linear time on a hostile pattern', async () => {
  const ts = await builtInEngine();
  try {
    const names = ts.search('^mcp_github_.*pull_request', { strategy: 'regex', limit: 20 }).map((h) => h.name);
    assert.ok(names.length >= 5);
    assert.ok(names.every((n) => /^mcp_github_.*pull_request/.test(n)));
    assert.equal(ts.search('MCP_GITHUB_CREATE_ISSUE', { strategy: 'regex' })[0].name, 'mcp_github_create_issue');
    assert.equal(ts.search('MCP_GITHUB_CREATE_ISSUE', { strategy: 'regex', caseSensitive: true }).length, 0);
    assert.equal(ts.search('knowledge graph', { strategy: 'regex' }).length, 0);
    assert.ok(ts.search('knowledge graph', { strategy: 'regex', descriptions: true }).length > 0);
    assert.throws(() => ts.search('(unclosed', { strategy: 'regex' }), expectCode('INVALID_ARGUMENT'));
    assert.throws(() => ts.search('(?=lookahead)', { strategy: 'regex' }), expectCode('INVALID_ARGUMENT'));
    assert.throws(() => ts.search('a'.repeat(201), { strategy: 'regex' }), expectCode('TOO_LARGE'));
    // The model asks for regex by writing /pattern/ (or /pattern/i) as its tool_search query.
    ts.configure({ gate: { enabled: 'on' } });
    const call = ts.handleCall({ name: 'tool_search', arguments: { query: '/^mcp_slack_.*channel/' } });
    assert.ok(call.result.matches.length > 0);
    assert.ok(call.result.matches.every((m) => m.match === 'regex' && m.name.startsWith('mcp_slack_')));
  } finally {
    ts.dispose();
  }
  const big = await createToolSearch();
  try {
    big.add(Array.from({ length: 10_000 }, (_, i) => ({ name: `${'a'.repeat(60)}_${i}`, description: 'x' })));
    const start = performance.now();
    assert.equal(big.search('(a+)+$', { strategy: 'regex' }).length, 0);
    // Not a timing test: a backtracking engine would not return at all on this input.
    assert.ok(performance.now() - start < 60_000);
  } finally {
    big.dispose();
  }
});

test('score fusion weighs the semantic leg by the keyword leg\'s confidence, as documented (adaptiveWeight, tableSemanticWeight)', async () => {
  const ts = await builtInEngine({ config: { gate: { maxSearchLimit: 50 } } });
  try {
    ts.loadStaticTable(staticTable);
    const defaults = ts.configure({}).retrieval;
    assert.equal(defaults.adaptiveWeight, true, 'the default');
    assert.equal(defaults.tableSemanticWeight, 0.1, 'the static table\'s default weight');
    /** The weight README and index.d.ts state: base x min((4.5 / z)^3, 10), z over 50 scores. */
    const documentedWeight = (/** @type {string} */ query, /** @type {number} */ base) => {
      const scores = ts.search(query, { strategy: 'keyword', limit: 50 }).map((h) => h.score);
      while (scores.length < 50) scores.push(0);
      const best = Math.max(...scores);
      const mean = scores.reduce((a, b) => a + b, 0) / 50;
      const sd = Math.sqrt(scores.reduce((a, b) => a + b * b, 0) / 50 - mean * mean);
      const z = best > 0 && sd > 0 ? (best - mean) / sd : 0;
      return { best, weight: z > 0 ? base * Math.min((4.5 / z) ** 3, 10) : 10 * base };
    };
    // With the static table, tableSemanticWeight is the base and semanticWeight (a host
    // embedder's) plays no part: first the defaults, then both set apart. The queries are
    // English words the table knows, so its coverage does not scale them.
    for (const [table, semantic] of [[0.1, 0.3], [0.25, 0.9]]) {
      ts.configure({ retrieval: { tableSemanticWeight: table, semanticWeight: semantic } });
      const weights = [];
      for (const query of ['elevation of a mountain', 'save this note for later', 'read the file', 'banana orchestra']) {
        const { best, weight } = documentedWeight(query, table);
        weights.push(weight);
        for (const [adaptive, w] of [[true, weight], [false, table]]) {
          ts.configure({ retrieval: { adaptiveWeight: adaptive } });
          const hits = ts.search(query, { strategy: 'hybrid', limit: 10 });
          assert.ok(hits.length > 0, query);
          for (const h of hits) {
            if (h.match === 'exact') continue;
            const keyword = h.legs.keyword ? h.legs.keyword.score / best : 0;
            const expected = keyword + w * h.legs.semantic.score;
            assert.ok(Math.abs(h.score - expected) <= 1e-9 * Math.max(1, expected), `${query} (${adaptive}, ${table}): ${h.name} ${h.score} != ${expected}`);
          }
        }
        ts.configure({ retrieval: { adaptiveWeight: true } });
      }
      assert.ok(Math.min(...weights) < table && Math.max(...weights) > table, `weights ${weights}`);
      assert.equal(weights[3], 10 * table, 'nothing matched: ten times the configured weight');
    }
  } finally {
    ts.dispose();
  }
});

test('explain() reports each leg of a hybrid ranking', async () => {
  const ts = await builtInEngine();
  try {
    ts.loadStaticTable(staticTable);
    const top = ts.search('save this note for later', { strategy: 'hybrid' })[0];
    const e = ts.explain('save this note for later', top.name, { strategy: 'hybrid' });
    assert.equal(e.strategy, 'hybrid');
    assert.equal(e.rank, 1);
    assert.equal(e.strategyScore, top.score);
    assert.deepEqual(e.legs.keyword, top.legs.keyword);
    assert.equal(e.legs.semantic.score, top.legs.semantic.score, 'the cosine that went into the fused score');
    // explain() ranks the semantic leg; search() skips that ranking when the keyword leg alone
    // settles the hits (the rank is then null), and otherwise agrees.
    assert.ok(Number.isInteger(e.legs.semantic.rank) && e.legs.semantic.rank >= 1);
    assert.ok(top.legs.semantic.rank === null || top.legs.semantic.rank === e.legs.semantic.rank);
    // The weight the semantic leg got for this query, with which the fused score is rebuilt from
    // the legs (score fusion: keyword score over the best one, plus weight times cosine), and
    // which follows tableSemanticWeight in proportion (the same keyword hits, the same factor).
    const best = Math.max(...ts.search('save this note for later', { strategy: 'keyword', limit: 50 }).map((h) => h.score));
    const w = e.legs.semanticWeight;
    assert.ok(w > 0, `weight ${w}`);
    const rebuilt = (e.legs.keyword ? e.legs.keyword.score / best : 0) + w * e.legs.semantic.score;
    assert.ok(Math.abs(e.strategyScore - rebuilt) <= 1e-9 * e.strategyScore, `${e.strategyScore} != ${rebuilt}`);
    ts.configure({ retrieval: { tableSemanticWeight: 0.2 } });
    const doubled = ts.explain('save this note for later', top.name, { strategy: 'hybrid' }).legs.semanticWeight;
    assert.ok(Math.abs(doubled - 2 * w) <= 1e-12 * w, `${doubled} != 2 x ${w}`);
    const keyword = ts.explain('save this note for later', top.name);
    assert.equal(keyword.strategy, 'keyword');
    assert.equal(keyword.legs, undefined);
    assert.ok(keyword.terms.length > 0);
  } finally {
    ts.dispose();
  }
});

test('USE-lite, a real model: hybrid search and pre-selection through the async API', async () => {
  const ts = await builtInEngine({ embedder: useLiteEmbedder(), embedderTimeoutMs: 120_000, config: { retrieval: { strategy: 'hybrid' } } });
  try {
    const hits = await ts.searchAsync('think step by step about a hard problem');
    assert.equal(hits.strategy, 'hybrid', hits.degraded);
    assert.equal(hits[0].name, 'mcp_sequential-thinking_sequentialthinking');
    const semantic = await ts.searchAsync('remember a fact about the user', { strategy: 'semantic', limit: 5 });
    assert.ok(semantic.some((h) => h.name.startsWith('mcp_memory_')), semantic.map((h) => h.name).join(', '));
    const turn = await ts.assembleAsync({ mode: 'preselect', userMessage: 'open a pull request for my branch', contextWindow: 8000, topK: 3 });
    assert.equal(turn.degraded, undefined);
    assert.ok(turn.visible.some((v) => v.name === 'mcp_github_create_pull_request'), turn.visible.map((v) => v.name).join(', '));
  } finally {
    ts.dispose();
  }
});
