#!/usr/bin/env node
// The main job (`./dev start`): a short plan of the built-in catalog on the command line, then
// the web demo on http://127.0.0.1:<port>/ until Ctrl-C.
//   node scripts/start.mjs [--port N] [--host 127.0.0.1]     (PORT also works; default 4173,
//   falling back to a free port when that one is taken)

import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

import { DEFAULTS, createDemoServer, listen } from '../web-demo/server.mjs';

const HELP = `Usage: node scripts/start.mjs [--port N] [--host ADDRESS]
Prints what the model would see for the built-in catalog, then serves the web demo.
  --port N        port to listen on (default: $PORT or 4173; a taken port falls back to a free one)
  --host ADDRESS  address to bind (default 127.0.0.1)`;

async function main() {
  const { values } = parseArgs({
    options: { port: { type: 'string' }, host: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const portText = values.port ?? process.env.PORT ?? '4173';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be an integer from 0 to 65535 (got "${portText}")`);
  const host = values.host ?? '127.0.0.1';

  const entry = new URL('../js/dist/index.node.js', import.meta.url);
  if (!existsSync(entry)) throw new Error('js/dist is missing: run ./dev build (or node js/scripts/build.mjs after the wasm build)');
  await printPlan(entry);

  const server = createDemoServer();
  const { url, port: actual, close } = await listen(server, { port, host, fallback: true });
  if (port !== 0 && actual !== port) console.log(`\nport ${port} is taken; using ${actual} instead`);
  console.log(`\nweb demo: ${url}`);
  console.log(`  package served from ${DEFAULTS.packageDir} (as /pkg/), catalogs: built-in${existsSync(`${DEFAULTS.dataDir}/seal_tools/catalog.jsonl`) ? ' + Seal-Tools' : ''}`);
  console.log('  Ctrl-C to stop');

  const stop = async () => {
    await close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** The gate's decision for the built-in catalog at each context window the demo offers. */
async function printPlan(entry) {
  const { createToolSearch, toolsFromCatalog } = await import(entry.href);
  const catalogUrl = new URL('../js/catalogs/official-mcp.json', import.meta.url);
  const doc = JSON.parse(readFileSync(catalogUrl, 'utf8'));
  const tools = toolsFromCatalog(doc);
  const ts = await createToolSearch({ config: { namespacing: 'prefix' } });
  try {
    ts.add(tools);
    const servers = new Set(tools.map((t) => t.source)).size;
    console.log(`tool-search-wasm: built-in catalog, ${ts.size} tools from ${servers} official MCP servers (core ${ts.coreVersion})`);
    console.log('');
    const rows = [['window', 'decision', 'trigger', 'tool tokens sent', 'without deferral', 'saved']];
    for (const w of [8_000, 32_000, 128_000, 200_000, 1_000_000]) {
      const a = ts.assemble({ contextWindow: w });
      // Which auto trigger fired: the schemas' tokens, or the count of deferrable tools.
      const trigger = !a.gate.active ? '-' : a.gate.deferrableTokens >= a.gate.threshold ? `tokens >= ${fmt(a.gate.threshold)}` : `${a.gate.deferrableCount} tools >= thresholdTools`;
      rows.push([
        w >= 1_000_000 ? `${w / 1_000_000}M` : `${w / 1000}K`,
        a.gate.active ? `${a.strategy} (${a.deferred.length} deferred)` : 'passthrough',
        trigger,
        fmt(a.tokens.withDeferral),
        fmt(a.tokens.withoutDeferral),
        a.tokens.saved > 0 ? `${fmt(a.tokens.saved)} (${((100 * a.tokens.saved) / a.tokens.withoutDeferral).toFixed(1)}%)` : '-',
      ]);
    }
    const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
    for (const [i, r] of rows.entries()) {
      console.log(`  ${r.map((c, j) => (j <= 2 ? c.padEnd(widths[j]) : c.padStart(widths[j]))).join('   ')}`);
      if (i === 0) console.log(`  ${widths.map((w) => '-'.repeat(w)).join('   ')}`);
    }
    const at128 = ts.assemble({ contextWindow: 128_000 });
    console.log(`\n  at 128K: ${at128.gate.reason}`);
    console.log(`  at 1M:   ${ts.assemble({ contextWindow: 1_000_000 }).gate.reason}`);
  } finally {
    ts.dispose();
  }
}

/** @param {number} n */
const fmt = (n) => n.toLocaleString('en');

main().catch((error) => {
  console.error(`start: ${error.message}`);
  process.exit(1);
});
