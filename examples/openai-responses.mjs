// OpenAI Responses API with pre-selection kept cache-stable by `tool_choice: allowed_tools`:
// every tool is listed (the prefix never changes), the engine's top-K for the message is allowed.
// With the real SDK, replace `model` by: (request) => openai.responses.create(request)

import { createToolSearch } from 'tool-search-wasm';
import { createAgent } from 'tool-search-wasm/agent';
import { scriptedModel } from 'tool-search-wasm/testing';

import { CORE_TOOLS, SERVER_TOOLS, fakeExecutor } from './catalog.mjs';

const toolSearch = await createToolSearch({ config: { namespacing: 'prefix', gate: { enabled: 'on' } } });
toolSearch.add([...CORE_TOOLS, ...SERVER_TOOLS]);

const log = [];
const model = scriptedModel('openai-responses', [
  { call: 'mcp_slack_post_message', arguments: { channel_id: 'C42', text: 'Deploy done' } },
  { text: 'Posted.' },
]);
const agent = createAgent({ toolSearch, provider: 'openai-responses', modelName: 'gpt-4.1', strategy: 'allowed', topK: 2, model, execute: fakeExecutor(log) });

const turn = await agent.run('Tell the team in Slack that the deploy is done');
const first = model.requests[0];
console.log(`status: ${turn.status}`);
console.log(`tools listed: ${first.tools.length}`);
console.log(`allowed: ${first.tool_choice.tools.map((t) => t.name).join(', ')}`);
console.log(`called: ${log.join('; ')}`);
agent.close();
toolSearch.dispose();
