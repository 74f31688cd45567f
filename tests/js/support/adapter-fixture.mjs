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
