// The `tool-search` bin of the installed package, on the built-in catalog and on Seal-Tools.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';

import { installedPackage, readJsonl } from './helpers/package.mjs';
import { NO_SEAL, SEAL } from '../../scripts/shared-data.mjs';

let installed;
let bin;
let tmp;
before(async () => {
  installed = await installedPackage();
  bin = path.join(installed.project, 'node_modules', '.bin', 'tool-search');
  tmp = await mkdtemp(path.join(os.tmpdir(), 'tool-search-cli-'));
});
after(() => rm(tmp, { recursive: true, force: true }));

/** Runs the bin; returns {status, stdout, stderr}. */
function cli(...args) {
  const r = spawnSync(bin, args, { cwd: installed.project, encoding: 'utf8', timeout: 300_000 });
  if (r.error) throw r.error;
  return r;
}

describe('tool-search on the built-in catalog', () => {
  it('search prints ranked hits; --json prints them as JSON', () => {
    const text = cli('search', 'create', 'a', 'pull', 'request');
    assert.equal(text.status, 0, text.stderr);
    assert.match(text.stdout.split('\n')[0], /^ 1\. mcp_github_\w+\s+\d+\.\d{3}  (bm25|exact) +mcp:github$/);
    const ranked = [...text.stdout.matchAll(/^\s*\d+\. (\S+)/gm)].map((m) => m[1]);
    assert.equal(ranked.length, 5, 'default limit 5');
    assert.ok(ranked.slice(0, 2).includes('mcp_github_create_pull_request'), ranked.join(' '));
    const json = cli('search', 'read a file from disk', '--json', '--limit', '3');
    assert.equal(json.status, 0, json.stderr);
    const hits = JSON.parse(json.stdout);
    assert.equal(hits.length, 3);
    assert.ok(hits.every((h) => typeof h.name === 'string' && typeof h.score === 'number' && h.source.startsWith('mcp:')));
    assert.ok(hits.some((h) => /read.*file|file.*read/.test(h.name)), JSON.stringify(hits.map((h) => h.name)));
  });

  it('requests in other languages find the English tools, and explain says how', () => {
    // Through the installed bin, as a user types them (shell arguments are UTF-8).
    for (const [query, tool] of [
      ['Datei lesen', 'mcp_filesystem_read_file'],
      ['创建新目录', 'mcp_filesystem_create_directory'],
      ['отправь сообщение в канал slack', 'mcp_slack_slack_post_message'],
    ]) {
      const r = cli('search', query, '--json', '--limit', '3');
      assert.equal(r.status, 0, r.stderr);
      const names = JSON.parse(r.stdout).map((h) => h.name);
      assert.ok(names.includes(tool), `${query}: ${names.join(' ')}`);
    }
    const e = cli('explain', 'Datei lesen', 'mcp_filesystem_read_file', '--json');
    assert.equal(e.status, 0, e.stderr);
    const expansions = JSON.parse(e.stdout).expansions.map((x) => `${x.from} -> ${x.to}`);
    assert.ok(expansions.includes('datei -> file') && expansions.includes('lesen -> read'), expansions.join(', '));
  });

  it('names collide across servers, so the built-in catalog is namespaced', () => {
    const r = cli('search', 'create_issue', '--json', '--limit', '2');
    assert.equal(r.status, 0, r.stderr);
    const names = JSON.parse(r.stdout).map((h) => h.name).sort();
    assert.deepEqual(names, ['mcp_github_create_issue', 'mcp_gitlab_create_issue']);
  });

  it('describe prints the full definition', () => {
    const r = cli('describe', 'mcp_filesystem_read_text_file');
    assert.equal(r.status, 0, r.stderr);
    const d = JSON.parse(r.stdout);
    assert.equal(d.name, 'mcp_filesystem_read_text_file');
    assert.equal(d.source, 'mcp:filesystem');
    assert.equal(d.inputSchema.type, 'object');
    assert.ok('path' in d.inputSchema.properties);
  });

  it('describe of an unknown tool exits 1 with suggestions', () => {
    const r = cli('describe', 'mcp_github_create_isue');
    assert.equal(r.status, 1);
    assert.match(r.stderr, /NOT_FOUND/);
    assert.match(r.stderr, /did you mean: .*mcp_github_create_issue/);
  });

  it('explain prints the term table; --json the explanation', () => {
    const r = cli('explain', 'search repositories', 'mcp_github_search_repositories');
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^mcp_github_search_repositories: score \d/);
    assert.match(r.stdout, /term\s+field\s+idf/);
    const j = JSON.parse(cli('explain', 'search repositories', 'mcp_github_search_repositories', '--json').stdout);
    assert.ok(j.terms.length > 0);
  });

  it('plan shows visible vs deferred and tokens saved', () => {
    // The built-in catalog is ~13k tokens: deferred under a 100k window (threshold 10k)...
    const r = cli('plan', '--context-window', '100000');
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^catalog: \d+ tools, fingerprint [0-9a-f]{16}$/m);
    assert.match(r.stdout, /^gate auto: deferral active, strategy bridge \(/m);
    assert.match(r.stdout, /^visible \(3\): tool_search, tool_describe, tool_call$/m);
    assert.match(r.stdout, /^deferred \((\d+)\): mcp_/m);
    const saved = /saved (\d+) \(\d+\.\d%\); threshold 10000$/m.exec(r.stdout);
    assert.ok(saved && Number(saved[1]) > 0, r.stdout);
    const plan = JSON.parse(cli('plan', '--context-window', '100000', '--json').stdout);
    assert.equal(plan.gate.active, true);
    assert.equal(Number(saved[1]), plan.tokens.saved);
    assert.equal(plan.tokens.saved, plan.tokens.withoutDeferral - plan.tokens.withDeferral);
    // ...and under the default 200k window too: the token threshold is capped at 20k, above the
    // catalog's ~13k, but its 104 deferrable tools reach thresholdTools (40).
    const wide = cli('plan');
    assert.equal(wide.status, 0, wide.stderr);
    assert.match(wide.stdout, /^context window: 200000 tokens$/m);
    assert.match(wide.stdout, /^gate auto: deferral active, strategy bridge \(gate auto: deferrable 104 tools \(~\d+ tokens\) < threshold 20000 \(10% of a 200000-token window, bounded to \[0, 20000\]\); 104 >= thresholdTools 40\b/m);
    assert.match(wide.stdout, /^deferred \(104\): /m);
  });

  it('plan --mode preselect --message injects matching tools', () => {
    const r = cli('plan', '--mode', 'preselect', '--message', 'take a screenshot of the page', '--top-k', '2', '--json');
    assert.equal(r.status, 0, r.stderr);
    const visible = JSON.parse(r.stdout).visible.map((v) => v.name);
    assert.ok(visible.includes('mcp_puppeteer_puppeteer_screenshot'), JSON.stringify(visible));
  });

  it('--help and --version', () => {
    const help = cli('--help');
    assert.equal(help.status, 0);
    assert.match(help.stdout, /^Usage: tool-search <command>/);
    const version = cli('--version');
    assert.equal(version.status, 0, version.stderr);
    assert.match(version.stdout, /^tool-search-wasm 0\.1\.0 \(core \d+\.\d+\.\d+/);
  });
});

describe('usage errors exit 2, runtime errors exit 1', () => {
  const usage = {
    'no command': [],
    'unknown command': ['frobnicate'],
    'unknown option': ['search', 'x', '--frob'],
    'search without a query': ['search'],
    'explain with one argument': ['explain', 'query only'],
    'describe with two names': ['describe', 'a', 'b'],
    'bad --limit': ['search', 'x', '--limit', 'ten'],
    'zero --context-window': ['plan', '--context-window', '0'],
    'bad --namespacing': ['search', 'x', '--namespacing', 'sideways'],
    'eval without --queries': ['eval'],
    'option missing its value': ['search', 'x', '--limit'],
  };
  for (const [label, args] of Object.entries(usage)) {
    it(label, () => {
      const r = cli(...args);
      assert.equal(r.status, 2, `${r.stdout}${r.stderr}`);
      assert.match(r.stderr, /Run "tool-search --help" for usage/);
      assert.equal(r.stdout, '');
    });
  }
  it('an unknown option names the closest one, in a balanced message', () => {
    const r = cli('search', 'x', '--limt', '3');
    assert.equal(r.status, 2);
    assert.match(r.stderr, /^tool-search: unknown option --limt; did you mean --limit\?$/m);
    assert.equal((r.stderr.split('\n')[0].match(/'/g) ?? []).length % 2, 0, 'quotes balance');
    assert.match(cli('plan', '--contextwindow', '1000').stderr, /did you mean --context-window\?/);
    assert.match(cli('search', 'x', '-q').stderr, /^tool-search: unknown option -q \(a query starting with "-" goes after "--"\)$/m);
  });

  it('a negative number is a value, refused by its own range check (not "ambiguous")', () => {
    const r = cli('plan', '--context-window', '-1');
    assert.equal(r.status, 2);
    assert.match(r.stderr, /^tool-search: --context-window must be a positive integer \(got "-1"\)$/m);
    assert.doesNotMatch(r.stderr, /ambiguous/);
    assert.match(cli('search', 'x', '--limit', '--json').stderr, /^tool-search: option --limit needs a value$/m);
    assert.match(cli('search', 'x', '--json=1').stderr, /^tool-search: option --json takes no value$/m);
  });

  it('a missing catalog file', () => {
    const r = cli('search', 'x', '--catalog', path.join(tmp, 'none.json'));
    assert.equal(r.status, 1);
    assert.match(r.stderr, /cannot read catalog .*none\.json: ENOENT/);
  });
  it('a catalog that is not JSON', async () => {
    const file = path.join(tmp, 'bad.jsonl');
    await writeFile(file, '{"name":"ok"}\nnot json\n');
    const r = cli('search', 'x', '--catalog', file);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /bad\.jsonl:2: not JSON/);
  });
  it('a catalog with an invalid tool: --strict reports the core error code', async () => {
    const file = path.join(tmp, 'invalid.json');
    await writeFile(file, JSON.stringify({ tools: [{ name: 'ok_tool', description: 'fine' }, { name: 'tool_call' }, { name: 'bad name' }] }));
    const r = cli('search', 'fine', '--catalog', file, '--strict');
    assert.equal(r.status, 1);
    assert.match(r.stderr, /\[RESERVED_NAME\]/);
  });
  it('a catalog with invalid tools: by default they are left out with a warning', async () => {
    const file = path.join(tmp, 'invalid.json');
    const r = cli('search', 'fine', '--catalog', file, '--json');
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout).map((h) => h.name), ['ok_tool']);
    assert.match(r.stderr, /left out 2 invalid tool\(s\)/);
    assert.match(r.stderr, /"tool_call": .*\[RESERVED_NAME\]/);
    assert.match(r.stderr, /"bad name": .*\[INVALID_TOOL\]/);
  });
  it('a collision without namespacing is DUPLICATE_NAME (--strict) or left out', () => {
    const strict = cli('search', 'x', '--namespacing', 'none', '--strict');
    assert.equal(strict.status, 1);
    assert.match(strict.stderr, /\[DUPLICATE_NAME\]/);
    const lenient = cli('search', 'create issue', '--namespacing', 'none', '--json');
    assert.equal(lenient.status, 0, lenient.stderr);
    assert.match(lenient.stderr, /left out 8 invalid tool\(s\)/);
    const issue = JSON.parse(lenient.stdout).find((h) => h.name === 'create_issue');
    assert.equal(issue.source, 'mcp:github', 'the first server keeps the name');
  });
});

describe('strategies and embedders', () => {
  it('--strategy regex reads the query as a pattern over names', () => {
    const r = cli('search', '^mcp_github_.*issue', '--strategy', 'regex', '--limit', '20', '--json');
    assert.equal(r.status, 0, r.stderr);
    const names = JSON.parse(r.stdout).map((h) => h.name);
    assert.ok(names.length >= 3);
    assert.ok(names.every((n) => /^mcp_github_.*issue/.test(n)), names.join());
  });

  it('--strategy hybrid --embedder static fuses both legs with the shipped table', () => {
    const r = cli('search', 'think step by step', '--strategy', 'hybrid', '--embedder', 'static', '--json');
    assert.equal(r.status, 0, r.stderr);
    const hits = JSON.parse(r.stdout);
    assert.equal(hits[0].name, 'mcp_sequential-thinking_sequentialthinking');
    assert.ok(hits.some((h) => h.legs && h.legs.semantic), 'hybrid hits carry legs');
    const e = cli('explain', 'think step by step', 'mcp_sequential-thinking_sequentialthinking', '--strategy', 'hybrid', '--embedder', 'static');
    assert.equal(e.status, 0, e.stderr);
    assert.match(e.stdout, /hybrid: rank 1/);
    assert.match(e.stdout, /keyword leg: rank \d+.*semantic leg: rank \d+/);
  });

  it('eval --strategy semantic --embedder static reports the strategy', async () => {
    const queries = path.join(tmp, 'q.jsonl');
    await writeFile(queries, `${JSON.stringify({ id: '1', query: 'think step by step', gold: ['mcp_sequential-thinking_sequentialthinking'] })}\n`);
    const r = cli('eval', '--queries', queries, '--strategy', 'semantic', '--embedder', 'static', '--json');
    assert.equal(r.status, 0, r.stderr);
    const figures = JSON.parse(r.stdout);
    assert.equal(figures.strategy, 'semantic');
    assert.equal(figures.embedder, 'static');
    assert.equal(figures['recall@1'], 1);
  });

  it('bad strategies, embedders and patterns are usage or typed errors', () => {
    assert.equal(cli('search', 'x', '--strategy', 'fuzzy').status, 2);
    assert.equal(cli('search', 'x', '--strategy', 'hybrid').status, 2, 'hybrid needs --embedder');
    assert.equal(cli('search', 'x', '--strategy', 'semantic', '--embedder', 'nope').status, 2);
    const bad = cli('search', '(unclosed', '--strategy', 'regex');
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /INVALID_ARGUMENT/);
  });
});

describe('other catalog formats', () => {
  it('an OpenAI tools array and an MCP tools/list result', async () => {
    const openai = path.join(tmp, 'openai.json');
    await writeFile(
      openai,
      JSON.stringify([
        { type: 'function', function: { name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object' } } },
        { type: 'function', function: { name: 'send_email', description: 'Send an email', parameters: { type: 'object' } } },
      ]),
    );
    const a = cli('search', 'email', '--catalog', openai, '--json');
    assert.equal(a.status, 0, a.stderr);
    assert.equal(JSON.parse(a.stdout)[0].name, 'send_email');
    const mcp = path.join(tmp, 'mcp.json');
    await writeFile(mcp, JSON.stringify({ tools: [{ name: 'echo', description: 'Echo the input', inputSchema: { type: 'object' } }] }));
    const b = cli('describe', 'echo', '--catalog', mcp);
    assert.equal(b.status, 0, b.stderr);
    assert.equal(JSON.parse(b.stdout).description, 'Echo the input');
  });

  it('a raw JSON-RPC tools/list response, as saved from a server; an error response is reported', async () => {
    const rpc = path.join(tmp, 'rpc.json');
    await writeFile(rpc, JSON.stringify({ jsonrpc: '2.0', id: 1, result: { tools: [{ name: 'echo', description: 'Echo the input', inputSchema: { type: 'object' } }] } }));
    const a = cli('describe', 'echo', '--catalog', rpc);
    assert.equal(a.status, 0, a.stderr);
    assert.equal(JSON.parse(a.stdout).description, 'Echo the input');
    const failed = path.join(tmp, 'rpc-error.json');
    await writeFile(failed, JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } }));
    const b = cli('search', 'x', '--catalog', failed);
    assert.equal(b.status, 1);
    assert.match(b.stderr, /JSON-RPC error response: Method not found \(code -32601\)/);
  });
});

describe('eval warns about gold names the catalog does not have', () => {
  it('names each missing gold name, and the cataloged name when the catalog renamed it', async () => {
    const queries = path.join(tmp, 'missing-gold.jsonl');
    await writeFile(queries, [
      JSON.stringify({ id: '1', query: 'read a text file', gold: ['mcp_filesystem_read_text_file'] }),
      JSON.stringify({ id: '2', query: 'read a text file', gold: ['read_text_file'] }),
      JSON.stringify({ id: '3', query: 'fly to the moon', gold: ['no_such_tool'] }),
    ].join('\n'));
    const r = cli('eval', '--queries', queries, '--json');
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, /warning: 2 gold name\(s\) are not in the catalog, so 2 of 3 queries cannot be fully recalled/);
    assert.match(r.stderr, /"read_text_file" in 1 query \(cataloged as mcp_filesystem_read_text_file\)/);
    assert.match(r.stderr, /"no_such_tool" in 1 query$/m);
    assert.doesNotMatch(r.stderr, /"mcp_filesystem_read_text_file" in/);
    assert.equal(JSON.parse(r.stdout).queries, 3);
  });

  it('says nothing when every gold name is cataloged', async () => {
    const queries = path.join(tmp, 'all-gold.jsonl');
    await writeFile(queries, `${JSON.stringify({ id: '1', query: 'read a text file', gold: ['mcp_filesystem_read_text_file'] })}\n`);
    const r = cli('eval', '--queries', queries, '--json');
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stderr, '');
  });
});

describe('eval on Seal-Tools (test split)', { skip: NO_SEAL }, () => {
  const catalog = path.join(SEAL, 'catalog.jsonl');
  const queries = path.join(SEAL, 'queries-test.jsonl');
  let figures;
  let run;
  before(async () => {
    run = path.join(tmp, 'run.jsonl');
    const r = cli('eval', '--catalog', catalog, '--queries', queries, '--json', '--out', run);
    assert.equal(r.status, 0, r.stderr);
    figures = JSON.parse(r.stdout);
    // Seal-Tools has one tool whose name has spaces ("requestFirst Aid Assistance"): left out.
    assert.match(r.stderr, /left out 1 invalid tool/);
  });

  it('--json prints exactly the documented keys', () => {
    assert.deepEqual(Object.keys(figures), ['recall@1', 'recall@5', 'recall@10', 'ndcg@10', 'mrr@10', 'all@10', 'strategy', 'embedder', 'queries']);
    assert.equal(figures.queries, 1354);
    assert.equal(figures.strategy, 'keyword');
    assert.equal(figures.embedder, null);
    for (const [k, v] of Object.entries(figures)) if (typeof v === 'number' && k !== 'queries') assert.ok(v >= 0 && v <= 1, `${k} ${v}`);
    assert.ok(figures['all@10'] <= figures['recall@10']);
    assert.ok(figures['recall@1'] <= figures['recall@5'] && figures['recall@5'] <= figures['recall@10']);
  });

  it('recall is at least the plain BM25 baseline of the data README', () => {
    // Baseline (data README): recall@5 0.733, recall@10 0.820, MRR@10 0.913.
    assert.ok(figures['recall@5'] >= 0.733, JSON.stringify(figures));
    assert.ok(figures['recall@10'] >= 0.82, JSON.stringify(figures));
  });

  it('--out writes one line per query that reproduces the figures', async () => {
    const lines = await readJsonl(run);
    const gold = await readJsonl(queries);
    assert.equal(lines.length, gold.length);
    assert.deepEqual(lines.map((l) => l.id), gold.map((q) => q.id));
    for (const l of lines) {
      assert.ok(Array.isArray(l.ranked) && l.ranked.length <= 10);
      assert.ok(typeof l.ms === 'number' && l.ms >= 0);
    }
    // Recompute recall@5 independently from the run file.
    let sum = 0;
    gold.forEach((q, i) => {
      const top = new Set(lines[i].ranked.slice(0, 5));
      sum += q.gold.filter((g) => top.has(g)).length / q.gold.length;
    });
    assert.ok(Math.abs(sum / gold.length - figures['recall@5']) < 1e-12);
  });

  it('text output has a row per subset and overall', () => {
    const r = cli('eval', '--catalog', catalog, '--queries', path.join(SEAL, 'queries-dev.jsonl'));
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^dev-easy\s+200\s/m);
    assert.match(r.stdout, /^dev-difficult\s+500\s/m);
    assert.match(r.stdout, /^overall\s+700\s/m);
  });

  it('a malformed queries file exits 1', async () => {
    const file = path.join(tmp, 'q.jsonl');
    await writeFile(file, '{"id":"a","query":"x"}\n');
    const r = cli('eval', '--catalog', catalog, '--queries', file);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /query 1 must be/);
    assert.ok(existsSync(catalog));
  });
});

describe('metrics (dist/metrics.js), hand-computed', () => {
  let m;
  before(async () => {
    m = await import(new URL(`file://${installed.file('dist/metrics.js')}`).href);
  });
  it('one gold tool at rank 2', () => {
    const s = m.scoreQuery(['a', 'g', 'b'], ['g']);
    assert.equal(s.recall1, 0);
    assert.equal(s.recall5, 1);
    assert.equal(s.mrr10, 0.5);
    assert.equal(s.ndcg10, 1 / Math.log2(3)); // DCG 1/log2(3), IDCG 1
    assert.equal(s.all10, 1);
  });
  it('two gold tools at ranks 1 and 3, a third missing', () => {
    const s = m.scoreQuery(['g1', 'x', 'g2', 'y'], ['g1', 'g2', 'g3']);
    assert.equal(s.recall1, 1 / 3);
    assert.equal(s.recall5, 2 / 3);
    assert.equal(s.mrr10, 1);
    const dcg = 1 + 1 / 2; // ranks 1 and 3: 1/log2(2) + 1/log2(4)
    const idcg = 1 + 1 / Math.log2(3) + 1 / 2;
    assert.ok(Math.abs(s.ndcg10 - dcg / idcg) < 1e-15);
    assert.equal(s.all10, 0);
  });
  it('gold beyond rank 10 counts for nothing', () => {
    const ranked = Array.from({ length: 12 }, (_, i) => `t${i}`);
    const s = m.scoreQuery(ranked, ['t10']);
    assert.deepEqual([s.recall10, s.mrr10, s.ndcg10], [0, 0, 0]);
  });
  it('means over queries', () => {
    const mean = m.meanScores([m.scoreQuery(['a'], ['a']), m.scoreQuery(['b'], ['a'])]);
    assert.equal(mean.recall1, 0.5);
    assert.equal(mean.queries, 2);
  });
});
