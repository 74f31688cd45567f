#!/usr/bin/env node
// Builds js/dist from js/src and the wasm build:
//   - the Emscripten glue + .wasm (from build/wasm/wasm, or $TOOL_SEARCH_WASM_DIR);
//   - the ES module sources as they are (one file per module, per-runtime entries), except the
//     Node entry, bundled into one module (all but errors.js) for a shorter cold start;
//   - index.cjs, the Node entry bundled to CommonJS with esbuild (for `require`);
//   - the hand-written declarations (src/*.d.ts), plus index.d.cts for `require`;
//   - in errors.js and the index declarations, the ToolSearchErrorCode type generated from
//     src/error-codes.json (the one list of error codes);
//   - docs/hosts.md (the subpaths' guide) copied into js/docs/, so the package ships it.
// Usage: node js/scripts/build.mjs   (or `npm run build` in js/)

import { chmod, copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { build } from 'esbuild';

import { errorCodeTypedef, errorCodeUnion, readErrorCodes, replaceGeneratedRegion } from './error-codes.mjs';

const PACKAGE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = path.join(PACKAGE, 'src');
const DIST = path.join(PACKAGE, 'dist');
const WASM_DIR = process.env.TOOL_SEARCH_WASM_DIR
  ? path.resolve(process.env.TOOL_SEARCH_WASM_DIR)
  : path.resolve(PACKAGE, '..', 'build', 'wasm', 'wasm');
const GLUE = 'tool-search-core.mjs';
const WASM = 'tool-search-core.wasm';

async function main() {
  for (const file of [GLUE, WASM]) {
    try {
      await stat(path.join(WASM_DIR, file));
    } catch {
      throw new Error(
        `${path.join(WASM_DIR, file)} is missing: build the wasm first (cmake preset/emcmake into build/wasm), or set TOOL_SEARCH_WASM_DIR`,
      );
    }
  }

  await rm(DIST, { recursive: true, force: true });
  await mkdir(DIST, { recursive: true });

  await copyFile(path.join(WASM_DIR, GLUE), path.join(DIST, GLUE));
  await copyFile(path.join(WASM_DIR, WASM), path.join(DIST, WASM));

  const errorCodes = await readErrorCodes(path.join(SRC, 'error-codes.json'));
  const GENERATED_NOTE = '// Generated from js/src/error-codes.json by js/scripts/build.mjs.\n';
  /** The source with its error-codes region replaced by `content`. @param {string} file @param {string} content */
  const withErrorCodes = async (file, content) =>
    replaceGeneratedRegion(await readFile(path.join(SRC, file), 'utf8'), 'error-codes', GENERATED_NOTE + content, `js/src/${file}`);

  const sources = (await readdir(SRC)).filter((f) => f.endsWith('.js') && !f.endsWith('.d.js'));
  for (const file of sources) await copyFile(path.join(SRC, file), path.join(DIST, file));
  await writeFile(path.join(DIST, 'errors.js'), await withErrorCodes('errors.js', errorCodeTypedef(errorCodes)));
  // The embedder adapters (subpath ./embedders) and the static embedding table (an optional
  // asset: the package ships it, nothing loads it unless the host calls loadStaticTable).
  await mkdir(path.join(DIST, 'embedders'), { recursive: true });
  for (const file of (await readdir(path.join(SRC, 'embedders'))).filter((f) => f.endsWith('.js'))) {
    await copyFile(path.join(SRC, 'embedders', file), path.join(DIST, 'embedders', file));
  }
  await copyFile(path.join(SRC, '..', 'assets', 'static-embeddings.tsse'), path.join(DIST, 'static-embeddings.tsse'));
  await chmod(path.join(DIST, 'cli.js'), 0o755);

  // CommonJS for `require`: import.meta.url becomes this file's URL, so the Node loader finds
  // the .wasm next to it exactly as the ESM entry does.
  await build({
    entryPoints: [path.join(DIST, 'index.node.js')],
    outfile: path.join(DIST, 'index.cjs'),
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node18',
    define: { 'import.meta.url': '__toolSearchModuleUrl' },
    banner: { js: "'use strict';\nconst __toolSearchModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
    logLevel: 'warning',
  });

  // The Node ESM entry as one module: Node's loader costs about half a millisecond per module
  // (resolve, read, compile), which was a quarter of a cold start over the twelve files. The
  // glue and the sources are inlined; errors.js stays a module of its own, because the subpaths
  // (./mcp, ./agent, ...) import it too and `instanceof ToolSearchError` needs one class.
  const sharedModules = { name: 'shared-modules', setup(b) {
    b.onResolve({ filter: /^\.\/errors\.js$/ }, (args) => (args.kind === 'entry-point' ? undefined : { path: args.path, external: true }));
  } };
  await build({
    entryPoints: [path.join(DIST, 'index.node.js')],
    outfile: path.join(DIST, 'index.node.js'),
    allowOverwrite: true,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node18',
    plugins: [sharedModules],
    banner: { js: '// Built by js/scripts/build.mjs from js/src/index.node.js and the modules it imports (except errors.js).' },
    logLevel: 'warning',
  });

  // Declarations: every hand-written src/*.d.ts (the main one and the subpath modules'), and
  // the main one again as index.d.cts so `require` gets types of its own.
  for (const file of (await readdir(SRC)).filter((f) => f.endsWith('.d.ts'))) {
    await copyFile(path.join(SRC, file), path.join(DIST, file));
  }
  const declarations = await withErrorCodes('index.d.ts', errorCodeUnion(errorCodes));
  await writeFile(path.join(DIST, 'index.d.ts'), declarations);
  await writeFile(path.join(DIST, 'index.d.cts'), declarations);

  // The package's README links the hosts guide; it lives in the repo's docs/ and ships in the package.
  await mkdir(path.join(PACKAGE, 'docs'), { recursive: true });
  await copyFile(path.resolve(PACKAGE, '..', 'docs', 'hosts.md'), path.join(PACKAGE, 'docs', 'hosts.md'));

  const listing = [];
  for (const file of (await readdir(DIST)).sort()) {
    listing.push(`${file.padEnd(28)} ${String((await stat(path.join(DIST, file))).size).padStart(8)} B`);
  }
  console.log(`built ${path.relative(process.cwd(), DIST) || DIST} (wasm from ${WASM_DIR})\n${listing.join('\n')}`);
}

main().catch((error) => {
  console.error(`build: ${error.message}`);
  process.exitCode = 1;
});
