// The packed package in a real browser with no bundler: Debian's Chromium loads a page whose
// plain <script type="module"> imports the package's `browser` entry by relative URL, adds the
// default MCP catalog and searches. Run alone: node --test tests/js/browser.test.mjs

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, test } from 'node:test';

import { CHROMIUM, checkScenario, launchChromium, pageCatalogJson, pageScenario, runPage, startStaticServer } from './support/browser.mjs';
import { defaultCatalogTools, packedPackage, PACKAGE_NAME, resolveExport } from './support/packed.mjs';

const skip = existsSync(CHROMIUM) ? false : `no Chromium at ${CHROMIUM} (./dev setup installs it)`;

let browser;
let server;
let pkg;
const tools = defaultCatalogTools();

before(async () => {
  if (skip) return;
  pkg = await packedPackage();
  const entry = resolveExport(pkg.manifest, '.', ['browser', 'import']);
  assert.ok(entry, 'the package exports a browser entry');
  const entryUrl = `/node_modules/${PACKAGE_NAME}/${entry.replace(/^\.\//, '')}`;
  const page = `<!doctype html>
<meta charset="utf-8">
<title>tool-search-wasm, no bundler</title>
<script type="module">
${pageScenario(`import { createToolSearch, ToolSearchError } from '.${entryUrl}';`)}
</script>`;
  server = await startStaticServer(pkg.projectDir, {
    '/index.html': { type: 'text/html; charset=utf-8', body: page },
    '/catalog.json': pageCatalogJson(tools),
  });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test('plain <script type="module"> page: default catalog, search, dispose', { skip, timeout: 120_000 }, async () => {
  const { result, errors } = await runPage(browser.context, `${server.origin}/index.html`);
  checkScenario(assert, result, tools.length);
  assert.deepEqual(errors, [], 'no console errors, page errors or failed requests');
  console.log(`browser: ${result.added} tools ready in ${result.ready.toFixed(1)} ms (instantiate + add)`);
  console.log(`top hits for "read a file from disk": ${result.hits['read a file from disk'].map((h) => h.name).join(', ')}`);

  const wasmRequests = server.log.filter((r) => r.path.endsWith('.wasm'));
  assert.equal(wasmRequests.length, 1, `one .wasm fetch: ${JSON.stringify(server.log)}`);
  assert.equal(wasmRequests[0].status, 200);
  assert.equal(wasmRequests[0].type, 'application/wasm');
  assert.ok(
    wasmRequests[0].path.startsWith(`/node_modules/${PACKAGE_NAME}/`),
    `the .wasm comes from the package, next to its entry: ${wasmRequests[0].path}`,
  );
  assert.ok(server.log.every((r) => r.status === 200), `every request succeeded: ${JSON.stringify(server.log.filter((r) => r.status !== 200))}`);
});

test('strict CSP (no unsafe-eval, only wasm-unsafe-eval) still works', { skip, timeout: 120_000 }, async () => {
  // The glue is built with DYNAMIC_EXECUTION=0, so it never needs `new Function`.
  const entry = resolveExport(pkg.manifest, '.', ['browser', 'import']);
  const page = `<!doctype html>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'">
<title>strict CSP</title>
<script type="module" src="/csp.js"></script>`;
  const script = pageScenario(`import { createToolSearch } from '/node_modules/${PACKAGE_NAME}/${entry.replace(/^\.\//, '')}';`);
  const csp = await startStaticServer(pkg.projectDir, {
    '/csp.html': { type: 'text/html; charset=utf-8', body: page },
    '/csp.js': { type: 'text/javascript; charset=utf-8', body: script },
    '/catalog.json': pageCatalogJson(tools),
  });
  try {
    const { result, errors } = await runPage(browser.context, `${csp.origin}/csp.html`);
    checkScenario(assert, result, tools.length);
    assert.deepEqual(errors, []);
  } finally {
    await csp.close();
  }
});
