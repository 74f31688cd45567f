// End to end with REAL MCP servers: server-everything, server-filesystem (in a temp dir) and
// server-memory from npm over stdio, plus our paging server over Streamable HTTP
// (tests/js/support/paging-server.mjs). Their tools are listed into one engine through
// tool-search-wasm/mcp, and scripted turns run through the bridge with tool-search-wasm/agent.
// The tests run in order and share the servers (starting them costs seconds).

import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { hostModules } from './support/hosts.mjs';
import { everythingServer, filesystemServer, memoryServer, serverSandbox } from './support/mcp-servers.mjs';
import { LOGISTICS_TOOLS, startPagingServer } from './support/paging-server.mjs';

let m;
let ts;
let hub;
let paging;
let box;
let fsRoot;
const hookLog = [];
const events = [];

const until = async (predicate, what, ms = 5000) => {
  const end = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};

before(async () => {
  m = await hostModules();
  box = serverSandbox();
  fsRoot = join(box, 'fs');
  mkdirSync(fsRoot);
  ts = await m.pkg.createToolSearch({ config: { namespacing: 'prefix', gate: { enabled: 'on' } } });
  ts.add([{ name: 'exec', description: 'Run a shell command.', source: 'core', inputSchema: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] } }]);
  // Automatic reconnect off: these tests check the failed state and the manual reconnect();
  // hosts-mcp-reconnect.test.mjs covers the automatic one.
  hub = m.mcp.createMcpHub(ts, { listTimeoutMs: 1500, callTimeoutMs: 1500, pingTimeoutMs: 500, reconnect: false });
  hub.onChange((e) => events.push(e));
  paging = await startPagingServer({ pageSize: 5 });
  const statuses = await hub.addAll({
    everything: everythingServer(box),
    filesystem: filesystemServer(fsRoot),
    memory: memoryServer(join(box, 'memory.jsonl')),
    logistics: { url: paging.url },
  });
  for (const s of statuses) assert.equal(s.state, 'ready', `${s.server}: ${JSON.stringify(s.error)}`);
});

after(async () => {
  await hub?.close();
  await paging?.close();
  ts?.dispose();
  if (box) rmSync(box, { recursive: true, force: true });
});

/** A turn through the bridge with the hub as executor and a hook log. */
function turn(script, options = {}) {
  const provider = options.provider ?? 'openai-chat';
  const model = m.testing.scriptedModel(provider, script);
  const agent = m.agent.createAgent({
    toolSearch: ts,
    provider,
    model,
    hub,
    modelName: 'gpt-4.1',
    tokenizer: false,
    ...options,
    hooks: {
      beforeCall: [(ctx) => void hookLog.push(ctx.name), ...(options.hooks?.beforeCall ?? [])],
      afterCall: options.hooks?.afterCall,
    },
  });
  return agent.run(options.input ?? 'do it').then((t) => {
    agent.close();
    return { ...t, model };
  });
}

describe('MCP servers as catalog sources', () => {
  it('lists every server, following tools/list pagination to the end', () => {
    const byServer = Object.fromEntries(hub.status().map((s) => [s.server, s]));
    assert.equal(byServer.logistics.tools, LOGISTICS_TOOLS.length);
    assert.equal(byServer.logistics.pages, 3, '12 tools in pages of 5');
    assert.ok(byServer.everything.tools >= 10);
    assert.equal(byServer.filesystem.tools, ts.tools().filter((t) => t.source === 'mcp:filesystem').length);
    assert.ok(byServer.memory.tools >= 5);
    assert.ok(typeof byServer.memory.pid === 'number');
    const names = new Set(ts.tools().map((t) => t.name));
    for (const t of LOGISTICS_TOOLS) assert.ok(names.has(`mcp_logistics_${t.name}`), t.name);
    assert.equal(hub.route('mcp_logistics_echo').tool, 'echo');
  });

  it('a file written through search -> describe -> tool_call exists on disk; hooks saw the real name', async () => {
    const file = join(fsRoot, 'hello.txt');
    hookLog.length = 0;
    const t = await turn(m.testing.scripts.searchDescribeCall({ query: 'write file content', name: 'mcp_filesystem_write_file', args: { path: file, content: 'hi from the bridge' } }));
    assert.equal(t.status, 'ok');
    assert.equal(readFileSync(file, 'utf8'), 'hi from the bridge');
    assert.deepEqual(hookLog, ['mcp_filesystem_write_file']);
    assert.equal(t.calls[0].server, 'filesystem');
    // The CallToolResult comes back as the server sent it.
    assert.match(m.providers.toText(t.calls[0].result), /Successfully wrote/);
  });

  it('memory: entities created through tool_call (string arguments) are read back by a direct call', async () => {
    const entities = [{ name: 'Ada', entityType: 'person', observations: ['wrote the first program'] }];
    const t = await turn([
      { call: 'tool_call', arguments: { name: 'mcp_memory_create_entities', arguments: JSON.stringify({ entities }) } },
      { call: 'mcp_memory_read_graph', arguments: {} },
      { text: 'done' },
    ], { provider: 'anthropic' });
    assert.deepEqual(t.calls.map((c) => [c.name, c.outcome]), [['mcp_memory_create_entities', 'ok'], ['mcp_memory_read_graph', 'ok']]);
    assert.match(m.providers.toText(t.calls[1].result), /Ada/);
  });

  it('parallel calls to three servers in one message all complete', async () => {
    const t = await turn(m.testing.scripts.parallel({
      calls: [
        { name: 'mcp_everything_echo', args: { message: 'ping' } },
        { name: 'mcp_logistics_lookup_sku', args: { sku: 'AB-1' } },
        { name: 'mcp_filesystem_list_allowed_directories', args: {} },
      ],
    }), { provider: 'gemini' });
    assert.deepEqual(t.calls.map((c) => c.outcome), ['ok', 'ok', 'ok']);
    assert.match(m.providers.toText(t.calls.find((c) => c.server === 'everything').result), /ping/);
    assert.deepEqual(t.calls.find((c) => c.server === 'logistics').result.structuredContent.sku, 'AB-1');
  });

  it('a blocked call never reaches the server', async () => {
    const before = paging.calls.length;
    const t = await turn(m.testing.scripts.searchCallTop({ query: 'refund an order', args: { order_id: 'o-1' } }), {
      hooks: { beforeCall: [(ctx) => (ctx.name === 'mcp_logistics_refund_order' ? { block: 'refunds need a human' } : undefined)] },
    });
    assert.equal(t.calls[0].name, 'mcp_logistics_refund_order');
    assert.equal(t.calls[0].outcome, 'blocked');
    assert.equal(paging.calls.length, before, 'nothing arrived at the server');
  });

  it('an out-of-scope tool can be neither found nor called, and its server never sees it', async () => {
    const scoped = ts.session({ sources: ['mcp:filesystem', 'mcp:logistics'] });
    try {
      hookLog.length = 0;
      const t = await turn([
        { call: 'tool_search', arguments: { query: 'create entities knowledge graph' } },
        { call: 'tool_describe', arguments: { name: 'mcp_memory_create_entities' } },
        { call: 'tool_call', arguments: { name: 'mcp_memory_create_entities', arguments: { entities: [{ name: 'Intruder', entityType: 'x', observations: [] }] } } },
        { call: 'mcp_memory_create_entities', arguments: { entities: [{ name: 'Intruder', entityType: 'x', observations: [] }] } },
        { text: 'done' },
      ], { session: scoped });
      const hits = m.testing.hitsOf({ json: JSON.parse(m.providers.openaiChat.lastToolResults(t.model.requests[1])[0].text), references: [] });
      assert.ok(hits.every((n) => !n.startsWith('mcp_memory_')), `hits: ${hits}`);
      assert.deepEqual(t.refusals.map((r) => r.reason), ['not_found', 'not_found', 'not_found']);
      assert.deepEqual(hookLog, []);
      const graph = await hub.callTool('mcp_memory_read_graph', {});
      assert.doesNotMatch(m.providers.toText(graph), /Intruder/);
    } finally {
      scoped.close();
    }
  });

  it('list_changed replaces the server tools and the next assembly re-plans', async () => {
    const fingerprint = ts.fingerprint;
    const next = [...LOGISTICS_TOOLS.filter((t) => t.name !== 'refund_order'), { name: 'customs_declaration', description: 'File a customs declaration for an international parcel.', inputSchema: { type: 'object', properties: { parcel: { type: 'string' } }, required: ['parcel'] } }];
    await paging.setTools(next);
    await until(() => hub.route('mcp_logistics_customs_declaration') !== null, 'the re-listing');
    await hub.settled();
    assert.notEqual(ts.fingerprint, fingerprint);
    assert.equal(hub.route('mcp_logistics_refund_order'), null);
    const session = ts.session({});
    try {
      const deferred = session.assemble({ contextWindow: 128000 }).deferred;
      assert.ok(deferred.includes('mcp_logistics_customs_declaration'));
      assert.ok(!deferred.includes('mcp_logistics_refund_order'));
    } finally {
      session.close();
    }
    const t = await turn(m.testing.scripts.searchCallTop({ query: 'customs declaration for a parcel', args: { parcel: 'P-9' } }));
    assert.equal(t.calls[0].name, 'mcp_logistics_customs_declaration');
    assert.deepEqual(paging.calls.at(-1), { name: 'customs_declaration', arguments: { parcel: 'P-9' } });
    const gone = await turn(m.testing.scripts.directCall({ name: 'mcp_logistics_refund_order', args: { order_id: 'o' } }));
    assert.deepEqual(gone.refusals.map((r) => r.reason), ['not_found']);
  });

  it('a crashed server (process killed) is withdrawn, required tools fail closed, the others work, reconnect restores it', async () => {
    const { pid } = hub.status('memory');
    process.kill(pid, 'SIGKILL');
    await until(() => hub.status('memory').state === 'failed', 'the crash to be noticed');
    const status = hub.status('memory');
    assert.equal(status.error.code, 'disconnected');
    assert.equal(status.tools, 0);
    assert.ok(!ts.tools().some((t) => t.source === 'mcp:memory'), 'its tools are withdrawn');

    const required = await turn([{ text: 'answered without memory' }], { required: ['mcp_memory_read_graph'] });
    assert.equal(required.status, 'missing_required');
    assert.equal(required.model.requests.length, 0);

    const t = await turn([
      { calls: [
        { name: 'mcp_memory_read_graph', arguments: {} },
        { name: 'tool_call', arguments: { name: 'mcp_filesystem_list_allowed_directories', arguments: {} } },
      ] },
      { text: 'done' },
    ]);
    assert.deepEqual(t.refusals.map((r) => r.reason), ['not_found']);
    assert.deepEqual(t.calls.map((c) => [c.name, c.outcome]), [['mcp_filesystem_list_allowed_directories', 'ok']]);

    const back = await hub.reconnect('memory');
    assert.equal(back.state, 'ready');
    assert.notEqual(back.pid, pid);
    assert.ok(back.tools >= 5);
    const again = await turn(m.testing.scripts.directCall({ name: 'mcp_memory_read_graph', args: {} }));
    assert.equal(again.calls[0].outcome, 'ok');
    assert.match(m.providers.toText(again.calls[0].result), /Ada/, 'the graph file survived the crash');
  });

  it('a hanging call times out with an error for the model; the server answers ping, so it stays', async () => {
    paging.setMode('hang');
    try {
      const t = await turn(m.testing.scripts.directCall({ name: 'mcp_logistics_echo', args: { message: 'x' } }));
      assert.equal(t.calls[0].outcome, 'error');
      assert.match(t.calls[0].reason, /did not answer tools\/call "echo" within 1500 ms/);
      assert.equal(hub.status('logistics').state, 'ready');
    } finally {
      paging.setMode('ok');
    }
  });

  it('a server whose tools/list hangs, or answers garbage, is withdrawn with a clear status; reconnect restores it', async () => {
    for (const [mode, code] of [['hang', 'timeout'], ['garbage', 'invalid_response']]) {
      paging.setMode(mode);
      const failed = await hub.refresh('logistics');
      assert.equal(failed.state, 'failed', mode);
      assert.equal(failed.error.code, code);
      assert.ok(!ts.tools().some((t) => t.source === 'mcp:logistics'));
      await assert.rejects(hub.callTool('mcp_logistics_echo', { message: 'x' }), (e) => e.code === 'SERVER_UNAVAILABLE');
      // The rest keep working meanwhile.
      const ok = await hub.callTool('mcp_everything_echo', { message: 'still here' });
      assert.match(m.providers.toText(ok), /still here/);
      paging.setMode('ok');
      const back = await hub.reconnect('logistics');
      assert.equal(back.state, 'ready');
      assert.equal(back.tools, paging.tools.length);
    }
    assert.ok(events.some((e) => e.type === 'status' && e.server === 'logistics' && e.state === 'failed'));
  });

  it('closing the hub withdraws every MCP tool; core tools stay', async () => {
    const local = await m.pkg.createToolSearch({ config: { namespacing: 'prefix' } });
    try {
      local.add([{ name: 'exec', source: 'core' }]);
      const h = m.mcp.createMcpHub(local);
      await h.add('logistics', { url: paging.url });
      assert.equal(local.size, 1 + paging.tools.length);
      await h.close();
      assert.deepEqual(local.tools().map((t) => t.name), ['exec']);
      assert.ok(!existsSync(join(box, 'never')));
    } finally {
      local.dispose();
    }
  });
});

describe('two real servers whose tool names overlap (default namespacing: auto)', () => {
  /** Two filesystem servers (same 14 tool names), the first one slow to start. */
  async function overlapping() {
    const local = await m.pkg.createToolSearch();
    const roots = { alpha: join(box, 'alpha'), beta: join(box, 'beta') };
    for (const dir of Object.values(roots)) mkdirSync(dir, { recursive: true });
    const { StdioClientTransport } = await import(`${'@modelcontextprotocol/sdk'}/client/stdio.js`);
    const spec = filesystemServer(roots.alpha);
    const slowAlpha = {
      // The first-attached server answers last: its first listing still enters the catalog first.
      transport: async () => {
        await new Promise((r) => setTimeout(r, 600));
        return new StdioClientTransport({ command: spec.command, args: spec.args, cwd: spec.cwd, stderr: 'pipe' });
      },
    };
    const localHub = m.mcp.createMcpHub(local);
    const statuses = await localHub.addAll({ alpha: slowAlpha, beta: filesystemServer(roots.beta) });
    return { local, localHub, roots, statuses };
  }

  it('both load; the first attached keeps the names, the other is prefixed, on every run; calls reach the right server', async () => {
    const runs = [];
    for (let run = 0; run < 2; run++) {
      const { local, localHub, roots, statuses } = await overlapping();
      try {
        assert.deepEqual(statuses.map((s) => [s.server, s.state]), [['alpha', 'ready'], ['beta', 'ready']]);
        const names = local.tools().map((t) => t.name);
        runs.push(names);
        assert.ok(names.includes('write_file') && names.includes('mcp_beta_write_file'), names.join(','));
        assert.equal(local.tools(['write_file'])[0].source, 'mcp:alpha');
        await localHub.callTool('write_file', { path: join(roots.alpha, 'a.txt'), content: 'alpha' });
        await localHub.callTool('mcp_beta_write_file', { path: join(roots.beta, 'b.txt'), content: 'beta' });
        assert.equal(readFileSync(join(roots.alpha, 'a.txt'), 'utf8'), 'alpha');
        assert.equal(readFileSync(join(roots.beta, 'b.txt'), 'utf8'), 'beta');
        // A re-listing keeps the names the server already had.
        await localHub.refresh('beta');
        assert.deepEqual(local.tools().map((t) => t.name), names);
      } finally {
        await localHub.close();
        local.dispose();
      }
    }
    assert.deepEqual(runs[0], runs[1], 'the same names on every run');
  });
});
