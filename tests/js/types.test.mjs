// The hand-written declarations: `tsc --noEmit` over an ESM and a CJS consumer that use every
// API (with @ts-expect-error lines for misuse), inside the consumer project, so the exports map
// picks index.d.ts for `import` and index.d.cts for `require`.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { before, it } from 'node:test';

import { installedPackage, REPO } from './helpers/package.mjs';

const USE_EVERYTHING = (imported) => `
${imported}

async function main(): Promise<void> {
  const bytes = new Uint8Array(new ArrayBuffer(8));
  const sources: WasmSource[] = [new URL('file:///x.wasm'), '/x.wasm', bytes, bytes.buffer, new Response(bytes), fetch('x'), new WebAssembly.Module(bytes)];
  void sources;
  const config: ToolSearchConfig = {
    gate: { enabled: 'auto', thresholdPct: 10, minTokens: 0, maxTokens: 20000, searchDefaultLimit: 5, maxSearchLimit: 20,
      inlineMaxCount: 0, inlineMaxTokens: 0, lazyActivation: true, activation: 'stable', listingMaxTokens: 2000,
      preselectTopK: 8, inlineSchemaMaxTokens: 300, thresholdTools: 40 },
    bm25: { k1: 1.2, b: 0.75, weights: { name: 3, server: 1, description: 1, paramNames: 1, paramDescriptions: 0.5 } },
    namespacing: 'prefix',
    retrieval: { strategy: 'hybrid', fusion: 'score', keywordWeight: 1, semanticWeight: 0.5, tableSemanticWeight: 0.1, adaptiveWeight: false, rrfK: 60, depth: 50 },
  };
  const embedder: Embedder = { id: 'm', dimensions: 3, embed: async (texts) => texts.map(() => new Float32Array(3)) };
  const options: CreateToolSearchOptions = { wasm: '/x.wasm', config, embedder, embedderTimeoutMs: 5000 };
  const ts: ToolSearch = await createToolSearch(options);
  await createToolSearch();

  const mcp: ToolInput = { name: 'a', description: 'd', inputSchema: { type: 'object' }, source: 'mcp:github', tags: ['x'], pinned: false, title: 'A', annotations: { readOnlyHint: true } };
  const chat: ToolInput = { type: 'function', function: { name: 'b', description: 'd', parameters: { type: 'object' }, strict: true } };
  const responses: ToolInput = { type: 'function', name: 'c', parameters: { type: 'object' } };
  const anthropic: ToolInput = { name: 'd', input_schema: { type: 'object' } };
  const addOptions: AddOptions = { source: 'plugin', class: 'deferrable', tags: ['t'], pinned: false };
  const added: string[] = ts.add([mcp, chat, responses, anthropic], addOptions);
  ts.add(mcp);
  const report: import('tool-search-wasm').AddReport = ts.add([mcp], { onInvalid: 'skip' });
  const firstRejection: string | undefined = report.rejected[0]?.code;
  const narrowed: string[] = ts.tools(['x']).map((t) => (t.server ?? '') + t.sourceKind + String(t.tokens));
  void firstRejection;
  void narrowed;
  const removed: number = ts.remove('a') + ts.remove(['b', 'c']);
  const replaced: string[] = ts.replaceSource('mcp:github', [mcp]);
  ts.clear();
  ts.pin('a');
  ts.pin('a', false);
  ts.pinServer('github');
  ts.pinServer('github', false);
  const records: ToolRecord[] = ts.tools();
  const klass: ToolClass | undefined = records[0]?.class;
  const size: number = ts.size;
  const fingerprint: string = ts.fingerprint;
  const version: string = ts.coreVersion;
  const hits: SearchHit[] = ts.search('q', { limit: 3, deferredOnly: true });
  const match: 'exact' | 'bm25' | 'substring' | 'semantic' | 'regex' | undefined = hits[0]?.match;
  const results: SearchResults = ts.search('q', { strategy: 'hybrid', vector: new Float32Array(3) });
  const ran: 'keyword' | 'semantic' | 'hybrid' | 'regex' = results.strategy;
  const why: string | undefined = results.degraded;
  const legRank: number | undefined = results[0]?.legs?.keyword?.rank;
  const later: SearchResults = await ts.searchAsync('q', { strategy: 'semantic' });
  ts.search('^a', { strategy: 'regex', descriptions: true, caseSensitive: false });
  const caught: { embedded: number; pending: number } = await ts.embedTools();
  const table: { dimensions: number } = ts.loadStaticTable(new Uint8Array(0));
  const info: VectorInfo = ts.vectorInfo;
  const asyncTurn: Assembly = await ts.assembleAsync({ userMessage: 'x' });
  const asyncCall: CallResolution = await ts.handleCallAsync({ name: 'tool_search', arguments: { query: 'x' } });
  const hostEmbedder: Embedder | undefined = ts.embedder;
  void [ran, why, legRank, later, caught, table, info, asyncTurn, asyncCall, hostEmbedder];
  // @ts-expect-error strategy must be one of the four
  ts.search('q', { strategy: 'fuzzy' });
  const explanation: Explanation = ts.explain('q', 'a', { strategy: 'hybrid' });
  const explainedRank: number | null = explanation.rank;
  void explainedRank;
  const term: ExplanationTerm | undefined = explanation.terms[0];
  const description: ToolDescription = ts.describe('a', { session: 's1' });
  const suggestions: string[] = ts.suggest('a', {});
  const scope: Scope = { sources: ['mcp:*'], toolsets: ['t'], tools: ['a'] };
  const session: Session = ts.session(scope);
  const sid: string = session.id;
  const closed: boolean = session.closed;
  session.search('q', { limit: 2 });
  session.describe('a');
  session.suggest('a');
  const sessionPlan: Assembly = session.assemble({ contextWindow: 1000 });
  session.handleCall({ name: 'a', arguments: {} });
  session.unwrap({ name: 'a' });
  session.close();
  session[Symbol.dispose]();
  const assembleOptions: AssembleOptions = { contextWindow: 200000, mode: 'preselect+bridge', userMessage: 'hi', topK: 3, session };
  const plan: Assembly = ts.assemble(assembleOptions);
  const visible: VisibleTool[] = plan.visible;
  const saved: number = plan.tokens.saved + plan.gate.threshold + plan.tier;
  const active: boolean = plan.gate.active;
  void active;
  const call: ToolCallInput = { name: 'tool_call', arguments: { name: 'a', arguments: {} } };
  const resolution: CallResolution = ts.handleCall(call, { session: 's1' });
  const kind: 'search' | 'describe' | 'dispatch' | 'refusal' = resolution.kind;
  const decision: GateDecision = plan.gate;
  void decision;
  ts.handleCall({ function: { name: 'tool_call', arguments: '{}' } });
  ts.handleCall({ type: 'tool_use', name: 'a', input: {} });
  const unwrapped = ts.unwrap(call);
  if (unwrapped) {
    const realName: string = unwrapped.name;
    const args: Record<string, unknown> = unwrapped.arguments;
    void realName;
    void args;
  }
  const estimate: TokenEstimate = ts.estimateTokens(mcp);
  const effective: EffectiveConfig = ts.configure(config);
  const threshold: number = effective.gate.thresholdPct + effective.bm25.weights.paramNames;
  void threshold;
  const disposed: boolean = ts.disposed;
  ts.dispose();
  ts[Symbol.dispose]();
  const fromCatalog: ToolInput[] = toolsFromCatalog({ servers: [] });

  try {
    ts.search('q');
  } catch (error) {
    if (error instanceof ToolSearchError) {
      const code: ToolSearchErrorCode = error.code;
      const name: 'ToolSearchError' = error.name;
      const more: string[] | undefined = error.suggestions;
      void code, name, more;
    }
  }
  const err = new ToolSearchError('NOT_FOUND', 'x', { suggestions: ['y'] });
  // The codes the MCP hub raises are codes like any other.
  const hostCodes: ToolSearchErrorCode[] = ['TIMEOUT', 'TOOL_ERROR', 'SERVER_UNAVAILABLE', 'DISPOSED', 'WASM_LOAD_FAILED'];
  const isError: Error = err;

  // Misuse the declarations must catch.
  // @ts-expect-error a number is not a query
  ts.search(42);
  // @ts-expect-error unknown option
  ts.search('q', { limt: 3 });
  // @ts-expect-error unknown mode
  ts.assemble({ mode: 'sideways' });
  // @ts-expect-error a tool needs a name
  ts.add({ description: 'no name' });
  // @ts-expect-error not a source
  ts.add({ name: 'x', source: 'elsewhere' });
  // @ts-expect-error private constructor
  new ToolSearch();
  // @ts-expect-error unknown error code
  const badCode: ToolSearchErrorCode = 'NOPE';
  // @ts-expect-error size is read-only
  ts.size = 3;

  void [added, removed, replaced, klass, size, fingerprint, version, match, term, description, suggestions, sid, closed,
    sessionPlan, visible, saved, kind, estimate, effective, disposed, fromCatalog, isError, badCode, hostCodes];
}
void main;
`;

const TYPE_NAMES =
  'AddOptions, AssembleOptions, Assembly, CallResolution, CreateToolSearchOptions, EffectiveConfig, Explanation, ExplanationTerm, ' +
  'GateDecision, Scope, SearchHit, ToolCallInput, ToolClass, ToolDescription, ToolInput, ToolRecord, ToolSearchConfig, ' +
  'ToolSearchErrorCode, TokenEstimate, VisibleTool, WasmSource, Embedder, SearchResults, VectorInfo';

let installed;
before(async () => {
  installed = await installedPackage();
});

it('tsc --noEmit passes for an ESM and a CJS consumer using every API', async () => {
  const dir = path.join(installed.project, 'types-check');
  await mkdir(dir, { recursive: true });
  const header =
    "import { createToolSearch, Session, ToolSearch, ToolSearchError, toolsFromCatalog } from 'tool-search-wasm';\n" +
    `import type { ${TYPE_NAMES} } from 'tool-search-wasm';`;
  // The same source as ESM (.mts: `import` condition) and as CommonJS (.cts: `require` condition).
  await writeFile(path.join(dir, 'consumer.mts'), USE_EVERYTHING(header));
  await writeFile(path.join(dir, 'consumer.cts'), USE_EVERYTHING(header));
  await writeFile(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify(
      {
        compilerOptions: {
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          lib: ['es2022', 'dom'],
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: [],
          noUnusedLocals: true,
        },
        files: ['consumer.mts', 'consumer.cts'],
      },
      null,
      2,
    ),
  );
  const tsc = path.join(REPO, 'node_modules', '.bin', 'tsc');
  const r = spawnSync(tsc, ['-p', dir, '--explainFiles'], { cwd: dir, encoding: 'utf8', timeout: 240_000 });
  assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`.split('\n').filter((l) => /error/.test(l)).join('\n') || r.stdout);
  // Each format got its own declarations through the exports map.
  assert.match(r.stdout, /tool-search-wasm\/dist\/index\.d\.ts/);
  assert.match(r.stdout, /tool-search-wasm\/dist\/index\.d\.cts/);
});

// TypeScript 7 removed moduleResolution node10, which TypeScript 5 consumers still use: this
// check runs TypeScript 5 (the `typescript5` alias of typescript@5 in the root package.json).
it('every subpath resolves with its types under moduleResolution node10 (typesVersions, TypeScript 5), lib es2022 + dom, no @types/node', async () => {
  const dir = path.join(installed.project, 'types-node10');
  await mkdir(dir, { recursive: true });
  await writeFile(
    path.join(dir, 'consumer.ts'),
    `import { createToolSearch } from 'tool-search-wasm';
import { createMcpHub } from 'tool-search-wasm/mcp';
import { createAgent } from 'tool-search-wasm/agent';
import { resolveProvider } from 'tool-search-wasm/providers';
import { scriptedModel } from 'tool-search-wasm/testing';
import { loadTokenizer } from 'tool-search-wasm/tokens';
import { createAiSdkToolSearch, aiSdkSearch } from 'tool-search-wasm/ai-sdk';
import { createLangChainToolSearch } from 'tool-search-wasm/langchain';
import { createOpenAIAgentsToolSearch } from 'tool-search-wasm/openai-agents';
import { createMastraToolSearch } from 'tool-search-wasm/mastra';
import { importTools } from 'tool-search-wasm/importers';

export async function main(): Promise<number> {
  const ts = await createToolSearch();
  const hub = createMcpHub(ts);
  const ai = await createAiSdkToolSearch({ toolSearch: ts, hub, mode: 'preselect+bridge', contextWindow: 32000 });
  const step: string[] = ai.prepareStep({ messages: [] }).activeTools;
  const lc = await createLangChainToolSearch({ toolSearch: ts, mode: 'bridge' });
  const agents = await createOpenAIAgentsToolSearch({ toolSearch: ts });
  const wrapped = agents.model({ getResponse: async () => ({}), getStreamedResponse: async function* () {} });
  const mastra = await createMastraToolSearch({ toolSearch: ts, mode: 'preselect', topK: 3 });
  const active: string[] = mastra.processor.processInputStep({ messages: [] }).activeTools;
  const imported = await importTools(ts, { x: { description: 'x', inputSchema: { type: 'object' } } });
  const rank: string[] = aiSdkSearch(ts)({ query: 'q', tools: [] });
  ts[Symbol.dispose]();
  // @ts-expect-error unknown mode
  await createAiSdkToolSearch({ toolSearch: ts, mode: 'sideways' });
  void [createAgent, resolveProvider, scriptedModel, loadTokenizer, lc.tools, imported.names, rank, agents.tools, wrapped, active, mastra.tools];
  return step.length;
}
`,
  );
  await writeFile(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { module: 'commonjs', moduleResolution: 'node10', target: 'es2022', lib: ['es2022', 'dom'], strict: true, noEmit: true, skipLibCheck: false, types: [] },
      files: ['consumer.ts'],
    }),
  );
  const tsc5 = path.join(REPO, 'node_modules', 'typescript5', 'bin', 'tsc');
  const r = spawnSync(process.execPath, [tsc5, '-p', dir], { cwd: dir, encoding: 'utf8', timeout: 240_000 });
  assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
  // Without typesVersions, node10 cannot see the subpaths at all: prove the check can fail.
  const manifestPath = path.join(installed.dir, 'package.json');
  const manifest = await readFile(manifestPath, 'utf8');
  try {
    const stripped = JSON.parse(manifest);
    delete stripped.typesVersions;
    await writeFile(manifestPath, JSON.stringify(stripped));
    const without = spawnSync(process.execPath, [tsc5, '-p', dir], { cwd: dir, encoding: 'utf8', timeout: 240_000 });
    assert.notEqual(without.status, 0);
    assert.match(without.stdout, /tool-search-wasm\/ai-sdk/);
  } finally {
    await writeFile(manifestPath, manifest);
  }
});
