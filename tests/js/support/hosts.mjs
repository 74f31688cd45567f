// The host-side subpaths of the PACKED package (tool-search-wasm/mcp, /agent, /providers,
// /testing, /tokens and the framework adapters), imported by their bare specifiers from a file inside the consumer
// project, so the exports map is what resolves them. The optional peers a consumer would
// install next to the package (@modelcontextprotocol/sdk, js-tiktoken) are linked into that
// project from the repo's node_modules (the MCP SDK, js-tiktoken and the frameworks the adapters
// drive).
//
// TOOL_SEARCH_PKG_DIR=<dir with index.node.js, mcp.js, ...> imports an unpacked build instead
// (for working on the host modules before the package is built); the tests say so.

import { existsSync, lstatSync, mkdirSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { packedPackage, repoRoot, scratchDir } from './packed.mjs';

const PEERS = ['@modelcontextprotocol/sdk', 'js-tiktoken', 'ai', '@langchain/core', 'langchain', 'zod', '@openai/agents', '@mastra/core'];
const SUBPATHS = {
  mcp: 'mcp',
  agent: 'agent',
  providers: 'providers',
  testing: 'testing',
  tokens: 'tokens',
  aiSdk: 'ai-sdk',
  langchain: 'langchain',
  openaiAgents: 'openai-agents',
  mastra: 'mastra',
  importers: 'importers',
};

/** @type {Promise<any> | undefined} */
let memo;

/**
 * @returns {Promise<{pkg: any, mcp: any, agent: any, providers: any, testing: any, tokens: any, aiSdk: any, langchain: any, openaiAgents: any, mastra: any, importers: any, from: string}>}
 */
export function hostModules() {
  memo ??= load();
  return memo;
}

async function load() {
  const override = process.env.TOOL_SEARCH_PKG_DIR;
  if (override) {
    const at = (file) => import(pathToFileURL(join(override, file)).href);
    const [pkg, ...subpaths] = await Promise.all(['index.node.js', ...Object.values(SUBPATHS).map((s) => `${s}.js`)].map(at));
    const mods = Object.fromEntries(Object.keys(SUBPATHS).map((key, i) => [key, subpaths[i]]));
    return { pkg, ...mods, from: `unpacked build at ${override}` };
  }
  const packed = await packedPackage();
  linkPeers(packed.projectDir);
  const dir = scratchDir(packed, 'hosts');
  const lines = [`export * as pkg from 'tool-search-wasm';`];
  for (const [key, sub] of Object.entries(SUBPATHS)) lines.push(`export * as ${key} from 'tool-search-wasm/${sub}';`);
  const entry = join(dir, 'entry.mjs');
  writeFileSync(entry, `${lines.join('\n')}\n`);
  const mods = await import(pathToFileURL(entry).href);
  return { ...mods, from: 'packed package' };
}

/** Makes the optional peers resolvable from the consumer project, as an install would. */
export function linkPeers(projectDir) {
  for (const peer of PEERS) linkModule(projectDir, peer);
}

/**
 * Links the repository's node_modules/<name> into the consumer project (when installed). The
 * project sits in a temp directory shared by every checkout that packs the same package, so a
 * link another checkout left, now dangling or pointing elsewhere, is replaced, not trusted.
 */
export function linkModule(projectDir, name) {
  const source = join(repoRoot, 'node_modules', name);
  if (!existsSync(source)) return; // not installed: the tests that need it say so
  const target = join(projectDir, 'node_modules', name);
  let link = null;
  try {
    link = lstatSync(target).isSymbolicLink() ? readlinkSync(target) : target;
  } catch {
    // nothing there yet
  }
  if (link === source || (link === target && existsSync(target))) return;
  if (link !== null) rmSync(target, { force: true });
  mkdirSync(dirname(target), { recursive: true });
  try {
    symlinkSync(source, target, 'dir');
  } catch (error) {
    if (/** @type {any} */ (error).code !== 'EEXIST') throw error; // another test process linked it first
  }
}
