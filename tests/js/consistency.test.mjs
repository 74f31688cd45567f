// The API says one thing and does it (issue 11's first-day consistency items), on the packed
// package: configure() merges, remove() of an unknown name, strict option keys with camelCase
// suggestions, one spelling of the mode names, providerTools() refusing a layout the assembly
// cannot carry, and turn.calls in the model's order. Run alone:
// node --test tests/js/consistency.test.mjs

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { hostModules } from './support/hosts.mjs';

const TOOLS = [
  { name: 'exec', description: 'Run a shell command.', source: 'core', inputSchema: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] } },
  { name: 'read_file', description: 'Read a file from disk.', source: 'mcp:fs', inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } },
  { name: 'write_file', description: 'Write a file to disk.', source: 'mcp:fs', inputSchema: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } }, required: ['path', 'content'] } },
  { name: 'create_issue', description: 'Create a GitHub issue.', source: 'mcp:github', inputSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] } },
];

let m;
let ts;
before(async () => {
  m = await hostModules();
  ts = await m.pkg.createToolSearch({ config: { gate: { enabled: 'on' } } });
  ts.add(TOOLS);
});
after(() => ts?.dispose());

/** Asserts `fn` throws a ToolSearchError with `code` whose message matches `pattern`. */
function throwsCode(fn, code, pattern) {
  assert.throws(fn, (e) => {
    assert.equal(e.name, 'ToolSearchError', String(e));
    assert.equal(e.code, code, e.message);
    if (pattern) assert.match(e.message, pattern);
    return true;
  });
}

describe('configure() merges', () => {
  it('a key left out keeps its current value, at every level; a new engine starts from the defaults', async () => {
    const engine = await m.pkg.createToolSearch({ config: { gate: { thresholdPct: 5 }, bm25: { k1: 1.5 } } });
    try {
      const after = engine.configure({ gate: { maxTokens: 1000 } });
      assert.equal(after.gate.maxTokens, 1000);
      assert.equal(after.gate.thresholdPct, 5, 'gate.thresholdPct kept');
      assert.equal(after.bm25.k1, 1.5, 'bm25 kept');
      assert.equal(engine.configure({}).gate.maxTokens, 1000, 'an empty configure changes nothing');
    } finally {
      engine.dispose();
    }
    const fresh = await m.pkg.createToolSearch();
    try {
      const defaults = fresh.configure({});
      assert.equal(defaults.gate.thresholdPct, 10);
      assert.equal(defaults.gate.maxTokens, 20000);
      assert.equal(defaults.bm25.k1, 1.2);
    } finally {
      fresh.dispose();
    }
  });
});

describe('remove() of a name the catalog does not have', () => {
  it('throws NOT_FOUND with suggestions and removes nothing, even beside a known name', () => {
    const size = ts.size;
    throwsCode(() => ts.remove('read_fil'), 'NOT_FOUND', /read_fil/);
    assert.throws(() => ts.remove(['write_file', 'read_fil']), (e) => e.code === 'NOT_FOUND' && e.suggestions.includes('read_file'));
    assert.equal(ts.size, size, 'all-or-nothing');
    assert.deepEqual(ts.tools(['write_file']).map((t) => t.name), ['write_file']);
  });

  it('returns the count it documents for known names', async () => {
    const engine = await m.pkg.createToolSearch();
    try {
      engine.add(TOOLS);
      assert.equal(engine.remove(['read_file', 'write_file']), 2);
      assert.equal(engine.size, TOOLS.length - 2);
    } finally {
      engine.dispose();
    }
  });
});

describe('option keys are strict, with camelCase suggestions', () => {
  const cases = {
    'search': [() => ts.search('file', { limt: 3 }), 'limit'],
    'searchAsync': [() => ts.searchAsync('file', { stratgy: 'keyword' }), 'strategy'],
    'explain': [() => ts.explain('file', 'read_file', { sesion: 's1' }), 'session'],
    'a session\'s search': [() => ts.session().search('file', { limits: 2 }), 'limit'],
    'describe': [() => ts.describe('read_file', { sessions: 's1' }), 'session'],
    'suggest': [() => ts.suggest('read_fil', { sesion: 's1' }), 'session'],
    'handleCall': [() => ts.handleCall({ name: 'tool_search', arguments: { query: 'x' } }, { sesion: 's1' }), 'session'],
    'add': [() => ts.add({ name: 'late', description: 'x' }, { sorce: 'plugin' }), 'source'],
    'snake_case habit': [() => ts.search('file', { deferred_only: true }), 'deferredOnly'],
    'kebab-case habit': [() => ts.search('file', { 'case-sensitive': true }), 'caseSensitive'],
  };
  for (const [label, [fn, near]] of Object.entries(cases)) {
    it(`${label}: INVALID_ARGUMENT, did you mean "${near}"`, async () => {
      let error;
      try {
        await fn();
      } catch (e) {
        error = e;
      }
      assert.ok(error, 'refused');
      assert.equal(error.name, 'ToolSearchError');
      assert.equal(error.code, 'INVALID_ARGUMENT');
      assert.match(error.message, new RegExp(`Did you mean "${near}"\\?`));
      assert.deepEqual(error.suggestions, [near]);
    });
  }

  it('createToolSearch({ confg }) is refused too, and a key nothing resembles lists the valid ones', async () => {
    await assert.rejects(m.pkg.createToolSearch({ confg: {} }), (e) => e.code === 'INVALID_ARGUMENT' && /Did you mean "config"/.test(e.message));
    throwsCode(() => ts.search('file', { zzzzzz: 1 }), 'INVALID_ARGUMENT', /Expected one of: limit, session, deferredOnly/);
  });

  it('a key of millions of characters is refused as quickly as a short one (no edit distance against it)', () => {
    // Each candidate's edit distance to the key took time proportional to the key: 2.5 s for 3
    // million characters in search(). A key more than 2 letters longer cannot be 2 edits away.
    const key = 'x'.repeat(3_000_000);
    const started = performance.now();
    throwsCode(() => ts.search('file', { [key]: 1 }), 'INVALID_ARGUMENT', /Expected one of: limit/);
    assert.ok(performance.now() - started < 1000, `${(performance.now() - started).toFixed(0)} ms`);
    assert.throws(() => ts.search('file', { [key]: 1 }), (e) => e.message.length < 400 && e.message.includes(`"${'x'.repeat(128)}..."`));
    // The engine's own keys answer alike (timed natively: tests/cpp/test_review_findings.cpp).
    throwsCode(() => ts.assemble({ [key]: 1 }), 'INVALID_ARGUMENT', /Expected one of: session, contextWindow/);
  });

  it('the engine\'s own keys suggest camelCase for snake_case typos (gate, assemble, analysis)', () => {
    throwsCode(() => ts.configure({ gate: { threshold_pc: 3 } }), 'INVALID_CONFIG', /Did you mean "thresholdPct"/);
    throwsCode(() => ts.assemble({ context_windw: 3 }), 'INVALID_ARGUMENT', /Did you mean "contextWindow"/);
    throwsCode(() => ts.configure({ analysis: { stop_word: true } }), 'INVALID_CONFIG', /Did you mean "stopWords"/);
  });
});

describe('mode names: one spelling, "preselect+bridge", everywhere', () => {
  it('the engine accepts it, names it in its assembly and in its error for any other spelling', () => {
    const turn = ts.assemble({ mode: 'preselect+bridge', userMessage: 'write a file', topK: 1, contextWindow: 1000 });
    assert.equal(turn.strategy, 'preselect+bridge');
    throwsCode(() => ts.assemble({ mode: 'preselect_with_bridge' }), 'INVALID_ARGUMENT', /"preselect\+bridge"/);
  });

  it('the framework adapters and the turn loop use the same names', async () => {
    await assert.rejects(m.aiSdk.createAiSdkToolSearch({ toolSearch: ts, mode: 'preselect_with_bridge', jsonSchema: (s) => s }), (e) => e.code === 'INVALID_ARGUMENT' && /"preselect\+bridge"/.test(e.message));
    const model = m.testing.scriptedModel('openai-chat', [{ text: 'ok' }]);
    const agent = m.agent.createAgent({ toolSearch: ts, provider: 'openai-chat', model, strategy: 'preselect+bridge', tokenizer: false });
    const result = await agent.run('write a file');
    agent.close();
    assert.equal(result.status, 'ok');
    assert.equal(result.strategy, 'preselect+bridge');
  });
});

describe('providerTools() refuses a layout the assembly cannot carry', () => {
  it('"allowed" needs a pre-selection: with a bridge assembly it throws instead of sending every tool', () => {
    const bridge = ts.assemble({ mode: 'bridge', contextWindow: 1000 });
    throwsCode(() => m.providers.providerTools('openai-responses', ts, bridge, { strategy: 'allowed' }), 'INVALID_ARGUMENT', /needs an assembly made with mode "preselect" \(this one is "bridge"\)/);
    const pre = ts.assemble({ mode: 'preselect', userMessage: 'write a file', topK: 1, contextWindow: 1000 });
    const { tools, toolChoice } = m.providers.providerTools('openai-responses', ts, pre, { strategy: 'allowed' });
    assert.equal(tools.length, TOOLS.length, 'every tool listed (a cache-stable array)');
    assert.deepEqual(toolChoice.tools.map((t) => t.name).sort(), ['exec', 'write_file']);
  });

  it('"native" needs the engine\'s tool_search: a pre-selection assembly is refused', () => {
    const pre = ts.assemble({ mode: 'preselect', userMessage: 'write a file', topK: 1, contextWindow: 1000 });
    throwsCode(() => m.providers.providerTools('anthropic', ts, pre, { strategy: 'native' }), 'INVALID_ARGUMENT', /mode "bridge"/);
  });
});

describe('turn.calls is in the model\'s order', () => {
  it('parallel calls finishing in reverse order are recorded as the model wrote them', async () => {
    const finished = [];
    const execute = async (ctx) => {
      // The first call the model wrote finishes last.
      await new Promise((resolve) => setTimeout(resolve, ctx.name === 'read_file' ? 60 : 0));
      finished.push(ctx.name);
      return 'ok';
    };
    const model = m.testing.scriptedModel('openai-chat', [
      { calls: [
        { name: 'tool_call', arguments: { name: 'read_file', arguments: { path: '/a' } } },
        { name: 'tool_call', arguments: { name: 'create_issue', arguments: { title: 't' } } },
        { name: 'tool_call', arguments: { name: 'write_file', arguments: { path: '/b', content: 'c' } } },
      ] },
      { text: 'done' },
    ]);
    const agent = m.agent.createAgent({ toolSearch: ts, provider: 'openai-chat', model, execute, tokenizer: false });
    const turn = await agent.run('do three things');
    agent.close();
    assert.equal(turn.status, 'ok', turn.reason);
    assert.equal(finished[finished.length - 1], 'read_file', 'the first call really finished last');
    assert.deepEqual(turn.calls.map((c) => c.name), ['read_file', 'create_issue', 'write_file']);
  });
});
