// The packed package in Bun (the `bun` npm package's binary): a script in the consumer project
// imports `tool-search-wasm` by its bare name, which Bun resolves through the exports map
// (Bun matches the `node` condition: the .wasm is read from disk next to the entry), loads the
// built-in catalog through its subpath, searches, and checks a typed error. Offline, like the
// Deno test. Run alone: node --test tests/js/bun.test.mjs

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { promisify } from 'node:util';

import { packedPackage, PACKAGE_NAME, repoRoot, resolveExport, scratchDir } from './support/packed.mjs';

const run = promisify(execFile);

function bunBinary() {
  try {
    const require = createRequire(join(repoRoot, 'package.json'));
    const dir = join(require.resolve('bun/package.json'), '..', 'bin');
    const bin = ['bun.exe', 'bun'].map((f) => join(dir, f)).find((f) => existsSync(f));
    return bin ?? null;
  } catch {
    return null;
  }
}

const SCRIPT = `
import { createToolSearch, ToolSearchError } from '${PACKAGE_NAME}';
import catalog from '${PACKAGE_NAME}/catalogs/official-mcp.json' with { type: 'json' };

const ts = await createToolSearch();
let out;
try {
  const added = ts.add(catalog);
  const hits = ts.search('read a file from disk', { limit: 5 });
  let errorCode = null;
  try {
    ts.search(42);
  } catch (error) {
    errorCode = error instanceof ToolSearchError ? error.code : 'not a ToolSearchError';
  }
  const plan = ts.assemble({ contextWindow: 32000 });
  out = { resolved: import.meta.resolve('${PACKAGE_NAME}'), bun: Bun.version, added: added.length, hits, errorCode, visible: plan.visible.map((t) => t.name) };
} finally {
  ts.dispose();
}
console.log(JSON.stringify(out));
`;

test('bun: bare import, the built-in catalog subpath, search, assemble, typed error (offline)', { timeout: 120_000 }, async (t) => {
  const bun = bunBinary();
  if (!bun) return t.skip('the bun npm package is not installed (npm ci)');
  const pkg = await packedPackage();
  const dir = scratchDir(pkg, 'bun');
  writeFileSync(join(dir, 'main.mjs'), SCRIPT);
  const { stdout, stderr } = await run(bun, ['run', 'main.mjs'], {
    cwd: dir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', BUN_CONFIG_REGISTRY: 'http://127.0.0.1:9/', DO_NOT_TRACK: '1' },
    timeout: 90_000,
  });
  const out = JSON.parse(stdout.trim().split('\n').pop());
  console.log(`bun ${out.bun}: ${out.resolved.replace(pathToFileURL(pkg.projectDir).href, '<project>')}`);
  if (stderr.trim()) console.log(`bun stderr: ${stderr.trim()}`);

  const nodeEntry = resolveExport(pkg.manifest, '.', ['node', 'import']).replace(/^\.\//, '');
  assert.equal(out.resolved, pathToFileURL(join(pkg.packageDir, nodeEntry)).href, 'resolved through the node condition');
  assert.equal(out.added, 104);
  assert.equal(out.hits[0].source, 'mcp:filesystem', JSON.stringify(out.hits[0]));
  assert.equal(out.errorCode, 'INVALID_ARGUMENT');
  assert.deepEqual(out.visible, ['tool_search', 'tool_describe', 'tool_call']);
});
