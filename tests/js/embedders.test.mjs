// The embedder adapters in js/src/embedders (not yet part of the built package, so imported
// from source). openai and workers-ai are tested against a real loopback HTTP server and a
// stand-in binding: these check OUR request shape, batching and answer checks, not the services.
// use-lite runs the real model when its optional packages are installed.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { once } from 'node:events';
import { test } from 'node:test';

import { openAIEmbedder } from '../../js/src/embedders/openai.js';
import { workersAIEmbedder } from '../../js/src/embedders/workers-ai.js';
import { transformersEmbedder } from '../../js/src/embedders/transformers.js';
import { useLiteEmbedder } from '../../js/src/embedders/use-lite.js';

/** A loopback server that answers /v1/embeddings like an OpenAI-compatible one (in reverse
 * index order, which the API allows) and records every request. */
async function fakeEmbeddingsServer({ dims = 3, status = 200 } = {}) {
  const requests = [];
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    requests.push({ method: req.method, url: req.url, headers: req.headers, body: JSON.parse(body) });
    if (status !== 200) {
      res.writeHead(status, { 'content-type': 'application/json' }).end('{"error":{"message":"nope"}}');
      return;
    }
    const input = JSON.parse(body).input;
    // Vector i encodes the text's length so tests can check ordering.
    const data = input.map((text, index) => ({ object: 'embedding', index, embedding: Array.from({ length: dims }, (_, d) => text.length + d / 10) }));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data: data.reverse() }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { baseURL: `http://127.0.0.1:${port}/v1`, requests, close: () => new Promise((r) => server.close(r)) };
}

test('openai: POSTs {model, input, encoding_format} to {baseURL}/embeddings in batches, in order', async () => {
  const srv = await fakeEmbeddingsServer();
  try {
    const e = openAIEmbedder({ baseURL: `${srv.baseURL}/`, model: 'nomic-embed-text', apiKey: 'k-1', batchSize: 2 });
    assert.equal(e.dimensions, undefined);
    const texts = ['a', 'bb', 'ccc', 'dddd', 'eeeee'];
    const vectors = await e.embed(texts);
    assert.equal(srv.requests.length, 3, '5 texts in batches of 2');
    assert.deepEqual(srv.requests.map((r) => r.body.input), [['a', 'bb'], ['ccc', 'dddd'], ['eeeee']]);
    for (const r of srv.requests) {
      assert.equal(r.method, 'POST');
      assert.equal(r.url, '/v1/embeddings');
      assert.equal(r.headers.authorization, 'Bearer k-1');
      assert.equal(r.headers['content-type'], 'application/json');
      assert.equal(r.body.model, 'nomic-embed-text');
      assert.equal(r.body.encoding_format, 'float');
      assert.equal('dimensions' in r.body, false);
    }
    assert.deepEqual(vectors.map((v) => v[0]), [1, 2, 3, 4, 5], 'answers re-ordered by index');
    assert.ok(vectors.every((v) => v instanceof Float32Array));
    assert.equal(e.dimensions, 3, 'learnt from the first answer');
  } finally {
    await srv.close();
  }
});

test('openai: sends dimensions when asked, no auth header without a key, and checks the answer', async () => {
  const srv = await fakeEmbeddingsServer({ dims: 4 });
  try {
    const e = openAIEmbedder({ baseURL: srv.baseURL, model: 'm', dimensions: 4 });
    await e.embed(['x']);
    assert.equal(srv.requests[0].body.dimensions, 4);
    assert.equal(srv.requests[0].headers.authorization, undefined);
    const wrong = openAIEmbedder({ baseURL: srv.baseURL, model: 'm', dimensions: 8 });
    await assert.rejects(wrong.embed(['x']), /expected 8 dimensions, got 4/);
    assert.deepEqual(await e.embed([]), [], 'no texts, no request');
    assert.equal(srv.requests.length, 2, "one request per embed() with texts");
  } finally {
    await srv.close();
  }
});

test('openai: an HTTP error becomes an Error with the status', async () => {
  const srv = await fakeEmbeddingsServer({ status: 429 });
  try {
    await assert.rejects(openAIEmbedder({ baseURL: srv.baseURL, model: 'm' }).embed(['x']), /answered 429/);
  } finally {
    await srv.close();
  }
  assert.throws(() => openAIEmbedder({}), /needs \{ model \}/);
});

test('workers-ai: env.AI.run(model, {text}) per batch of 100 by default; shape and values checked', async () => {
  const calls = [];
  const ai = {
    async run(model, input) {
      calls.push({ model, input });
      return { shape: [input.text.length, 384], data: input.text.map((t) => new Array(384).fill(t.length)) };
    },
  };
  const e = workersAIEmbedder({ ai });
  assert.equal(e.dimensions, 384);
  const texts = Array.from({ length: 250 }, (_, i) => 'x'.repeat((i % 7) + 1));
  const vectors = await e.embed(texts);
  assert.deepEqual(calls.map((c) => c.input.text.length), [100, 100, 50]);
  assert.ok(calls.every((c) => c.model === '@cf/baai/bge-small-en-v1.5' && Object.keys(c.input).join() === 'text'));
  assert.deepEqual(vectors.map((v) => v[0]), texts.map((t) => t.length));

  const bad = workersAIEmbedder({ ai: { run: async () => ({ data: [[Number.NaN, 0]] }) }, model: '@cf/x', dimensions: 2 });
  await assert.rejects(bad.embed(['q']), /non-finite/);
  const short = workersAIEmbedder({ ai: { run: async () => ({ data: [] }) } });
  await assert.rejects(short.embed(['q']), /returned 0 vectors for 1 texts/);
  assert.throws(() => workersAIEmbedder({}), /env\.AI/);
});

test('transformers: offline env, mean pooling + normalisation asked, rows split from one tensor', async () => {
  const env = { allowRemoteModels: true, allowLocalModels: false, localModelPath: '/models/' };
  const seen = [];
  const fakeLib = {
    env,
    async pipeline(task, model, opts) {
      seen.push({ task, model, opts });
      return async (batch, callOpts) => {
        seen.push({ batch, callOpts });
        const dims = 2;
        const data = new Float32Array(batch.length * dims).map((_, i) => i);
        return { dims: [batch.length, dims], data };
      };
    },
  };
  const e = transformersEmbedder({ model: 'Xenova/all-MiniLM-L6-v2', localModelPath: '/m', batchSize: 2, dtype: 'q8', load: async () => fakeLib });
  const vectors = await e.embed(['a', 'b', 'c']);
  assert.equal(env.allowRemoteModels, false);
  assert.equal(env.localModelPath, '/m');
  assert.deepEqual(seen[0], { task: 'feature-extraction', model: 'Xenova/all-MiniLM-L6-v2', opts: { dtype: 'q8' } });
  assert.deepEqual(seen[1], { batch: ['a', 'b'], callOpts: { pooling: 'mean', normalize: true } });
  assert.deepEqual(seen[2].batch, ['c']);
  assert.deepEqual(vectors.map((v) => [...v]), [[0, 1], [2, 3], [0, 1]]);
  assert.equal(e.dimensions, 2);
});

test('use-lite: the real model (skipped when its optional packages are absent)', async (t) => {
  try {
    await import('@energetic-ai/embeddings');
  } catch {
    t.skip('@energetic-ai/embeddings not installed');
    return;
  }
  const e = useLiteEmbedder();
  const [mail, message, weather] = await e.embed(['send an email to Bob', 'write a message to a colleague', 'weather forecast for Paris']);
  assert.equal(mail.length, 512);
  const dot = (a, b) => a.reduce((s, x, i) => s + x * b[i], 0);
  assert.ok(Math.abs(dot(mail, mail) - 1) < 1e-3, 'unit length');
  assert.ok(dot(mail, message) > dot(mail, weather), 'related texts are closer');
});
