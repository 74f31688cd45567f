// Mastra's own agent loop with tool search: the agent registers every tool, and the processor
// sets `activeTools` for each step from the engine's assembly, so the model sees the core
// tools, the bridge and what tool_search found, not the whole catalog.
// Run: node examples/mastra.mjs (from a project where tool-search-wasm and @mastra/core are
// installed). Mastra's mock model plays the turn; give the Agent any Mastra model for a real one.

import { Agent } from '@mastra/core/agent';
import { MastraLanguageModelV2Mock } from '@mastra/core/test-utils/llm-mock';
import { createToolSearch } from 'tool-search-wasm';
import { createMastraToolSearch } from 'tool-search-wasm/mastra';

import { CORE_TOOLS, SERVER_TOOLS, fakeExecutor } from './catalog.mjs';

const toolSearch = await createToolSearch({ config: { gate: { enabled: 'on' } } });
toolSearch.add([...CORE_TOOLS, ...SERVER_TOOLS]);

const log = [];
const search = await createMastraToolSearch({
  toolSearch,
  mode: 'bridge',
  execute: fakeExecutor(log), // or `hub` (an McpHub) and `functions`
  hooks: { beforeCall: [(ctx) => void console.log(`hook saw: ${ctx.name}`)] },
});

// The mock model: search, then call what it found by name, then answer.
const usage = { inputTokens: 0, outputTokens: 0, totalTokens: 0 };
const call = (toolName, input) => ({
  content: [{ type: 'tool-call', toolCallId: `call_${toolName}`, toolName, input: JSON.stringify(input) }],
  finishReason: 'tool-calls', usage, warnings: [],
});
const steps = [
  call('tool_search', { query: 'post a slack message' }),
  call('post_message', { channel_id: 'C42', text: 'Deploy done' }),
  { content: [{ type: 'text', text: 'Posted.' }], finishReason: 'stop', usage, warnings: [] },
];
const model = new MastraLanguageModelV2Mock({ doGenerate: async () => steps.shift() });

const agent = new Agent({
  id: 'ops', name: 'ops', instructions: 'Help with operations.',
  model, tools: search.tools, inputProcessors: [search.processor],
});
const result = await agent.generate('Post "Deploy done" to the slack channel C42', { maxSteps: 6 });
search.close();
toolSearch.dispose();

for (const [i, c] of model.doGenerateCalls.entries()) console.log(`step ${i + 1} tools: ${c.tools.map((t) => t.name).join(', ')}`);
console.log(`called: ${log.join('; ')}`);
console.log(`text: ${result.text}`);
