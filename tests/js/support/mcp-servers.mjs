// Specs (for McpHub#add) that start real MCP servers from npm over stdio: node runs the
// package's bin directly (no npx), with a minimal environment and no network needs.

import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { repoRoot } from './packed.mjs';

const require = createRequire(join(repoRoot, 'package.json'));

/** @param {string} pkg */
function binOf(pkg) {
  const manifestPath = require.resolve(`${pkg}/package.json`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin ?? {})[0];
  return join(dirname(manifestPath), /** @type {string} */ (bin));
}

/** A fresh temp dir for one test file's servers. */
export function serverSandbox() {
  return mkdtempSync(join(tmpdir(), 'tool-search-hosts-'));
}

/** @param {string} cwd */
export function everythingServer(cwd) {
  return { command: process.execPath, args: [binOf('@modelcontextprotocol/server-everything'), 'stdio'], cwd };
}

/** @param {string} root  the only directory the server may touch */
export function filesystemServer(root) {
  return { command: process.execPath, args: [binOf('@modelcontextprotocol/server-filesystem'), root], cwd: root };
}

/** @param {string} file  the knowledge-graph file */
export function memoryServer(file) {
  return {
    command: process.execPath,
    args: [binOf('@modelcontextprotocol/server-memory')],
    env: { MEMORY_FILE_PATH: file },
    cwd: dirname(file),
  };
}
