// The turn loop (tool-search-wasm/agent) driven by the scripted model (tool-search-wasm/testing)
// over the real engine and the default catalog (105 tools from 15 official MCP servers), in all
// four provider formats. Tools are executed by plain functions here; tests/js/hosts-mcp.test.mjs
// runs the same loop against real MCP servers.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { hostModules } from './support/hosts.mjs';
import { repoRoot } from './support/packed.mjs';

const PROVIDERS = ['openai-chat', 'openai-responses', 'anthropic', 'gemini'];
const BRIDGE = ['tool_search', 'tool_describe', 'tool_call'];
const WRITE = 'mcp_filesystem_write_file';
const WRITE_ARGS = { path: '/work/notes.txt', content: 'hello' };

let m; // {pkg, agent, testing, providers, tokens}
let ts;

const CORE = [
  { name: 'exec', description: 'Run a shell command in the workspace.', source: 'core', inputSchema: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] } },
  { name: 'read_file', description: 'Read a file from the workspace.', source: 'core', inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } },
];
// A plugin tool whose name no provider accepts as it is (dots and a slash).
const ODD = { name: 'acme.crm/find-contact', description: 'Find a CRM contact by email address.', source: 'plugin', pinned: true, inputSchema: { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] } };

before(async () => {
  m = await hostModules();
  ts = await m.pkg.createToolSearch({ config: { namespacing: 'prefix' } });
  const doc = JSON.parse(readFileSync(join(repoRoot, 'js', 'catalogs', 'official-mcp.json'), 'utf8'));
  ts.add(m.pkg.toolsFromCatalog(doc));
  ts.add([...CORE, ODD]);
});
after(() => ts?.dispose());

/** An executor that records what it received. */
function recorder(reply = (ctx) => `ran ${ctx.name}`) {
  const seen = [];
  const execute = async (ctx) => {
    seen.push({ name: ctx.name, arguments: ctx.arguments });
    return reply(ctx);
  };
  return { seen, execute };
}

function agentWith(options) {
  return m.agent.createAgent({ toolSearch: ts, contextWindow: 128000, modelName: 'gpt-4.1', tokenizer: false, ...options });
}

describe('bridge turns in every provider format', () => {
  for (const provider of PROVIDERS) {
    it(`${provider}: search -> describe -> tool_call reaches the real tool; hooks and transcript see real names`, async () => {
      const { seen, execute } = recorder();
      const hookNames = [];
      const events = [];
      const model = m.testing.scriptedModel(provider, m.testing.scripts.searchDescribeCall({ query: 'write a file', name: WRITE, args: WRITE_ARGS }));
      const agent = agentWith({
        provider,
        model,
        execute,
        hooks: {
          beforeCall: [(ctx) => void hookNames.push(ctx.name)],
          afterCall: [(ctx) => void hookNames.push(`after:${ctx.name}`)],
          onEvent: (e) => events.push(e),
        },
      });
      const turn = await agent.run('Write hello to /work/notes.txt');
      agent.close();

      assert.equal(turn.status, 'ok');
      assert.equal(turn.text, 'done');
      assert.equal(turn.roundTrips, 4, 'search, describe, call, answer');
      assert.deepEqual(seen, [{ name: WRITE, arguments: WRITE_ARGS }]);
      assert.deepEqual(hookNames, [WRITE, `after:${WRITE}`]);
      assert.equal(turn.calls.length, 1);
      assert.equal(turn.calls[0].name, WRITE);
      assert.equal(turn.calls[0].viaBridge, true);
      assert.equal(turn.calls[0].source, 'mcp:filesystem');
      assert.deepEqual(turn.bridge.map((b) => b.kind), ['search', 'describe']);
      // No bridge name anywhere in what transcripts and telemetry record as calls.
      for (const e of events.filter((x) => x.type === 'call' || x.type === 'blocked')) assert.ok(!BRIDGE.includes(e.name));
      // The first request offered the bridge, not the 105 schemas.
      const names = m.providers.resolveProvider(provider).toolNames(model.requests[0]);
      assert.deepEqual(names.filter((n) => BRIDGE.includes(n)), BRIDGE);
      assert.ok(!names.includes(WRITE));
      assert.equal(turn.tokens.length, 4);
      assert.ok(turn.tokens[0].estimated.withDeferral < turn.tokens[0].estimated.withoutDeferral);
    });
  }
});

describe('model mistakes', () => {
  it('a direct call to a deferred tool is activated and dispatched (lazy activation)', async () => {
    const { seen, execute } = recorder();
    const model = m.testing.scriptedModel('openai-chat', m.testing.scripts.directCall({ name: 'mcp_memory_read_graph', args: '' }));
    const turn = await agentWith({ provider: 'openai-chat', model, execute }).run('show the graph');
    assert.equal(turn.status, 'ok');
    assert.deepEqual(seen, [{ name: 'mcp_memory_read_graph', arguments: {} }]);
    assert.equal(turn.calls[0].viaBridge, false);
    assert.equal(turn.calls[0].activated, true);
  });

  it('a core tool wrapped in tool_call is refused ("call it directly") and not run', async () => {
    const { seen, execute } = recorder();
    const model = m.testing.scriptedModel('anthropic', m.testing.scripts.wrapCore({ name: 'exec', args: { command: 'ls' } }));
    const turn = await agentWith({ provider: 'anthropic', model, execute }).run('list files');
    assert.deepEqual(seen, []);
    assert.deepEqual(turn.refusals.map((r) => [r.name, r.reason]), [['exec', 'core_via_bridge']]);
    const sent = m.providers.anthropic.lastToolResults(model.requests[1]);
    assert.match(sent[0].text, /call exec directly/);
  });

  it('arguments passed as a JSON string, or nested twice, reach the tool as the plain object', async () => {
    for (const script of [m.testing.scripts.stringArguments, m.testing.scripts.nestedTwice]) {
      const { seen, execute } = recorder();
      const model = m.testing.scriptedModel('gemini', script({ name: WRITE, args: WRITE_ARGS }));
      const turn = await agentWith({ provider: 'gemini', model, execute }).run('write');
      assert.deepEqual(seen, [{ name: WRITE, arguments: WRITE_ARGS }]);
      assert.ok(turn.calls[0].repairs.length > 0, 'the repair is recorded');
    }
  });

  it('a search loop is stopped by the loop guard, with every call answered', async () => {
    const { seen, execute } = recorder();
    const model = m.testing.scriptedModel('openai-responses', m.testing.scripts.searchLoop({ query: 'teleport the user' }));
    const turn = await agentWith({ provider: 'openai-responses', model, execute, maxRoundTrips: 20 }).run('teleport me');
    assert.equal(turn.status, 'loop_guard');
    assert.match(turn.reason, /repeated 3 times/);
    assert.equal(turn.roundTrips, 3);
    assert.deepEqual(seen, []);
    // The history is consistent: the last function_call has its output.
    const last = turn.messages.at(-1);
    assert.equal(last.type, 'function_call_output');
    assert.match(last.output, /Do not search again/);
  });

  it('parallel calls in one message run concurrently, and results keep the call order', async () => {
    let started = 0;
    let release;
    const allStarted = new Promise((r) => (release = r));
    const execute = async (ctx) => {
      started++;
      if (started === 3) release();
      // Sequential execution would wait here forever (the test times out).
      await allStarted;
      return `done ${ctx.arguments.path}`;
    };
    const calls = ['/a', '/b', '/c'].map((path) => ({ name: 'mcp_filesystem_read_file', args: { path } }));
    const model = m.testing.scriptedModel('openai-chat', m.testing.scripts.parallel({ calls }));
    const turn = await agentWith({ provider: 'openai-chat', model, execute }).run('read three files');
    assert.equal(turn.status, 'ok');
    assert.deepEqual(turn.calls.map((c) => c.arguments.path).sort(), ['/a', '/b', '/c']);
    const results = m.providers.openaiChat.lastToolResults(model.requests[1]).map((r) => r.text);
    assert.deepEqual(results, ['done /a', 'done /b', 'done /c']);
  });
});

describe('hooks', () => {
  const script = () => m.testing.scripts.stringArguments({ name: WRITE, args: WRITE_ARGS });

  it('a blocking before-call hook keeps the call from the tool; the model and transcript are told', async () => {
    const { seen, execute } = recorder();
    const model = m.testing.scriptedModel('openai-chat', script());
    const turn = await agentWith({
      provider: 'openai-chat',
      model,
      execute,
      hooks: { beforeCall: [(ctx) => (ctx.name === WRITE ? { block: 'writes are disabled' } : undefined)] },
    }).run('write');
    assert.deepEqual(seen, []);
    assert.equal(turn.calls[0].outcome, 'blocked');
    assert.equal(turn.calls[0].name, WRITE);
    assert.match(m.providers.openaiChat.lastToolResults(model.requests[1])[0].text, /Blocked: writes are disabled/);
  });

  it('a hook can rewrite the real arguments; later hooks and the tool see the rewrite', async () => {
    const { seen, execute } = recorder();
    const later = [];
    const turn = await agentWith({
      provider: 'anthropic',
      model: m.testing.scriptedModel('anthropic', script()),
      execute,
      hooks: {
        beforeCall: [
          (ctx) => ({ arguments: { ...ctx.arguments, path: `/sandbox${ctx.arguments.path}` } }),
          (ctx) => void later.push(ctx.arguments.path),
        ],
      },
    }).run('write');
    assert.deepEqual(later, ['/sandbox/work/notes.txt']);
    assert.deepEqual(seen[0].arguments, { ...WRITE_ARGS, path: '/sandbox/work/notes.txt' });
    assert.equal(turn.calls[0].arguments.path, '/sandbox/work/notes.txt');
  });

  it('approval: refused blocks, granted runs; the approver sees the real name', async () => {
    for (const granted of [false, true]) {
      const { seen, execute } = recorder();
      const asked = [];
      await agentWith({
        provider: 'gemini',
        model: m.testing.scriptedModel('gemini', script()),
        execute,
        hooks: {
          beforeCall: [() => ({ requireApproval: 'writes need a human' })],
          approve: (ctx) => {
            asked.push([ctx.name, ctx.reason]);
            return granted;
          },
        },
      }).run('write');
      assert.deepEqual(asked, [[WRITE, 'writes need a human']]);
      assert.equal(seen.length, granted ? 1 : 0);
    }
  });

  it('an after-call hook can replace what the model sees (redaction)', async () => {
    const model = m.testing.scriptedModel('openai-responses', script());
    await agentWith({
      provider: 'openai-responses',
      model,
      execute: () => 'secret=hunter2',
      hooks: { afterCall: [(ctx) => ({ result: { content: [{ type: 'text', text: m.providers.toText(ctx.result).replace(/hunter2/, '***') }] } })] },
    }).run('write');
    assert.equal(m.providers.openaiResponses.lastToolResults(model.requests[1])[0].text, 'secret=***');
  });
});

describe('fail closed, fallbacks, scope', () => {
  it('a required tool missing from the catalog stops the turn before the model runs (openclaw#84141)', async () => {
    const model = m.testing.scriptedModel('openai-chat', [{ text: 'I ran without my tools' }]);
    const turn = await agentWith({ provider: 'openai-chat', model, required: ['exec', 'deploy_service'] }).run('deploy');
    assert.equal(turn.status, 'missing_required');
    assert.deepEqual(turn.missing, ['deploy_service']);
    assert.equal(model.requests.length, 0);
  });

  it('a required tool outside the session scope counts as missing; inside it the turn runs', async () => {
    const scoped = ts.session({ sources: ['mcp:github'] });
    try {
      const missing = await agentWith({ provider: 'openai-chat', session: scoped, required: ['mcp_slack_slack_post_message'], model: m.testing.scriptedModel('openai-chat', []) }).run('post');
      assert.equal(missing.status, 'missing_required');
      const ok = await agentWith({ provider: 'openai-chat', session: scoped, required: ['mcp_github_create_issue', 'exec'], model: m.testing.scriptedModel('openai-chat', []) }).run('post');
      assert.equal(ok.status, 'ok');
    } finally {
      scoped.close();
    }
  });

  it('an out-of-scope tool can be neither found nor called', async () => {
    const scoped = ts.session({ sources: ['mcp:filesystem'] });
    try {
      const { seen, execute } = recorder();
      const model = m.testing.scriptedModel('openai-chat', [
        { call: 'tool_search', arguments: { query: 'create entities in the knowledge graph memory' } },
        { call: 'tool_call', arguments: { name: 'mcp_memory_create_entities', arguments: { entities: [] } } },
        { call: 'mcp_memory_create_entities', arguments: { entities: [] } },
        { text: 'done' },
      ]);
      const turn = await agentWith({ provider: 'openai-chat', session: scoped, model, execute }).run('remember');
      const found = m.testing.hitsOf({ json: JSON.parse(m.providers.openaiChat.lastToolResults(model.requests[1])[0].text), references: [] });
      assert.ok(found.every((n) => n.startsWith('mcp_filesystem_')), `only in-scope hits: ${found}`);
      assert.deepEqual(seen, []);
      assert.deepEqual(turn.refusals.map((r) => r.reason), ['not_found', 'not_found']);
    } finally {
      scoped.close();
    }
  });

  it('models that cannot drive the bridge get pre-selection (per model-name policy)', async () => {
    const model = m.testing.scriptedModel('openai-chat', m.testing.scripts.directCall({ name: 'mcp_github_create_issue', args: { owner: 'o', repo: 'r', title: 't' } }));
    const { seen, execute } = recorder();
    const agent = agentWith({ provider: 'openai-chat', modelName: 'ollama/gemma3:27b', model, execute });
    assert.equal(agent.strategy.strategy, 'preselect');
    const turn = await agent.run('create a github issue titled t in o/r');
    const names = m.providers.openaiChat.toolNames(model.requests[0]);
    assert.ok(!names.includes('tool_search'), 'no bridge for this model');
    assert.ok(names.includes('mcp_github_create_issue'), 'the issue tool is pre-selected');
    assert.ok(names.length < 20);
    assert.equal(seen[0].name, 'mcp_github_create_issue');
    assert.equal(turn.strategy, 'preselect');
    // The default policy is a default: an empty list keeps the bridge.
    assert.equal(agentWith({ provider: 'openai-chat', modelName: 'gemma3', modelPolicies: [], model }).strategy.strategy, 'bridge');
    assert.equal(agentWith({ provider: 'gemini', modelName: 'x', strategy: 'native', model }).strategy.strategy, 'bridge');
    assert.equal(agentWith({ provider: 'anthropic', modelName: 'x', strategy: 'allowed', model }).strategy.strategy, 'preselect');
  });

  it('passthrough sends every usable tool and no bridge', async () => {
    const model = m.testing.scriptedModel('anthropic', []);
    await agentWith({ provider: 'anthropic', strategy: 'passthrough', model }).run('hi');
    const names = m.providers.anthropic.toolNames(model.requests[0]);
    assert.equal(names.length, ts.size);
    assert.ok(!names.includes('tool_search'));
  });
});

describe('provider-specific channels', () => {
  it('a name no provider accepts is mapped reversibly: the request is valid, the tool gets its real name', async () => {
    for (const provider of PROVIDERS) {
      const format = m.providers.resolveProvider(provider);
      const { seen, execute } = recorder();
      const model = m.testing.scriptedModel(provider, [
        (ctx) => ({ call: ctx.tools.find((n) => n.startsWith('acme_crm_find-contact_')), arguments: { email: 'a@b.c' } }),
        { text: 'done' },
      ]);
      await agentWith({ provider, model, execute }).run('find a@b.c');
      for (const name of format.toolNames(model.requests[0])) assert.match(name, format.rule.pattern);
      assert.deepEqual(seen, [{ name: ODD.name, arguments: { email: 'a@b.c' } }], provider);
    }
  });

  it('anthropic native: deferred tools carry defer_loading, search answers with tool_reference blocks, the referenced tool is called directly', async () => {
    const { seen, execute } = recorder();
    const model = m.testing.scriptedModel('anthropic', m.testing.scripts.searchThenDirect({ query: 'create a github issue', name: 'mcp_github_create_issue', args: { owner: 'o', repo: 'r', title: 't' } }));
    const turn = await agentWith({ provider: 'anthropic', modelName: 'claude-sonnet-4-5', strategy: 'native', model, execute }).run('file an issue');
    const tools = model.requests[0].tools;
    const deferred = tools.filter((t) => t.defer_loading === true);
    assert.equal(deferred.length, 104 - 0, 'every deferred MCP tool is listed for the provider to load');
    assert.ok(tools.some((t) => t.name === 'tool_search' && !t.defer_loading));
    assert.ok(!tools.some((t) => t.name === 'tool_call' || t.name === 'tool_describe'));
    assert.ok(tools.some((t) => t.name === 'exec' && !t.defer_loading), 'core tools are never deferred');
    const block = model.requests[1].messages.at(-1).content[0];
    assert.equal(block.type, 'tool_result');
    assert.ok(block.content.length > 0 && block.content.every((c) => c.type === 'tool_reference'));
    assert.equal(block.content[0].tool_name, 'mcp_github_create_issue');
    assert.equal(seen[0].name, 'mcp_github_create_issue');
    assert.equal(turn.calls[0].viaBridge, false);
    const withBreakpoint = m.providers.cacheBreakpoint(tools);
    assert.ok(withBreakpoint.filter((t) => t.cache_control).every((t) => !t.defer_loading));
  });

  it('openai allowed_tools: the full, cache-stable array plus the pre-selection as tool_choice', async () => {
    for (const provider of ['openai-chat', 'openai-responses']) {
      const model = m.testing.scriptedModel(provider, []);
      await agentWith({ provider, strategy: 'allowed', model }).run('create a github issue');
      const request = model.requests[0];
      assert.equal(request.tools.length, ts.size);
      assert.equal(request.tool_choice.type, 'allowed_tools');
      const allowed = provider === 'openai-chat'
        ? request.tool_choice.allowed_tools.tools.map((t) => t.function.name)
        : request.tool_choice.tools.map((t) => t.name);
      assert.ok(allowed.includes('mcp_github_create_issue'));
      assert.ok(allowed.length < request.tools.length);
    }
  });
});

describe('token accounting', () => {
  it('records estimator and real-tokenizer figures per request, and round trips', async () => {
    const tokenizer = await m.tokens.loadTokenizer();
    if (!tokenizer) return; // optional peer not installed: the estimator figures are checked above
    const model = m.testing.scriptedModel('openai-chat', m.testing.scripts.searchDescribeCall({ query: 'write a file', name: WRITE, args: WRITE_ARGS }));
    const turn = await agentWith({ provider: 'openai-chat', model, execute: () => 'ok', tokenizer }).run('write');
    const first = turn.tokens[0];
    assert.equal(first.real.tokenizer, 'js-tiktoken/o200k_base');
    assert.equal(first.real.withDeferral, tokenizer.count(JSON.stringify(model.requests[0].tools)));
    assert.ok(first.real.savedPct > 80, `saved ${first.real.savedPct}%`);
    assert.equal(turn.roundTrips, 4);
  });
});
