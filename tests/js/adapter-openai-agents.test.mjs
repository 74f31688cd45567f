// tool-search-wasm/openai-agents driven by the OpenAI Agents SDK's own Runner loop (`run` from
// `@openai/agents`, pinned in the root package.json) with its own test Model (ScriptedModel from
// `@openai/agents/testing`, which records every request the Runner makes). Tool calls reach the
// real filesystem MCP server over stdio, which writes files this test reads back from disk.
// Run alone: node --test tests/js/adapter-openai-agents.test.mjs

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { Agent, Runner, setTracingDisabled } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';

import { adapterWith, adapterWorld, CORE_TOOL, toolTokens } from './support/adapter-fixture.mjs';

const BRIDGE = ['tool_search', 'tool_describe', 'tool_call'];

// No exporter may reach for the network from a test.
setTracingDisabled(true);

let world;
before(async () => {
  world = await adapterWorld();
});
after(() => world?.close());

/** The adapter over the world, with a hook recording the real names it sees. */
const helper = (options = {}) => adapterWith(world, world.m.openaiAgents.createOpenAIAgentsToolSearch, options);

/** One scripted model turn: function calls ([name, args]) or, when there are none, a final text. */
function turn(calls, text = 'done') {
  if (calls.length === 0) return [assistantMessage(text)];
  return calls.map(([name, args], i) => functionCall(name, args, { callId: `c${i}_${name}` }));
}

/** The tool names the model was sent at each call the Runner made. */
const sentNames = (model) => model.calls.map((c) => c.request.tools.map((t) => t.name));

/** A Runner that records the tool names its own hooks report (agent_tool_start). */
function recordingRunner() {
  const runner = new Runner();
  const started = [];
  runner.on('agent_tool_start', (_context, _agent, tool) => started.push(tool.name));
  return { runner, started };
}

describe('OpenAI Agents SDK Runner with the tool-search model wrapper', () => {
  it('bridge: core + bridge first, search, then the found tool by name; the file is on disk', async () => {
    const { search, seen } = await helper();
    const file = join(world.dir, 'agents.txt');
    const model = new ScriptedModel([
      turn([['tool_search', { query: 'write a file' }]]),
      turn([['write_file', { path: file, content: 'from the Agents SDK' }]]),
      turn([]),
    ]);
    const agent = new Agent({ name: 'writer', instructions: 'Use tools.', model: search.model(model), tools: search.tools });
    const { runner, started } = recordingRunner();
    const result = await runner.run(agent, 'save a note');
    search.close();

    assert.equal(result.finalOutput, 'done');
    assert.equal(readFileSync(file, 'utf8'), 'from the Agents SDK');
    model.assertComplete();
    const sent = sentNames(model);
    assert.equal(sent.length, 3, 'one request per model call');
    assert.deepEqual([...sent[0]].sort(), [CORE_TOOL.name, ...BRIDGE].sort());
    assert.ok(sent[1].includes('write_file'), sent[1].join(','));
    assert.ok(!sent[0].includes('write_file'));
    assert.deepEqual(seen, ['write_file'], 'our hooks: real names, bridge searches are not calls');
    assert.deepEqual(started, ['tool_search', 'write_file'], "the Runner's own hooks see what the model called");
    assert.deepEqual(search.calls.map((c) => [c.name, c.outcome, c.viaBridge, c.callId]), [['write_file', 'ok', false, 'c0_write_file']]);
    // Every tool the Runner sends is non-strict: the schemas are the servers' own.
    for (const t of model.calls[1].request.tools) assert.equal(t.strict, false, t.name);

    // Without the wrapper, the same agent sends every catalog tool (measured on what the Runner sent).
    const bare = new ScriptedModel([turn([])]);
    await new Runner().run(new Agent({ name: 'bare', model: bare, tools: search.tools }), 'save a note');
    const tokens = (m, i, skip = []) => toolTokens(world.ts, m.calls[i].request.tools.filter((t) => !skip.includes(t.name)));
    console.log(`openai-agents tool tokens per request: without the wrapper ${tokens(bare, 0, BRIDGE)}, with it ${tokens(model, 0)} (request 1), ${tokens(model, 1)} (request 2)`);
  });

  it('lazy activation: a deferred tool called by name without a search still runs (it is registered, only not sent)', async () => {
    const { search, seen } = await helper();
    const dir = join(world.dir, 'agents-lazy');
    const model = new ScriptedModel([turn([['create_directory', { path: dir }]]), turn([], 'made it')]);
    const agent = new Agent({ name: 'lazy', model: search.model(model), tools: search.tools });
    const result = await new Runner().run(agent, 'make a folder');
    search.close();
    assert.equal(result.finalOutput, 'made it');
    assert.ok(!sentNames(model)[0].includes('create_directory'));
    assert.ok(existsSync(dir));
    assert.deepEqual(seen, ['create_directory']);
  });

  it('preselect: the top-K for the user message, no bridge; streaming through the same Runner', async () => {
    const { search, seen } = await helper({ mode: 'preselect', topK: 4 });
    const dir = join(world.dir, 'agents-stream');
    const model = new ScriptedModel([turn([['create_directory', { path: dir }]]), turn([], 'streamed')]);
    const agent = new Agent({ name: 'streamer', model: search.model(model), tools: search.tools });
    const stream = await new Runner().run(agent, 'create a new directory', { stream: true });
    for await (const _event of stream) {
      // drain: the Runner dispatches tools between the streamed model calls
    }
    await stream.completed;
    search.close();
    assert.equal(stream.finalOutput, 'streamed');
    assert.ok(model.calls.every((c) => c.streamed));
    const first = sentNames(model)[0];
    assert.ok(first.includes('create_directory'), first.join(','));
    assert.ok(!first.includes('tool_search'));
    assert.ok(first.length <= 5, first.join(','));
    assert.deepEqual(search.selectedTools, model.calls[1].request.tools.map((t) => t.name));
    assert.ok(existsSync(dir));
    assert.deepEqual(seen, ['create_directory']);
  });

  it('tool_call is unwrapped: our hook blocks by real name, the server never sees it, the model reads why', async () => {
    const { search } = await helper({ hooks: { beforeCall: [(ctx) => (ctx.name === 'write_file' ? { block: 'read-only session' } : undefined)] } });
    const file = join(world.dir, 'agents-blocked.txt');
    const model = new ScriptedModel([turn([['tool_call', { name: 'write_file', arguments: { path: file, content: 'x' } }]]), turn([], 'ok')]);
    const agent = new Agent({ name: 'guarded', model: search.model(model), tools: search.tools });
    const result = await new Runner().run(agent, 'write x');
    search.close();
    assert.equal(result.finalOutput, 'ok');
    assert.ok(!existsSync(file));
    assert.deepEqual(search.calls.map((c) => [c.name, c.outcome, c.viaBridge]), [['write_file', 'blocked', true]]);
    const lastInput = model.calls[1].request.input;
    const output = lastInput.find((item) => item.type === 'function_call_result' && item.callId === 'c0_tool_call');
    assert.match(JSON.stringify(output.output), /Blocked: read-only session/);
  });

  it('the agent keeps its own tools: only the helper\'s tools are narrowed', async () => {
    const { search } = await helper();
    const { tool } = await import('@openai/agents');
    const own = tool({ name: 'ping', description: 'Answers pong.', parameters: { type: 'object', properties: {}, additionalProperties: false, required: [] }, execute: async () => 'pong' });
    const model = new ScriptedModel([turn([['ping', {}]]), turn([], 'pong seen')]);
    const agent = new Agent({ name: 'mixed', model: search.model(model), tools: [own, ...search.tools] });
    const result = await new Runner().run(agent, 'ping');
    search.close();
    assert.equal(result.finalOutput, 'pong seen');
    assert.ok(sentNames(model)[0].includes('ping'));
    assert.deepEqual(search.calls, [], 'a tool outside the catalog does not go through the engine');
  });

  it('a model name instead of a Model is INVALID_ARGUMENT with the fix', async () => {
    const { search } = await helper();
    assert.throws(() => search.model('gpt-5.4'), (e) => e.name === 'ToolSearchError' && e.code === 'INVALID_ARGUMENT' && /getModel/.test(e.message));
    search.close();
  });
});
