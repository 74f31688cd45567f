// The packed package in real workerd (Cloudflare's runtime, run by miniflare). The Worker is
// bundled the way wrangler does it: esbuild with conditions workerd/worker/browser, so the
// package resolves through its `workerd` condition, and the `.wasm` import left as a module
// that miniflare loads as a WebAssembly.Module (modulesRules: CompiledWasm). Engines are made
// and searches run inside the fetch handler, at request time, where workerd forbids compiling
// wasm from bytes and `new Function`. Run alone: node --test tests/js/workerd.test.mjs

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';

import { defaultCatalogTools, packedPackage, PACKAGE_NAME } from './support/packed.mjs';
import { bundleWorker, startWorker } from './support/workerd.mjs';

const WORKER = `
import { createToolSearch, ToolSearchError } from '${PACKAGE_NAME}';
import tools from './catalog.json';
import wasmBytes from './core-bytes.bin'; // the same .wasm as an ArrayBuffer (a Data module)

const config = { namespacing: 'prefix' };
let shared; // one engine per isolate, made by the first request that needs it

async function sharedEngine() {
  shared ??= createToolSearch({ config }).then((ts) => { ts.add(tools); return ts; });
  return shared;
}

export default {
  async fetch(request) {
    const url = new URL(request.url);
    try {
      if (url.pathname === '/search') {
        const ts = await sharedEngine();
        const q = url.searchParams.get('q') ?? '';
        const limit = Number(url.searchParams.get('limit') ?? 5);
        return Response.json({ hits: ts.search(q, { limit }), size: ts.size });
      }
      if (url.pathname === '/fresh') {
        // A whole engine lifetime inside one request.
        const ts = await createToolSearch({ config });
        try {
          ts.add(tools);
          const q = url.searchParams.get('q') ?? '';
          return Response.json({ hits: ts.search(q, { limit: 3 }), fingerprint: ts.fingerprint });
        } finally {
          ts.dispose();
        }
      }
      if (url.pathname === '/bytes') {
        // workerd refuses to compile wasm from bytes: the package must say what to do instead.
        try {
          await createToolSearch({ wasm: wasmBytes });
          return Response.json({ threw: false });
        } catch (error) {
          return Response.json({ threw: true, code: error.code, message: error.message });
        }
      }
      if (url.pathname === '/error') {
        const ts = await sharedEngine();
        try {
          ts.add({ name: 'bad name with spaces', inputSchema: { type: 'object' } });
          return Response.json({ threw: false });
        } catch (error) {
          return Response.json({ threw: true, isToolSearchError: error instanceof ToolSearchError, code: error.code });
        }
      }
      return new Response('not found', { status: 404 });
    } catch (error) {
      return Response.json({ error: String(error && error.stack || error), code: error && error.code }, { status: 500 });
    }
  },
};
`;

let mf;
let base;
const tools = defaultCatalogTools();

before(async () => {
  const pkg = await packedPackage();
  const outdir = await bundleWorker(pkg, 'workerd', WORKER, {
    files: { 'catalog.json': JSON.stringify(tools) },
    binaries: { 'core-bytes.bin': (wasmFile) => readFileSync(wasmFile) },
  });
  ({ mf, base } = await startWorker(outdir));
});

after(async () => {
  await mf?.dispose();
});

async function get(path) {
  const res = await fetch(new URL(path, base));
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  return body;
}

test('searches run per request inside the fetch handler', { timeout: 120_000 }, async () => {
  const first = await get('/search?q=read+a+file+from+disk');
  assert.equal(first.size, tools.length);
  assert.equal(first.hits[0].source, 'mcp:filesystem', JSON.stringify(first.hits[0]));

  const queries = {
    'create a github issue': 'mcp:github',
    'post a message to a slack channel': 'mcp:slack',
    'take a screenshot of the page': 'mcp:puppeteer',
    'geocode an address': 'mcp:google-maps',
    'search the web': 'mcp:brave-search',
  };
  // Several requests at once and one after another, over loopback.
  const answers = await Promise.all(Object.keys(queries).map((q) => get(`/search?q=${encodeURIComponent(q)}`)));
  Object.values(queries).forEach((source, i) => assert.equal(answers[i].hits[0].source, source, Object.keys(queries)[i]));
  for (let i = 0; i < 5; i++) {
    const again = await get('/search?q=read+a+file+from+disk&limit=3');
    assert.deepEqual(again.hits, first.hits.slice(0, 3), 'same answer on every request');
  }
  console.log(`workerd: top hits for "read a file from disk": ${first.hits.map((h) => h.name).join(', ')}`);
});

test('a whole engine lifetime inside one request (instantiate the Module, add, search, dispose)', { timeout: 120_000 }, async () => {
  const a = await get('/fresh?q=list+directory+contents');
  const b = await get('/fresh?q=list+directory+contents');
  assert.equal(a.hits[0].source, 'mcp:filesystem');
  assert.deepEqual(a, b, 'fresh engines answer identically (same fingerprint, same hits)');
});

test('errors cross the boundary as ToolSearchError with a code', { timeout: 60_000 }, async () => {
  const r = await get('/error');
  assert.deepEqual(r, { threw: true, isToolSearchError: true, code: 'INVALID_TOOL' });
});

test('wasm bytes are refused at request time with WASM_LOAD_FAILED and a hint', { timeout: 60_000 }, async () => {
  const r = await get('/bytes');
  assert.equal(r.threw, true, 'workerd compiled wasm from bytes at request time?');
  assert.equal(r.code, 'WASM_LOAD_FAILED');
  assert.match(r.message, /workerd|WebAssembly\.Module/, r.message);
});
