// The packed package in Vercel's Edge runtime, as the `edge-runtime` npm package runs it (the
// EdgeRuntime VM behind `next dev` and `vercel dev` for edge functions). The code is bundled the
// way Vercel's build does it: esbuild with the `edge-light` condition, and the entry's
// `./tool-search-core.wasm?module` import resolved to a WebAssembly.Module compiled ahead of time
// (Vercel compiles `?module` imports at deploy; here it is compiled in the host realm and put
// in the VM's context, as the `next dev` edge sandbox does, so the loader must recognise a
// Module from another realm). Inside the VM, code generation from strings is off (no eval, no
// new Function), as on Vercel Edge; the engine is made and used inside a fetch handler. Run alone: node --test tests/js/edge.test.mjs

import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import { build } from 'esbuild';
import { EdgeRuntime } from 'edge-runtime';

import { defaultCatalogTools, packedPackage, PACKAGE_NAME, scratchDir } from './support/packed.mjs';

const HANDLER = `
import { createToolSearch, ToolSearchError } from '${PACKAGE_NAME}';
import tools from './catalog.json';

addEventListener('fetch', (event) => {
  event.respondWith((async () => {
    const url = new URL(event.request.url);
    const ts = await createToolSearch();
    try {
      ts.add(tools);
      let errorCode = null;
      try { ts.add({ name: 'tool_call' }); } catch (error) { errorCode = error instanceof ToolSearchError ? error.code : String(error); }
      let evalBlocked = false;
      try { new Function('return 1')(); } catch { evalBlocked = true; }
      return Response.json({ hits: ts.search(url.searchParams.get('q') ?? '', { limit: 3 }), size: ts.size, errorCode, evalBlocked });
    } finally {
      ts.dispose();
    }
  })());
});
`;

test('vercel edge (edge-runtime): edge-light entry, precompiled ?module wasm, search inside a fetch handler', { timeout: 120_000 }, async () => {
  const pkg = await packedPackage();
  const dir = scratchDir(pkg, 'edge');
  writeFileSync(join(dir, 'handler.mjs'), HANDLER);
  writeFileSync(join(dir, 'catalog.json'), JSON.stringify(defaultCatalogTools()));
  let resolvedEntry = '';
  const bundle = await build({
    entryPoints: [join(dir, 'handler.mjs')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['edge-light', 'worker', 'browser'],
    logLevel: 'silent',
    plugins: [
      {
        name: 'vercel-wasm-module',
        setup(b) {
          // What Vercel does for `?module`: the import is a WebAssembly.Module made at deploy.
          b.onResolve({ filter: /\.wasm\?module$/ }, (args) => ({ path: args.path, namespace: 'wasm-module' }));
          b.onLoad({ filter: /.*/, namespace: 'wasm-module' }, () => ({ contents: 'export default globalThis.__precompiledWasm;', loader: 'js' }));
          b.onResolve({ filter: /^tool-search-wasm$/ }, async (args) => {
            if (args.pluginData === 'inner') return undefined; // the nested resolve below: esbuild's own
            const r = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'inner' });
            resolvedEntry = r.path;
            return r;
          });
        },
      },
    ],
  });
  assert.match(resolvedEntry, /dist[\\/]index\.edge-light\.js$/, 'bundled through the edge-light condition');

  const wasm = new WebAssembly.Module(readFileSync(join(pkg.packageDir, 'dist', 'tool-search-core.wasm')));
  const runtime = new EdgeRuntime({ extend: (context) => Object.assign(context, { __precompiledWasm: wasm }) });
  runtime.evaluate(bundle.outputFiles[0].text);
  const response = await runtime.dispatchFetch('https://edge.example/?q=read%20a%20file%20from%20disk');
  assert.equal(response.status, 200, await response.clone().text());
  const out = await response.json();
  assert.equal(out.size, defaultCatalogTools().length);
  assert.equal(out.hits[0].source, 'mcp:filesystem', JSON.stringify(out.hits[0]));
  assert.equal(out.errorCode, 'RESERVED_NAME');
  assert.equal(out.evalBlocked, true, 'code generation is off in the VM, as on Vercel Edge');
});
