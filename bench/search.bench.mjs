// Search speed and recall through the JS API, side by side with the JS search libraries people
// would otherwise use, each in two configurations, on twenty-two query shapes, in one run.
//
//   node bench/search.bench.mjs [--shape seal|mcp|european|cjk-russian|heldout|heldout2|heldout3|heldout4|heldout4-requests|heldout5|heldout6|heldout7|heldout8|heldout9|heldout10|heldout11|heldout12|heldout13|heldout14|misspelt|misspelt-heldout|10k|all] [--rounds 3] [--time-queries 60]
//                               [--recall-queries N] [--big-queries 250] [--size 10000] [--json]
//                               [--misses N]   (also list ours' first N misses in the top 5, per section)
//
// Shapes (bench/peers.mjs builds them):
// - seal: long sentences (about 54 words), ../shared/data/seal_tools test: 4,076 tools, 1,354
//   queries (Apache-2.0).
// - mcp: short model-style queries (1-4 words, abbreviations, typos, synonyms, whole messages,
//   non-English) over the built-in catalog (js/catalogs/official-mcp.json, 104 tools):
//   bench/data/official-mcp-queries.jsonl, hand-labelled (bench/data/README.md); recall by kind.
// - european, cjk-russian: whole requests over the built-in catalog, 12 in each of Spanish,
//   Italian, Portuguese, French and German (bench/data/official-mcp-european-messages.jsonl) or of
//   Russian, Chinese, Japanese and Korean (official-mcp-cjk-russian-messages.jsonl); recall by
//   language.
// - heldout: the same kinds of short queries over ten third-party MCP servers that are not in the
//   built-in catalog (bench/data/heldout-mcp.json, 176 tools; 149 queries in
//   bench/data/heldout-mcp-queries.jsonl), written before any engine was run on them.
// - heldout2: the same again over nine more third-party servers (bench/data/heldout2-mcp.json,
//   78 tools; 104 queries in bench/data/heldout2-mcp-queries.jsonl), captured and written a
//   round after the first held-out set had been used for tuning.
// - heldout3: the same again over six more (bench/data/heldout3-mcp.json; 93 queries in
//   bench/data/heldout3-mcp-queries.jsonl), captured after the second had been used for tuning.
// - heldout4: the same again over nine more (bench/data/heldout4-mcp.json, 146 tools; 120 queries
//   in bench/data/heldout4-mcp-queries.jsonl), captured after the third had been used for tuning.
// - heldout4-requests: whole requests over the same nine servers, 8 in each of German, French,
//   Spanish, Portuguese, Italian, Russian, Chinese, Japanese and Korean
//   (bench/data/heldout4-mcp-multilingual-requests.jsonl), written before any engine ranked
//   them; recall by language.
// - heldout5: the same again over nine more (bench/data/heldout5-mcp.json, 161 tools: payments,
//   task lists, BI, object storage, a calendar, flights, lodging, e-mail; 119 queries in
//   bench/data/heldout5-mcp-queries.jsonl), captured after the fourth had been used for tuning.
// - heldout6: the same again over nine more (bench/data/heldout6-mcp.json, 192 tools: a web shop,
//   bookkeeping, recipes and meal plans, an IMAP/SMTP mailbox, fitness, diagrams, a forum, SMS,
//   a notes vault; 127 queries in bench/data/heldout6-mcp-queries.jsonl), captured after the
//   fifth had been used for tuning.
// - heldout7: the same again over nine more (bench/data/heldout7-mcp.json, 181 tools: code
//   quality, crypto exchanges, a stock screener, charts, workflow automation, search consoles and
//   AdSense, SSH hosts, local language models, translation; 127 queries in
//   bench/data/heldout7-mcp-queries.jsonl), captured after the sixth had been run once.
// - heldout8: the same again over eight more (bench/data/heldout8-mcp.json, 206 tools: a password
//   vault and its organisation, an EVM blockchain and its storage network, Google Sheets and
//   Excel files, Apple's developer docs and WWDC talks, voice agents, a Firebase backend, YouTube
//   statistics; 127 queries in bench/data/heldout8-mcp-queries.jsonl), captured after the
//   seventh had been run once.
// - heldout9: the same again over nine more (bench/data/heldout9-mcp.json, 181 tools: marketing
//   campaigns, A/B tests and message templates, saved bookmarks and highlights, a media library
//   and AI images, recruiting, gym workouts, test management, a game engine, coding problems,
//   books; 127 queries in bench/data/heldout9-mcp-queries.jsonl), captured after the eighth had
//   been run once.
// - heldout10: the same again over eight more (bench/data/heldout10-mcp.json, 160 tools: personal
//   budgets and transactions, food delivery and meal kits, developer utilities, job queues,
//   domain names, the Hugging Face Hub, Chinese astrology; 127 queries in
//   bench/data/heldout10-mcp-queries.jsonl), captured after the ninth had been run once.
// - heldout11: the same again over eight more (bench/data/heldout11-mcp.json, 113 tools: Android
//   devices and iOS simulators, app-store releases and listings, a z/OS mainframe and its Db2,
//   circuit netlists, a Windows debugger, an icon library, requirements from PDF specifications;
//   127 queries in bench/data/heldout11-mcp-queries.jsonl), captured after the tenth had been run
//   once.
// - heldout12: the same again over seven more (bench/data/heldout12-mcp.json, 157 tools: identity
//   verification, KYB and AML screening, cloud compliance benchmarks and security detections, web
//   accessibility audits, marketplaces of human workers, Ableton Live projects and racks; 127
//   queries in bench/data/heldout12-mcp-queries.jsonl), captured after the eleventh had been
//   committed.
// - heldout13: the same again over eight more (bench/data/heldout13-mcp.json, 99 tools: firewall
//   policy management, PDF generation and editing, speech, voice and video generation, a
//   data-science platform, an infrastructure-as-code registry, choosing a language model, web
//   session recordings, a video framework's documentation; 127 queries in
//   bench/data/heldout13-mcp-queries.jsonl), captured after the twelfth had been committed.
// - heldout14: the same again over eight more (bench/data/heldout14-mcp.json, 105 tools: Chinese,
//   Hong Kong and US stock-market data, translation memories and glossaries, a CRM platform's
//   objects, records and Apex code, live and historic flight tracking, Chinese maps, hotel search,
//   time zones, US weather alerts; 127 queries in bench/data/heldout14-mcp-queries.jsonl), captured
//   after the thirteenth had been run once.
// - misspelt, misspelt-heldout: the whole messages of mcp (55) and heldout (44), each with a
//   typo in up to two of its words of 5+ letters, made deterministically by bench/peers.mjs
//   misspell() (a letter dropped, swapped, doubled or replaced by a neighbouring key).
// - 10k: 10,000 tools (Seal-Tools, MetaTool's 199, the 104 MCP tools, Seal-Tools copies), with
//   250 Seal-Tools test queries and the MCP set reported apart. A copy stands for its original:
//   a gold slot is filled by the tool or any copy, and a copy takes a rank as a near-duplicate
//   would, so recall there is lower for every library (bench/peers.mjs, bigShape).
//
// Every engine indexes the same text: the name split into words (peers' tokenizers do not split
// identifiers; ours does it itself), the description, parameter names, and in the four-field
// configurations parameter descriptions too. Ours is called as users call it:
// `ts.search(query, { limit: 10 })`, hit objects mapped to names. Every library returns its top 10.
//
// Each peer runs in two configurations (bench/peers.mjs, PEERS):
// - fast: its fastest ordinary configuration. Each option that could be faster was timed
//   (bench/peer-options.bench.mjs, which prints the evidence); the winners:
//   - flexsearch: one `Index` over name words + description + parameter names, `suggest: true`,
//     with its English encoder (flexsearch/lang/en: stemmer and stop-word filter) and
//     `context: true`. Stop words take most terms out of long queries and the context index
//     scores the rest from term pairs: about 6x faster than the defaults on Seal-Tools, and recall@5
//     0.54 -> 0.74. Not faster: resolution 3 (within noise) or 1, fastupdate, LatinBalance,
//     tokenize forward/tolerant. Charset.Exact is 15-25% faster still but matches case-sensitively,
//     which no one wants for free text. The result cache (`cache`) is left out: the rounds repeat
//     the same queries, so it would time a hash lookup, and agents rarely repeat a query. Its
//     encoder's own cache (on by default) is kept, though it also remembers whole short queries
//     (short MCP queries take about 1.5x as long with it off): it errs in FlexSearch's favour.
//   - minisearch: one field, stop words dropped in `processTerm` (its documented way): 4-7x faster
//     than the defaults on long queries, with better recall. `prefix` is slower.
//   - @orama/orama: one field, an English stop-word list in the tokenizer: about 3x faster than
//     the defaults (every query word is a prefix search, and "a" or "to" expands to thousands).
//     `threshold: 0` (every word must match) finds nothing for long queries and is not faster.
//   - wink-bm25-text-search: one field, lower-case + tokenize + stop words; adding its stemmer is
//     slower, and without stop words it is 3-4x slower.
//   - lunr: one field with its defaults (stemmer and stop words); without its pipeline it is 3x
//     slower (more terms). Queries go through `idx.query()`: `idx.search()` parses a syntax and
//     throws on some real queries.
// - close: the configuration closest to ours (BM25F over name, description, parameter names and
//   descriptions weighted 4 / 1 / 0.25 / 0.5, a light stemmer, stop words, typo tolerance in
//   queries of up to 6 words), as far as each library offers it: four fields with our weights
//   (FlexSearch: a Resolver OR with boosts), its stemmer and stop words where it has them, and its
//   fuzzy matching (MiniSearch fuzzy 0.2, Orama tolerance 1, lunr edit distance 1: in short
//   queries only, as ours; FlexSearch's `tokenize: 'tolerant'` is per index, so everywhere).
//
// Measures, per shape and configuration: index build time (the tools added, ready to search);
// recall@5 and recall@10 (js/src/metrics.js: per query, the share of its gold in the top k,
// averaged) over every query of the shape (`--recall-queries` caps it for quick runs), so a faster
// but worse peer shows as such; and speed: `--time-queries` queries spread over the shape, every
// engine warmed by the recall pass, then `--rounds` interleaved rounds (each runs every engine over
// the same queries, in a rotating order); a query's time is its median over the rounds and the
// figure is the mean over the queries. "÷ ours" is the engine's time over ours: above 1, ours is
// faster. Compare ratios, not absolutes: the machine is shared.

import { parseArgs } from 'node:util';

import { buildAndScore, evenSample, mean, ours, PEERS, SHAPES, summarize, timeRounds } from './peers.mjs';

const { values: args } = parseArgs({
  options: {
    shape: { type: 'string', default: 'all' },
    rounds: { type: 'string', default: '3' },
    'time-queries': { type: 'string', default: '60' },
    'recall-queries': { type: 'string' },
    'big-queries': { type: 'string', default: '250' },
    size: { type: 'string', default: '10000' },
    json: { type: 'boolean', default: false },
    misses: { type: 'string', default: '0' },
  },
});
const ROUNDS = Number(args.rounds);
const TIMED = Number(args['time-queries']);
const chosen = args.shape === 'all' ? Object.keys(SHAPES) : args.shape.split(',');
for (const s of chosen) if (!SHAPES[s]) throw new Error(`--shape must be ${Object.keys(SHAPES).join(', ')} or all (got "${s}")`);

const ENGINES = [
  { library: 'tool-search-wasm', config: 'ours', label: 'defaults, ts.search(q, { limit: 10 })', make: ours },
  ...PEERS.flatMap((p) => ['fast', 'close'].map((config) => ({ library: p.library, config, ...p[config] }))),
];

const progress = (text) => process.stderr.write(`  ... ${text}\n`);
const out = (line = '') => {
  if (!args.json) console.log(line);
};
const fmt = (x, digits = 3) => x.toFixed(digits);
const us = (ms) => Math.round(ms * 1000).toLocaleString('en');
/** "3.2x faster" / "2.1x slower", from the peer's time over ours. */
const versus = (ratio) => (ratio >= 1 ? `ours ${ratio.toFixed(1)}x faster` : `ours ${(1 / ratio).toFixed(1)}x slower`);

/** Builds every engine over the shape, scores every query, times the sampled ones. */
async function runShape(shape) {
  if (args['recall-queries']) shape.queries = evenSample(shape.queries, Number(args['recall-queries']));
  const built = [];
  for (const e of ENGINES) {
    progress(`${shape.key}: ${e.library} (${e.config}): build + recall`);
    built.push({ ...e, ...(await buildAndScore(shape, e.make)) });
  }
  const sections = shape.sections.map((section) => {
    const queries = shape.queries.filter((q) => !section.kind || q.kind === section.kind);
    return { ...section, queries, timed: evenSample(queries, TIMED).map((q) => q.query) };
  });
  // One set of rounds over every section's timed queries, so the sections share the conditions.
  const texts = sections.flatMap((s) => s.timed);
  const times = timeRounds(built.map((b) => b.engine), texts, ROUNDS, (r) => progress(`${shape.key}: round ${r + 1}/${ROUNDS}`));
  for (const b of built) b.engine.dispose?.();
  let offset = 0;
  return sections.map((section) => {
    const slice = (perQuery) => perQuery.slice(offset, offset + section.timed.length);
    const rows = built.map((b, i) => {
      const scores = summarize(b.scores.filter((s) => !section.kind || s.kind === section.kind));
      return {
        library: b.library,
        config: b.config,
        label: b.label,
        msPerQuery: mean(slice(times[i])),
        buildMs: b.buildMs,
        recall5: scores.all.recall5,
        recall10: scores.all.recall10,
        byKind: section.byKind ? Object.fromEntries(Object.entries(scores.byKind).map(([k, v]) => [k, { recall5: v.recall5, recall10: v.recall10, queries: v.queries }])) : undefined,
      };
    });
    offset += section.timed.length;
    for (const r of rows) r.timeVsOurs = r.msPerQuery / rows[0].msPerQuery;
    const misses = shape.queries
      .map((q, i) => ({ ...q, top5: built[0].ranked[i].slice(0, 5), recall5: built[0].scores[i].recall5 }))
      .filter((q) => (!section.kind || q.kind === section.kind) && q.recall5 < 1)
      .slice(0, Number(args.misses));
    return { shape: shape.key, title: section.title, tools: shape.tools.length, queries: section.queries.length, timedQueries: section.timed.length, rounds: ROUNDS, rows, misses };
  });
}

function print(section) {
  out(`\n== ${section.title}`);
  out(`   recall over ${section.queries} queries; time over ${section.timedQueries} queries x ${section.rounds} interleaved rounds`);
  if (args.json) return;
  console.table(section.rows.map((r) => ({
    library: r.library,
    config: r.config,
    'µs/query': us(r.msPerQuery),
    '÷ ours': r.config === 'ours' ? '1.00' : fmt(r.timeVsOurs, 2),
    'build ms': Math.round(r.buildMs).toLocaleString('en'),
    'recall@5': fmt(r.recall5),
    'recall@10': fmt(r.recall10),
  })));
  const [own, ...peers] = section.rows;
  const fastest = peers.reduce((a, b) => (a.msPerQuery < b.msPerQuery ? a : b));
  const best = peers.reduce((a, b) => (a.recall5 > b.recall5 ? a : b));
  const flex = peers.find((r) => r.library === 'flexsearch' && r.config === 'fast');
  out(`   fastest peer: ${fastest.library} (${fastest.config}), ${versus(fastest.timeVsOurs)}; its recall@5 ${fmt(fastest.recall5)} vs ours ${fmt(own.recall5)}`);
  out(`   best peer recall@5: ${best.library} (${best.config}) ${fmt(best.recall5)} vs ours ${fmt(own.recall5)}, ${versus(best.timeVsOurs)}`);
  out(`   vs FlexSearch's fastest: ${versus(flex.timeVsOurs)} (bar: 5x faster at higher recall); recall@5 ${fmt(flex.recall5)} vs ours ${fmt(own.recall5)}`);
  if (section.rows[0].byKind) {
    out('   recall@5 by kind of query:');
    const kinds = Object.keys(own.byKind);
    console.table(section.rows.map((r) => ({
      library: r.library,
      config: r.config,
      ...Object.fromEntries(kinds.map((k) => [`${k} (${own.byKind[k].queries})`, fmt(r.byKind[k].recall5)])),
    })));
  }
  if (section.misses.length) out(`   ours' misses in the top 5 (${section.misses.length} shown):`);
  for (const m of section.misses) {
    out(`   - [${m.kind}] ${JSON.stringify(m.query.length > 90 ? `${m.query.slice(0, 87)}...` : m.query)}: gold ${m.gold.join(', ')}`);
    out(`       got ${m.top5.join(', ') || '(nothing)'}`);
  }
}

out(`search bench: Node ${process.version}, top 10, ${ROUNDS} rounds, up to ${TIMED} timed queries per section`);
out('configurations: ' + ENGINES.map((e) => `\n  ${e.library} (${e.config}): ${e.label}`).join(''));
const report = [];
for (const key of chosen) {
  for (const section of await runShape(SHAPES[key]({ size: Number(args.size), sealQueries: Number(args['big-queries']) }))) {
    report.push(section);
    print(section);
  }
}
if (args.json) {
  const configurations = ENGINES.map(({ library, config, label }) => ({ library, config, label }));
  console.log(JSON.stringify({ node: process.version, rounds: ROUNDS, timeQueries: TIMED, configurations, sections: report }, null, 2));
}
