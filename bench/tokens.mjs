#!/usr/bin/env node
// Token savings and round trips of tool search, per provider format, under a real tokenizer.
//
//   node bench/tokens.mjs            (after ./dev build; needs js-tiktoken at the repo root)
//   TOOL_SEARCH_PKG_DIR=<dir> node bench/tokens.mjs   (an unpacked build instead of js/dist)
//
// Catalogs:
//   official  js/catalogs/official-mcp.json (15 official MCP servers from npm, MCP names
//             namespaced mcp_<server>_<tool>) plus 2 core tools
//   seal-500  500 tools of ../shared/data/seal_tools/catalog.jsonl: the gold tools of the
//             first 40 "test_in_domain-easy" queries, then catalog order up to 500 (names
//             with spaces skipped: the engine refuses them)
// Figures:
//   tools/request   tokens of the provider `tools` array: every tool (no deferral) vs what the
//                   engine's assembly sends (bridge), and the engine's own estimate of both
//   turn total      tokens of every request of one turn that makes one call (system, history,
//                   tools): passthrough (call, answer) vs bridge (search, describe, call, answer)
//   round trips     model requests per successful call over scripted turns: seal-500 runs the
//                   40 queries as search -> describe(gold) -> tool_call; a turn succeeds when
//                   the gold tool was among the hits and ran

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { SEAL } from '../scripts/shared-data.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PKG = process.env.TOOL_SEARCH_PKG_DIR ? path.resolve(process.env.TOOL_SEARCH_PKG_DIR) : path.join(ROOT, 'js', 'dist');
const load = (file) => import(pathToFileURL(path.join(PKG, file)).href);
const [pkg, agentMod, providers, testing, tokens] = await Promise.all(
  ['index.node.js', 'agent.js', 'providers.js', 'testing.js', 'tokens.js'].map(load),
);

const PROVIDERS = ['openai-chat', 'openai-responses', 'anthropic', 'gemini'];
const CONTEXT_WINDOW = 128000;
const CORE = [
  { name: 'exec', description: 'Run a shell command in the workspace.', source: 'core', inputSchema: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] } },
  { name: 'read_file', description: 'Read a file from the workspace.', source: 'core', inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } },
];

const tokenizer = await tokens.loadTokenizer();
if (!tokenizer) {
  console.error('no real tokenizer: npm install --save-dev js-tiktoken (or gpt-tokenizer) at the repo root');
  process.exit(1);
}

function jsonl(file) {
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

async function officialCatalog() {
  const ts = await pkg.createToolSearch({ config: { namespacing: 'prefix' } });
  ts.add(pkg.toolsFromCatalog(JSON.parse(readFileSync(path.join(ROOT, 'js', 'catalogs', 'official-mcp.json'), 'utf8'))));
  ts.add(CORE);
  return { name: 'official', ts, tasks: officialTasks() };
}

async function sealCatalog() {
  // A few Seal-Tools names contain spaces, which the engine rejects as tool names.
  const all = jsonl(path.join(SEAL, 'catalog.jsonl')).filter((t) => !/\s/.test(t.name));
  const byName = new Map(all.map((t) => [t.name, t]));
  const queries = jsonl(path.join(SEAL, 'queries-test.jsonl')).filter((q) => q.subset === 'test_in_domain-easy').slice(0, 40);
  const chosen = new Map();
  for (const q of queries) for (const g of q.gold) if (byName.has(g)) chosen.set(g, byName.get(g));
  for (const t of all) {
    if (chosen.size >= 500) break;
    chosen.set(t.name, t);
  }
  const ts = await pkg.createToolSearch();
  ts.add([...chosen.values()].map((t) => ({ name: t.name, description: t.description, parameters: t.parameters, source: 'plugin' })));
  ts.add(CORE);
  return {
    name: 'seal-500',
    ts,
    tasks: queries.filter((q) => q.gold.length === 1).map((q) => ({ query: q.query, name: q.gold[0] })),
  };
}

function officialTasks() {
  return [
    { query: 'write a file', name: 'mcp_filesystem_write_file', args: { path: '/w/a.txt', content: 'x' } },
    { query: 'create a github issue', name: 'mcp_github_create_issue', args: { owner: 'o', repo: 'r', title: 't' } },
    { query: 'post a message to a slack channel', name: 'mcp_slack_slack_post_message', args: { channel_id: 'C1', text: 'hi' } },
    { query: 'search the web', name: 'mcp_brave-search_brave_web_search', args: { query: 'wasm' } },
    { query: 'geocode an address to coordinates', name: 'mcp_google-maps_maps_geocode', args: { address: 'Paris' } },
    { query: 'take a screenshot of the page', name: 'mcp_puppeteer_puppeteer_screenshot', args: { name: 's' } },
    { query: 'create entities in the knowledge graph', name: 'mcp_memory_create_entities', args: { entities: [] } },
    { query: 'run a read-only SQL query', name: 'mcp_postgres_query', args: { sql: 'select 1' } },
  ];
}

/** Dummy arguments that satisfy a schema's required properties. */
function dummyArgs(schema) {
  const out = {};
  const props = schema?.properties ?? {};
  for (const key of schema?.required ?? []) {
    const p = props[key] ?? {};
    if (Array.isArray(p.enum) && p.enum.length > 0) out[key] = p.enum[0];
    else if (p.type === 'number' || p.type === 'integer') out[key] = 1;
    else if (p.type === 'boolean') out[key] = true;
    else if (p.type === 'array') out[key] = [];
    else if (p.type === 'object') out[key] = dummyArgs(p);
    else out[key] = 'x';
  }
  return out;
}

/** Tool-array tokens per request for one provider and catalog. */
function perRequest(ts, provider) {
  const session = ts.session({});
  try {
    const assembly = session.assemble({ contextWindow: CONTEXT_WINDOW, mode: 'bridge' });
    const format = providers.resolveProvider(provider);
    const sent = providers.providerTools(format, ts, assembly, { strategy: 'bridge' }).tools;
    const all = providers.providerTools(format, ts, assembly, { strategy: 'passthrough' }).tools;
    const withDeferral = tokenizer.count(JSON.stringify(sent));
    const withoutDeferral = tokenizer.count(JSON.stringify(all));
    return {
      tools: all.length === 1 ? all[0].functionDeclarations.length : all.length,
      withoutDeferral,
      withDeferral,
      savedPct: (100 * (withoutDeferral - withDeferral)) / withoutDeferral,
      estimate: assembly.tokens,
      active: assembly.gate.active,
    };
  } finally {
    session.close();
  }
}

/** Runs one scripted turn; returns its requests' total tokens and whether the call succeeded. */
async function runTask(ts, provider, strategy, script, expect) {
  const model = testing.scriptedModel(provider, script);
  const agent = agentMod.createAgent({
    toolSearch: ts, provider, strategy, model, modelName: 'gpt-4.1', contextWindow: CONTEXT_WINDOW, tokenizer: false,
    execute: () => 'ok',
  });
  const turn = await agent.run(expect.query);
  agent.close();
  const ok = turn.calls.some((c) => c.name === expect.name && c.outcome === 'ok');
  const total = model.requests.reduce((n, r) => n + tokenizer.count(JSON.stringify(r)), 0);
  return { ok, roundTrips: turn.roundTrips, total };
}

function bridgeScript(ts, task) {
  return [
    { call: 'tool_search', arguments: { query: task.query } },
    (ctx) => {
      const hits = testing.hitsOf(ctx.results[0]);
      return hits.includes(task.name) ? { call: 'tool_describe', arguments: { name: task.name } } : { text: 'not found' };
    },
    { call: 'tool_call', arguments: { name: task.name, arguments: task.args ?? dummyArgs(ts.describe(task.name).inputSchema) } },
    { text: 'done' },
  ];
}

function directScript(ts, task) {
  return [{ call: task.name, arguments: task.args ?? dummyArgs(ts.describe(task.name).inputSchema) }, { text: 'done' }];
}

const pad = (v, n) => String(v).padStart(n);
const fmt = (x) => (Number.isInteger(x) ? String(x) : x.toFixed(1));

const catalogs = [await officialCatalog(), await sealCatalog()];
console.log(`tokenizer: ${tokenizer.name}; context window ${CONTEXT_WINDOW}; package from ${path.relative(ROOT, PKG) || PKG}\n`);

console.log('tools array per request (tokens)');
console.log(`${'catalog'.padEnd(10)} ${'provider'.padEnd(17)} ${pad('tools', 6)} ${pad('no deferral', 12)} ${pad('deferred', 9)} ${pad('saved %', 8)} ${pad('est. no def.', 13)} ${pad('est. def.', 10)}`);
for (const c of catalogs) {
  for (const provider of PROVIDERS) {
    const r = perRequest(c.ts, provider);
    console.log(`${c.name.padEnd(10)} ${provider.padEnd(17)} ${pad(r.tools, 6)} ${pad(r.withoutDeferral, 12)} ${pad(r.withDeferral, 9)} ${pad(fmt(r.savedPct), 8)} ${pad(r.estimate.withoutDeferral, 13)} ${pad(r.estimate.withDeferral, 10)}`);
  }
}

console.log('\nscripted turns, openai-chat: whole-turn request tokens and round trips per successful call');
console.log(`${'catalog'.padEnd(10)} ${'flow'.padEnd(31)} ${pad('turns', 6)} ${pad('ok', 4)} ${pad('tokens/turn', 12)} ${pad('trips/success', 14)}`);
for (const c of catalogs) {
  const flows = [
    ['passthrough: call, answer', 'passthrough', directScript],
    ['bridge: search, describe, call', 'bridge', bridgeScript],
  ];
  const rows = {};
  for (const [label, strategy, make] of flows) {
    let ok = 0;
    let trips = 0;
    let total = 0;
    for (const task of c.tasks) {
      const r = await runTask(c.ts, 'openai-chat', strategy, make(c.ts, task), task);
      ok += r.ok ? 1 : 0;
      trips += r.roundTrips;
      total += r.total;
    }
    rows[strategy] = total / c.tasks.length;
    console.log(`${c.name.padEnd(10)} ${label.padEnd(31)} ${pad(c.tasks.length, 6)} ${pad(ok, 4)} ${pad(Math.round(total / c.tasks.length), 12)} ${pad(ok ? (trips / ok).toFixed(2) : '-', 14)}`);
  }
  console.log(`${c.name.padEnd(10)} ${'turn tokens saved by bridge'.padEnd(31)} ${pad('', 6)} ${pad('', 4)} ${pad(`${fmt((100 * (rows.passthrough - rows.bridge)) / rows.passthrough)}%`, 12)}`);
}
for (const c of catalogs) c.ts.dispose();
