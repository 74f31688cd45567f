// The edge pattern for snapshots, in real workerd (miniflare): the index is built once, at
// "deploy time" (here, in Node through the installed package), and shipped with the Worker as
// a Data module (`import snapshot from './catalog.snap.bin'`, an ArrayBuffer) or put in KV; the
// fetch handler loads it with createToolSearch({ snapshot }) instead of adding the tools. Two
// separate workerd instances stand for two isolates: each loads the same immutable bytes and
// answers identically, with nothing coordinated between them. A damaged snapshot is a
// ToolSearchError with INVALID_SNAPSHOT inside the Worker too.
// Run alone: node --test tests/js/workerd-snapshot.test.mjs

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { installedPackage } from './helpers/package.mjs';
import { defaultCatalogTools, packedPackage, PACKAGE_NAME } from './support/packed.mjs';
import { bundleWorker, startWorker } from './support/workerd.mjs';

const WORKER = `
import { createToolSearch, ToolSearchError } from '${PACKAGE_NAME}';
import shipped from './catalog.snap.bin';   // the snapshot, shipped as a Data module
import damaged from './damaged.snap.bin';

let engine;  // one per isolate, loaded by the first request that needs it
const loadedEngine = () => (engine ??= createToolSearch({ snapshot: shipped }));

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const q = url.searchParams.get('q') ?? '';
    try {
      if (url.pathname === '/search') {
        const ts = await loadedEngine();
        return Response.json({ hits: ts.search(q, { limit: 5 }), size: ts.size, fingerprint: ts.fingerprint });
      }
      if (url.pathname === '/kv') {
        // The same bytes from KV: what a Worker does when the catalog changes more often than deploys.
        const ts = await createToolSearch({ snapshot: await env.SNAPSHOTS.get('catalog', 'arrayBuffer') });
        try {
          return Response.json({ hits: ts.search(q, { limit: 5 }), fingerprint: ts.fingerprint });
        } finally {
          ts.dispose();
        }
      }
      if (url.pathname === '/damaged') {
        try {
          await createToolSearch({ snapshot: damaged });
          return Response.json({ threw: false });
        } catch (error) {
          return Response.json({ threw: true, isToolSearchError: error instanceof ToolSearchError, code: error.code });
        }
      }
      return new Response('not found', { status: 404 });
    } catch (error) {
      return Response.json({ error: String((error && error.stack) || error), code: error && error.code }, { status: 500 });
    }
  },
};
`;

const QUERIES = ['read a file from disk', 'create a github issue', 'take a screenshot of the page', 'search the web'];
const workers = [];
let expected;

before(async () => {
  // Deploy time: build the index once and take its snapshot.
  const { createToolSearch } = await (await installedPackage()).esm();
  const ts = await createToolSearch({ config: { namespacing: 'prefix' } });
  ts.add(defaultCatalogTools());
  const snapshot = ts.snapshot();
  expected = { fingerprint: ts.fingerprint, size: ts.size, hits: QUERIES.map((q) => ts.search(q, { limit: 5 })) };
  ts.dispose();
  const damaged = snapshot.slice();
  damaged[damaged.length >> 1] ^= 0xff;

  const outdir = await bundleWorker(await packedPackage(), 'workerd-snapshot', WORKER, {
    binaries: { 'catalog.snap.bin': snapshot, 'damaged.snap.bin': damaged },
  });
  for (let i = 0; i < 2; i++) {
    const worker = await startWorker(outdir, { kvNamespaces: ['SNAPSHOTS'] });
    await (await worker.mf.getKVNamespace('SNAPSHOTS')).put('catalog', snapshot);
    workers.push(worker);
  }
});

after(async () => {
  for (const { mf } of workers) await mf.dispose();
});

async function get(base, path) {
  const res = await fetch(new URL(path, base));
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  return body;
}

test('every isolate loads the shipped snapshot in its fetch handler and answers as the build did', { timeout: 120_000 }, async () => {
  for (const [w, { base }] of workers.entries()) {
    for (const [i, q] of QUERIES.entries()) {
      const r = await get(base, `/search?q=${encodeURIComponent(q)}`);
      assert.equal(r.fingerprint, expected.fingerprint, `workerd ${w}`);
      assert.equal(r.size, expected.size);
      assert.deepEqual(r.hits, expected.hits[i], `workerd ${w}: ${q}`);
    }
  }
  // Concurrent first requests in a fresh isolate share one load.
  const answers = await Promise.all(QUERIES.map((q) => get(workers[1].base, `/search?q=${encodeURIComponent(q)}`)));
  answers.forEach((r, i) => assert.deepEqual(r.hits, expected.hits[i]));
});

test('the same snapshot from KV loads per request', { timeout: 60_000 }, async () => {
  const r = await get(workers[0].base, `/kv?q=${encodeURIComponent(QUERIES[1])}`);
  assert.equal(r.fingerprint, expected.fingerprint);
  assert.deepEqual(r.hits, expected.hits[1]);
});

test('a damaged snapshot is INVALID_SNAPSHOT inside the Worker', { timeout: 60_000 }, async () => {
  assert.deepEqual(await get(workers[0].base, '/damaged'), { threw: true, isToolSearchError: true, code: 'INVALID_SNAPSHOT' });
});
