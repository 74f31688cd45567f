// The packed package through a bundler (esbuild, platform "browser"), loaded in Debian's
// Chromium. Two recipes for the .wasm:
//   A. the package's own resolution: `new URL('./tool-search-core.wasm', import.meta.url)`
//      survives bundling, so the .wasm is copied next to the bundle;
//   B. explicit: `import wasmUrl from 'tool-search-wasm/tool-search-core.wasm'` with esbuild's
//      `file` loader (a hashed asset) passed as `createToolSearch({ wasm: new URL(wasmUrl, import.meta.url) })`.
// Both bundles must be free of Node code (`node:` specifiers, require("fs")).
// Run alone: node --test tests/js/bundler.test.mjs

import assert from 'node:assert/strict';
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { build } from 'esbuild';

import { CHROMIUM, checkScenario, launchChromium, pageCatalogJson, pageScenario, runPage, startStaticServer } from './support/browser.mjs';
import { defaultCatalogTools, packedPackage, PACKAGE_NAME, resolveExport, scratchDir } from './support/packed.mjs';

const skip = existsSync(CHROMIUM) ? false : `no Chromium at ${CHROMIUM} (./dev setup installs it)`;
const tools = defaultCatalogTools();

let pkg;
let dir;
let browser;
let server;

/** Bundles `source` (an app module in the consumer project) into dir/<name>/. */
async function bundle(name, source) {
  const entry = join(dir, `${name}.entry.js`);
  writeFileSync(entry, source);
  const outdir = join(dir, name);
  const result = await build({
    entryPoints: { app: entry },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir,
    absWorkingDir: dir,
    loader: { '.wasm': 'file' },
    assetNames: '[name]-[hash]',
    metafile: true,
    logLevel: 'silent',
  });
  assert.deepEqual(result.warnings.map((w) => w.text), [], `esbuild warnings for ${name}`);
  writeFileSync(
    join(outdir, 'index.html'),
    `<!doctype html><meta charset="utf-8"><title>${name}</title><script type="module" src="./app.js"></script>`,
  );
  return { outdir, code: readFileSync(join(outdir, 'app.js'), 'utf8'), metafile: result.metafile };
}

/** Fails with the offending snippet (not the whole bundle) when `code` matches `pattern`. */
function refuse(code, pattern, what) {
  const m = pattern.exec(code);
  if (m) assert.fail(`${what}: ...${code.slice(Math.max(0, m.index - 80), m.index + m[0].length + 80)}...`);
}

function assertNoNodeCode(code, label) {
  refuse(code, /["'`]node:[\w/]+["'`]/, `${label}: a node: specifier in the browser bundle`);
  refuse(code, /\brequire\(\s*["'`](node:)?(fs|path|module|url|crypto|worker_threads)["'`]\s*\)/, `${label}: require() of a Node builtin`);
  refuse(code, /\b__dirname\b|\b__filename\b/, `${label}: Node-only globals`);
  refuse(code, /new Function\(|\beval\(/, `${label}: dynamic code (strict CSP / edge runtimes)`);
}

before(async () => {
  if (skip) return;
  pkg = await packedPackage();
  dir = scratchDir(pkg, 'bundler');
  server = await startStaticServer(dir, { '/catalog.json': pageCatalogJson(tools) });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test('recipe A: bundled, .wasm copied next to the bundle, package resolves it', { skip, timeout: 120_000 }, async () => {
  const { outdir, code, metafile } = await bundle(
    'own-url',
    pageScenario(`import { createToolSearch } from '${PACKAGE_NAME}';`),
  );
  assertNoNodeCode(code, 'recipe A');
  const inputs = Object.keys(metafile.inputs).filter((p) => p.includes(`node_modules/${PACKAGE_NAME}/`));
  const browserEntry = resolveExport(pkg.manifest, '.', ['browser', 'import']).replace(/^\.\//, '');
  assert.ok(inputs.some((p) => p.endsWith(browserEntry)), `esbuild picked the browser entry: ${inputs.join(', ')}`);

  const wasmTarget = resolveExport(pkg.manifest, './tool-search-core.wasm', ['browser', 'import']);
  assert.ok(wasmTarget, 'the .wasm is an exported subpath');
  copyFileSync(join(pkg.packageDir, wasmTarget), join(outdir, 'tool-search-core.wasm'));

  const { result, errors } = await runPage(browser.context, `${server.origin}/own-url/index.html`);
  checkScenario(assert, result, tools.length);
  assert.deepEqual(errors, []);
  const wasm = server.log.filter((r) => r.path.endsWith('.wasm'));
  assert.deepEqual(wasm.map((r) => [r.path, r.status, r.type]), [['/own-url/tool-search-core.wasm', 200, 'application/wasm']]);
  console.log(`recipe A bundle: ${(code.length / 1024).toFixed(1)} KiB of JS`);
});

test('recipe B: bundled, .wasm imported as a hashed asset URL and passed as `wasm`', { skip, timeout: 120_000 }, async () => {
  const before = server.log.length;
  const { outdir, code } = await bundle(
    'asset-url',
    pageScenario(
      `import { createToolSearch } from '${PACKAGE_NAME}';\nimport wasmUrl from '${PACKAGE_NAME}/tool-search-core.wasm';`,
      '{ wasm: new URL(wasmUrl, import.meta.url), config: { namespacing: "prefix" } }',
    ),
  );
  assertNoNodeCode(code, 'recipe B');
  const assets = readdirSync(outdir).filter((f) => f.endsWith('.wasm'));
  assert.equal(assets.length, 1, `one hashed .wasm asset: ${assets}`);
  assert.match(assets[0], /^tool-search-core-[A-Z0-9]+\.wasm$/);

  const { result, errors } = await runPage(browser.context, `${server.origin}/asset-url/index.html`);
  checkScenario(assert, result, tools.length);
  assert.deepEqual(errors, []);
  const wasm = server.log.slice(before).filter((r) => r.path.endsWith('.wasm'));
  assert.deepEqual(wasm.map((r) => [r.path, r.status, r.type]), [[`/asset-url/${assets[0]}`, 200, 'application/wasm']]);
});
