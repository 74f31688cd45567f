// examples/*.mjs run as a consumer runs them (copied into a project that installed the packed
// package), and the host subpaths' declarations type-check for a TypeScript consumer.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';

import { linkPeers } from './support/hosts.mjs';
import { packedPackage, repoRoot, scratchDir } from './support/packed.mjs';

let dir;

before(async () => {
  if (process.env.TOOL_SEARCH_PKG_DIR) return;
  const pkg = await packedPackage();
  linkPeers(pkg.projectDir);
  dir = scratchDir(pkg, 'examples');
  cpSync(join(repoRoot, 'examples'), dir, { recursive: true });
});

/** @param {string} file */
function runExample(file) {
  // No credentials: the examples must play the scripted turn, never reach a network model.
  const env = { ...process.env };
  for (const key of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MODEL']) delete env[key];
  const r = spawnSync(process.execPath, [join(dir, file)], { cwd: dir, env, encoding: 'utf8', timeout: 60_000 });
  assert.equal(r.status, 0, `${file} failed:\n${r.stderr}`);
  return r.stdout;
}

describe('examples', { skip: process.env.TOOL_SEARCH_PKG_DIR ? 'needs the packed package' : false }, () => {
  it('openai-chat: search -> describe -> tool_call; the hook sees the real name', () => {
    const out = runExample('openai-chat.mjs');
    assert.match(out, /^hook saw: mcp_github_create_issue$/m);
    assert.match(out, /^status: ok$/m);
    assert.match(out, /^round trips: 4$/m);
    assert.match(out, /^called: mcp_github_create_issue \{"owner":"acme","repo":"api","title":"Login fails"\}$/m);
  });

  it('openai-responses: every tool listed, the pre-selection allowed', () => {
    const out = runExample('openai-responses.mjs');
    assert.match(out, /^status: ok$/m);
    assert.match(out, /^tools listed: 8$/m);
    assert.match(out, /^allowed: .*mcp_slack_post_message/m);
    assert.match(out, /^called: mcp_slack_post_message \{"channel_id":"C42","text":"Deploy done"\}$/m);
  });

  it('anthropic: defer_loading + tool_reference, then a direct call', () => {
    const out = runExample('anthropic.mjs');
    assert.match(out, /^status: ok$/m);
    assert.match(out, /^deferred tools: 6$/m);
    assert.match(out, /^tool_reference: mcp_slack_add_reaction/m);
    assert.match(out, /^called: mcp_slack_add_reaction /m);
  });

  it('gemini: a mapped name round-trips; string arguments are repaired', () => {
    const out = runExample('gemini.mjs');
    assert.match(out, /^status: ok$/m);
    assert.match(out, /^declared: .*acme_crm_find-contact_[0-9a-z]{7}/m);
    assert.match(out, /^called: acme\.crm\/find-contact \{"email":"ada@example\.com"\}; mcp_slack_post_message \{"channel_id":"C7","text":"found Ada"\}$/m);
  });

  it('ai-sdk: generateText with the mock model; the found tool is active and called by name in step 2', () => {
    const out = runExample('ai-sdk.mjs');
    assert.match(out, /^hook saw: create_issue$/m);
    assert.match(out, /^step 1 tools: exec, ask_user, tool_search, tool_describe, tool_call$/m);
    assert.match(out, /^step 2 tools: .*create_issue/m);
    assert.match(out, /^called: create_issue \{"owner":"acme","repo":"api","title":"Login fails"\}$/m);
    assert.match(out, /^text: Filed it\.$/m);
  });

  it('langchain: createAgent with the middleware; the pre-selection carries the Slack tool', () => {
    const out = runExample('langchain.mjs');
    assert.match(out, /^hook saw: post_message$/m);
    assert.match(out, /^selected: .*post_message.*tool_search/m);
    assert.match(out, /^called: post_message \{"channel_id":"C42","text":"Deploy done"\}$/m);
    assert.match(out, /^text: Posted\.$/m);
  });

  it('openai-agents: the Runner with the wrapped ScriptedModel; the found tool is sent and called by name in request 2', () => {
    const out = runExample('openai-agents.mjs');
    assert.match(out, /^hook saw: create_issue$/m);
    assert.match(out, /^request 1 tools: exec, ask_user, tool_search, tool_describe, tool_call$/m);
    assert.match(out, /^request 2 tools: .*create_issue/m);
    assert.match(out, /^called: create_issue \{"owner":"acme","repo":"api","title":"Login fails"\}$/m);
    assert.match(out, /^text: Filed it\.$/m);
  });

  it('mastra: Agent#generate with the processor; the found tool is active and called by name in step 2', () => {
    const out = runExample('mastra.mjs');
    assert.match(out, /^hook saw: post_message$/m);
    assert.match(out, /^step 1 tools: exec, ask_user, tool_search, tool_describe, tool_call$/m);
    assert.match(out, /^step 2 tools: .*post_message/m);
    assert.match(out, /^called: post_message \{"channel_id":"C42","text":"Deploy done"\}$/m);
    assert.match(out, /^text: Posted\.$/m);
  });

  it('the subpath declarations type-check for a TypeScript consumer (tsc --noEmit)', () => {
    const ts = `
import { createToolSearch } from 'tool-search-wasm';
import { createAgent, type TurnResult, type CallContext } from 'tool-search-wasm/agent';
import { createMcpHub, type McpServerStatus } from 'tool-search-wasm/mcp';
import { createNameMap, providerTools, anthropic, type ProviderFormat } from 'tool-search-wasm/providers';
import { scriptedModel, scripts } from 'tool-search-wasm/testing';
import { loadTokenizer } from 'tool-search-wasm/tokens';

export async function demo(): Promise<[TurnResult, McpServerStatus[], string]> {
  const toolSearch = await createToolSearch({ config: { namespacing: 'prefix' } });
  const hub = createMcpHub(toolSearch, { callTimeoutMs: 5000 });
  await hub.add('fs', { command: 'node', args: ['server.js'] });
  await hub.add('remote', { url: 'http://127.0.0.1:1/mcp' });
  const format: ProviderFormat = anthropic;
  const agent = createAgent({
    toolSearch, provider: 'openai-chat', hub,
    model: scriptedModel(format.id === 'anthropic' ? 'openai-chat' : format, scripts.searchLoop({ query: 'x' })),
    hooks: { beforeCall: [(ctx: CallContext) => (ctx.name === 'x' ? { block: 'no' } : undefined)] },
    required: ['exec'],
  });
  const turn = await agent.run('hi');
  const names = createNameMap(['a.b'], 'gemini');
  const { tools } = providerTools('gemini', toolSearch, toolSearch.assemble({}), { strategy: 'bridge' });
  const tokenizer = await loadTokenizer();
  return [turn, hub.status(), names.toProvider('a.b') + tools.length + (tokenizer?.count('x') ?? 0)];
}
`;
    writeFileSync(join(dir, 'consumer.ts'), ts);
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', types: [], lib: ['es2022', 'esnext.disposable', 'dom'] },
      files: ['consumer.ts'],
    }));
    const r = spawnSync(join(repoRoot, 'node_modules', '.bin', 'tsc'), ['-p', dir], { encoding: 'utf8', timeout: 120_000 });
    assert.equal(r.status, 0, (r.stdout + r.stderr).slice(0, 4000));
  });
});
