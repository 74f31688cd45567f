// Anthropic Messages with native deferral: deferred tools are listed with `defer_loading: true`,
// our engine ranks the search, and the results go back as `tool_reference` blocks.
// With the real SDK, replace `model` by: (request) => anthropic.messages.create(request)

import { createToolSearch } from 'tool-search-wasm';
import { createAgent } from 'tool-search-wasm/agent';
import { scriptedModel, scripts } from 'tool-search-wasm/testing';

import { CORE_TOOLS, SERVER_TOOLS, fakeExecutor } from './catalog.mjs';

const toolSearch = await createToolSearch({ config: { namespacing: 'prefix', gate: { enabled: 'on' } } });
toolSearch.add([...CORE_TOOLS, ...SERVER_TOOLS]);

const log = [];
const model = scriptedModel('anthropic', scripts.searchThenDirect({
  query: 'react with an emoji to a slack message',
  name: 'mcp_slack_add_reaction',
  args: { channel_id: 'C1', timestamp: '1712.5', reaction: 'tada' },
}));
const agent = createAgent({ toolSearch, provider: 'anthropic', modelName: 'claude-sonnet-4-5', strategy: 'native', model, execute: fakeExecutor(log) });

const turn = await agent.run('Add a tada reaction to the last message in C1');
const deferred = model.requests[0].tools.filter((t) => t.defer_loading).length;
const refs = model.requests[1].messages.at(-1).content[0].content.map((c) => c.tool_name);
console.log(`status: ${turn.status}`);
console.log(`deferred tools: ${deferred}`);
console.log(`tool_reference: ${refs.join(', ')}`);
console.log(`called: ${log.join('; ')}`);
agent.close();
toolSearch.dispose();
