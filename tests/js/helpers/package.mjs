// The packed package under test: `npm pack` of js/, installed into an empty temp project.
// node --test runs each file in its own process, so the install is shared through a temp
// directory keyed by the content of what gets packed (a mkdir lock keeps runs from racing).

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const PACKAGE_SRC = path.join(REPO, 'js');
const CACHE = path.join(os.tmpdir(), 'tool-search-wasm-tests');
const LOCK_TIMEOUT_MS = 180_000;

let installing;

/**
 * The installed package. `project` is the consumer project root, `dir` the package inside
 * its node_modules, `tgz` the packed tarball.
 * @returns {Promise<{project: string, dir: string, tgz: string, esm: () => Promise<any>, cjs: () => any, file: (rel: string) => string, bin: string}>}
 */
export function installedPackage() {
  installing ??= install();
  return installing;
}

async function install() {
  const dist = path.join(PACKAGE_SRC, 'dist');
  if (!existsSync(path.join(dist, 'index.node.js'))) {
    throw new Error('js/dist is missing: run `node js/scripts/build.mjs` first (npm run test:js does both)');
  }
  const key = await contentKey([dist, path.join(PACKAGE_SRC, 'catalogs'), path.join(PACKAGE_SRC, 'docs'), path.join(PACKAGE_SRC, 'package.json'), path.join(PACKAGE_SRC, 'README.md')]);
  const root = path.join(CACHE, key);
  const ready = path.join(root, 'READY');
  if (!existsSync(ready)) await withLock(`${root}.lock`, ready, () => packAndInstall(root, ready));
  const info = JSON.parse(await readFile(ready, 'utf8'));
  const project = path.join(root, 'project');
  const dir = path.join(project, 'node_modules', 'tool-search-wasm');
  const requireFromProject = createRequire(path.join(project, 'index.cjs'));
  return {
    project,
    dir,
    tgz: info.tgz,
    bin: path.join(dir, 'dist', 'cli.js'),
    file: (rel) => path.join(dir, rel),
    // Resolved from the consumer project, so the exports map is what decides.
    esm: () => import(pathToFileURL(path.join(project, 'esm-entry.mjs')).href).then((m) => m.pkg),
    cjs: () => requireFromProject('tool-search-wasm'),
  };
}

async function packAndInstall(root, ready) {
  await rm(root, { recursive: true, force: true });
  await mkdir(path.join(root, 'project'), { recursive: true });
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', root], { cwd: PACKAGE_SRC, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
  );
  const tgz = path.join(root, packed[0].filename);
  const project = path.join(root, 'project');
  await writeFile(path.join(project, 'package.json'), `${JSON.stringify({ name: 'consumer', private: true, version: '0.0.0' }, null, 2)}\n`);
  // Re-exported from inside the project so `import 'tool-search-wasm'` resolves there.
  await writeFile(path.join(project, 'esm-entry.mjs'), "export * as pkg from 'tool-search-wasm';\n");
  // No runtime dependencies: installing the tarball needs no registry.
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tgz], {
    cwd: project,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await writeFile(ready, JSON.stringify({ tgz, files: packed[0].files.map((f) => f.path).sort() }));
}

/** Runs `fn` under a mkdir lock unless `done` appears meanwhile (another process built it). */
async function withLock(lock, done, fn) {
  await mkdir(path.dirname(lock), { recursive: true });
  const start = Date.now();
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (existsSync(done)) return;
      if (Date.now() - start > LOCK_TIMEOUT_MS) throw new Error(`timed out waiting for ${lock} (remove it if stale)`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    if (!existsSync(done)) await fn();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/** Hash of the files (paths and bytes) under the given paths. */
async function contentKey(paths) {
  const hash = createHash('sha256');
  const walk = async (p) => {
    let s;
    try {
      s = await stat(p);
    } catch {
      return;
    }
    if (s.isDirectory()) {
      for (const entry of (await readdir(p)).sort()) await walk(path.join(p, entry));
    } else {
      hash.update(path.relative(REPO, p));
      hash.update(await readFile(p));
    }
  };
  for (const p of paths) await walk(p);
  return hash.digest('hex').slice(0, 16);
}

/** The packed file list recorded at install time. */
export async function packedFiles() {
  const pkg = await installedPackage();
  return JSON.parse(await readFile(path.join(path.dirname(pkg.project), 'READY'), 'utf8')).files;
}

export { sampleTools } from './fixtures.cjs';

/** Reads a JSONL file into objects. */
export async function readJsonl(file) {
  return (await readFile(file, 'utf8'))
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
}

/**
 * The envelope a raw engine method answered: the method returns the address of two u32 in
 * wasm memory, where its UTF-8 bytes are and how many (docs/wasm-boundary.md), read here at once.
 * @param {{HEAPU8: Uint8Array}} module  the raw module
 * @param {number} at
 */
export function rawEnvelope(module, at) {
  if (!Number.isInteger(at) || at <= 0 || at % 4 !== 0) throw new TypeError(`a raw answer must be an aligned address, not ${at}`);
  const [address, size] = new Uint32Array(module.HEAPU8.buffer, at, 2);
  return JSON.parse(new TextDecoder().decode(module.HEAPU8.subarray(address, address + size)));
}
