// The evidence behind bench/search.bench.mjs's choice of each peer's "fastest ordinary
// configuration": every ordinary option of each library that could make it faster, timed side by
// side (interleaved rounds, per library) on the long Seal-Tools queries and on the short MCP
// queries, with recall@5/@10 beside, so an option that is faster only by finding less shows it.
//
//   node bench/peer-options.bench.mjs [--rounds 3] [--time-queries 40] [--recall-queries 300] [--library flexsearch]
//
// Seal-Tools recall here is over an even sample of the test queries (`--recall-queries`), to keep
// the slow variants affordable; search.bench.mjs reports it over all of them.

import { parseArgs } from 'node:util';

import {
  buildAndScore,
  evenSample,
  flexDocument,
  flexIndex,
  lunrIndex,
  mcpShape,
  mean,
  minisearch,
  orama,
  OUR_WEIGHTS,
  sealShape,
  summarize,
  timeRounds,
  wink,
} from './peers.mjs';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    'time-queries': { type: 'string', default: '40' },
    'recall-queries': { type: 'string', default: '300' },
    library: { type: 'string' },
  },
});

const FIELDS = Object.keys(OUR_WEIGHTS);
const THREE = ['name', 'description', 'paramNames'];

/** [library, [[variant, make], ...]]; the first variant is the library's defaults over one field. */
const VARIANTS = [
  ['flexsearch', [
    ['Index, 1 field, suggest (defaults: strict, resolution 9)', (t) => flexIndex(t)],
    ['  + resolution 3', (t) => flexIndex(t, { resolution: 3 })],
    ['  + resolution 1 (no scoring)', (t) => flexIndex(t, { resolution: 1 })],
    ['  + fastupdate: true', (t) => flexIndex(t, { fastupdate: true })],
    ['  + encoder Charset.Exact', (t) => flexIndex(t, { charset: 'Exact' })],
    ['  + encoder Charset.LatinBalance', (t) => flexIndex(t, { charset: 'LatinBalance' })],
    ['  + English encoder (lang/en: stemmer, stop words)', (t) => flexIndex(t, { english: true })],
    ['  + tokenize: forward', (t) => flexIndex(t, { tokenize: 'forward' })],
    ['  + tokenize: tolerant', (t) => flexIndex(t, { tokenize: 'tolerant' })],
    ['  + context: true', (t) => flexIndex(t, { context: true })],
    ['  + cache: 1000 (searchCache; rounds repeat queries)', (t) => flexIndex(t, { cache: 1000 })],
    ['  + English encoder + context: true', (t) => flexIndex(t, { english: true, context: true })],
    ['  + English encoder + context: true, encoder cache off', (t) => flexIndex(t, { english: true, context: true, encoderCache: false })],
    ['  + English encoder + resolution 3', (t) => flexIndex(t, { english: true, resolution: 3 })],
    ['  + English encoder + context: true + resolution 3', (t) => flexIndex(t, { english: true, context: true, resolution: 3 })],
    ['  + English encoder (Charset.Exact) + context: true', (t) => flexIndex(t, { english: true, charset: 'Exact', context: true })],
    ['Document, 3 fields, merge (the README\'s old config)', (t) => flexDocument(t, { fields: THREE })],
    ['Document, 4 fields, merge, English encoder', (t) => flexDocument(t, { english: true })],
    ['Document, 4 fields, Resolver boosts, English encoder', (t) => flexDocument(t, { boost: true, english: true })],
    ['  + tokenize: tolerant', (t) => flexDocument(t, { boost: true, english: true, tokenize: 'tolerant' })],
  ]],
  ['minisearch', [
    ['1 field (defaults)', (t) => minisearch(t)],
    ['  + stop words', (t) => minisearch(t, { stop: true })],
    ['  + prefix: true', (t) => minisearch(t, { prefix: true })],
    ['3 fields', (t) => minisearch(t, { fields: THREE })],
    ['4 fields, boosts, stop words', (t) => minisearch(t, { fields: FIELDS, boost: OUR_WEIGHTS, stop: true })],
    ['  + fuzzy 0.2 (short queries)', (t) => minisearch(t, { fields: FIELDS, boost: OUR_WEIGHTS, stop: true, fuzzy: 'short' })],
    ['  + fuzzy 0.2 (every query)', (t) => minisearch(t, { fields: FIELDS, boost: OUR_WEIGHTS, stop: true, fuzzy: true })],
  ]],
  ['@orama/orama', [
    ['1 field (defaults)', (t) => orama(t)],
    ['  + stop words', (t) => orama(t, { stop: true })],
    ['  + stemming, stop words', (t) => orama(t, { stemming: true, stop: true })],
    ['  + threshold 0 (every term must match)', (t) => orama(t, { threshold: 0 })],
    ['4 fields, boosts, stemming, stop words', (t) => orama(t, { fields: FIELDS, boost: OUR_WEIGHTS, stemming: true, stop: true })],
    ['  + tolerance 1 (short queries)', (t) => orama(t, { fields: FIELDS, boost: OUR_WEIGHTS, stemming: true, stop: true, fuzzy: 'short' })],
  ]],
  ['wink-bm25-text-search', [
    ['1 field, lower-case + tokenize', (t) => wink(t, { prep: 'plain' })],
    ['1 field, + stop words', (t) => wink(t, { prep: 'stop' })],
    ['1 field, + stop words + stem', (t) => wink(t, { prep: 'stem' })],
    ['4 fields, weights, stop words + stem', (t) => wink(t, { weights: OUR_WEIGHTS })],
  ]],
  ['lunr', [
    ['1 field (defaults: stemmer, stop words)', (t) => lunrIndex(t)],
    ['  + no pipeline', (t) => lunrIndex(t, { pipeline: false })],
    ['4 fields, boosts', (t) => lunrIndex(t, { boosts: OUR_WEIGHTS })],
    ['  + edit distance 1 (short queries)', (t) => lunrIndex(t, { boosts: OUR_WEIGHTS, fuzzy: 'short' })],
    ['  + edit distance 1 (every query)', (t) => lunrIndex(t, { boosts: OUR_WEIGHTS, fuzzy: true })],
  ]],
];

const progress = (text) => process.stderr.write(`  ... ${text}\n`);
const seal = sealShape();
const shapes = [
  { ...seal, queries: evenSample(seal.queries, Number(args['recall-queries'])) },
  mcpShape(),
];

for (const shape of shapes) {
  const timed = evenSample(shape.queries, Number(args['time-queries'])).map((q) => q.query);
  console.log(`\n${shape.sections[0].title}: recall over ${shape.queries.length} queries, ` +
    `time over ${timed.length} x ${args.rounds} interleaved rounds`);
  for (const [library, variants] of VARIANTS) {
    if (args.library && library !== args.library) continue;
    const built = [];
    for (const [label, make] of variants) {
      progress(`${shape.key} ${library}: ${label.trim()}`);
      built.push({ label, ...(await buildAndScore(shape, make)) });
    }
    const times = timeRounds(built.map((b) => b.engine), timed, Number(args.rounds));
    console.log(`\n${library}`);
    console.table(built.map((b, i) => {
      const { all } = summarize(b.scores);
      return {
        variant: b.label,
        'µs/query': Math.round(mean(times[i]) * 1000).toLocaleString('en'),
        'build ms': Math.round(b.buildMs),
        'recall@5': all.recall5.toFixed(3),
        'recall@10': all.recall10.toFixed(3),
      };
    }));
  }
}
