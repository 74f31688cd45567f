// OpenAI Chat Completions with the tool-search bridge.
// Run: node examples/openai-chat.mjs (from a project where tool-search-wasm is installed).
// Without credentials a deterministic scripted model plays the turn. With OPENAI_API_KEY (and
// optionally OPENAI_BASE_URL for any OpenAI-compatible server, and OPENAI_MODEL), the same agent
// talks to a real model over the Chat Completions API.

import { createToolSearch } from 'tool-search-wasm';
import { createAgent } from 'tool-search-wasm/agent';
import { scriptedModel, scripts } from 'tool-search-wasm/testing';

import { CORE_TOOLS, SERVER_TOOLS, fakeExecutor } from './catalog.mjs';

const toolSearch = await createToolSearch({ config: { namespacing: 'prefix', gate: { enabled: 'on' } } });
toolSearch.add([...CORE_TOOLS, ...SERVER_TOOLS]);

// A real model when the environment names one; the request body is the provider's own format.
function realModel() {
  const base = (process.env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1').replace(/\/$/, '');
  return async (request) => {
    const response = await fetch(`${base}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${process.env.OPENAI_API_KEY ?? ''}` },
      body: JSON.stringify({ ...request, model: process.env.OPENAI_MODEL ?? request.model }),
    });
    if (!response.ok) throw new Error(`model request failed: ${response.status} ${await response.text()}`);
    return response.json();
  };
}
const useRealModel = Boolean(process.env.OPENAI_API_KEY || process.env.OPENAI_BASE_URL);

const log = [];
const agent = createAgent({
  toolSearch,
  provider: 'openai-chat',
  modelName: 'gpt-4.1',
  model: useRealModel
    ? realModel()
    : scriptedModel('openai-chat', scripts.searchDescribeCall({
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
