// tool-search-wasm/langchain driven by LangChain.js's own agent loop (createAgent from
// `langchain` 1.x, pinned in the root package.json) with its own fake tool-calling chat model
// (fakeModel from @langchain/core/testing). Tool calls reach the real filesystem MCP server over
// stdio. Run alone: node --test tests/js/adapter-langchain.test.mjs

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { createAgent } from 'langchain';

import { adapterWith, adapterWorld, CORE_TOOL, toolTokens } from './support/adapter-fixture.mjs';

const BRIDGE = ['tool_search', 'tool_describe', 'tool_call'];

let world;
before(async () => {
  world = await adapterWorld();
});
after(() => world?.close());

/** The adapter over the world, with a hook recording the real names it sees. */
const helper = (options = {}) => adapterWith(world, world.m.langchain.createLangChainToolSearch, options);

/**
 * The fake model, recording the tools the agent binds for each model call (the fake model
 * itself does not keep them in `calls`).
 */
function recordingModel() {
  const model = fakeModel();
  const bound = [];
  const bindTools = model.bindTools.bind(model);
  model.bindTools = (tools) => {
    bound.push(tools);
    return bindTools(tools);
  };
  return { model, bound };
}

/** Tool names bound at each model call. */
const boundNames = (bound) => bound.map((tools) => tools.map((t) => t.name ?? t.function?.name));

describe('LangChain.js createAgent with the tool-search middleware', () => {
  it('bridge: the model sees core + bridge, searches, then calls the found tool by name; the file is on disk', async () => {
    const { search, seen } = await helper();
    const file = join(world.dir, 'langchain.txt');
    const { model, bound: raw } = recordingModel();
    model
      .respondWithTools([{ name: 'tool_search', args: { query: 'write a file' }, id: 's1' }])
      .respondWithTools([{ name: 'write_file', args: { path: file, content: 'from LangChain' }, id: 'w1' }])
      .respond(new AIMessage('done'));
    const agent = createAgent({ model, tools: search.tools, middleware: [search.middleware] });
    const result = await agent.invoke({ messages: [new HumanMessage('save a note')] });
    search.close();

    assert.equal(result.messages.at(-1).content, 'done');
    assert.equal(readFileSync(file, 'utf8'), 'from LangChain');
    const bound = boundNames(raw);
    assert.equal(bound.length, 3, 'one bind per model call');
    assert.deepEqual([...bound[0]].sort(), [CORE_TOOL.name, ...BRIDGE].sort());
    assert.ok(bound[1].includes('write_file'), bound[1].join(','));
    assert.deepEqual(seen, ['write_file']);

    const all = search.tools.filter((t) => !BRIDGE.includes(t.name)).map((t) => ({ name: t.name, description: t.description, inputSchema: t.schema }));
    const sent = (i) => raw[i].map((t) => ({ name: t.name, description: t.description, inputSchema: t.schema }));
    console.log(`langchain tool tokens per model call: without the middleware ${toolTokens(world.ts, all)}, with it ${toolTokens(world.ts, sent(0))} (call 1), ${toolTokens(world.ts, sent(1))} (call 2)`);
  });

  it('preselect: the top-K for the user message; tool_call-free direct call; the hook sees the real name', async () => {
    const { search, seen } = await helper({ mode: 'preselect', topK: 4 });
    const sub = join(world.dir, 'lc-dir');
    const { model, bound: raw } = recordingModel();
    model
      .respondWithTools([{ name: 'create_directory', args: { path: sub }, id: 'd1' }])
      .respond(new AIMessage('made it'));
    const agent = createAgent({ model, tools: search.tools, middleware: [search.middleware] });
    await agent.invoke({ messages: [new HumanMessage('create a new directory')] });
    search.close();
    const bound = boundNames(raw)[0];
    assert.ok(bound.includes('create_directory'), bound.join(','));
    assert.ok(!bound.includes('tool_search'));
    assert.ok(bound.length <= 5);
    assert.ok(existsSync(sub));
    assert.deepEqual(seen, ['create_directory']);
  });

  it('tool_call through the bridge is unwrapped: the hook blocks by real name, the server never sees it', async () => {
    const { search } = await helper({ hooks: { beforeCall: [(ctx) => (ctx.name === 'write_file' ? { block: 'read-only session' } : undefined)] } });
    const file = join(world.dir, 'blocked.txt');
    const model = fakeModel()
      .respondWithTools([{ name: 'tool_call', args: { name: 'write_file', arguments: { path: file, content: 'x' } }, id: 'b1' }])
      .respond(new AIMessage('ok'));
    const agent = createAgent({ model, tools: search.tools, middleware: [search.middleware] });
    const result = await agent.invoke({ messages: [new HumanMessage('write x')] });
    search.close();
    assert.ok(!existsSync(file));
    assert.deepEqual(search.calls.map((c) => [c.name, c.outcome, c.viaBridge]), [['write_file', 'blocked', true]]);
    const toolMessage = result.messages.find((msg) => msg.tool_call_id === 'b1');
    assert.match(String(toolMessage.content), /Blocked: read-only session/);
  });
});
