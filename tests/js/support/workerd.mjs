// A Worker built the way wrangler builds one, run in real workerd (by miniflare), for the edge
// tests: esbuild bundles the source with conditions workerd/worker/browser, so the package
// resolves through its `workerd` condition; `.wasm` imports stay separate modules that
// miniflare loads as WebAssembly.Module (CompiledWasm), `.bin` imports become Data modules
// (ArrayBuffer), as wrangler's rules make them.

import assert from 'node:assert/strict';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

import { build } from 'esbuild';

import { PACKAGE_NAME, resolveExport, scratchDir } from './packed.mjs';

/**
 * Bundles `source` (with `files` written beside it, e.g. a catalog.json it imports) into a
 * Worker. Returns its output directory, where `binaries` (name.bin -> bytes, or a function of
 * the .wasm file the package imports) are written as Data modules.
 * @param {import('./packed.mjs').PackedPackage} pkg
 * @param {string} name  a scratch directory name
 * @param {string} source  the Worker module
 * @param {{files?: Record<string, string>, binaries?: Record<string, Uint8Array | ((wasmFile: string) => Uint8Array)>}} [extra]
 * @returns {Promise<string>} the output directory (worker.mjs and its modules)
 */
export async function bundleWorker(pkg, name, source, { files = {}, binaries = {} } = {}) {
  const dir = scratchDir(pkg, name);
  writeFileSync(join(dir, 'worker.src.js'), source);
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  const outdir = join(dir, 'out');
  const wasmFiles = [];
  const result = await build({
    entryPoints: { worker: join(dir, 'worker.src.js') },
    outExtension: { '.js': '.mjs' },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    target: 'es2022',
    outdir,
    absWorkingDir: dir,
    metafile: true,
    logLevel: 'silent',
    plugins: [
      {
        // What wrangler does with .wasm imports: keep them as separate modules.
        name: 'wasm-module',
        setup(b) {
          b.onResolve({ filter: /^\.\/[\w.-]+\.bin$/ }, (args) => ({ path: args.path, external: true }));
          b.onResolve({ filter: /\.wasm(\?module)?$/ }, (args) => {
            const file = join(args.resolveDir, args.path.replace(/\?module$/, ''));
            wasmFiles.push(file);
            return { path: `./${basename(file)}`, external: true };
          });
        },
      },
    ],
  });
  assert.deepEqual(result.warnings.map((w) => w.text), []);
  const workerdEntry = resolveExport(pkg.manifest, '.', ['workerd', 'worker', 'browser', 'import']).replace(/^\.\//, '');
  const inputs = Object.keys(result.metafile.inputs);
  assert.ok(
    inputs.some((p) => p.endsWith(`node_modules/${PACKAGE_NAME}/${workerdEntry}`)),
    `esbuild resolved the workerd entry (${workerdEntry}): ${inputs.join(', ')}`,
  );
  assert.equal(wasmFiles.length, 1, 'the workerd entry imports the .wasm as a module');
  copyFileSync(wasmFiles[0], join(outdir, basename(wasmFiles[0])));
  for (const [file, bytes] of Object.entries(binaries)) {
    writeFileSync(join(outdir, file), typeof bytes === 'function' ? bytes(wasmFiles[0]) : bytes);
  }
  const code = readFileSync(join(outdir, 'worker.mjs'), 'utf8');
  assert.doesNotMatch(code, /["']node:[\w/]+["']/, 'no node: imports in the Worker bundle');
  return outdir;
}

/**
 * Starts workerd (miniflare) on a bundled Worker; `options` add miniflare options (KV, ...).
 * @param {string} outdir  from bundleWorker
 * @param {object} [options]
 * @returns {Promise<{mf: any, base: URL}>}
 */
export async function startWorker(outdir, options = {}) {
  const { Miniflare } = await import('miniflare');
  const mf = new Miniflare({
    host: '127.0.0.1',
    port: 0,
    modules: true,
    scriptPath: join(outdir, 'worker.mjs'),
    modulesRoot: outdir,
    modulesRules: [
      { type: 'CompiledWasm', include: ['**/*.wasm'] },
      { type: 'Data', include: ['**/*.bin'] },
    ],
    compatibilityDate: '2025-09-01',
    ...options,
  });
  return { mf, base: await mf.ready };
}
