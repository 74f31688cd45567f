// LangChain.js createAgent with the tool-search middleware: the engine picks the tools of each
// model call (like llmToolSelectorMiddleware, without a second model call), and the agent's
// tool node runs every call through the engine and the hooks.
// Run: node examples/langchain.mjs (from a project where tool-search-wasm, langchain and
// @langchain/core are installed). LangChain's fake model plays the turn.

import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { createAgent } from 'langchain';
import { createToolSearch } from 'tool-search-wasm';
import { createLangChainToolSearch } from 'tool-search-wasm/langchain';

import { CORE_TOOLS, SERVER_TOOLS, fakeExecutor } from './catalog.mjs';

const toolSearch = await createToolSearch({ config: { gate: { enabled: 'on' } } });
toolSearch.add([...CORE_TOOLS, ...SERVER_TOOLS]);

const log = [];
const search = await createLangChainToolSearch({
  toolSearch,
  mode: 'preselect+bridge',
  topK: 3,
  execute: fakeExecutor(log),
  hooks: { beforeCall: [(ctx) => void console.log(`hook saw: ${ctx.name}`)] },
});

const model = fakeModel()
  .respondWithTools([{ name: 'post_message', args: { channel_id: 'C42', text: 'Deploy done' } }])
  .respond(new AIMessage('Posted.'));
const agent = createAgent({ model, tools: search.tools, middleware: [search.middleware] });
const result = await agent.invoke({ messages: [new HumanMessage('Post "Deploy done" to the slack channel C42')] });
console.log(`selected: ${search.selectedTools.join(', ')}`);
search.close();
toolSearch.dispose();

console.log(`called: ${log.join('; ')}`);
console.log(`text: ${result.messages.at(-1).content}`);
