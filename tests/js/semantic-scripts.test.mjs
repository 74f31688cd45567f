// The evaluation/distillation helpers in scripts/lib: metrics, fusion, PCA, the TSSE writer and
// reader, and the embedding cache. Small hand-checked inputs.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

import { cachedEmbedder } from '../../scripts/lib/embed-cache.mjs';
import { convex, rrf } from '../../scripts/lib/fusion.mjs';
import { pca } from '../../scripts/lib/pca.mjs';
import { scoreSlots, slotsOf } from '../../scripts/lib/slot-metrics.mjs';
import { loadStaticTable, writeStaticTable } from '../../scripts/lib/static-table.mjs';
import { toolText, wordTokens } from '../../scripts/lib/tool-text.mjs';

test('slot metrics: gold_groups make one slot that any member fills', () => {
  assert.deepEqual(slotsOf({ gold: ['a', 'b'] }), [['a'], ['b']]);
  const q = { gold: ['a', 'b', 'c'], gold_groups: [['a', 'b', 'c']] };
  const s = scoreSlots(['x', 'b', 'a'], slotsOf(q));
  assert.equal(s.recall5, 1);
  assert.equal(s.ndcg10, 1 / Math.log2(3));
  const two = scoreSlots(['a', 'x', 'x2', 'x3', 'x4', 'b'], [['a'], ['b']]);
  assert.equal(two.recall5, 0.5);
  assert.equal(two.recall10, 1);
});

test('fusion: RRF weights and the convex mix', () => {
  const kw = [{ name: 'a', score: 10 }, { name: 'b', score: 5 }];
  const sem = [{ name: 'c', score: 0.9 }, { name: 'b', score: 0.8 }];
  assert.deepEqual(rrf(kw, sem), ['b', 'a', 'c']);
  assert.deepEqual(rrf(kw, sem, { wKeyword: 0, wSemantic: 1 }).slice(0, 2), ['c', 'b']);
  const cos = { a: 0.1, b: 0.8, c: 0.9 };
  // alpha 1: keyword only (c has bm25 0); alpha 0: cosine only.
  assert.deepEqual(convex(kw, sem, (n) => cos[n], 1), ['a', 'b', 'c']);
  assert.deepEqual(convex(kw, sem, (n) => cos[n], 0), ['c', 'b', 'a']);
  // 0.5 * (1, .5, 0) + 0.5 * (.1, .8, .9) = (.55, .65, .45)
  assert.deepEqual(convex(kw, sem, (n) => cos[n], 0.5), ['b', 'a', 'c']);
});

test('pca: finds the direction of largest variance', () => {
  const rows = Array.from({ length: 400 }, (_, i) => Float32Array.from([3 * Math.cos(i), 3 * Math.cos(i) + 0.1 * Math.sin(i), 0.5]));
  const { components, variances } = pca(rows, 2);
  assert.ok(Math.abs(Math.abs(components[0][0]) - Math.SQRT1_2) < 1e-3);
  assert.ok(variances[0] > 100 * variances[1]);
});

test('TSSE: write, load, embed like the core (identifier parts, unknown words skipped)', () => {
  const bytes = writeStaticTable(['forecast', 'get', 'weather'], [Float32Array.of(0, 0, 1), Float32Array.of(1, 0, 0), Float32Array.of(0, 2, 0)]);
  assert.equal(new TextDecoder().decode(bytes.subarray(0, 4)), 'TSSE');
  const t = loadStaticTable(bytes);
  assert.equal(t.count, 3);
  const v = t.embed('getWeather FORECAST, please');
  const n = Math.sqrt(6);
  assert.ok(Math.abs(v[0] - 1 / n) < 0.01 && Math.abs(v[1] - 2 / n) < 0.01 && Math.abs(v[2] - 1 / n) < 0.01);
  assert.deepEqual([...t.embed('nothing known')], [0, 0, 0]);
  assert.throws(() => loadStaticTable(bytes.subarray(0, bytes.length - 1)), /size/);
  assert.deepEqual(wordTokens('parseHTTPResponse v2api a'), ['parse', 'http', 'response', 'api']);
  assert.equal(toolText({ name: 'get_weather', description: 'Weather.', parameters: { properties: { cityName: { description: 'City' } } } }, { params: true }), 'get weather: Weather.. Parameters: city Name: City');
});

test('embed cache: embeds each text once, across instances', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'embed-cache-'));
  try {
    const calls = [];
    const inner = { id: 'fake', dimensions: 2, embed: async (texts) => (calls.push(texts), texts.map((t) => Float32Array.of(t.length, 1))) };
    const a = cachedEmbedder(inner, { dir });
    assert.deepEqual((await a.embed(['x', 'yy', 'x'])).map((v) => v[0]), [1, 2, 1]);
    assert.deepEqual(calls, [['x', 'yy']]);
    const b = cachedEmbedder(inner, { dir });
    assert.equal(b.size, 2);
    assert.deepEqual((await b.embed(['yy', 'zzz'])).map((v) => v[0]), [2, 3]);
    assert.deepEqual(calls, [['x', 'yy'], ['zzz']]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
