// The turn loop's streaming and cancellation (tool-search-wasm/agent): stream() yields the turn's
// events as they happen, text deltas included; an AbortSignal stops a turn during the model
// request, during tool calls (the real filesystem MCP server over stdio), or when the stream's
// reader leaves; the history stays complete. Run alone:
// node --test tests/js/hosts-agent-stream.test.mjs

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { hostModules } from './support/hosts.mjs';
import { filesystemServer, serverSandbox } from './support/mcp-servers.mjs';

let m;
let ts;
let hub;
let dir;
before(async () => {
  m = await hostModules();
  ts = await m.pkg.createToolSearch({ config: { gate: { enabled: 'on' } } });
  ts.add({ name: 'exec', description: 'Run a shell command.', source: 'core', inputSchema: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] } });
  dir = serverSandbox();
  hub = m.mcp.createMcpHub(ts);
  assert.equal((await hub.add('filesystem', filesystemServer(dir))).state, 'ready');
});
after(async () => {
  await hub?.close();
  ts?.dispose();
});

const WRITE = 'write_file';

/** A scripted model that also streams its final text through info.onText, word by word. */
function streamingModel(script) {
  const scripted = m.testing.scriptedModel('openai-chat', script);
  const infos = [];
  const model = async (request, info) => {
    infos.push(info);
    const response = await scripted(request);
    const text = response.choices[0].message.content;
    if (text) for (const word of text.split(/(?<= )/)) info.onText(word);
    return response;
  };
  return { model, infos, requests: scripted.requests };
}

describe('agent.stream()', () => {
  it('yields request, search, call, text deltas and response as they happen, then done with the turn run() would give', async () => {
    const file = join(dir, 'streamed.txt');
    const script = [
      { call: 'tool_search', arguments: { query: 'write a file' } },
      { call: 'tool_call', arguments: { name: WRITE, arguments: { path: file, content: 'x' } } },
      { text: 'wrote the file' },
    ];
    const { model } = streamingModel(script);
    const agent = m.agent.createAgent({ toolSearch: ts, provider: 'openai-chat', model, hub, tokenizer: false });
    const events = [];
    for await (const event of agent.stream('write x to a file')) events.push(event);
    agent.close();
    const types = events.map((e) => e.type);
    assert.deepEqual(types, ['request', 'response', 'search', 'request', 'response', 'call', 'request', 'text', 'text', 'text', 'response', 'done']);
    assert.equal(events.filter((e) => e.type === 'text').map((e) => e.delta).join(''), 'wrote the file');
    const done = events.at(-1);
    assert.equal(done.turn.status, 'ok');
    assert.equal(done.turn.text, 'wrote the file');
    assert.deepEqual(done.turn.calls.map((c) => [c.name, c.outcome]), [[WRITE, 'ok']]);
    assert.ok(existsSync(file));
    assert.ok(events.every((e) => e.session === agent.session.id));

    // The same script through run() gives the same turn (and hooks.onEvent the same events).
    const again = streamingModel(script);
    const seen = [];
    const agent2 = m.agent.createAgent({ toolSearch: ts, provider: 'openai-chat', model: again.model, hub, tokenizer: false, hooks: { onEvent: (e) => seen.push(e.type) } });
    const turn = await agent2.run('write x to a file');
    agent2.close();
    assert.deepEqual(turn.calls.map((c) => c.name), done.turn.calls.map((c) => c.name));
    assert.deepEqual(seen, types.slice(0, -1));
  });
});

describe('AbortSignal', () => {
  it('during the model request: the model function gets the signal; the turn ends "aborted" even if the model ignores it', async () => {
    const controller = new AbortController();
    let got;
    const model = (request, info) => {
      got = info.signal;
      return new Promise(() => {}); // a model that never answers and ignores the signal
    };
    const agent = m.agent.createAgent({ toolSearch: ts, provider: 'openai-chat', model, tokenizer: false });
    setTimeout(() => controller.abort(new Error('user pressed stop')), 30);
    const turn = await agent.run('hello', { signal: controller.signal });
    agent.close();
    assert.equal(got, controller.signal);
    assert.equal(turn.status, 'aborted');
    assert.equal(turn.reason, 'aborted: user pressed stop');
    assert.equal(turn.roundTrips, 0);
  });

  it('during tool calls: every call still gets a result in the history, the hub call is cancelled, no later request is made', async () => {
    const controller = new AbortController();
    let started = 0;
    const script = [
      { calls: [
        { name: 'tool_call', arguments: { name: 'list_allowed_directories', arguments: {} } },
        { name: 'exec', arguments: { command: 'sleep' } },
      ] },
      { text: 'never reached' },
    ];
    const { model, requests } = streamingModel(script);
    const functions = {
      exec: (args, ctx) => {
        started++;
        assert.equal(ctx.signal, controller.signal, 'executors get the signal');
        controller.abort('stop now');
        return new Promise(() => {}); // a slow tool that ignores the signal
      },
    };
    const agent = m.agent.createAgent({ toolSearch: ts, provider: 'openai-chat', model, hub, functions, tokenizer: false });
    const turn = await agent.run('list and sleep', { signal: controller.signal });
    agent.close();
    assert.equal(started, 1);
    assert.equal(turn.status, 'aborted');
    assert.equal(requests.length, 1, 'no request after the abort');
    const exec = turn.calls.find((c) => c.name === 'exec');
    assert.equal(exec.outcome, 'error');
    assert.match(exec.reason, /aborted: stop now/);
    // The history answers every call of the last assistant message.
    const asked = turn.messages.at(-3).tool_calls.map((c) => c.id);
    const answered = turn.messages.slice(-2).map((x) => x.tool_call_id);
    assert.deepEqual(answered, asked);
  });

  it('leaving the stream early aborts the turn: no model request after the reader left', async () => {
    const script = Array.from({ length: 6 }, (_, i) => ({ call: 'tool_search', arguments: { query: `files ${i}` } }));
    const { model, infos } = streamingModel(script);
    const agent = m.agent.createAgent({ toolSearch: ts, provider: 'openai-chat', model, tokenizer: false, loopGuard: { maxBridgeCalls: 100 } });
    let atBreak = 0;
    for await (const event of agent.stream('find files')) {
      if (event.type === 'response') {
        atBreak = infos.length;
        break;
      }
    }
    await new Promise((r) => setTimeout(r, 100));
    agent.close();
    assert.ok(atBreak >= 1);
    assert.ok(infos.length <= atBreak + 1, `${infos.length} requests after leaving at ${atBreak}`);
    assert.ok(infos.length < script.length, 'the turn did not run to its end');
    assert.equal(infos[0].signal.aborted, true, 'the signal the model got is aborted');
  });

  it('an already aborted signal stops before the first request; bad options are typed errors', async () => {
    const { model, requests } = streamingModel([{ text: 'x' }]);
    const agent = m.agent.createAgent({ toolSearch: ts, provider: 'openai-chat', model, tokenizer: false });
    const turn = await agent.run('x', { signal: AbortSignal.abort('gone') });
    assert.equal(turn.status, 'aborted');
    assert.equal(requests.length, 0);
    assert.throws(() => agent.run('x', { signl: AbortSignal.abort() }), (e) => e.code === 'INVALID_ARGUMENT' && /Did you mean "signal"/.test(e.message));
    assert.throws(() => agent.run('x', { signal: 'stop' }), (e) => e.code === 'INVALID_ARGUMENT' && /AbortSignal/.test(e.message));
    agent.close();
  });
});
