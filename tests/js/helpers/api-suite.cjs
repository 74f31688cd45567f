// The public API, method by method. Run once through `import` (api.test.mjs) and once through
// `require` (cjs.test.cjs) of the installed package.

'use strict';

const assert = require('node:assert/strict');
const { describe, it, before, after } = require('node:test');

const { sampleTools } = require('./fixtures.cjs');

const BRIDGE = ['tool_search', 'tool_describe', 'tool_call'];

/** @param {string} label @param {() => Promise<any>} load  resolves to the package's exports */
function apiSuite(label, load) {
  describe(`public API (${label})`, () => {
    let pkg;
    let ts;
    before(async () => {
      pkg = await load();
    });
    const fresh = async (config) => {
      ts?.dispose();
      ts = await pkg.createToolSearch(config ? { config } : undefined);
      ts.add(sampleTools());
      return ts;
    };
    after(() => ts?.dispose());

    it('exports exactly the documented names', () => {
      assert.deepEqual(Object.keys(pkg).filter((k) => k !== 'default' && k !== '__esModule').sort(), [
        'Session',
        'ToolSearch',
        'ToolSearchError',
        'createToolSearch',
        'toolsFromCatalog',
      ]);
    });

    it('ToolSearch and Session cannot be constructed directly', () => {
      assert.throws(() => new pkg.ToolSearch(), TypeError);
      assert.throws(() => new pkg.Session(), TypeError);
    });

    it('add() takes MCP, OpenAI Chat, OpenAI Responses and catalog shapes in one batch', async () => {
      ts = await pkg.createToolSearch();
      const names = ts.add(sampleTools());
      assert.deepEqual(names, ['create_issue', 'get_weather', 'send_email', 'calculateNetIncome', 'read_file']);
      assert.equal(ts.size, 5);
      const byName = Object.fromEntries(ts.tools().map((t) => [t.name, t]));
      assert.deepEqual(byName.get_weather.inputSchema.required, ['city'], 'OpenAI Chat function.parameters');
      assert.equal(byName.get_weather.description, 'Get the current weather for a city');
      assert.deepEqual(byName.send_email.inputSchema.required, ['to', 'subject'], 'Responses flat parameters');
      assert.deepEqual(byName.calculateNetIncome.inputSchema.required, ['revenue', 'expenses'], 'catalog parameters');
      assert.equal(byName.create_issue.source, 'mcp:github');
      assert.equal(byName.get_weather.source, 'client', 'default source');
      assert.equal(byName.read_file.class, 'core', 'core source means core class');
      assert.equal(byName.get_weather.class, 'deferrable');
    });

    it('add() accepts a single tool, Anthropic input_schema, and batch defaults', async () => {
      ts = await pkg.createToolSearch();
      assert.deepEqual(ts.add({ name: 'a_tool', input_schema: { type: 'object', properties: { q: { type: 'string' } } } }), ['a_tool']);
      ts.add([{ name: 'b_tool' }, { name: 'c_tool', source: 'plugin' }], { source: 'mcp:srv', tags: ['t1'] });
      const byName = Object.fromEntries(ts.tools().map((t) => [t.name, t]));
      assert.deepEqual(Object.keys(byName.a_tool.inputSchema.properties), ['q']);
      assert.deepEqual(byName.b_tool.inputSchema, { type: 'object' }, 'a missing schema is {type: object}');
      assert.equal(byName.b_tool.source, 'mcp:srv');
      assert.deepEqual(byName.b_tool.tags, ['t1']);
      assert.equal(byName.c_tool.source, 'plugin', "a tool's own field wins over the batch default");
    });

    it('size and fingerprint follow the catalog; equal catalogs hash equal', async () => {
      const a = await pkg.createToolSearch();
      const b = await pkg.createToolSearch();
      try {
        const empty = a.fingerprint;
        assert.match(empty, /^[0-9a-f]{16}$/);
        a.add(sampleTools());
        b.add(sampleTools());
        assert.notEqual(a.fingerprint, empty);
        assert.equal(a.fingerprint, b.fingerprint);
        assert.equal(a.size, 5);
        a.remove('send_email');
        assert.notEqual(a.fingerprint, b.fingerprint);
        assert.equal(a.size, 4);
      } finally {
        a.dispose();
        b.dispose();
      }
    });

    it('remove() takes a name or names and reports the count', async () => {
      await fresh();
      assert.equal(ts.remove(['send_email', 'get_weather']), 2);
      assert.equal(ts.remove('create_issue'), 1);
      assert.deepEqual(ts.tools().map((t) => t.name), ['calculateNetIncome', 'read_file']);
    });

    it('replaceSource() swaps the tools of one source only', async () => {
      await fresh();
      const names = ts.replaceSource('mcp:github', [
        { name: 'list_pull_requests', description: 'List pull requests in a repository', inputSchema: { type: 'object' } },
      ]);
      assert.deepEqual(names, ['list_pull_requests']);
      const list = ts.tools();
      assert.ok(!list.some((t) => t.name === 'create_issue'));
      assert.equal(list.find((t) => t.name === 'list_pull_requests').source, 'mcp:github');
      assert.equal(ts.size, 5);
    });

    it('clear() empties the catalog', async () => {
      await fresh();
      ts.clear();
      assert.equal(ts.size, 0);
      assert.deepEqual(ts.tools(), []);
    });

    it('pin() and pinServer() change the fingerprint and undo cleanly', async () => {
      await fresh();
      const base = ts.fingerprint;
      ts.pin('get_weather');
      assert.equal(ts.tools().find((t) => t.name === 'get_weather').pinned, true);
      assert.notEqual(ts.fingerprint, base);
      ts.pin('get_weather', false);
      assert.equal(ts.fingerprint, base);
      ts.pinServer('github');
      const pinnedServer = ts.fingerprint;
      assert.notEqual(pinnedServer, base);
      ts.pinServer('mcp:github', false);
      assert.equal(ts.fingerprint, base, '"mcp:github" names the same server');
    });

    it('pinned tools stay visible when deferral is active', async () => {
      await fresh({ gate: { enabled: 'on' } });
      ts.pin('get_weather');
      ts.pinServer('github');
      const visible = ts.assemble({ contextWindow: 200000 }).visible.map((v) => v.name);
      assert.ok(visible.includes('get_weather'));
      assert.ok(visible.includes('create_issue'));
      assert.ok(!visible.includes('send_email'));
    });

    it('search() ranks by relevance and honours limit and deferredOnly', async () => {
      await fresh();
      const hits = ts.search('what is the weather in Paris');
      assert.equal(hits[0].name, 'get_weather');
      assert.equal(hits[0].match, 'bm25');
      assert.deepEqual(hits[0].required, ['city']);
      assert.equal(hits[0].source, 'client');
      assert.ok(hits[0].score > 0);
      for (let i = 1; i < hits.length; i++) assert.ok(hits[i - 1].score >= hits[i].score, 'scores descend');
      assert.ok(hits.length <= 5, 'default limit 5');
      assert.equal(ts.search('file contents read', { limit: 1 }).length, 1);
      assert.ok(!ts.search('read the file', { deferredOnly: true }).some((h) => h.name === 'read_file'));
      assert.ok(ts.search('read the file').some((h) => h.name === 'read_file'));
    });

    it("search() hits share each tool's frozen `required` until the catalog changes", async () => {
      await fresh();
      const [first] = ts.search('what is the weather in Paris');
      const [again] = ts.search('weather forecast for a city');
      assert.equal(first.name, 'get_weather');
      assert.equal(again.name, 'get_weather');
      assert.ok(Object.isFrozen(first.required));
      assert.equal(again.required, first.required, 'one array for the tool, not a copy per hit');
      assert.throws(() => first.required.push('x'), TypeError);
      assert.deepEqual(ts.search('weather in Paris')[0].required, ['city'], 'nothing a caller does changes later hits');
      // A new catalog revision reads the tool's summary again.
      ts.replaceSource('client', ts.tools().filter((t) => t.source === 'client').map((t) =>
        t.name === 'get_weather' ? { ...t, inputSchema: { type: 'object', properties: { city: { type: 'string' }, day: { type: 'string' } }, required: ['city', 'day'] } } : t));
      const [changed] = ts.search('what is the weather in Paris');
      assert.equal(changed.name, 'get_weather');
      assert.deepEqual(changed.required, ['city', 'day']);
    });

    it('search() ranks an exact name first', async () => {
      await fresh();
      const hits = ts.search('send_email');
      assert.equal(hits[0].name, 'send_email');
      assert.equal(hits[0].match, 'exact');
    });

    it('explain() gives per-term scores that add up to the score', async () => {
      await fresh();
      const e = ts.explain('weather city', 'get_weather');
      assert.equal(e.name, 'get_weather');
      assert.ok(e.queryTokens.includes('weather'));
      assert.ok(e.terms.some((t) => t.term === 'weather'));
      const sum = e.terms.reduce((s, t) => s + t.score, 0);
      assert.ok(Math.abs(sum - e.score) < 1e-6 * Math.max(1, e.score), `${sum} vs ${e.score}`);
      const hit = ts.search('weather city').find((h) => h.name === 'get_weather');
      assert.ok(Math.abs(hit.score - e.score) < 1e-6 * Math.max(1, e.score), 'explain agrees with search');
    });

    it('describe() returns the full definition; unknown names carry suggestions', async () => {
      await fresh();
      const d = ts.describe('create_issue');
      assert.equal(d.name, 'create_issue');
      assert.equal(d.source, 'mcp:github');
      assert.deepEqual(d.inputSchema.required, ['owner', 'repo', 'title']);
      assert.throws(
        () => ts.describe('create_isue'),
        (e) => e instanceof pkg.ToolSearchError && e.code === 'NOT_FOUND' && e.suggestions.includes('create_issue'),
      );
    });

    it('suggest() proposes close names', async () => {
      await fresh();
      assert.ok(ts.suggest('get_wether').includes('get_weather'));
      assert.deepEqual(ts.suggest('zzzzzzzzzzzzzzzz'), []);
    });

    it('session() scopes search, describe, assemble and calls', async () => {
      await fresh();
      const s = ts.session({ sources: ['mcp:github'] });
      assert.match(s.id, /\S/);
      assert.equal(s.closed, false);
      assert.ok(!s.search('weather forecast city').some((h) => h.name === 'get_weather'));
      assert.ok(s.search('create issue').some((h) => h.name === 'create_issue'));
      assert.equal(s.describe('create_issue').name, 'create_issue');
      assert.throws(() => s.describe('get_weather'), { code: 'NOT_FOUND' });
      assert.equal(s.describe('read_file').name, 'read_file', 'core tools are always in scope');
      const out = s.handleCall({ name: 'tool_call', arguments: { name: 'get_weather', arguments: { city: 'Oslo' } } });
      assert.equal(out.kind, 'refusal', 'out of scope reads as unknown');
      assert.equal(s.unwrap({ name: 'tool_call', arguments: { name: 'get_weather', arguments: { city: 'Oslo' } } }), null);
      const logical = s.assemble({ contextWindow: 200000 }).logical;
      assert.ok(!logical.includes('get_weather'));
      assert.ok(logical.includes('create_issue'));
      assert.ok(s.suggest('create_isue').includes('create_issue'));
      // The unscoped engine still sees everything.
      assert.ok(ts.search('weather forecast city').some((h) => h.name === 'get_weather'));
      // A session id string works where a Session does.
      assert.ok(!ts.search('weather forecast city', { session: s.id }).some((h) => h.name === 'get_weather'));
      s.close();
      s.close();
      assert.equal(s.closed, true);
      assert.throws(() => s.search('x'), { code: 'DISPOSED' });
      assert.throws(() => ts.search('weather', { session: s.id }), { code: 'NOT_FOUND' });
    });

    it('sessions are independent and scopes by toolset and tool name work', async () => {
      await fresh();
      ts.add({ name: 'tagged_tool', description: 'A tagged helper for weather', tags: ['helpers'] });
      const byTag = ts.session({ toolsets: ['helpers'] });
      const byName = ts.session({ tools: ['send_email'] });
      assert.notEqual(byTag.id, byName.id);
      assert.deepEqual(byTag.search('weather').map((h) => h.name), ['tagged_tool']);
      assert.deepEqual(byName.search('email').map((h) => h.name), ['send_email']);
      byTag.close();
      assert.deepEqual(byName.search('email').map((h) => h.name), ['send_email'], 'closing one leaves the other');
      byName.close();
    });

    it('a Session of another engine is refused', async () => {
      await fresh();
      const other = await pkg.createToolSearch();
      try {
        const foreign = other.session();
        assert.throws(() => ts.search('x', { session: foreign }), { code: 'INVALID_ARGUMENT' });
      } finally {
        other.dispose();
      }
    });

    it('assemble() defers behind the bridge and accounts tokens', async () => {
      await fresh({ gate: { enabled: 'on' } });
      const plan = ts.assemble({ contextWindow: 200000 });
      assert.equal(plan.gate.active, true);
      assert.equal(plan.gate.mode, 'on');
      assert.equal(plan.strategy, 'bridge');
      const visible = plan.visible.map((v) => v.name);
      for (const b of BRIDGE) assert.ok(visible.includes(b), `${b} visible`);
      assert.ok(visible.includes('read_file'), 'core tools are never deferred');
      assert.deepEqual([...plan.deferred].sort(), ['calculateNetIncome', 'create_issue', 'get_weather', 'send_email']);
      assert.deepEqual([...plan.logical].sort(), ['calculateNetIncome', 'create_issue', 'get_weather', 'read_file', 'send_email']);
      assert.equal(plan.tokens.saved, plan.tokens.withoutDeferral - plan.tokens.withDeferral);
      assert.equal(plan.tokens.withDeferral, plan.visible.reduce((n, v) => n + v.tokens, 0), 'withDeferral sums the visible tools');
      for (const v of plan.visible) assert.equal(typeof v.inputSchema, 'object');
      assert.deepEqual(
        plan.visible.filter((v) => BRIDGE.includes(v.name)).map((v) => v.kind),
        ['bridge', 'bridge', 'bridge'],
      );
      assert.equal(plan.visible.find((v) => v.name === 'read_file').kind, 'core');
      // Same catalog, same bytes (prompt caches keep hitting).
      assert.equal(JSON.stringify(ts.assemble({ contextWindow: 200000 })), JSON.stringify(plan));
    });

    it('assemble() passes everything through when the gate is off or the catalog small', async () => {
      await fresh({ gate: { enabled: 'off' } });
      const plan = ts.assemble({ contextWindow: 200000 });
      assert.equal(plan.gate.active, false);
      assert.equal(plan.strategy, 'passthrough');
      assert.deepEqual(plan.deferred, []);
      assert.equal(plan.tokens.saved, 0);
      assert.deepEqual(plan.visible.map((v) => v.name).sort(), ['calculateNetIncome', 'create_issue', 'get_weather', 'read_file', 'send_email']);
      await fresh();
      assert.equal(ts.assemble({ contextWindow: 1_000_000 }).gate.active, false, 'auto: a few small schemas stay inline');
      const tiny = ts.assemble({ contextWindow: 1000 });
      assert.equal(tiny.gate.threshold, 100, 'auto: 10% of the window');
      assert.equal(tiny.gate.active, tiny.gate.deferrableTokens >= 100);
    });

    it('assemble() in preselect mode injects the top tools for the message', async () => {
      await fresh({ gate: { enabled: 'on' } });
      const plan = ts.assemble({ contextWindow: 200000, mode: 'preselect', userMessage: 'send an email to Bob', topK: 1 });
      const visible = plan.visible.map((v) => v.name);
      assert.ok(visible.includes('send_email'));
      assert.ok(!visible.includes('get_weather'));
    });

    it('handleCall() answers tool_search and tool_describe', async () => {
      await fresh({ gate: { enabled: 'on' } });
      const search = ts.handleCall({ name: 'tool_search', arguments: { query: 'weather' } });
      assert.equal(search.kind, 'search');
      assert.match(JSON.stringify(search.result), /get_weather/);
      const described = ts.handleCall({ name: 'tool_describe', arguments: { name: 'send_email' } });
      assert.equal(described.kind, 'describe');
      assert.match(JSON.stringify(described.result), /subject/);
    });

    it('handleCall() resolves tool_call to the real tool, in every call shape', async () => {
      await fresh({ gate: { enabled: 'on' } });
      const expected = { name: 'get_weather', arguments: { city: 'Paris' } };
      const shapes = [
        { name: 'tool_call', arguments: { name: 'get_weather', arguments: { city: 'Paris' } } },
        { name: 'tool_call', arguments: JSON.stringify({ name: 'get_weather', arguments: { city: 'Paris' } }) },
        { id: 'call_1', type: 'function', function: { name: 'tool_call', arguments: '{"name":"get_weather","arguments":{"city":"Paris"}}' } },
        { type: 'tool_use', id: 'toolu_1', name: 'tool_call', input: { name: 'get_weather', arguments: { city: 'Paris' } } },
        { type: 'function_call', call_id: 'c1', name: 'tool_call', arguments: '{"name":"get_weather","arguments":"{\\"city\\":\\"Paris\\"}"}' },
      ];
      for (const call of shapes) {
        const out = ts.handleCall(call);
        assert.equal(out.kind, 'dispatch', JSON.stringify(call));
        assert.equal(out.name, expected.name);
        assert.deepEqual(out.arguments, expected.arguments);
        assert.equal(out.viaBridge, true);
        assert.deepEqual(ts.unwrap(call), expected);
      }
    });

    it('handleCall() repairs "" for {} and refuses what the model must fix', async () => {
      await fresh({ gate: { enabled: 'on' } });
      ts.add({ name: 'ping', description: 'Ping', inputSchema: { type: 'object', properties: {} } });
      const repaired = ts.handleCall({ name: 'tool_call', arguments: { name: 'ping', arguments: '' } });
      assert.equal(repaired.kind, 'dispatch');
      assert.deepEqual(repaired.arguments, {});
      assert.ok(repaired.repairs.length > 0);
      const refusals = [
        { name: 'tool_call', arguments: { name: 'tool_call', arguments: {} } },
        { name: 'tool_call', arguments: { name: 'read_file', arguments: { path: '/x' } } },
        { name: 'tool_call', arguments: { name: 'get_weather', arguments: {} } },
        { name: 'tool_call', arguments: { name: 'no_such_tool', arguments: {} } },
      ];
      for (const call of refusals) {
        const out = ts.handleCall(call);
        assert.equal(out.kind, 'refusal', JSON.stringify(call));
        assert.ok(out.reason, 'a reason the model can act on');
        assert.equal(ts.unwrap(call), null);
      }
    });

    it('a direct call to a deferred tool is dispatched and activates it', async () => {
      await fresh({ gate: { enabled: 'on' } });
      const s = ts.session();
      const out = s.handleCall({ name: 'send_email', arguments: { to: 'a@b.c', subject: 'hi' } });
      assert.equal(out.kind, 'dispatch');
      assert.equal(out.viaBridge, false);
      assert.equal(out.activated, true);
      assert.deepEqual(s.unwrap({ name: 'send_email', arguments: { to: 'a@b.c', subject: 'hi' } }), {
        name: 'send_email',
        arguments: { to: 'a@b.c', subject: 'hi' },
      });
      assert.equal(ts.unwrap({ name: 'tool_search', arguments: { query: 'x' } }), null);
      s.close();
    });

    it('estimateTokens() estimates any tool shape', async () => {
      await fresh();
      const [mcp, chat] = sampleTools();
      const a = ts.estimateTokens(mcp);
      assert.ok(Number.isInteger(a.tokens) && a.tokens > 10);
      assert.ok(Number.isInteger(a.charsDiv4) && a.charsDiv4 > 10);
      const b = ts.estimateTokens(chat);
      const c = ts.estimateTokens({ name: chat.function.name, description: chat.function.description, inputSchema: chat.function.parameters });
      assert.deepEqual(b, c, 'the OpenAI shape estimates as its MCP equivalent');
    });

    it('configure() takes camelCase gate keys and returns the effective config', async () => {
      await fresh();
      const effective = ts.configure({ gate: { thresholdPct: 5, maxSearchLimit: 3, searchDefaultLimit: 3 }, bm25: { k1: 1.5 } });
      assert.equal(effective.bm25.k1, 1.5);
      assert.equal(effective.bm25.b, 0.75, 'omitted keys take defaults');
      assert.equal(effective.gate.thresholdPct, 5);
      assert.equal(effective.gate.maxSearchLimit, 3);
      assert.equal(effective.gate.enabled, 'auto');
      assert.deepEqual(Object.keys(effective.gate).filter((k) => k.includes('_')), [], 'camelCase keys');
      assert.equal(ts.search('tool', { limit: 50 }).length <= 3, true, 'limit clamped to maxSearchLimit');
      assert.throws(() => ts.configure({ gate: { thresholdPcnt: 5 } }), { code: 'INVALID_CONFIG' });
    });

    it('createToolSearch({config}) applies namespacing; invalid config rejects', async () => {
      const ns = await pkg.createToolSearch({ config: { namespacing: 'prefix' } });
      try {
        const names = ns.add([
          { name: 'create_issue', source: 'mcp:github' },
          { name: 'create_issue', source: 'mcp:gitlab' },
        ]);
        assert.deepEqual(names, ['mcp_github_create_issue', 'mcp_gitlab_create_issue']);
        assert.equal(ns.tools()[0].originalName, 'create_issue');
        assert.equal(ns.search('create_issue')[0].match, 'exact', 'the unprefixed name still matches exactly');
      } finally {
        ns.dispose();
      }
      await assert.rejects(pkg.createToolSearch({ config: { bm25: { k1: -1 } } }), { code: 'INVALID_CONFIG' });
      await assert.rejects(pkg.createToolSearch({ config: { namespacing: 'sideways' } }), { code: 'INVALID_CONFIG' });
    });

    it('coreVersion reports the core', async () => {
      await fresh();
      assert.match(ts.coreVersion, /^\d+\.\d+\.\d+/);
    });

    it('toolsFromCatalog() reads arrays, tools/list results and the servers form', () => {
      const tools = sampleTools();
      assert.equal(pkg.toolsFromCatalog(tools).length, 5);
      assert.equal(pkg.toolsFromCatalog({ tools: tools.slice(0, 2) }).length, 2);
      const multi = pkg.toolsFromCatalog({ servers: [{ server: 'github', tools: [{ name: 'a' }] }, { server: 'slack', tools: [{ name: 'b' }] }] });
      assert.deepEqual(multi.map((t) => t.source), ['mcp:github', 'mcp:slack']);
      assert.throws(() => pkg.toolsFromCatalog(42), { code: 'INVALID_ARGUMENT' });
    });
  });
}

module.exports = { apiSuite };
