// Provider formats (tool-search-wasm/providers): the reversible name mapping, and the requests
// the turn loop produces, checked two ways: against each provider's documented shape (below),
// and by `tsc --noEmit` against the official SDKs' request types (openai, @anthropic-ai/sdk,
// @google/genai: generated from the providers' API specs), with excess-property checks on.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { hostModules, linkModule, linkPeers } from './support/hosts.mjs';
import { packedPackage, repoRoot, scratchDir } from './support/packed.mjs';

let m;
let ts;

const CORE = { name: 'exec', description: 'Run a shell command.', source: 'core', inputSchema: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] } };
const ODD = { name: 'acme.crm/find-contact', description: 'Find a CRM contact by email.', source: 'plugin', pinned: true, inputSchema: { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] } };

before(async () => {
  m = await hostModules();
  ts = await m.pkg.createToolSearch({ config: { namespacing: 'prefix' } });
  ts.add(m.pkg.toolsFromCatalog(JSON.parse(readFileSync(join(repoRoot, 'js', 'catalogs', 'official-mcp.json'), 'utf8'))));
  ts.add([CORE, ODD]);
});
after(() => ts?.dispose());

describe('reversible provider names', () => {
  const RULES = ['openai', 'anthropic', 'gemini'];
  const NAMES = ['a_b', 'a.b', 'a/b', 'a:b', 'café', '1starts_with_digit', 'x'.repeat(200), `${'y'.repeat(70)}.z`, 'mcp_github_create_issue', 'tool-with-dash'];

  for (const rule of RULES) {
    it(`${rule}: valid names are kept, others mapped into the rule, all distinct and reversible`, () => {
      const map = m.providers.createNameMap(NAMES, rule);
      const pattern = m.providers.NAME_RULES[rule].pattern;
      const out = NAMES.map((n) => map.toProvider(n));
      for (const [i, n] of NAMES.entries()) {
        assert.match(out[i], pattern, `${n} -> ${out[i]}`);
        assert.equal(map.toReal(out[i]), n);
        if (pattern.test(n)) assert.equal(out[i], n, 'a valid name is never renamed');
      }
      assert.equal(new Set(out).size, NAMES.length);
    });
  }

  it('is deterministic whatever the input order, so prompt caches keep hitting', () => {
    const a = m.providers.createNameMap(NAMES, 'gemini');
    const b = m.providers.createNameMap([...NAMES].reverse(), 'gemini');
    assert.deepEqual(NAMES.map((n) => a.toProvider(n)), NAMES.map((n) => b.toProvider(n)));
  });

  it('stays collision-free when a real name equals another name\'s replacement', () => {
    const first = m.providers.createNameMap(['a.b'], 'openai').toProvider('a.b');
    const map = m.providers.createNameMap(['a.b', first], 'openai');
    assert.equal(map.toProvider(first), first, 'the valid name keeps itself');
    assert.notEqual(map.toProvider('a.b'), first);
    assert.equal(map.toReal(map.toProvider('a.b')), 'a.b');
  });

  it('gemini: a name must start with a letter or underscore; 63 characters at most', () => {
    const map = m.providers.createNameMap(['9lives', 'z'.repeat(64)], 'gemini');
    assert.match(map.toProvider('9lives'), /^_9lives_[0-9a-z]{7}$/);
    assert.equal(map.toProvider('z'.repeat(64)).length, 63);
  });

  it('unknown provider names pass through unchanged (the model may use a real name it read)', () => {
    const map = m.providers.createNameMap(['a.b'], 'openai');
    assert.equal(map.toReal('mcp_memory_read_graph'), 'mcp_memory_read_graph');
  });
});

/** Requests the turn loop sent, per provider and strategy (first request and one after tool results). */
async function sampleRequests() {
  const WRITE = 'mcp_filesystem_write_file';
  const cases = [
    ['openai-chat', 'bridge'], ['openai-chat', 'preselect'], ['openai-chat', 'allowed'], ['openai-chat', 'passthrough'],
    ['openai-responses', 'bridge'], ['openai-responses', 'allowed'], ['openai-responses', 'preselect+bridge'], ['openai-responses', 'native'],
    ['anthropic', 'bridge'], ['anthropic', 'native'], ['anthropic', 'preselect'],
    ['gemini', 'bridge'], ['gemini', 'preselect'],
  ];
  const out = [];
  for (const [provider, strategy] of cases) {
    const script = strategy === 'native'
      ? m.testing.scripts.searchThenDirect({ query: 'write a file', name: WRITE, args: { path: '/a', content: 'b' } })
      : [
          { calls: [
            { name: 'tool_search', arguments: { query: 'write a file' } },
            { name: 'exec', arguments: { command: 'ls' } },
          ] },
          { call: 'tool_call', arguments: { name: WRITE, arguments: { path: '/a', content: 'b' } } },
          { text: 'done' },
        ];
    const model = m.testing.scriptedModel(provider, script);
    const agent = m.agent.createAgent({
      toolSearch: ts, provider, strategy, model, modelName: 'model-x', system: 'Be brief.', contextWindow: 128000, tokenizer: false,
      execute: () => ({ content: [{ type: 'text', text: 'ok' }, { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }] }),
    });
    const turn = await agent.run('write b to /a');
    agent.close();
    assert.equal(turn.status, 'ok', `${provider}/${strategy}: ${turn.reason}`);
    out.push({ provider, strategy, requests: model.requests, responses: [] });
  }
  return out;
}

describe('requests match each provider\'s documented shape', () => {
  let samples;
  before(async () => {
    samples = await sampleRequests();
  });

  it('OpenAI Chat Completions: tools[{type, function:{name, description, parameters}}], tool messages answer tool_call_id', () => {
    for (const { requests, strategy } of samples.filter((s) => s.provider === 'openai-chat')) {
      const [first, second] = requests;
      assert.equal(first.messages[0].role, 'system');
      for (const t of first.tools) {
        assert.deepEqual(Object.keys(t).sort(), ['function', 'type']);
        assert.equal(t.type, 'function');
        assert.match(t.function.name, /^[a-zA-Z0-9_-]{1,64}$/);
        assert.equal(typeof t.function.parameters, 'object');
      }
      if (strategy === 'allowed') {
        assert.equal(first.tool_choice.type, 'allowed_tools');
        assert.equal(first.tool_choice.allowed_tools.mode, 'auto');
        const listed = new Set(first.tools.map((t) => t.function.name));
        for (const t of first.tool_choice.allowed_tools.tools) assert.ok(listed.has(t.function.name));
      } else {
        assert.equal(first.tool_choice, undefined);
      }
      const calls = second.messages.find((x) => x.role === 'assistant').tool_calls;
      const answers = second.messages.filter((x) => x.role === 'tool').map((x) => x.tool_call_id);
      assert.deepEqual(answers, calls.map((c) => c.id));
    }
  });

  it('OpenAI Responses: function tools with strict, function_call_output answers call_id', () => {
    for (const { requests, strategy } of samples.filter((s) => s.provider === 'openai-responses' && s.strategy !== 'native')) {
      const [first, second] = requests;
      assert.equal(first.instructions, 'Be brief.');
      for (const t of first.tools) {
        assert.deepEqual(Object.keys(t).sort(), ['description', 'name', 'parameters', 'strict', 'type']);
        assert.match(t.name, /^[a-zA-Z0-9_-]{1,64}$/);
      }
      if (strategy === 'allowed') assert.deepEqual(Object.keys(first.tool_choice).sort(), ['mode', 'tools', 'type']);
      const callIds = second.input.filter((x) => x.type === 'function_call').map((x) => x.call_id);
      assert.deepEqual(second.input.filter((x) => x.type === 'function_call_output').map((x) => x.call_id), callIds);
    }
  });

  it('OpenAI Responses native: a client tool_search tool, deferred tools with defer_loading, tool_search_output loads the hits, the hit is called by name', () => {
    const { requests } = samples.find((s) => s.provider === 'openai-responses' && s.strategy === 'native');
    const [first, second, third] = requests;
    const search = first.tools.filter((t) => t.type === 'tool_search');
    assert.equal(search.length, 1);
    assert.deepEqual(Object.keys(search[0]).sort(), ['description', 'execution', 'parameters', 'type']);
    assert.equal(search[0].execution, 'client');
    assert.deepEqual(search[0].parameters.required, ['query']);
    assert.ok(!first.tools.some((t) => t.name === 'tool_search' || t.name === 'tool_call'), 'no function bridge beside the native search');
    const deferred = first.tools.filter((t) => t.defer_loading);
    assert.ok(deferred.length > 90, `${deferred.length} deferred`);
    assert.ok(first.tools.some((t) => t.type === 'function' && !t.defer_loading), 'the core tool is loaded');
    // The model's tool_search_call goes back as it came, answered by a tool_search_output with
    // the same call_id and the hits' definitions exactly as the request listed them.
    const call = second.input.find((x) => x.type === 'tool_search_call');
    assert.equal(call.execution, 'client');
    assert.deepEqual(call.arguments, { query: 'write a file' });
    const output = second.input.find((x) => x.type === 'tool_search_output');
    assert.equal(output.call_id, call.call_id);
    assert.equal(output.execution, 'client');
    assert.ok(output.tools.length > 0);
    for (const t of output.tools) assert.deepEqual(t, first.tools.find((x) => x.name === t.name));
    assert.ok(output.tools.some((t) => t.name === 'mcp_filesystem_write_file'));
    const direct = third.input.find((x) => x.type === 'function_call');
    assert.equal(direct.name, 'mcp_filesystem_write_file');
    assert.equal(third.input.find((x) => x.type === 'function_call_output').call_id, direct.call_id);
  });

  it('Anthropic Messages: input_schema objects, defer_loading only on deferred tools, tool_result blocks in a user turn', () => {
    for (const { requests, strategy } of samples.filter((s) => s.provider === 'anthropic')) {
      const [first, second] = requests;
      assert.equal(first.system, 'Be brief.');
      assert.equal(typeof first.max_tokens, 'number');
      for (const t of first.tools) {
        assert.match(t.name, /^[a-zA-Z0-9_-]{1,128}$/);
        assert.equal(t.input_schema.type, 'object');
        if (t.defer_loading !== undefined) assert.equal(t.defer_loading, true);
      }
      assert.ok(first.tools.some((t) => !t.defer_loading), 'at least one tool is loaded');
      assert.equal(first.tools.some((t) => t.defer_loading), strategy === 'native');
      const last = second.messages.at(-1);
      assert.equal(last.role, 'user');
      const ids = second.messages.at(-2).content.filter((b) => b.type === 'tool_use').map((b) => b.id);
      assert.deepEqual(last.content.map((b) => b.tool_use_id), ids);
    }
  });

  it('Gemini: one functionDeclarations tool, no toolConfig (AUTO is the default), functionResponse parts with output/error', () => {
    for (const { requests } of samples.filter((s) => s.provider === 'gemini')) {
      const [first, second] = requests;
      assert.equal(first.config.tools.length, 1);
      for (const d of first.config.tools[0].functionDeclarations) {
        assert.match(d.name, /^[a-zA-Z_][a-zA-Z0-9_-]{0,62}$/);
        assert.equal(typeof d.parametersJsonSchema, 'object');
      }
      assert.equal(first.config.toolConfig, undefined, 'a "mode": "AUTO" string fails @google/genai\'s FunctionCallingConfigMode enum type');
      const parts = second.contents.at(-1).parts;
      for (const p of parts) assert.ok('output' in p.functionResponse.response || 'error' in p.functionResponse.response);
    }
  });

  it('type-checks against the official SDK request types (tsc --noEmit)', () => {
    const sdk = { 'openai-chat': 'openai', 'openai-responses': 'openai', anthropic: '@anthropic-ai/sdk', gemini: '@google/genai' };
    const missing = [...new Set(Object.values(sdk))].filter((p) => !existsSync(join(repoRoot, 'node_modules', p)));
    if (missing.length > 0) {
      assert.fail(`SDKs not installed for the type check: ${missing.join(', ')} (npm install at the repo root)`);
    }
    const TYPES = {
      'openai-chat': 'ChatCompletionCreateParamsNonStreaming',
      'openai-responses': 'ResponseCreateParamsNonStreaming',
      anthropic: 'MessageCreateParamsNonStreaming',
      gemini: 'GenerateContentParameters',
    };
    const lines = [
      "import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';",
      "import type { ResponseCreateParamsNonStreaming } from 'openai/resources/responses/responses';",
      "import type { MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages';",
      "import type { GenerateContentParameters } from '@google/genai';",
    ];
    let n = 0;
    // The requests exactly as sent: no literal is rewritten to please the types.
    for (const { provider, requests } of samples) {
      for (const request of requests) lines.push(`export const r${n++} = ${JSON.stringify(request, null, 1)} satisfies ${TYPES[provider]};`);
    }
    const dir = mkdtempSync(join(tmpdir(), 'hosts-tsc-'));
    try {
      symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
      writeFileSync(join(dir, 'requests.ts'), `${lines.join('\n')}\n`);
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
        compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', skipLibCheck: true, types: [] },
        files: ['requests.ts'],
      }));
      writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
      const r = spawnSync(join(repoRoot, 'node_modules', '.bin', 'tsc'), ['-p', dir], { encoding: 'utf8', timeout: 120_000 });
      assert.equal(r.status, 0, `tsc found requests that do not match the SDK types:\n${(r.stdout + r.stderr).slice(0, 4000)}`);
      assert.ok(n >= 24, `${n} requests checked`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the declared request types (tool-search-wasm/providers) against the SDKs\' types', () => {
  it('each format\'s request, tools and history entries are assignable to the SDK types (tsc --noEmit, packed package)', async () => {
    if (process.env.TOOL_SEARCH_PKG_DIR) return;
    const pkg = await packedPackage();
    linkPeers(pkg.projectDir);
    for (const sdk of ['openai', '@anthropic-ai/sdk', '@google/genai']) linkModule(pkg.projectDir, sdk);
    const dir = scratchDir(pkg, 'provider-types');
    const consumer = `
import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ResponseCreateParamsNonStreaming, ResponseInputItem } from 'openai/resources/responses/responses';
import type { MessageCreateParamsNonStreaming, MessageParam } from '@anthropic-ai/sdk/resources/messages';
import type { Content, GenerateContentParameters } from '@google/genai';
import { anthropic, gemini, openaiChat, openaiResponses, providerTools, type ToolOutcome, type ToolPlan, type NameMap } from 'tool-search-wasm/providers';
import type { Assembly, ToolSearch } from 'tool-search-wasm';

export function check(plan: ToolPlan, names: NameMap, outcomes: ToolOutcome[], ts: ToolSearch, assembly: Assembly) {
  // Each value is built first and assigned after, so TypeScript cannot infer the formats' type
  // parameters from the SDK type (that would make the check vacuous).
  const chatHistory: ChatCompletionMessageParam[] = [openaiChat.userMessage('hi'), ...openaiChat.toolResultMessages(outcomes)];
  const chatRequest = openaiChat.request({ model: 'm', system: 's', messages: chatHistory, plan, names, options: { temperature: 0 } });
  const chat: ChatCompletionCreateParamsNonStreaming = chatRequest;
  const input: ResponseInputItem[] = [openaiResponses.userMessage('hi'), ...openaiResponses.toolResultMessages(outcomes, { plan, names })];
  const responsesRequest = openaiResponses.request({ model: 'm', messages: input, plan, names });
  const responses: ResponseCreateParamsNonStreaming = responsesRequest;
  const messages: MessageParam[] = [anthropic.userMessage('hi'), ...anthropic.toolResultMessages(outcomes)];
  const claudeRequest = anthropic.request({ model: 'm', messages, plan, names });
  const claude: MessageCreateParamsNonStreaming = claudeRequest;
  const contents: Content[] = [gemini.userMessage('hi'), ...gemini.toolResultMessages(outcomes)];
  const geminiRequest = gemini.request({ model: 'm', messages: contents, plan, names });
  const gem: GenerateContentParameters = geminiRequest;
  const responsesTools = providerTools('openai-responses', ts, assembly, { strategy: 'native' }).tools;
  const nativeTools: ResponseCreateParamsNonStreaming['tools'] = responsesTools;
  const anthropicTools = providerTools('anthropic', ts, assembly, { strategy: 'native' }).tools;
  const claudeTools: MessageCreateParamsNonStreaming['tools'] = anthropicTools;
  return [chat, responses, claude, gem, nativeTools, claudeTools];
}
`;
    writeFileSync(join(dir, 'consumer.ts'), consumer);
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', skipLibCheck: true, types: [], lib: ['es2022', 'dom'] },
      files: ['consumer.ts'],
    }));
    const r = spawnSync(join(repoRoot, 'node_modules', '.bin', 'tsc'), ['-p', dir], { encoding: 'utf8', timeout: 120_000 });
    assert.equal(r.status, 0, (r.stdout + r.stderr).slice(0, 4000));
  });
});

describe('responses parse back to real names', () => {
  for (const provider of ['openai-chat', 'openai-responses', 'anthropic', 'gemini']) {
    it(`${provider}: calls come back with the real name and the raw arguments`, () => {
      const format = m.providers.resolveProvider(provider);
      const names = m.providers.createNameMap([ODD.name, 'exec'], format.rule);
      const mapped = names.toProvider(ODD.name);
      assert.notEqual(mapped, ODD.name);
      const response = format.encodeResponse({ text: 'thinking', calls: [{ id: 'c1', name: mapped, arguments: { email: 'a@b.c' } }, { id: 'c2', name: 'exec', arguments: { command: 'ls' } }] });
      const parsed = format.parseResponse(response, names);
      assert.deepEqual(parsed.calls.map((c) => c.name), [ODD.name, 'exec']);
      assert.deepEqual(parsed.calls.map((c) => c.providerName), [mapped, 'exec']);
      assert.equal(parsed.text, 'thinking');
      const args = parsed.calls[0].arguments;
      assert.deepEqual(typeof args === 'string' ? JSON.parse(args) : args, { email: 'a@b.c' });
    });
  }
});
