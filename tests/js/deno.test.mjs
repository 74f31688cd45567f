// The packed package in Deno (the `deno` npm package's binary), offline: the script imports
// `tool-search-wasm` by its bare name from the consumer project's node_modules, which Deno
// resolves through the package's `deno` export condition. No remote modules, no registry
// (the npm registry is pointed at a closed port), no lock file.
// Run alone: node --test tests/js/deno.test.mjs

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { promisify } from 'node:util';

import { defaultCatalogTools, packedPackage, PACKAGE_NAME, repoRoot, resolveExport, scratchDir } from './support/packed.mjs';

const run = promisify(execFile);

function denoBinary() {
  try {
    const require = createRequire(join(repoRoot, 'package.json'));
    const pkgDir = join(require.resolve('deno/package.json'), '..');
    return join(pkgDir, 'deno');
  } catch {
    return null;
  }
}

const SCRIPT = `
import { createToolSearch, ToolSearchError } from '${PACKAGE_NAME}';

const tools = JSON.parse(await Deno.readTextFile(new URL('./catalog.json', import.meta.url)));
const ts = await createToolSearch({ config: { namespacing: 'prefix' } });
const added = ts.add(tools);
const hits = ts.search('read a file from disk', { limit: 5 });
let errorCode = null;
try {
  ts.search(42);
} catch (error) {
  errorCode = error instanceof ToolSearchError ? error.code : 'not a ToolSearchError';
}
const out = {
  resolved: import.meta.resolve('${PACKAGE_NAME}'),
  deno: Deno.version.deno,
  added: added.length,
  size: ts.size,
  hits,
  errorCode,
};
ts.dispose();
console.log(JSON.stringify(out));
`;

test('deno: bare import from node_modules, search, dispose (offline)', { timeout: 120_000 }, async (t) => {
  const deno = denoBinary();
  if (!deno) return t.skip('the deno npm package is not installed (npm ci)');
  const pkg = await packedPackage();
  const dir = scratchDir(pkg, 'deno');
  const tools = defaultCatalogTools();
  writeFileSync(join(dir, 'main.mjs'), SCRIPT);
  writeFileSync(join(dir, 'catalog.json'), JSON.stringify(tools));
  const denoDir = mkdtempSync(join(tmpdir(), 'tsw-deno-dir-'));
  try {
    const { stdout, stderr } = await run(
      deno,
      ['run', '--no-remote', '--no-lock', '--no-prompt', `--allow-read=${pkg.projectDir}`, 'main.mjs'],
      {
        cwd: dir,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          DENO_DIR: denoDir,
          DENO_NO_UPDATE_CHECK: '1',
          NO_COLOR: '1',
          NPM_CONFIG_REGISTRY: 'http://127.0.0.1:9/',
        },
        timeout: 90_000,
      },
    );
    const out = JSON.parse(stdout.trim().split('\n').pop());
    console.log(`deno ${out.deno}: ${out.resolved.replace(pathToFileURL(pkg.projectDir).href, '<project>')}`);
    if (stderr.trim()) console.log(`deno stderr: ${stderr.trim()}`);

    const denoEntry = resolveExport(pkg.manifest, '.', ['deno', 'import']).replace(/^\.\//, '');
    assert.equal(out.resolved, pathToFileURL(join(pkg.packageDir, denoEntry)).href, 'resolved through the deno condition');
    assert.equal(out.added, tools.length);
    assert.equal(out.size, tools.length);
    assert.equal(out.hits[0].source, 'mcp:filesystem', JSON.stringify(out.hits[0]));
    assert.equal(out.errorCode, 'INVALID_ARGUMENT');
  } finally {
    rmSync(denoDir, { recursive: true, force: true });
  }
});
