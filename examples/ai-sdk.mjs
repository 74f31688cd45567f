// The Vercel AI SDK's own loop (generateText) with tool search: every tool is registered once,
// `prepareStep` activates what the engine shows each step, and a tool found by tool_search is
// callable by its own name in the next step.
// Run: node examples/ai-sdk.mjs (from a project where tool-search-wasm and ai are installed).
// The AI SDK's mock model (ai/test) plays the turn; swap in any AI SDK model for a real one.

import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { createToolSearch } from 'tool-search-wasm';
import { createAiSdkToolSearch } from 'tool-search-wasm/ai-sdk';

import { CORE_TOOLS, SERVER_TOOLS, fakeExecutor } from './catalog.mjs';

const toolSearch = await createToolSearch({ config: { gate: { enabled: 'on' } } });
toolSearch.add([...CORE_TOOLS, ...SERVER_TOOLS]);

const log = [];
const search = await createAiSdkToolSearch({
  toolSearch,
  mode: 'bridge',
  execute: fakeExecutor(log), // or `hub` (an McpHub) and `functions`
  hooks: { beforeCall: [(ctx) => void console.log(`hook saw: ${ctx.name}`)] },
});

// The mock model: search, then call what it found by name, then answer.
const usage = { inputTokens: { total: 0, noCache: 0 }, outputTokens: { total: 0, text: 0 } };
const call = (toolName, input) => ({
  content: [{ type: 'tool-call', toolCallId: `call_${toolName}`, toolName, input: JSON.stringify(input) }],
  finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage, warnings: [],
});
const steps = [
  call('tool_search', { query: 'open a github issue' }),
  call('create_issue', { owner: 'acme', repo: 'api', title: 'Login fails' }),
  { content: [{ type: 'text', text: 'Filed it.' }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] },
];
const model = new MockLanguageModelV4({ doGenerate: async () => steps.shift() });

const result = await generateText({
  model,
  prompt: 'File a bug: login fails on the api repo',
  tools: search.tools,
  prepareStep: search.prepareStep,
  repairToolCall: search.repairToolCall,
  stopWhen: stepCountIs(6),
});
search.close();
toolSearch.dispose();

for (const [i, c] of model.doGenerateCalls.entries()) console.log(`step ${i + 1} tools: ${c.tools.map((t) => t.name).join(', ')}`);
console.log(`called: ${log.join('; ')}`);
console.log(`text: ${result.text}`);
