// Gemini (functionDeclarations) through the bridge. Gemini has no native deferral, and its names
// must start with a letter or "_": a tool named "acme.crm/find-contact" is mapped for the request
// and mapped back before hooks and execution.
// With the real SDK, replace `model` by: (request) => ai.models.generateContent(request)

import { createToolSearch } from 'tool-search-wasm';
import { createAgent } from 'tool-search-wasm/agent';
import { scriptedModel } from 'tool-search-wasm/testing';

import { CORE_TOOLS, SERVER_TOOLS, fakeExecutor } from './catalog.mjs';

const toolSearch = await createToolSearch({ config: { namespacing: 'prefix', gate: { enabled: 'on' } } });
toolSearch.add([...CORE_TOOLS, ...SERVER_TOOLS]);
toolSearch.add([{ name: 'acme.crm/find-contact', description: 'Find a CRM contact by email.', source: 'plugin', pinned: true, inputSchema: { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] } }]);

const log = [];
const model = scriptedModel('gemini', [
  (ctx) => ({ call: ctx.tools.find((n) => n.startsWith('acme_crm')), arguments: { email: 'ada@example.com' } }),
  { call: 'tool_call', arguments: { name: 'mcp_slack_post_message', arguments: '{"channel_id":"C7","text":"found Ada"}' } },
  { text: 'Done.' },
]);
const agent = createAgent({ toolSearch, provider: 'gemini', modelName: 'gemini-2.5-pro', model, execute: fakeExecutor(log) });

const turn = await agent.run('Find ada@example.com and tell #sales');
const declared = model.requests[0].config.tools[0].functionDeclarations.map((d) => d.name);
console.log(`status: ${turn.status}`);
console.log(`declared: ${declared.join(', ')}`);
console.log(`called: ${log.join('; ')}`);
agent.close();
toolSearch.dispose();
