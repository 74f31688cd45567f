// The world every framework adapter test runs in: the packed package's engine with the built-in
// catalog (every server but filesystem), one core tool, and the REAL filesystem MCP server
// (@modelcontextprotocol/server-filesystem over stdio) attached through the hub, writing into a
// fresh temp directory the test then checks on disk.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { hostModules } from './hosts.mjs';
import { filesystemServer, serverSandbox } from './mcp-servers.mjs';
import { repoRoot } from './packed.mjs';

export const CORE_TOOL = {
  name: 'get_time',
  description: 'The current time in ISO 8601.',
  source: 'core',
  inputSchema: { type: 'object', properties: {} },
};

/** A window small enough that the gate defers the built-in catalog (~13K tokens). */
export const SMALL_WINDOW = 32_000;

/**
 * @returns {Promise<{m: any, ts: any, hub: any, dir: string, close: () => Promise<void>}>}
 */
export async function adapterWorld() {
  const m = await hostModules();
  const ts = await m.pkg.createToolSearch();
  const doc = JSON.parse(readFileSync(join(repoRoot, 'js', 'catalogs', 'official-mcp.json'), 'utf8'));
  ts.add({ ...doc, servers: doc.servers.filter((s) => s.server !== 'filesystem') });
  ts.add(CORE_TOOL);
  const dir = serverSandbox();
  const hub = m.mcp.createMcpHub(ts);
  const status = await hub.add('filesystem', filesystemServer(dir));
  if (status.state !== 'ready') throw new Error(`filesystem server: ${JSON.stringify(status.error)}`);
  return {
    m,
    ts,
    hub,
    dir,
    close: async () => {
      await hub.close();
      ts.dispose();
    },
  };
}

/**
 * One adapter over the world, as every adapter test configures it: the real hub, the core tool
 * as a function, the small window, and a before-call hook recording the real names it sees.
 * @param {Awaited<ReturnType<typeof adapterWorld>>} world
 * @param {(options: any) => Promise<any>} create  the adapter's factory (createXToolSearch)
 * @param {Record<string, unknown>} [options]      overrides
 * @returns {Promise<{search: any, seen: string[]}>}
 */
export async function adapterWith(world, create, options = {}) {
  /** @type {string[]} */
  const seen = [];
  const search = await create({
    toolSearch: world.ts,
    hub: world.hub,
    functions: { get_time: () => '2030-01-01T00:00:00Z' },
    contextWindow: SMALL_WINDOW,
    hooks: { beforeCall: [(/** @type {any} */ ctx) => void seen.push(ctx.name)] },
    ...options,
  });
  return { search, seen };
}

/**
 * A doGenerate result ({content, finishReason, usage}) as the stream parts a doStream returns
 * (the language-model stream protocol the AI SDK and Mastra share), so a test model can play the
 * same script streamed.
 * @param {{content: any[], finishReason: unknown, usage: unknown}} result
 */
export function streamParts(result) {
  const parts = [{ type: 'stream-start', warnings: [] }];
  for (const c of result.content) {
    if (c.type === 'text') parts.push({ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: c.text }, { type: 'text-end', id: 't' });
    else parts.push(c);
  }
  parts.push({ type: 'finish', finishReason: result.finishReason, usage: result.usage });
  return parts;
}

/**
 * Estimated tokens of a list of tool definitions as a framework sent them
 * (`{name, description, inputSchema | parameters | schema}`).
 * @param {any} ts @param {any[]} tools
 */
export function toolTokens(ts, tools) {
  let total = 0;
  for (const t of tools) {
    // The bridge names are reserved in the catalog: estimate them under a same-length name.
    total += ts.estimateTokens({ name: t.name.replace(/^tool_(search|describe|call)$/, 'tool-$1'), description: t.description ?? '', inputSchema: t.inputSchema ?? t.parameters ?? t.schema ?? { type: 'object' } }).tokens;
  }
  return total;
}
