// tool-search-wasm/ai-sdk driven by the AI SDK's own loop (generateText and streamText from `ai`,
// pinned in the root package.json) with its own test model (MockLanguageModelV4 from `ai/test`).
// Tool calls reach the real filesystem MCP server over stdio, which writes files this test reads
// back from disk. Run alone: node --test tests/js/adapter-ai-sdk.test.mjs

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { generateText, stepCountIs, streamText } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';

import { adapterWith, adapterWorld, CORE_TOOL, streamParts, toolTokens } from './support/adapter-fixture.mjs';

const BRIDGE = ['tool_search', 'tool_describe', 'tool_call'];
const USAGE = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

let world;
before(async () => {
  world = await adapterWorld();
});
after(() => world?.close());

/** One model turn: tool calls (name, args) or, when there are none, a final text. */
function turn(calls, text = 'done') {
  if (calls.length === 0) {
    return { content: [{ type: 'text', text }], finishReason: { unified: 'stop', raw: 'stop' }, usage: USAGE, warnings: [] };
  }
  return {
    content: calls.map(([toolName, input], i) => ({ type: 'tool-call', toolCallId: `c${i}_${toolName}`, toolName, input: JSON.stringify(input) })),
    finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
    usage: USAGE,
    warnings: [],
  };
}

/** A mock model that plays `script` (one entry per step) through doGenerate. */
function scriptedModel(script) {
  let step = 0;
  return new MockLanguageModelV4({ doGenerate: async () => turn(script[step++] ?? []) });
}

/** The same script through doStream, as stream parts. */
function streamingModel(script) {
  let step = 0;
  return new MockLanguageModelV4({
    doStream: async () => ({ stream: convertArrayToReadableStream(streamParts(turn(script[step++] ?? []))) }),
  });
}

/** Tool names the model received at each step. @param {MockLanguageModelV4} model */
const sentNames = (model, calls = model.doGenerateCalls) => calls.map((c) => (c.tools ?? []).map((t) => t.name));

/** The adapter over the world, with a hook recording the real names it sees. */
const helper = (options = {}) => adapterWith(world, world.m.aiSdk.createAiSdkToolSearch, options);

describe('Vercel AI SDK (ai 7) through generateText', () => {
  it('bridge: search, then the found tool by its own name (no "unavailable tool"); the file is on disk', async () => {
    const { search, seen } = await helper();
    const file = join(world.dir, 'bridge.txt');
    const model = scriptedModel([
      [['tool_search', { query: 'write a file' }]],
      [['write_file', { path: file, content: 'from the AI SDK' }]],
      [],
    ]);
    const result = await generateText({ model, prompt: 'save a note', tools: search.tools, prepareStep: search.prepareStep, repairToolCall: search.repairToolCall, stopWhen: stepCountIs(5) });
    search.close();

    assert.equal(result.text, 'done');
    assert.equal(readFileSync(file, 'utf8'), 'from the AI SDK');
    const sent = sentNames(model);
    assert.deepEqual(sent[0].sort(), [CORE_TOOL.name, ...BRIDGE].sort(), 'first step: core tool + bridge only');
    assert.ok(sent[1].includes('write_file'), `the found tool is active in the next step: ${sent[1]}`);
    assert.deepEqual(seen, ['write_file'], 'hooks see the real name');
    const errors = result.steps.flatMap((s) => s.content).filter((p) => p.type === 'tool-error');
    assert.deepEqual(errors, []);

    const all = Object.entries(search.tools).filter(([n]) => !BRIDGE.includes(n)).map(([name, t]) => ({ name, description: t.description, inputSchema: t.inputSchema.jsonSchema }));
    const firstRequest = model.doGenerateCalls[0].tools;
    console.log(`ai-sdk tool tokens per request: without the adapter ${toolTokens(world.ts, all)}, with it ${toolTokens(world.ts, firstRequest)} (step 1), ${toolTokens(world.ts, model.doGenerateCalls[1].tools)} (step 2)`);
  });

  it('lazy activation: a deferred tool called by name without a search is repaired into tool_call and runs', async () => {
    const { search, seen } = await helper();
    const sub = join(world.dir, 'lazy');
    const model = scriptedModel([[['create_directory', { path: sub }]], []]);
    await generateText({ model, prompt: 'make a folder', tools: search.tools, prepareStep: search.prepareStep, repairToolCall: search.repairToolCall, stopWhen: stepCountIs(4) });
    search.close();
    assert.ok(existsSync(sub), 'the directory exists');
    assert.deepEqual(seen, ['create_directory']);
    assert.equal(search.calls[0].viaBridge, true);
  });

  it('preselect: the top-K for the user message are active from the first step; no bridge', async () => {
    const { search, seen } = await helper({ mode: 'preselect', topK: 5 });
    const file = join(world.dir, 'preselect.txt');
    const model = scriptedModel([[['write_file', { path: file, content: 'preselected' }]], []]);
    await generateText({ model, prompt: 'write the text file notes to disk', tools: search.tools, prepareStep: search.prepareStep, stopWhen: stepCountIs(3) });
    search.close();
    const sent = sentNames(model)[0];
    assert.ok(sent.includes('write_file'), sent.join(','));
    assert.ok(!sent.includes('tool_search'));
    assert.ok(sent.length <= 6, `top-5 + the core tool: ${sent}`);
    assert.equal(readFileSync(file, 'utf8'), 'preselected');
    assert.deepEqual(seen, ['write_file']);
  });

  it('preselect+bridge: both the top-K and the bridge; tool_call reaches the server; a hook blocks by real name', async () => {
    const { search } = await helper({
      mode: 'preselect+bridge',
      hooks: { beforeCall: [(ctx) => (ctx.name === 'move_file' ? { block: 'no moves' } : undefined)] },
    });
    const file = join(world.dir, 'both.txt');
    const model = scriptedModel([
      [['tool_call', { name: 'write_file', arguments: { path: file, content: 'both' } }], ['tool_call', { name: 'move_file', arguments: { source: file, destination: `${file}.moved` } }]],
      [],
    ]);
    const result = await generateText({ model, prompt: 'write a file', tools: search.tools, prepareStep: search.prepareStep, stopWhen: stepCountIs(3) });
    search.close();
    const sent = sentNames(model)[0];
    for (const b of BRIDGE) assert.ok(sent.includes(b));
    assert.ok(sent.includes('write_file'));
    assert.equal(readFileSync(file, 'utf8'), 'both');
    assert.ok(!existsSync(`${file}.moved`), 'the blocked call never reached the server');
    // Calls of one step run concurrently: calls are recorded in completion order.
    assert.deepEqual(search.calls.map((c) => [c.name, c.outcome]).sort(), [['move_file', 'blocked'], ['write_file', 'ok']]);
    const outputs = result.steps[0].toolResults.map((r) => r.output);
    assert.match(JSON.stringify(outputs[1]), /Blocked: no moves/);
  });
});

describe('Vercel AI SDK (ai 7) through streamText', () => {
  it('bridge: search then the found tool, streamed; the file is on disk', async () => {
    const { search, seen } = await helper();
    const file = join(world.dir, 'stream.txt');
    const model = streamingModel([
      [['tool_search', { query: 'write a file' }]],
      [['write_file', { path: file, content: 'streamed' }]],
      [],
    ]);
    const result = streamText({ model, prompt: 'save a note', tools: search.tools, prepareStep: search.prepareStep, repairToolCall: search.repairToolCall, stopWhen: stepCountIs(5) });
    assert.equal(await result.text, 'done');
    search.close();
    assert.equal(readFileSync(file, 'utf8'), 'streamed');
    const sent = sentNames(model, model.doStreamCalls);
    assert.ok(!sent[0].includes('write_file'));
    assert.ok(sent[1].includes('write_file'));
    assert.deepEqual(seen, ['write_file']);
  });
});

describe("the AI SDK's own toolSearch with the engine's ranking (aiSdkSearch)", () => {
  it('ranks the deferred candidates the AI SDK offers', async () => {
    const rank = world.m.aiSdk.aiSdkSearch(world.ts);
    const names = await rank({ query: 'write a file', tools: [{ name: 'read_file' }, { name: 'write_file' }, { name: 'not_in_catalog' }] });
    assert.equal(names[0], 'write_file');
    assert.ok(!names.includes('not_in_catalog'));
  });
});
