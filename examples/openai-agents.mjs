// The OpenAI Agents SDK's own Runner with tool search: every tool is registered on the Agent
// (so the Runner can run any of them), and the wrapped Model is sent only what the engine
// shows each turn; a tool found by tool_search is sent, and callable by name, on the next one.
// Run: node examples/openai-agents.mjs (from a project where tool-search-wasm and
// @openai/agents are installed). The SDK's ScriptedModel plays the turn; for a real model wrap
// `await new OpenAIProvider().getModel('gpt-5.4')` instead.

import { Agent, Runner, setTracingDisabled } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
import { createToolSearch } from 'tool-search-wasm';
import { createOpenAIAgentsToolSearch } from 'tool-search-wasm/openai-agents';

import { CORE_TOOLS, SERVER_TOOLS, fakeExecutor } from './catalog.mjs';

setTracingDisabled(true); // the scripted run has no OpenAI key to export traces with

const toolSearch = await createToolSearch({ config: { gate: { enabled: 'on' } } });
toolSearch.add([...CORE_TOOLS, ...SERVER_TOOLS]);

const log = [];
const search = await createOpenAIAgentsToolSearch({
  toolSearch,
  mode: 'bridge',
  execute: fakeExecutor(log), // or `hub` (an McpHub) and `functions`
  hooks: { beforeCall: [(ctx) => void console.log(`hook saw: ${ctx.name}`)] },
});

// The scripted model: search, then call what it found by name, then answer.
const model = new ScriptedModel([
  [functionCall('tool_search', { query: 'open a github issue' }, { callId: 'call_1' })],
  [functionCall('create_issue', { owner: 'acme', repo: 'api', title: 'Login fails' }, { callId: 'call_2' })],
  [assistantMessage('Filed it.')],
]);
const agent = new Agent({ name: 'triage', instructions: 'File bugs.', model: search.model(model), tools: search.tools });
const result = await new Runner().run(agent, 'File a bug: login fails on the api repo');
search.close();
toolSearch.dispose();

for (const [i, c] of model.calls.entries()) console.log(`request ${i + 1} tools: ${c.request.tools.map((t) => t.name).join(', ')}`);
console.log(`called: ${log.join('; ')}`);
console.log(`text: ${result.finalOutput}`);
