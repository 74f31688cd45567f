// Property tests (fast-check) of the packed package under random operation sequences:
// - nothing but a ToolSearchError with a documented code (js/src/error-codes.json) escapes;
// - a failed mutation leaves the fingerprint and the tool list unchanged;
// - core tools are visible in every assembly;
// - a scoped session answers about an out-of-scope tool exactly as about a name that does not
//   exist: its describe, suggest, tool_describe, tool_call, direct (lazily activated) calls and
//   bridge-mode assemblies (visible tools and the deferred listing) are byte-identical to a twin
//   engine that simply lacks the out-of-scope tools; its searches show only in-scope tools;
// - the bridge never dispatches a bridge tool, and tool_call never dispatches a core tool.
// Ranking is exempt from the twin comparison (BM25 statistics are catalog-wide: the README says
// so), so tool_search and pre-selection are checked for scope, not compared byte for byte, and
// are kept out of the compared sequences (their activations would make the twins drift).
// explain() and tools() take no session and have no scoped form to compare.
//
// FC_RUNS (default 150 per property) and FC_SEED reproduce or extend a run.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';

import fc from 'fast-check';

import { REPO, installedPackage } from './helpers/package.mjs';

const RUNS = Number(process.env.FC_RUNS ?? 150);
const SEED = process.env.FC_SEED === undefined ? undefined : Number(process.env.FC_SEED);
const params = (extra = {}) => ({ numRuns: RUNS, seed: SEED, ...extra });

const DOCUMENTED = new Set(JSON.parse(readFileSync(path.join(REPO, 'js', 'src', 'error-codes.json'), 'utf8')).codes.map((c) => c.code));
const official = JSON.parse(readFileSync(path.join(REPO, 'js', 'catalogs', 'official-mcp.json'), 'utf8'));
const serverTools = (server) =>
  official.servers.find((s) => s.server === server).tools.map((t) => ({ ...t, source: `mcp:${server}` }));
const CORE = [
  { name: 'read_notes', description: "Read the user's saved notes.", source: 'core', inputSchema: { type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'] } },
  { name: 'ask_user', description: 'Ask the user a clarifying question.', source: 'core', inputSchema: { type: 'object', properties: { question: { type: 'string', minLength: 1 } } } },
];
const IN = serverTools('filesystem');
const OUT = [...serverTools('github'), ...serverTools('memory')];
const BRIDGE = ['tool_search', 'tool_describe', 'tool_call'];
const SCOPE = { sources: ['mcp:filesystem'] };
const NAMES = [...IN, ...OUT, ...CORE].map((t) => t.name);

let pkg;
before(async () => {
  pkg = await (await installedPackage()).esm();
});

/** Runs `fn`; a throw must be a ToolSearchError with a documented code. */
function outcome(fn) {
  try {
    return { ok: fn() };
  } catch (error) {
    assert.ok(error instanceof pkg.ToolSearchError, `a non-ToolSearchError escaped: ${error?.stack ?? error}`);
    assert.ok(DOCUMENTED.has(error.code), `undocumented code ${error.code}: ${error.message}`);
    return { error: { code: error.code, message: error.message } };
  }
}

// ---- arbitraries ------------------------------------------------------------------------------

const nameArb = fc.oneof(
  fc.constantFrom(...NAMES, ...BRIDGE),
  fc.constantFrom(...NAMES).map((n) => n.slice(0, -1)), // near misses
  fc.constantFrom(...NAMES).map((n) => n.toUpperCase()),
  fc.string({ maxLength: 12 }),
);
const jsonValue = fc.jsonValue({ maxDepth: 3 });
const argsArb = fc.oneof(
  fc.dictionary(fc.constantFrom('path', 'content', 'query', 'topic', 'question', 'owner', 'repo', 'name', 'arguments'), jsonValue, { maxKeys: 4 }),
  jsonValue,
  fc.constant(undefined),
);
const callArb = fc.oneof(
  fc.record({ name: nameArb, arguments: argsArb }),
  // Calls that are valid when in scope, so every run reaches dispatches (random arguments
  // rarely satisfy a schema, and the vacuity check below would fail by chance).
  fc.constantFrom(
    { name: 'ask_user', arguments: {} },
    { name: 'read_text_file', arguments: { path: 'README.md' } },
    { name: 'tool_call', arguments: { name: 'list_directory', arguments: { path: '.' } } },
    { name: 'create_issue', arguments: { owner: 'o', repo: 'r', title: 't' } },
  ),
  fc.record({ name: fc.constantFrom('tool_describe'), arguments: fc.oneof(fc.record({ name: nameArb }), nameArb) }),
  fc.record({ name: fc.constantFrom('tool_call'), arguments: fc.record({ name: nameArb, arguments: argsArb }) }),
);
const windowArb = fc.constantFrom(1, 500, 4000, 32000, 200000);
/** Operations whose answers must be byte-identical between the scoped session and the twin. */
const comparedOp = fc.oneof(
  fc.record({ op: fc.constant('describe'), name: nameArb }),
  fc.record({ op: fc.constant('suggest'), name: nameArb }),
  fc.record({ op: fc.constant('handleCall'), call: callArb }),
  fc.record({ op: fc.constant('assemble'), contextWindow: windowArb }),
);

// ---- the scope differential ---------------------------------------------------------------------

describe('property: a scoped session cannot tell an out-of-scope tool from a missing one', () => {
  let full;
  let twin;
  before(async () => {
    full = await pkg.createToolSearch({ config: { gate: { enabled: 'on' } } });
    twin = await pkg.createToolSearch({ config: { gate: { enabled: 'on' } } });
    full.add([...IN, ...OUT, ...CORE]);
    twin.add([...IN, ...CORE]);
  });
  after(() => {
    full?.dispose();
    twin?.dispose();
  });

  const run = (ts, session, step) => {
    switch (step.op) {
      case 'describe': return outcome(() => ts.describe(step.name, { session }));
      case 'suggest': return outcome(() => ts.suggest(step.name, { session }));
      case 'handleCall': return outcome(() => ts.handleCall(step.call, { session }));
      default: return outcome(() => ts.assemble({ session, contextWindow: step.contextWindow }));
    }
  };

  it('the comparison can see a difference: unrestricted, an out-of-scope tool is described', () => {
    const open = full.session({});
    const b = twin.session(SCOPE);
    try {
      const name = OUT[0].name;
      assert.notEqual(JSON.stringify(outcome(() => full.describe(name, { session: open }))), JSON.stringify(outcome(() => twin.describe(name, { session: b }))));
    } finally {
      open.close();
      b.close();
    }
  });

  it('describe, suggest, bridge calls, direct calls and bridge assemblies match the twin', () => {
    const seen = { outOfScope: 0, dispatch: 0, refusal: 0 };
    fc.assert(
      fc.property(windowArb, fc.array(comparedOp, { maxLength: 12 }), (window, steps) => {
        const a = full.session(SCOPE);
        const b = twin.session(SCOPE);
        try {
          // Both sessions plan against the same window first, so deferral agrees.
          assert.deepEqual(run(full, a, { op: 'assemble', contextWindow: window }), run(twin, b, { op: 'assemble', contextWindow: window }));
          for (const step of steps) {
            const x = run(full, a, step);
            const y = run(twin, b, step);
            assert.equal(JSON.stringify(x), JSON.stringify(y), `differs from the twin at ${JSON.stringify(step)}`);
            checkOutcome(x.ok, step);
            if (OUT.some((t) => JSON.stringify(step).includes(`"${t.name}"`))) seen.outOfScope += 1;
            if (x.ok?.kind === 'dispatch') seen.dispatch += 1;
            if (x.ok?.kind === 'refusal') seen.refusal += 1;
          }
        } finally {
          a.close();
          b.close();
        }
      }),
      params(),
    );
    // Not vacuous: the sequences named out-of-scope tools and reached dispatches and refusals.
    assert.ok(seen.outOfScope > 0 && seen.dispatch > 0 && seen.refusal > 0, JSON.stringify(seen));
  });

  it('tool_search and host searches in the session show only in-scope tools', () => {
    const queryArb = fc.oneof(fc.constantFrom(...NAMES, 'read file', 'create issue', 'graph entity', 'list directory'), fc.string({ maxLength: 20 }));
    fc.assert(
      fc.property(queryArb, fc.integer({ min: -2, max: 60 }), (query, limit) => {
        const s = full.session(SCOPE);
        try {
          const hits = outcome(() => s.search(query, { limit: Math.max(1, limit) }));
          for (const h of hits.ok ?? []) assert.ok(inScope(h.name), `search showed ${h.name}`);
          const found = outcome(() => s.handleCall({ name: 'tool_search', arguments: { query, limit } }));
          if (found.ok?.kind === 'search') {
            for (const m of found.ok.result.matches) assert.ok(inScope(m.name) && !isCore(m.name), `tool_search showed ${m.name}`);
          }
          const pre = outcome(() => s.assemble({ contextWindow: 4000, mode: 'preselect+bridge', userMessage: query }));
          if (pre.ok) checkAssembly(pre.ok);
        } finally {
          s.close();
        }
      }),
      params(),
    );
  });
});

const isCore = (name) => CORE.some((t) => t.name === name);
const inScope = (name) => IN.some((t) => t.name === name) || isCore(name);

function checkAssembly(assembly) {
  const visible = assembly.visible.map((t) => t.name);
  for (const core of CORE) assert.ok(visible.includes(core.name), `core tool ${core.name} not visible`);
  for (const name of visible) assert.ok(BRIDGE.includes(name) || inScope(name), `assembly shows ${name}`);
}

function checkOutcome(value, step) {
  if (!value) return;
  if (step.op === 'assemble') return checkAssembly(value);
  if (step.op !== 'handleCall' || value.kind !== 'dispatch') return;
  assert.ok(!BRIDGE.includes(value.name), `a bridge tool was dispatched: ${JSON.stringify(step)}`);
  assert.ok(inScope(value.name), `dispatched ${value.name} out of scope`);
  if (value.viaBridge) assert.ok(!isCore(value.name), `tool_call dispatched the core tool ${value.name}`);
}

// ---- mutations --------------------------------------------------------------------------------

const toolArb = fc.oneof(
  fc.record(
    {
      name: nameArb,
      description: fc.string({ maxLength: 30 }),
      source: fc.constantFrom('mcp:filesystem', 'mcp:new', 'core', 'client', '', 'mcp:'),
      inputSchema: fc.oneof(fc.constant({ type: 'object' }), fc.record({ type: fc.constantFrom('object', 'array'), properties: fc.dictionary(fc.string({ maxLength: 5 }), fc.constant({ type: 'string' }), { maxKeys: 3 }) }), jsonValue),
    },
    { requiredKeys: [] },
  ),
  fc.constantFrom(...IN, ...CORE),
  jsonValue,
);
const mutationArb = fc.oneof(
  fc.record({ op: fc.constant('add'), tools: fc.oneof(fc.array(toolArb, { maxLength: 4 }), toolArb) }),
  fc.record({ op: fc.constant('remove'), names: fc.oneof(fc.array(nameArb, { maxLength: 3 }), jsonValue) }),
  fc.record({ op: fc.constant('replaceSource'), source: fc.oneof(fc.constantFrom('mcp:filesystem', 'mcp:new', 'core'), fc.string({ maxLength: 8 })), tools: fc.array(toolArb, { maxLength: 3 }) }),
  fc.record({ op: fc.constant('pin'), name: nameArb, on: fc.boolean() }),
  fc.record({ op: fc.constant('configure'), config: fc.oneof(fc.record({ gate: fc.record({ enabled: fc.constantFrom('on', 'off', 'auto', 'x'), maxSearchLimit: fc.integer({ min: -1, max: 60 }) }, { requiredKeys: [] }) }), jsonValue) }),
);

describe('property: mutations are all-or-nothing and errors are typed', () => {
  it('a failed mutation changes nothing; core tools stay visible; only ToolSearchError escapes', async () => {
    const ts = await pkg.createToolSearch();
    try {
      fc.assert(
        fc.property(fc.array(mutationArb, { minLength: 1, maxLength: 8 }), (steps) => {
          ts.clear();
          ts.add([...IN.slice(0, 4), ...CORE]);
          for (const step of steps) {
            const before = { fingerprint: ts.fingerprint, tools: JSON.stringify(ts.tools()) };
            const result = outcome(() => {
              switch (step.op) {
                case 'add': return ts.add(step.tools);
                case 'remove': return ts.remove(step.names);
                case 'replaceSource': return ts.replaceSource(step.source, step.tools);
                case 'pin': return ts.pin(step.name, step.on);
                default: return ts.configure(step.config);
              }
            });
            if (result.error) {
              assert.equal(ts.fingerprint, before.fingerprint, `fingerprint changed by a failed ${step.op}`);
              assert.equal(JSON.stringify(ts.tools()), before.tools, `tool list changed by a failed ${step.op}`);
            }
            const present = new Set(ts.tools().filter((t) => t.class === 'core').map((t) => t.name));
            const assembled = outcome(() => ts.assemble({ contextWindow: 1000 }));
            assert.ok(assembled.ok, `assemble failed: ${JSON.stringify(assembled.error)}`);
            const visible = new Set(assembled.ok.visible.map((t) => t.name));
            for (const name of present) assert.ok(visible.has(name), `core tool ${name} hidden after ${step.op}`);
          }
        }),
        params(),
      );
    } finally {
      ts.dispose();
    }
  });
});
