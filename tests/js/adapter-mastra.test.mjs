// tool-search-wasm/mastra driven by Mastra's own agent loop (Agent#generate and Agent#stream from
// `@mastra/core`, pinned in the root package.json) with its own test model
// (MastraLanguageModelV2Mock from `@mastra/core/test-utils/llm-mock`, which records the tools of
// every call). Tool calls reach the real filesystem MCP server over stdio, which writes files
// this test reads back from disk. Run alone: node --test tests/js/adapter-mastra.test.mjs

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { Agent } from '@mastra/core/agent';
import { MastraLanguageModelV2Mock } from '@mastra/core/test-utils/llm-mock';
import { convertArrayToReadableStream } from 'ai/test';

import { adapterWith, adapterWorld, CORE_TOOL, streamParts, toolTokens } from './support/adapter-fixture.mjs';

const BRIDGE = ['tool_search', 'tool_describe', 'tool_call'];
const USAGE = { inputTokens: 10, outputTokens: 5, totalTokens: 15 };

let world;
before(async () => {
  world = await adapterWorld();
});
after(() => world?.close());

/** The adapter over the world, with a hook recording the real names it sees. */
const helper = (options = {}) => adapterWith(world, world.m.mastra.createMastraToolSearch, options);

/** One model step (LanguageModelV2): tool calls ([name, args]) or, when there are none, a final text. */
function turn(calls, step, text = 'done') {
  if (calls.length === 0) return { content: [{ type: 'text', text }], finishReason: 'stop', usage: USAGE, warnings: [] };
  const content = calls.map(([toolName, input], i) => ({ type: 'tool-call', toolCallId: `s${step}_${i}_${toolName}`, toolName, input: JSON.stringify(input) }));
  return { content, finishReason: 'tool-calls', usage: USAGE, warnings: [] };
}

/** Mastra's mock model playing `script` (one entry per step) through doGenerate and doStream. */
function scriptedModel(script, text) {
  let step = 0;
  return new MastraLanguageModelV2Mock({
    doGenerate: async () => turn(script[step] ?? [], step++, text),
    doStream: async () => ({ stream: convertArrayToReadableStream(streamParts(turn(script[step] ?? [], step++, text))) }),
  });
}

/** Tool names the model received at each call. */
const sentNames = (calls) => calls.map((c) => (c.tools ?? []).map((t) => t.name));

function agentWith(search, model, name = 'writer') {
  return new Agent({ id: name, name, instructions: 'Use tools.', model, tools: search.tools, inputProcessors: [search.processor] });
}

describe('Mastra Agent with the tool-search processor', () => {
  it('bridge through generate: core + bridge, search, then the found tool by name; the file is on disk', async () => {
    const { search, seen } = await helper();
    const file = join(world.dir, 'mastra.txt');
    const model = scriptedModel([[['tool_search', { query: 'write a file' }]], [['write_file', { path: file, content: 'from Mastra' }]]]);
    const result = await agentWith(search, model).generate('save a note', { maxSteps: 5 });
    search.close();

    assert.equal(result.text, 'done');
    assert.equal(readFileSync(file, 'utf8'), 'from Mastra');
    const sent = sentNames(model.doGenerateCalls);
    assert.equal(sent.length, 3, 'one model call per step');
    assert.deepEqual([...sent[0]].sort(), [CORE_TOOL.name, ...BRIDGE].sort());
    assert.ok(sent[1].includes('write_file'), sent[1].join(','));
    assert.deepEqual(seen, ['write_file']);
    assert.deepEqual(search.calls.map((c) => [c.name, c.outcome, c.viaBridge, c.callId]), [['write_file', 'ok', false, 's1_0_write_file']]);

    // Without the processor, the same agent sends every catalog tool (measured on what Mastra sent).
    const bare = scriptedModel([]);
    await new Agent({ id: 'bare', name: 'bare', instructions: 'Use tools.', model: bare, tools: search.tools }).generate('save a note');
    const tokens = (calls, i, skip = []) => toolTokens(world.ts, calls[i].tools.filter((t) => !skip.includes(t.name)));
    console.log(`mastra tool tokens per model call: without the processor ${tokens(bare.doGenerateCalls, 0, BRIDGE)}, with it ${tokens(model.doGenerateCalls, 0)} (call 1), ${tokens(model.doGenerateCalls, 1)} (call 2)`);
  });

  it('preselect through stream: the top-K for the user message, no bridge', async () => {
    const { search, seen } = await helper({ mode: 'preselect', topK: 4 });
    const dir = join(world.dir, 'mastra-dir');
    const model = scriptedModel([[['create_directory', { path: dir }]]], 'made it');
    const output = await agentWith(search, model, 'streamer').stream('create a new directory', { maxSteps: 5 });
    assert.equal(await output.text, 'made it');
    search.close();
    const first = sentNames(model.doStreamCalls)[0];
    assert.ok(first.includes('create_directory'), first.join(','));
    assert.ok(!first.includes('tool_search'));
    assert.ok(first.length <= 5, first.join(','));
    assert.ok(existsSync(dir));
    assert.deepEqual(seen, ['create_directory']);
  });

  it('a deferred tool called by name without a search: Mastra refuses it (not active), tool_call then dispatches it', async () => {
    const { search, seen } = await helper();
    const file = join(world.dir, 'mastra-lazy.txt');
    const model = scriptedModel([
      [['write_file', { path: file, content: 'direct' }]],
      [['tool_call', { name: 'write_file', arguments: { path: file, content: 'through tool_call' } }]],
    ]);
    const result = await agentWith(search, model, 'lazy').generate('write it', { maxSteps: 5 });
    search.close();
    const refused = result.steps[0].content.find((c) => c.type === 'tool-result');
    assert.match(JSON.stringify(refused.output), /Tool \\"write_file\\" not found.*tool_call/);
    assert.equal(readFileSync(file, 'utf8'), 'through tool_call');
    assert.deepEqual(seen, ['write_file'], 'only the dispatched call reached the hooks');
    assert.deepEqual(search.calls.map((c) => [c.name, c.viaBridge]), [['write_file', true]]);
  });

  it('the agent keeps its own tools: only the catalog\'s are switched per step', async () => {
    const { search } = await helper();
    const { createTool } = await import('@mastra/core/tools');
    const ping = createTool({ id: 'ping', description: 'Answers pong.', inputSchema: { type: 'object', properties: {} }, execute: async () => 'pong' });
    const model = scriptedModel([[['ping', {}]]], 'pong seen');
    const agent = new Agent({ id: 'mixed', name: 'mixed', instructions: 'x', model, tools: { ping, ...search.tools }, inputProcessors: [search.processor] });
    const result = await agent.generate('ping', { maxSteps: 3 });
    search.close();
    assert.equal(result.text, 'pong seen');
    assert.ok(sentNames(model.doGenerateCalls)[0].includes('ping'));
    assert.ok(!sentNames(model.doGenerateCalls)[0].includes('write_file'));
    assert.deepEqual(search.calls, []);
  });
});
