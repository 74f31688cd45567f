#!/usr/bin/env node
// tool-search: search, explain, describe, plan and evaluate over a tool catalog from the shell.
// Exit codes: 0 ok, 1 error, 2 usage.

import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

import { createToolSearch, ToolSearchError, toolsFromCatalog } from './index.node.js';
import { meanScores, scoreQuery } from './metrics.js';
import { catalogGroups, isPlainObject, normalizeTool } from './normalize.js';
import { closestName } from './option-keys.js';

const DEFAULT_CATALOG = new URL('../catalogs/official-mcp.json', import.meta.url);

const USAGE = `Usage: tool-search <command> [options]

Commands:
  search <query>            rank tools for a query
  explain <query> <name>    why a tool scores what it scores, term by term
  describe <name>           the full definition of one tool
  plan                      what the model sees for a context window: visible vs deferred
  eval --queries FILE       recall@1/5/10, nDCG@10, MRR@10 and all@10 over a query set

Options:
  --catalog FILE            catalog.jsonl, an MCP tools/list result ({tools:[...]}) or the
                            JSON-RPC response around it, an OpenAI tools array, or
                            {servers:[{server, tools}]}
                            (default: the built-in catalog of the official MCP servers)
  --namespacing none|prefix name MCP tools mcp_<server>_<tool> (default: prefix only when
                            names collide across servers)
  --strict                  fail on an invalid entry in the catalog (default: leave each
                            one out, with a warning on stderr)
  --json                    machine-readable output
  --limit N                 search: number of hits (default 5)
  --strategy S              search, explain, eval: keyword (default), semantic, hybrid, or
                            regex (the query is a pattern over names)
  --embedder NAME           the semantic leg for semantic/hybrid: "static" (the package's
                            static table, in the engine), "use-lite" (Universal Sentence
                            Encoder, needs the @energetic-ai packages) or "openai" (any
                            OpenAI-compatible /embeddings: OPENAI_BASE_URL, OPENAI_API_KEY,
                            TOOL_SEARCH_EMBED_MODEL)
  --context-window N        plan: the model's context window in tokens (default 200000)
  --mode MODE               plan: bridge | preselect | preselect+bridge (default bridge)
  --message TEXT            plan: the user's message (ranks tools in preselect modes)
  --top-k N                 plan: tools injected in preselect modes
  --queries FILE            eval: JSONL of {"id","query","gold":[names]}
  --out FILE                eval: write one JSON line per query {"id","ranked","ms"}
  -h, --help                this help
  -v, --version             package and core versions`;

const OPTIONS = /** @type {const} */ ({
  catalog: { type: 'string' },
  namespacing: { type: 'string' },
  strict: { type: 'boolean' },
  json: { type: 'boolean' },
  limit: { type: 'string' },
  strategy: { type: 'string' },
  embedder: { type: 'string' },
  'context-window': { type: 'string' },
  mode: { type: 'string' },
  message: { type: 'string' },
  'top-k': { type: 'string' },
  queries: { type: 'string' },
  out: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
});

/** Wrong invocation: exit code 2 with the usage hint. */
class UsageError extends Error {}

/**
 * @param {string[]} argv
 * @returns {Promise<number>} the exit code
 */
async function main(argv) {
  let parsed;
  try {
    parsed = parseArgs({ args: joinNegativeValues(argv), options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    return usageError(argumentError(/** @type {any} */ (error)));
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const [command, ...args] = positionals;
  try {
    if (values.version) return await printVersion();
    if (!command) throw new UsageError('missing command');
    const run = COMMANDS[command];
    if (!run) throw new UsageError(`unknown command "${command}"`);
    await run(args, values);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) return usageError(error.message);
    const message = error instanceof ToolSearchError ? `${error.message} [${error.code}]` : /** @type {Error} */ (error).message;
    process.stderr.write(`tool-search: error: ${message.replace(/^tool-search: /, '')}\n`);
    if (error instanceof ToolSearchError && error.suggestions?.length) {
      process.stderr.write(`did you mean: ${error.suggestions.join(', ')}\n`);
    }
    return 1;
  }
}

/**
 * `--context-window -1` as `--context-window=-1`: parseArgs reads a value starting with "-" as
 * another option ("argument is ambiguous"); a negative number is a value, which the option's
 * own check then refuses with its range.
 * @param {string[]} argv
 */
function joinNegativeValues(argv) {
  const out = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const option = a.startsWith('--') && !a.includes('=') ? /** @type {any} */ (OPTIONS)[a.slice(2)] : undefined;
    if (option?.type === 'string' && i + 1 < argv.length && /^-\d/.test(argv[i + 1])) out.push(`${a}=${argv[++i]}`);
    else out.push(a);
  }
  return out;
}

/**
 * parseArgs' errors in this CLI's words, with a "did you mean" for an unknown option (Node's
 * own message has an unbalanced quote and no suggestion).
 * @param {{code?: string, message: string}} error
 */
function argumentError(error) {
  const option = /Option '(?:-\w, )?(--?[\w-]+)/.exec(error.message)?.[1] ?? /Unknown option '([^']+)'/.exec(error.message)?.[1];
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) {
    const near = closestName(option.replace(/^-+/, ''), Object.keys(OPTIONS));
    const hint = near ? `; did you mean --${near}?` : ' (a query starting with "-" goes after "--")';
    return `unknown option ${option}${hint}`;
  }
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option) {
    if (/does not take an argument/.test(error.message)) return `option ${option} takes no value`;
    return `option ${option} needs a value`;
  }
  return error.message;
}

/** @param {string} message */
function usageError(message) {
  process.stderr.write(`tool-search: ${message}\nRun "tool-search --help" for usage.\n`);
  return 2;
}

/** @typedef {ReturnType<typeof parseArgs<{options: typeof OPTIONS, allowPositionals: true}>>['values']} Values */

/** @type {Record<string, (args: string[], values: Values) => Promise<void>>} */
const COMMANDS = {
  async search(args, values) {
    if (args.length === 0) throw new UsageError('search needs a query');
    const limit = intOption(values, 'limit');
    await withEngine(values, async (ts) => {
      const hits = await ts.searchAsync(args.join(' '), { ...strategyOption(values), ...(limit === undefined ? {} : { limit }) });
      if (hits.degraded) process.stderr.write(`tool-search: warning: ran as keyword: ${hits.degraded}\n`);
      if (values.json) return printJson(hits);
      if (hits.length === 0) return print('no match');
      const width = Math.max(...hits.map((h) => h.name.length));
      hits.forEach((h, i) => {
        print(`${String(i + 1).padStart(2)}. ${h.name.padEnd(width)}  ${h.score.toFixed(3).padStart(7)}  ${h.match.padEnd(9)} ${h.source}`);
        if (h.description) print(`    ${oneLine(h.description, 100)}`);
      });
    });
  },

  async explain(args, values) {
    if (args.length !== 2) throw new UsageError('explain needs a query and a tool name (quote a query of several words)');
    await withEngine(values, async (ts) => {
      const options = strategyOption(values);
      if (ts.embedder && options.strategy && options.strategy !== 'keyword' && options.strategy !== 'regex') {
        await ts.embedTools();
        const [vector] = await ts.embedder.embed([args[0]]);
        options.vector = vector;
      }
      const e = ts.explain(args[0], args[1], options);
      if (values.json) return printJson(e);
      print(`${e.name}: score ${e.score.toFixed(4)} (${e.match})`);
      print(`${e.strategy}: rank ${e.rank ?? '-'}${e.strategyScore === undefined ? '' : `, score ${e.strategyScore.toFixed(4)}`}`);
      if (e.legs) {
        const leg = (/** @type {any} */ l) =>
          !l ? 'not in its top' : l.rank === null ? `not in its top, score ${l.score.toFixed(4)}` : `rank ${l.rank}, score ${l.score.toFixed(4)}`;
        print(`  keyword leg: ${leg(e.legs.keyword)}; semantic leg: ${leg(e.legs.semantic)}`);
      }
      print(`query tokens: ${e.queryTokens.join(' ') || '(none)'}`);
      if (e.terms.length === 0) return print('no matching terms');
      print('term                 field               idf      tf   weight   lengthNorm    score');
      for (const t of e.terms) {
        print(
          `${t.term.padEnd(20)} ${t.field.padEnd(18)} ${num(t.idf, 6)} ${num(t.tf, 6)} ${num(t.weight, 7)} ${num(t.lengthNorm, 11)} ${num(t.score, 8)}`,
        );
      }
    });
  },

  async describe(args, values) {
    if (args.length !== 1) throw new UsageError('describe needs exactly one tool name');
    await withEngine(values, (ts) => printJson(ts.describe(args[0])));
  },

  async plan(args, values) {
    if (args.length > 0) throw new UsageError(`plan takes no arguments (got "${args[0]}")`);
    const contextWindow = intOption(values, 'context-window') ?? 200000;
    const topK = intOption(values, 'top-k');
    /** @type {import('./index.js').AssembleOptions} */
    const request = { contextWindow };
    if (values.mode !== undefined) request.mode = /** @type {any} */ (values.mode);
    if (values.message !== undefined) request.userMessage = values.message;
    if (topK !== undefined) request.topK = topK;
    await withEngine(values, (ts) => {
      const plan = ts.assemble(request);
      if (values.json) return printJson(plan);
      const t = plan.tokens;
      print(`catalog: ${ts.size} tools, fingerprint ${ts.fingerprint}`);
      print(`context window: ${contextWindow} tokens`);
      print(`gate ${plan.gate.mode}: deferral ${plan.gate.active ? 'active' : 'inactive'}, strategy ${plan.strategy} (${plan.gate.reason})`);
      print(`visible (${plan.visible.length}): ${plan.visible.map((v) => v.name).join(', ')}`);
      print(`deferred (${plan.deferred.length}): ${plan.deferred.join(', ') || '-'}`);
      const pct = t.withoutDeferral > 0 ? ` (${((100 * t.saved) / t.withoutDeferral).toFixed(1)}%)` : '';
      print(`tokens: ${t.withoutDeferral} without deferral, ${t.withDeferral} with, saved ${t.saved}${pct}; threshold ${plan.gate.threshold}`);
    });
  },

  async eval(args, values) {
    if (args.length > 0) throw new UsageError(`eval takes no arguments (got "${args[0]}")`);
    if (!values.queries) throw new UsageError('eval needs --queries FILE');
    const queries = parseQueries(await readText(values.queries, 'queries'), values.queries);
    if (queries.length === 0) throw new Error(`${values.queries} holds no queries`);
    await withEngine(values, async (ts) => {
      warnMissingGold(ts, queries);
      const lines = [];
      /** @type {import('./metrics.js').QueryScores[]} */
      const scores = [];
      /** @type {Map<string, import('./metrics.js').QueryScores[]>} */
      const bySubset = new Map();
      let totalMs = 0;
      const options = strategyOption(values);
      // A host embedder embeds the tools once and the queries in batches, before timing.
      const vectors = ts.embedder && options.strategy !== 'keyword' && options.strategy !== 'regex'
        ? await embedAll(ts, queries.map((q) => q.query))
        : undefined;
      for (const [i, q] of queries.entries()) {
        const start = performance.now();
        const ranked = ts.search(q.query, { ...options, limit: 10, ...(vectors ? { vector: vectors[i] } : {}) }).map((h) => h.name);
        const ms = performance.now() - start;
        totalMs += ms;
        const s = scoreQuery(ranked, q.gold);
        scores.push(s);
        if (q.subset) (bySubset.get(q.subset) ?? bySubset.set(q.subset, []).get(q.subset))?.push(s);
        if (values.out) lines.push(JSON.stringify({ id: q.id, ranked, ms: Number(ms.toFixed(3)) }));
      }
      if (values.out) await writeFile(values.out, lines.length ? `${lines.join('\n')}\n` : '');
      const m = meanScores(scores);
      if (values.json) {
        return printJson(
          {
            'recall@1': m.recall1,
            'recall@5': m.recall5,
            'recall@10': m.recall10,
            'ndcg@10': m.ndcg10,
            'mrr@10': m.mrr10,
            'all@10': m.all10,
            strategy: options.strategy ?? 'keyword',
            embedder: values.embedder ?? null,
            queries: m.queries,
          },
          false,
        );
      }
      const row = (/** @type {string} */ label, /** @type {import('./metrics.js').QueryScores & {queries: number}} */ s) =>
        `${label.padEnd(28)} ${String(s.queries).padStart(6)} ${[s.recall1, s.recall5, s.recall10, s.ndcg10, s.mrr10, s.all10].map((v) => v.toFixed(3).padStart(10)).join('')}`;
      print(`catalog: ${ts.size} tools; queries: ${m.queries}; mean search latency ${(totalMs / Math.max(1, queries.length)).toFixed(3)} ms`);
      print(`${'subset'.padEnd(28)} ${'n'.padStart(6)} ${['recall@1', 'recall@5', 'recall@10', 'nDCG@10', 'MRR@10', 'all@10'].map((h) => h.padStart(10)).join('')}`);
      for (const [subset, list] of [...bySubset].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) print(row(subset, meanScores(list)));
      print(row('overall', m));
    });
  },
};

/**
 * A gold name the catalog does not have can never be ranked, so its queries score 0 whatever
 * the engine does: say so on stderr (with the cataloged name when the catalog renamed it).
 * @param {import('./tool-search.js').ToolSearch} ts
 * @param {{gold: string[]}[]} queries
 */
function warnMissingGold(ts, queries) {
  const records = ts.tools();
  const names = new Set(records.map((t) => t.name));
  /** @type {Map<string, string>} */
  const renamed = new Map(records.filter((t) => t.originalName && t.originalName !== t.name).map((t) => [/** @type {string} */ (t.originalName), t.name]));
  /** @type {Map<string, number>} */
  const missing = new Map();
  let affected = 0;
  for (const q of queries) {
    const absent = q.gold.filter((g) => !names.has(g));
    if (absent.length > 0) affected++;
    for (const g of absent) missing.set(g, (missing.get(g) ?? 0) + 1);
  }
  if (missing.size === 0) return;
  process.stderr.write(`tool-search: warning: ${missing.size} gold name(s) are not in the catalog, so ${affected} of ${queries.length} queries cannot be fully recalled:\n`);
  for (const [name, count] of [...missing].slice(0, 10)) {
    const hint = renamed.has(name) ? ` (cataloged as ${renamed.get(name)})` : '';
    process.stderr.write(`  ${JSON.stringify(name)} in ${count} quer${count === 1 ? 'y' : 'ies'}${hint}\n`);
  }
  if (missing.size > 10) process.stderr.write(`  ... and ${missing.size - 10} more\n`);
}

/**
 * Loads the catalog, runs `body`, and always disposes the engine.
 * @param {Values} values
 * @param {(ts: import('./tool-search.js').ToolSearch) => void | Promise<void>} body
 */
async function withEngine(values, body) {
  if (values.namespacing !== undefined && values.namespacing !== 'none' && values.namespacing !== 'prefix') {
    throw new UsageError(`--namespacing must be "none" or "prefix" (got "${values.namespacing}")`);
  }
  const document = await loadCatalog(values.catalog);
  const groups = catalogGroups(document);
  const namespacing = values.namespacing ?? (hasNameCollision(groups) ? 'prefix' : 'none');
  const embedder = await embedderOption(values);
  const ts = await createToolSearch({ config: { namespacing }, ...(embedder.host ? { embedder: embedder.host } : {}) });
  if (embedder.table) ts.loadStaticTable(embedder.table);
  try {
    if (values.strict) ts.add(/** @type {any} */ (toolsFromCatalog(document)));
    else warnSkipped(addEachValid(ts, groups));
    await body(ts);
  } finally {
    ts.dispose();
  }
}

/**
 * The --strategy option as search options (none when absent).
 * @param {Values} values
 * @returns {{strategy?: 'keyword' | 'semantic' | 'hybrid' | 'regex', vector?: ArrayLike<number>}}
 */
function strategyOption(values) {
  const s = values.strategy;
  if (s === undefined) return {};
  if (!['keyword', 'semantic', 'hybrid', 'regex'].includes(s)) {
    throw new UsageError(`--strategy must be keyword, semantic, hybrid or regex (got "${s}")`);
  }
  if ((s === 'semantic' || s === 'hybrid') && values.embedder === undefined) {
    throw new UsageError(`--strategy ${s} needs --embedder (static, use-lite or openai)`);
  }
  return { strategy: /** @type {any} */ (s) };
}

/**
 * The --embedder option: a static table for the engine, or a host embedder.
 * @param {Values} values
 * @returns {Promise<{table?: Uint8Array, host?: import('./index.js').Embedder}>}
 */
async function embedderOption(values) {
  switch (values.embedder) {
    case undefined:
      return {};
    case 'static':
      return { table: await readFile(new URL('./static-embeddings.tsse', import.meta.url)) };
    case 'use-lite':
      return { host: (await import('./embedders/use-lite.js')).useLiteEmbedder() };
    case 'openai': {
      const model = process.env.TOOL_SEARCH_EMBED_MODEL;
      if (!model) throw new UsageError('--embedder openai needs TOOL_SEARCH_EMBED_MODEL (and OPENAI_BASE_URL / OPENAI_API_KEY)');
      const { openAIEmbedder } = await import('./embedders/openai.js');
      return { host: openAIEmbedder({ model, baseURL: process.env.OPENAI_BASE_URL, apiKey: process.env.OPENAI_API_KEY }) };
    }
    default:
      throw new UsageError(`--embedder must be static, use-lite or openai (got "${values.embedder}")`);
  }
}

/**
 * Embeds the catalog's tools, then `texts` in batches, with the engine's host embedder.
 * @param {import('./tool-search.js').ToolSearch} ts
 * @param {string[]} texts
 */
async function embedAll(ts, texts) {
  await ts.embedTools();
  const embedder = /** @type {import('./index.js').Embedder} */ (ts.embedder);
  /** @type {ArrayLike<number>[]} */
  const out = [];
  for (let i = 0; i < texts.length; i += 64) out.push(...(await embedder.embed(texts.slice(i, i + 64))));
  return out;
}

/**
 * The catalog document of a file (JSON, or JSONL with one tool per line). A byte-order mark is
 * ignored; an empty file is an error, not an empty catalog.
 * @param {string | undefined} file
 * @returns {Promise<unknown>}
 */
async function loadCatalog(file) {
  const text = await readText(file ?? DEFAULT_CATALOG, 'catalog');
  const where = file ?? 'the built-in catalog';
  if (text.trim() === '') throw new Error(`catalog ${where} is empty`);
  let document;
  try {
    document = JSON.parse(text);
  } catch {
    return parseJsonLines(text, where); // catalog.jsonl: one tool per line
  }
  return jsonRpcResult(document, where);
}

/**
 * A raw JSON-RPC response (what a `tools/list` request to an MCP server answers, saved as is)
 * stands for its `result`; an error response is reported as the server's error.
 * @param {unknown} document
 * @param {string} where
 */
function jsonRpcResult(document, where) {
  if (!isPlainObject(document) || typeof document.jsonrpc !== 'string') return document;
  const error = /** @type {any} */ (document.error);
  if (error !== undefined) throw new Error(`catalog ${where} is a JSON-RPC error response: ${error?.message ?? JSON.stringify(error)}${error?.code === undefined ? '' : ` (code ${error.code})`}`);
  if (document.result === undefined) throw new Error(`catalog ${where} is a JSON-RPC message without a result`);
  return document.result;
}

/**
 * Without --strict, every entry that is not a valid tool (a name with a space, a number where a
 * tool should be, a value that cannot be read) is left out on its own, group by group.
 * @param {import('./tool-search.js').ToolSearch} ts
 * @param {ReturnType<typeof catalogGroups>} groups
 * @returns {(import('./index.js').AddRejection & {where: string})[]}
 */
function addEachValid(ts, groups) {
  return groups.flatMap((g) => {
    const { rejected } = ts.add(/** @type {any} */ (g.tools), { ...g.defaults, onInvalid: 'skip' });
    return rejected.map((r) => ({ ...r, where: `${g.where}[${r.index}]` }));
  });
}

/**
 * Real catalogs have a few invalid tools (e.g. a name with a space): they are left out with a
 * warning unless --strict.
 * @param {(import('./index.js').AddRejection & {where: string})[]} skipped
 */
function warnSkipped(skipped) {
  if (skipped.length === 0) return;
  process.stderr.write(`tool-search: warning: left out ${skipped.length} invalid tool(s) (--strict makes this an error):\n`);
  for (const r of skipped.slice(0, 20)) {
    const label = r.name ? JSON.stringify(r.name) : r.where;
    process.stderr.write(`  ${label}: ${r.message.replace(/^tool-search: /, '')} [${r.code}]\n`);
  }
  if (skipped.length > 20) process.stderr.write(`  ... and ${skipped.length - 20} more\n`);
}

/**
 * Whether two entries share a name (then MCP tools are namespaced). Entries that do not read
 * as tools are skipped here; adding them reports them.
 * @param {ReturnType<typeof catalogGroups>} groups
 */
function hasNameCollision(groups) {
  const seen = new Set();
  for (const g of groups) {
    for (const entry of g.tools) {
      let name;
      try {
        name = normalizeTool(entry, g.defaults).name;
      } catch {
        continue;
      }
      if (seen.has(name)) return true;
      seen.add(name);
    }
  }
  return false;
}

/**
 * @param {string} text
 * @param {string} where
 * @returns {{id: string, query: string, gold: string[], subset?: string}[]}
 */
function parseQueries(text, where) {
  return parseJsonLines(text, where).map((q, i) => {
    if (typeof q !== 'object' || q === null || typeof q.query !== 'string' || !Array.isArray(q.gold) || q.gold.length === 0) {
      throw new Error(`${where}: query ${i + 1} must be {"id", "query": string, "gold": [names]}`);
    }
    return { id: String(q.id ?? i + 1), query: q.query, gold: q.gold.map(String), subset: typeof q.subset === 'string' ? q.subset : undefined };
  });
}

/**
 * @param {string} text
 * @param {string} where
 * @returns {any[]}
 */
function parseJsonLines(text, where) {
  /** @type {any[]} */
  const out = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    try {
      out.push(JSON.parse(line));
    } catch (error) {
      throw new Error(`${where}:${i + 1}: not JSON (${/** @type {Error} */ (error).message})`);
    }
  });
  return out;
}

/**
 * @param {string | URL} file
 * @param {string} what
 */
async function readText(file, what) {
  try {
    // A byte-order mark (editors on Windows write one) is not part of the JSON.
    return (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
  } catch (error) {
    throw new Error(`cannot read ${what} ${file instanceof URL ? file.pathname : file}: ${/** @type {any} */ (error).code ?? error}`);
  }
}

/**
 * A positive integer option, or undefined when absent.
 * @param {Values} values
 * @param {'limit' | 'context-window' | 'top-k'} name
 */
function intOption(values, name) {
  const raw = values[name];
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new UsageError(`--${name} must be a positive integer (got "${raw}")`);
  return Number(raw);
}

async function printVersion() {
  const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
  const ts = await createToolSearch();
  try {
    print(`tool-search-wasm ${pkg.version} (core ${ts.coreVersion})`);
  } finally {
    ts.dispose();
  }
  return 0;
}

/** @param {string} line */
function print(line) {
  process.stdout.write(`${line}\n`);
}
/** @param {unknown} value @param {boolean} [pretty] */
function printJson(value, pretty = true) {
  print(pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value));
}
/** @param {string} text @param {number} max */
function oneLine(text, max) {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
/** @param {number} v @param {number} width */
function num(v, width) {
  return (Number.isInteger(v) ? String(v) : v.toFixed(3)).padStart(width);
}

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
