// The package as a consumer gets it, for the runtime, browser, edge, memory and size tests:
// a thin layer over jspkg's tests/js/helpers/package.mjs, which does the `npm pack` of js/ and
// the install into an empty temp project once per build (cached in the OS temp dir under a
// hash of js/dist, shared by every test process). This file adds what these tests need on
// top: the installed manifest, scratch dirs inside the consumer project (so bare
// `tool-search-wasm` imports resolve from files written there), and an exports resolver.

import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { installedPackage, packedFiles, PACKAGE_SRC, REPO } from '../helpers/package.mjs';

export const repoRoot = REPO;
export const jsDir = PACKAGE_SRC;
export const PACKAGE_NAME = 'tool-search-wasm';

/**
 * @typedef {object} PackedPackage
 * @property {string} tarball     the .tgz made by `npm pack`
 * @property {string[]} files     the paths in the tarball
 * @property {string} projectDir  the consumer project (has node_modules/tool-search-wasm)
 * @property {string} packageDir  the installed package
 * @property {any} manifest       the installed package.json
 */

/** @type {Promise<PackedPackage> | undefined} */
let memo;

/** The packed package, installed into a temp consumer project (once per build). */
export function packedPackage() {
  memo ??= (async () => {
    const pkg = await installedPackage();
    const manifest = JSON.parse(readFileSync(join(pkg.dir, 'package.json'), 'utf8'));
    return { tarball: pkg.tgz, files: await packedFiles(), projectDir: pkg.project, packageDir: pkg.dir, manifest };
  })();
  return memo;
}

/**
 * A fresh directory inside the consumer project (so bare `tool-search-wasm` imports resolve
 * from files written there).
 * @param {PackedPackage} pkg
 * @param {string} name
 */
export function scratchDir(pkg, name) {
  const dir = join(pkg.projectDir, `t-${name}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  if (!process.env.TOOL_SEARCH_KEEP_SCRATCH) process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Resolves a package.json `exports` target for a subpath and an ordered list of conditions
 * the way Node does (first matching key in object order wins).
 * @param {any} manifest
 * @param {string} subpath  "." or "./x"
 * @param {string[]} conditions
 * @returns {string | null}  the target, e.g. "./dist/index.browser.js"
 */
export function resolveExport(manifest, subpath, conditions) {
  let target = manifest.exports;
  if (typeof target === 'string' || Array.isArray(target)) target = { '.': target };
  else if (target && !Object.keys(target).some((k) => k.startsWith('.'))) target = { '.': target };
  return pick(target?.[subpath], new Set([...conditions, 'default']));
}

function pick(target, conditions) {
  if (typeof target === 'string') return target;
  if (Array.isArray(target)) {
    for (const t of target) {
      const r = pick(t, conditions);
      if (r) return r;
    }
    return null;
  }
  if (target && typeof target === 'object') {
    for (const [key, value] of Object.entries(target)) {
      if (conditions.has(key)) {
        const r = pick(value, conditions);
        if (r) return r;
      }
    }
  }
  return null;
}

/** The default catalog (js/catalogs/official-mcp.json) as MCP-form tools with sources. */
export function defaultCatalogTools() {
  const doc = JSON.parse(readFileSync(join(jsDir, 'catalogs', 'official-mcp.json'), 'utf8'));
  return doc.servers.flatMap(({ server, tools }) =>
    tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema, source: `mcp:${server}` })),
  );
}
