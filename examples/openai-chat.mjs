// OpenAI Chat Completions with the tool-search bridge.
// Run: node examples/openai-chat.mjs (from a project where tool-search-wasm is installed).
// With the real SDK, replace `model` by: (request) => openai.chat.completions.create(request)

import { createToolSearch } from 'tool-search-wasm';
import { createAgent } from 'tool-search-wasm/agent';
import { scriptedModel, scripts } from 'tool-search-wasm/testing';

import { CORE_TOOLS, SERVER_TOOLS, fakeExecutor } from './catalog.mjs';

const toolSearch = await createToolSearch({ config: { namespacing: 'prefix', gate: { enabled: 'on' } } });
toolSearch.add([...CORE_TOOLS, ...SERVER_TOOLS]);

const log = [];
const agent = createAgent({
  toolSearch,
  provider: 'openai-chat',
  modelName: 'gpt-4.1',
  model: scriptedModel('openai-chat', scripts.searchDescribeCall({
    query: 'open a github issue',
    name: 'mcp_github_create_issue',
    args: { owner: 'acme', repo: 'api', title: 'Login fails' },
  })),
  execute: fakeExecutor(log),
  hooks: { beforeCall: [(ctx) => console.log(`hook saw: ${ctx.name}`)] },
});

const turn = await agent.run('File an issue in acme/api: login fails');
console.log(`status: ${turn.status}`);
console.log(`round trips: ${turn.roundTrips}`);
console.log(`called: ${log.join('; ')}`);
agent.close();
toolSearch.dispose();
