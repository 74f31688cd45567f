// Shared by bench/search.bench.mjs and bench/peer-options.bench.mjs: the three query shapes, the
// text every library indexes, our engine through its public API, each peer in its two
// configurations, and recall as js/src/metrics.js scores it.
//
// Why each peer configuration is what it is: see the header of bench/search.bench.mjs; the
// alternatives behind "fastest" are timed by bench/peer-options.bench.mjs.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { create as oramaCreate, insertMultiple as oramaInsertMultiple, search as oramaSearch } from '@orama/orama';
import FlexSearch from 'flexsearch';
import flexEnglish from 'flexsearch/lang/en';
import lunr from 'lunr';
import MiniSearch from 'minisearch';
import winkBm25 from 'wink-bm25-text-search';
import nlp from 'wink-nlp-utils';

import { jsDir, resolveExport } from '../tests/js/support/packed.mjs';
import { METATOOL, requireData, SEAL as SEAL_DIR } from '../scripts/shared-data.mjs';

export const K = 10;
const MCP_CATALOG = fileURLToPath(new URL('../js/catalogs/official-mcp.json', import.meta.url));
const MCP_QUERIES = fileURLToPath(new URL('data/official-mcp-queries.jsonl', import.meta.url));

// ---- the package, as users import it ---------------------------------------------------------

const manifest = JSON.parse(readFileSync(join(jsDir, 'package.json'), 'utf8'));
export const entry = pathToFileURL(join(jsDir, resolveExport(manifest, '.', ['node', 'import']))).href;
// Imported once here, so build times do not include loading the module (cold-start.bench.mjs times that).
const { createToolSearch } = await import(entry);
const { scoreQuery, meanScores } = await import(pathToFileURL(join(jsDir, 'dist', 'metrics.js')).href);
export { meanScores };

// ---- the shapes ------------------------------------------------------------------------------

const readJsonl = (file) => readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
// One Seal-Tools name has spaces ("requestFirst Aid Assistance"), which tool names may not; it is
// renamed the same way in the catalog and in the gold lists, for every library.
const safeName = (name) => name.replace(/\s+/g, '_');
const COPY = /__r\d+$/;

function sealTools() {
  return readJsonl(join(requireData(SEAL_DIR), 'catalog.jsonl')).map((t) => ({ name: safeName(t.name), description: t.description, parameters: t.parameters }));
}
function sealQueries() {
  return readJsonl(join(requireData(SEAL_DIR), 'queries-test.jsonl')).map((q) => ({ query: q.query, gold: [...new Set(q.gold.map(safeName))], kind: q.subset }));
}

/** A captured catalog's tools as the engine names them with `namespacing: 'prefix'`. */
function mcpTools(file = MCP_CATALOG) {
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  return doc.servers.flatMap((s) =>
    s.tools.map((t) => ({ name: `mcp_${s.server}_${t.name}`, original: t, source: `mcp:${s.server}` })),
  );
}

/**
 * A shape: what every engine indexes (`tools`: name, description, parameters, and for MCP tools
 * the original entry and its source, which ours is given as a user gives them), the labelled
 * queries, how a returned name maps to the gold it stands for, and the report's sections (a
 * section with `kind` covers that kind of query only; `byKind` adds recall per kind).
 * @typedef {{name: string, description?: string, parameters?: any, original?: any, source?: string}} BenchTool
 * @typedef {{query: string, gold: string[], kind?: string}} Query
 * @typedef {{title: string, kind?: string, byKind?: boolean}} Section
 * @typedef {{key: string, tools: BenchTool[], queries: Query[], canonical: (name: string) => string, sections: Section[]}} Shape
 */

/** @returns {Shape} */
export function sealShape() {
  const tools = sealTools();
  const queries = sealQueries();
  const title = `long sentences: Seal-Tools test (${tools.length.toLocaleString('en')} tools, ${queries.length.toLocaleString('en')} queries)`;
  return { key: 'seal', tools, queries, canonical: (n) => n, sections: [{ title }] };
}

/** A captured MCP catalog and its labelled short queries, reported by kind. */
function capturedShape(key, catalogFile, queriesFile, what) {
  const tools = mcpTools(catalogFile).map((t) => ({ ...t, description: t.original.description, parameters: t.original.inputSchema }));
  const names = new Set(tools.map((t) => t.name));
  const queries = readJsonl(queriesFile);
  for (const q of queries) for (const g of q.gold) if (!names.has(g)) throw new Error(`${queriesFile}: unknown gold tool ${g}`);
  const title = `short model-style queries: ${what} (${tools.length} tools, ${queries.length} queries)`;
  return { key, tools, queries, canonical: (n) => n, sections: [{ title, byKind: true }] };
}

const MCP_TITLE = 'built-in MCP catalog';

/** @returns {Shape} */
export function mcpShape() {
  return capturedShape('mcp', MCP_CATALOG, MCP_QUERIES, MCP_TITLE);
}

/**
 * Whole requests over the built-in catalog in the lexicon's other languages, full of the words a
 * model's short query leaves out, reported by language (bench/data/README.md):
 * - european: Spanish, Italian, Portuguese, French and German, 12 each ("¿Podrías mostrarme el
 *   contenido del archivo ...?"), written after Spanish "del" was seen to find delete tools;
 * - cjk-russian: Russian, Chinese, Japanese and Korean, 12 each, written the round after, before
 *   any engine ran on them.
 */
const LANGUAGE_TITLES = {
  european: 'requests in five European languages, built-in MCP catalog',
  'cjk-russian': 'requests in Russian, Chinese, Japanese and Korean, built-in MCP catalog',
};

/** @param {keyof typeof LANGUAGE_TITLES} set @returns {Shape} */
export function languageShape(set) {
  const queries = fileURLToPath(new URL(`data/official-mcp-${set}-messages.jsonl`, import.meta.url));
  return capturedShape(set, MCP_CATALOG, queries, LANGUAGE_TITLES[set]);
}

/**
 * The held-out catalogs (bench/data/README.md), each a set of third-party MCP servers that are
 * not in the built-in catalog, with queries written before any engine was run on them:
 * - heldout: ten servers (Playwright, Notion, Firecrawl, Kubernetes, Tavily, Desktop Commander,
 *   MongoDB, Exa, Context7, Airtable);
 * - heldout2: nine more, captured after the first had been used for tuning (HubSpot, Sentry,
 *   Jira, Linear, Figma, Discord, YouTube transcripts, Elasticsearch, Pinecone);
 * - heldout3: six more, captured after the second had (CircleCI, Datadog, LINE, Browserbase,
 *   Asana, Glean);
 * - heldout4: nine more, captured after the third had (Mapbox, Contentful, LaunchDarkly, Argo CD,
 *   Rollbar, SQL Server, Infisical, a weather server, Vercel);
 * - heldout5: nine more, captured after the fourth had (Paddle, Todoist, Metabase, Google Cloud
 *   Storage, Google Calendar, Variflight, a flight-status server, Airbnb, a Resend e-mail sender);
 * - heldout6: nine more, captured after the fifth had (WooCommerce, QuickBooks, a recipe server,
 *   an IMAP/SMTP mailbox, Strava, draw.io, Reddit, Twilio SMS, an Obsidian vault);
 * - heldout7: nine more, captured after the sixth had been run once (SonarQube, CCXT, TradingView,
 *   AntV charts, n8n, search consoles, SSH, Ollama, DeepL);
 * - heldout8: eight more, captured after the seventh had been run once (Bitwarden, BNB Chain,
 *   Google Sheets, Apple developer docs, Vapi, Firebase, YouTube data, Excel files);
 * - heldout9: nine more, captured after the eighth had been run once (Iterable, Karakeep,
 *   Cloudinary, Ashby, Hevy, Qase, Godot, LeetCode, Open Library);
 * - heldout10: eight more, captured after the ninth had been run once (Lunch Money, TGO Yemek,
 *   CookUnity, calc utilities, BullMQ, domain search, Hugging Face, BaZi);
 * - heldout11: eight more, captured after the tenth had been run once (a device farm, mobile
 *   automation, app-store releases, Zowe mainframe, circuit netlists, x64dbg, Hugeicons,
 *   requirements from PDFs);
 * - heldout12: seven more, captured after the eleventh had been committed (Didit identity
 *   verification, Powerpipe compliance benchmarks, AccessLint and AccessFlow accessibility,
 *   Loopuman and HumanAgent human-worker marketplaces, Ableton Live projects);
 * - heldout13: eight more, captured after the twelfth had been committed (Check Point firewall
 *   policy management, PDFNoodle PDF generation, MiniMax speech and video generation, Dataiku,
 *   the OpenTofu registry, a language-model advisor, Microsoft Clarity, Remotion's docs);
 * - heldout14: eight more, captured after the thirteenth had been run once (stock-sdk Chinese,
 *   Hong Kong and US market data, Lara Translate memories and glossaries, Salesforce, Flightradar24
 *   flight tracking, AMap Chinese maps, HotelZero hotel search, time zones, US weather alerts).
 */
const HELDOUT_TITLES = {
  heldout: 'held-out MCP servers',
  heldout2: 'second held-out MCP servers',
  heldout3: 'third held-out MCP servers',
  heldout4: 'fourth held-out MCP servers',
  heldout5: 'fifth held-out MCP servers',
  heldout6: 'sixth held-out MCP servers',
  heldout7: 'seventh held-out MCP servers',
  heldout8: 'eighth held-out MCP servers',
  heldout9: 'ninth held-out MCP servers',
  heldout10: 'tenth held-out MCP servers',
  heldout11: 'eleventh held-out MCP servers',
  heldout12: 'twelfth held-out MCP servers',
  heldout13: 'thirteenth held-out MCP servers',
  heldout14: 'fourteenth held-out MCP servers',
};

/**
 * A held-out catalog and its queries (`queries`: the file's suffix after `<set>-mcp`, default
 * the short queries; `key` and `title` name the shape, default the set's).
 * @param {keyof typeof HELDOUT_TITLES} set
 * @param {{queries?: string, key?: string, title?: string}} [which]
 * @returns {Shape}
 */
export function heldoutShape(set = 'heldout', { queries = '-queries.jsonl', key = set, title = HELDOUT_TITLES[set] } = {}) {
  const file = (suffix) => fileURLToPath(new URL(`data/${set}-mcp${suffix}`, import.meta.url));
  return capturedShape(key, file('.json'), file(queries), title);
}

/**
 * The whole-message queries of a captured set (kinds `message`, `messages`,
 * `non-english-message`, `multilingual-message`), misspelt as a person typing fast misspells
 * them: see misspell(). Gold as in the set; `kind` kept, so recall is reported per kind.
 * @param {'mcp' | keyof typeof HELDOUT_TITLES} set @returns {Shape}
 */
export function misspeltShape(set) {
  const base = set === 'mcp' ? mcpShape() : heldoutShape(set);
  const queries = base.queries.filter((q) => /message/.test(q.kind ?? '')).map((q) => ({ ...q, query: misspell(q.query) }));
  const what = set === 'mcp' ? MCP_TITLE : HELDOUT_TITLES[set];
  const title = `whole messages with typos: ${what} (${base.tools.length} tools, ${queries.length} messages)`;
  return { ...base, key: `misspelt-${set}`, queries, sections: [{ title, byKind: true }] };
}

// Neighbouring keys on a QWERTY keyboard, for substitutions.
const QWERTY_NEIGHBOURS = {
  a: 'qwsz', b: 'vghn', c: 'xdfv', d: 'serfcx', e: 'wsdr', f: 'drtgvc', g: 'ftyhbv', h: 'gyujnb', i: 'ujko',
  j: 'huikmn', k: 'jiolm', l: 'kop', m: 'njk', n: 'bhjm', o: 'iklp', p: 'ol', q: 'wa', r: 'edft', s: 'awedxz',
  t: 'rfgy', u: 'yhji', v: 'cfgb', w: 'qase', x: 'zsdc', y: 'tghu', z: 'asx',
};

/**
 * `text` with one typo in each of up to two of its ASCII words of 5+ letters (not in a URL, a
 * path, a file name or an identifier). Deterministic: the words are the two whose FNV-1a hash
 * is smallest (so which words is unrelated to what they mean), and the hash also picks the edit
 * (a letter dropped, two letters swapped, a letter doubled, or a letter replaced by a
 * neighbouring key) and where, never at the first letter (most typos keep it, and the engine's
 * typo tolerance assumes it).
 */
export function misspell(text) {
  const hash = (s) => {
    let h = 0x811c9dc5;
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
    return h;
  };
  const words = [...text.matchAll(/(?<![\w./:@-])[A-Za-z]{5,}(?![\w/:@-]|\.\w)/g)]
    .map((m) => ({ at: m.index, word: m[0], h: hash(m[0]) }))
    .sort((a, b) => a.h - b.h || a.at - b.at)
    .slice(0, 2)
    .sort((a, b) => b.at - a.at);
  let out = text;
  for (const { at, word, h } of words) {
    const p = 1 + ((h >>> 8) % (word.length - 2));  // 1 .. length - 2
    const c = word[p].toLowerCase();
    let typo;
    switch (h % 4) {
      case 0: typo = word.slice(0, p) + word.slice(p + 1); break;
      case 1: typo = word.slice(0, p) + word[p + 1] + word[p] + word.slice(p + 2); break;
      case 2: typo = word.slice(0, p + 1) + word[p] + word.slice(p + 1); break;
      default: {
        const near = QWERTY_NEIGHBOURS[c] ?? c;
        typo = word.slice(0, p) + near[(h >>> 16) % near.length] + word.slice(p + 1);
      }
    }
    out = out.slice(0, at) + typo + out.slice(at + word.length);
  }
  return out;
}

/**
 * 10,000 tools: Seal-Tools (4,076), MetaTool (199 plugins, unlabelled here: distractors), the
 * built-in MCP catalog (104), and copies of Seal-Tools tools (`name__r1`, ...) up to `size`.
 * Queries: an even sample of `sealQueries` Seal-Tools test queries (long) and the MCP set
 * (short), reported apart. Gold: a copy has its original's text, so it ties with it; a returned
 * copy counts as its original and a second appearance of the same tool counts once, so a gold
 * slot is filled by the tool or any copy of it, and no library gains or loses by how it breaks
 * ties between identical documents. A copy still takes a rank, as near-duplicates in a real
 * catalog do, so every library's recall here is below its recall on Seal-Tools alone.
 * @returns {Shape}
 */
export function bigShape({ size = 10000, sealQueries: sealCount = 250 } = {}) {
  const seal = sealTools();
  const metatool = readJsonl(join(requireData(METATOOL), 'catalog.jsonl')).map((t) => ({ name: t.name, description: t.description, parameters: t.parameters }));
  const mcp = mcpShape();
  const tools = [...seal, ...metatool, ...mcp.tools];
  for (let r = 1; tools.length < size; r++) {
    for (const t of seal.slice(0, size - tools.length)) tools.push({ ...t, name: `${t.name}__r${r}` });
  }
  const long = evenSample(sealQueries(), sealCount).map((q) => ({ ...q, kind: 'long' }));
  const short = mcp.queries.map((q) => ({ ...q, kind: 'short' }));
  const title = `${tools.length.toLocaleString('en')} tools (Seal-Tools, MetaTool, MCP, Seal-Tools copies)`;
  return {
    key: '10k',
    tools,
    queries: [...long, ...short],
    canonical: (n) => n.replace(COPY, ''),
    sections: [
      { title: `${title}: ${long.length} long Seal-Tools queries`, kind: 'long' },
      { title: `${title}: ${short.length} short MCP queries`, kind: 'short' },
    ],
  };
}

/** `name: () => heldoutShape(name)` for each of `names`. */
const heldoutShapes = (names) => Object.fromEntries(names.map((name) => [name, () => heldoutShape(name)]));
const HELDOUT_NAMES = Object.keys(HELDOUT_TITLES);
const FIFTH = HELDOUT_NAMES.indexOf('heldout5');

/** Every shape by its --shape name; `big` sizes the 10,000-tool one. */
export const SHAPES = {
  seal: () => sealShape(),
  mcp: () => mcpShape(),
  european: () => languageShape('european'),
  'cjk-russian': () => languageShape('cjk-russian'),
  ...heldoutShapes(HELDOUT_NAMES.slice(0, FIFTH)),
  // Whole requests over the fourth catalog in the lexicon's nine other languages, 8 each,
  // reported by language, written before any engine ranked them.
  'heldout4-requests': () =>
    heldoutShape('heldout4', { queries: '-multilingual-requests.jsonl', key: 'heldout4-requests', title: 'requests in nine languages, fourth held-out MCP servers' }),
  // The sets after the fourth, in HELDOUT_TITLES' order: a new set needs only its title there.
  ...heldoutShapes(HELDOUT_NAMES.slice(FIFTH)),
  misspelt: () => misspeltShape('mcp'),
  'misspelt-heldout': () => misspeltShape('heldout'),
  '10k': (big = {}) => bigShape(big),
};

// ---- recall ----------------------------------------------------------------------------------

/**
 * js/src/metrics.js's scores for one query. Names are mapped to the tool they stand for (a copy
 * to its original); a later duplicate is blanked, not removed, so ranks do not move up.
 */
export function score(shape, ranked, gold) {
  const seen = new Set();
  const names = ranked.map((n) => {
    const c = shape.canonical(n);
    if (seen.has(c)) return '';
    seen.add(c);
    return c;
  });
  return scoreQuery(names, gold);
}

// ---- the text the peers index ----------------------------------------------------------------

/** A name as words: camelCase, snake_case, kebab-case and copy suffixes split (peers' tokenizers do not). */
export const words = (name) =>
  name
    .replace(COPY, '')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .toLowerCase();

/** Parameter names and descriptions, nested ones too, as our index reads them. */
function params(schema, out = { names: [], descriptions: [] }) {
  const props = schema && typeof schema === 'object' && schema.properties && typeof schema.properties === 'object' ? schema.properties : {};
  for (const [key, value] of Object.entries(props)) {
    out.names.push(words(key));
    if (value && typeof value.description === 'string') out.descriptions.push(value.description);
    params(value, out);
    if (value && value.items) params(value.items, out);
  }
  return out;
}

/**
 * The fields of each tool. `text` is what a one-field configuration indexes: the name's words,
 * the description and the parameter names (the text issue 10 measured FlexSearch on).
 */
export function fieldDocs(tools) {
  return tools.map((t, i) => {
    const p = params(t.parameters);
    const doc = { id: i, name: words(t.name), description: t.description ?? '', paramNames: p.names.join(' '), paramDescriptions: p.descriptions.join(' ') };
    return { ...doc, text: `${doc.name} ${doc.description} ${doc.paramNames}` };
  });
}

/** Our field weights (core/include/toolsearch/search_index.hpp), for the peers that take weights. */
export const OUR_WEIGHTS = { name: 4, description: 1, paramNames: 0.25, paramDescriptions: 0.5 };
const FIELDS = Object.keys(OUR_WEIGHTS);

// ---- ours ------------------------------------------------------------------------------------

/** The options `ours` creates its engine with. */
export const OURS_OPTIONS = Object.freeze({ config: { namespacing: 'prefix' } });

/** Adds a shape's tools as users add them: plain tools in one call, MCP tools by server. */
export function addShapeTools(ts, tools) {
  const plain = tools.filter((t) => !t.original).map((t) => ({ name: t.name, description: t.description, parameters: t.parameters }));
  const servers = new Map();
  for (const t of tools.filter((x) => x.original)) {
    const server = t.source.slice('mcp:'.length);
    if (!servers.has(server)) servers.set(server, []);
    servers.get(server).push(t.original);
  }
  if (plain.length) ts.add(plain);
  if (servers.size) ts.add({ servers: [...servers].map(([server, list]) => ({ server, tools: list })) });
}

/**
 * Our engine through the public API, as users call it; the shape's tools added as users add them.
 * `create`: another build's createToolSearch (bench/ab.bench.mjs), default this checkout's package.
 * `staticTable`: bytes of a static embedding table to load, and search hybrid with it.
 */
export async function ours(tools, create = createToolSearch, staticTable = undefined) {
  const ts = await create(OURS_OPTIONS);
  addShapeTools(ts, tools);
  // The peers are given these names; the engine must have named the MCP tools the same way.
  const named = new Set(ts.tools().map((t) => t.name));
  const missing = tools.find((t) => !named.has(t.name));
  if (missing) throw new Error(`the engine did not name a tool ${missing.name}`);
  const options = { limit: K };
  if (staticTable) {
    ts.loadStaticTable(staticTable);
    options.strategy = 'hybrid';
  }
  return { search: (q) => ts.search(q, options).map((h) => h.name), dispose: () => ts.dispose() };
}

// ---- the peers -------------------------------------------------------------------------------
// Each factory takes the shape's tools and options, and returns {search(query) -> names}.

const byId = (tools, ids) => ids.map((id) => tools[Number(id)].name);

/** Our engine's typo tolerance applies to queries of up to 6 words; "closest" peers do the same. */
const SHORT_QUERY_WORDS = 6;
const isShort = (q) => q.trim().split(/\s+/).length <= SHORT_QUERY_WORDS;
/** `fuzzy`: false, true (every query), or 'short' (queries of up to 6 words, as ours). */
const fuzzyFor = (fuzzy, q) => fuzzy === true || (fuzzy === 'short' && isShort(q));

/** An English stop-word list for the libraries that take one but ship none (wink's). */
const STOP_WORDS = new Set(createRequire(import.meta.url)('wink-nlp-utils/src/dictionaries/stop_words.json'));

/** FlexSearch's encoder: its default, a named Charset, or either plus its English stemmer and stop words. */
function flexEncoder({ charset = 'Default', english = false, encoderCache = true }) {
  if (!english && encoderCache) return FlexSearch.Charset[charset];
  return new FlexSearch.Encoder(FlexSearch.Charset[charset], english ? flexEnglish : {}, encoderCache ? {} : { cache: false });
}

/** A FlexSearch Index over the one-field text; `cache` uses its result cache (searchCache). */
export function flexIndex(tools, { charset, english, encoderCache, cache = false, search = {}, ...index } = {}) {
  const ix = new FlexSearch.Index({ tokenize: 'strict', encoder: flexEncoder({ charset, english, encoderCache }), ...(cache ? { cache } : {}), ...index });
  for (const d of fieldDocs(tools)) ix.add(d.id, d.text);
  const opts = { limit: K, suggest: true, ...search };
  return { search: cache ? (q) => byId(tools, ix.searchCache(q, opts)) : (q) => byId(tools, ix.search(q, opts)) };
}

/**
 * A FlexSearch Document. With `boost`, our four fields are OR-ed by a Resolver with our weights
 * (FlexSearch's way to weigh fields); otherwise `merge: true` unites the fields' results.
 */
export function flexDocument(tools, { fields = FIELDS, boost = false, charset, english, tokenize = 'strict' } = {}) {
  const doc = new FlexSearch.Document({ document: { id: 'id', index: fields }, tokenize, encoder: flexEncoder({ charset, english }) });
  for (const d of fieldDocs(tools)) doc.add(d);
  if (!boost) {
    return { search: (q) => byId(tools, doc.search(q, { limit: K, suggest: true, merge: true }).slice(0, K).map((r) => r.id)) };
  }
  return {
    search: (q) => {
      let r = new FlexSearch.Resolver({ index: doc, query: q, field: fields[0], boost: OUR_WEIGHTS[fields[0]], suggest: true });
      for (const f of fields.slice(1)) r = r.or({ index: doc, query: q, field: f, boost: OUR_WEIGHTS[f], suggest: true });
      return byId(tools, r.resolve({ limit: K }));
    },
  };
}

/** MiniSearch; `stop` drops stop words through processTerm, as its documentation shows. */
export function minisearch(tools, { fields = ['text'], boost, fuzzy = false, stop = false, prefix = false } = {}) {
  const processTerm = (term) => {
    const t = term.toLowerCase();
    return stop && STOP_WORDS.has(t) ? null : t;
  };
  const ms = new MiniSearch({ fields, processTerm });
  ms.addAll(fieldDocs(tools));
  const base = { ...(boost ? { boost } : {}), prefix };
  const fuzzyOpts = { ...base, fuzzy: 0.2 };
  return { search: (q) => byId(tools, ms.search(q, fuzzyFor(fuzzy, q) ? fuzzyOpts : base).slice(0, K).map((r) => r.id)) };
}

/** Orama; `tolerance` (its typo tolerance) applies as `fuzzy` says. */
export function orama(tools, { fields = ['text'], boost, stemming = false, stop = false, fuzzy = false, threshold } = {}) {
  const schema = Object.fromEntries(fields.map((f) => [f, 'string']));
  const tokenizer = { stemming, ...(stop ? { stopWords: [...STOP_WORDS] } : {}) };
  const db = oramaCreate({ schema, components: { tokenizer } });
  // Orama keeps its own string ids; ours are positions.
  oramaInsertMultiple(db, fieldDocs(tools).map((d) => ({ id: String(d.id), ...Object.fromEntries(fields.map((f) => [f, d[f]])) })));
  const base = { properties: fields, limit: K, ...(boost ? { boost } : {}), ...(threshold !== undefined ? { threshold } : {}) };
  return {
    search: (q) => {
      const result = oramaSearch(db, { term: q, ...base, ...(fuzzyFor(fuzzy, q) ? { tolerance: 1 } : {}) });
      if (typeof result.then === 'function') throw new Error('orama search returned a promise');
      return byId(tools, result.hits.map((h) => h.id));
    },
  };
}

const WINK_PREP = {
  plain: [nlp.string.lowerCase, nlp.string.tokenize0],
  stop: [nlp.string.lowerCase, nlp.string.tokenize0, nlp.tokens.removeWords],
  stem: [nlp.string.lowerCase, nlp.string.tokenize0, nlp.tokens.removeWords, nlp.tokens.stem],
};

/** wink-bm25-text-search (k1 1.2, b 0.75 as ours); `prep` is its text preparation. */
export function wink(tools, { weights = { text: 1 }, prep = 'stem' } = {}) {
  const engine = winkBm25();
  engine.defineConfig({ fldWeights: weights, bm25Params: { k1: 1.2, b: 0.75 } });
  engine.definePrepTasks(WINK_PREP[prep]);
  for (const d of fieldDocs(tools)) engine.addDoc(Object.fromEntries(Object.keys(weights).map((f) => [f, d[f]])), d.id);
  engine.consolidate();
  return { search: (q) => byId(tools, engine.search(q, K).map(([id]) => id)) };
}

/**
 * lunr over `boosts`' fields. The query's words go in through `idx.query()` as optional terms,
 * since `idx.search()` parses its own syntax (`field:`, `+`, `-`, `~`, `^`, `*`) and throws on
 * some real queries; `pipeline: false` drops its stemmer and stop-word filter; fuzzy is its edit
 * distance 1.
 */
export function lunrIndex(tools, { boosts = { text: 1 }, fuzzy = false, pipeline = true } = {}) {
  const idx = lunr(function build() {
    this.ref('id');
    for (const [f, boost] of Object.entries(boosts)) this.field(f, { boost });
    if (!pipeline) {
      this.pipeline.reset();
      this.searchPipeline.reset();
    }
    for (const d of fieldDocs(tools)) this.add(d);
  });
  return {
    search: (q) => {
      const terms = lunr.tokenizer(q).map((t) => t.toString());
      const editDistance = fuzzyFor(fuzzy, q) ? 1 : 0;
      const hits = idx.query((query) => {
        for (const term of terms) query.term(term, { editDistance, presence: lunr.Query.presence.OPTIONAL });
      });
      return byId(tools, hits.slice(0, K).map((h) => h.ref));
    },
  };
}

/**
 * Every peer in its fastest ordinary configuration and in the configuration closest to ours:
 * our four fields with our weights, stemming and stop words, and typo tolerance, each where the
 * library has it. Why: the header of bench/search.bench.mjs.
 */
export const PEERS = [
  {
    library: 'flexsearch',
    fast: { label: 'Index, 1 field, English encoder, context, suggest', make: (t) => flexIndex(t, { english: true, context: true }) },
    close: {
      label: 'Document, 4 fields, Resolver boosts, English encoder, tolerant',
      make: (t) => flexDocument(t, { boost: true, english: true, tokenize: 'tolerant' }),
    },
  },
  {
    library: 'minisearch',
    fast: { label: '1 field, stop words', make: (t) => minisearch(t, { stop: true }) },
    close: {
      label: '4 fields, boosts, stop words, fuzzy 0.2 (short queries)',
      make: (t) => minisearch(t, { fields: FIELDS, boost: OUR_WEIGHTS, stop: true, fuzzy: 'short' }),
    },
  },
  {
    library: '@orama/orama',
    fast: { label: '1 field, stop words', make: (t) => orama(t, { stop: true }) },
    close: {
      label: '4 fields, boosts, stemming, stop words, tolerance 1 (short queries)',
      make: (t) => orama(t, { fields: FIELDS, boost: OUR_WEIGHTS, stemming: true, stop: true, fuzzy: 'short' }),
    },
  },
  {
    library: 'wink-bm25-text-search',
    fast: { label: '1 field, stop words', make: (t) => wink(t, { prep: 'stop' }) },
    close: { label: '4 fields, weights, stop words, stemmer', make: (t) => wink(t, { weights: OUR_WEIGHTS }) },
  },
  {
    library: 'lunr',
    fast: { label: '1 field (stemmer, stop words)', make: (t) => lunrIndex(t) },
    close: { label: '4 fields, boosts, edit distance 1 (short queries)', make: (t) => lunrIndex(t, { boosts: OUR_WEIGHTS, fuzzy: 'short' }) },
  },
];

// ---- measuring -------------------------------------------------------------------------------

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Runs `source` as an ES module in a fresh `node` process; returns the JSON its last line prints. */
export const runFresh = (source) =>
  JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', source], { encoding: 'utf8' }).trim().split('\n').pop());

/** console.table of `rows`, numbers to one decimal. */
export const printRows = (rows) =>
  console.table(rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'number' ? v.toFixed(1) : v]))));

export const mean = (xs) => xs.reduce((sum, x) => sum + x, 0) / xs.length;

/** `count` queries spread evenly over the set (the sets are ordered by subset). */
export function evenSample(queries, count) {
  if (count >= queries.length) return [...queries];
  return Array.from({ length: count }, (_, i) => queries[Math.floor((i * queries.length) / count)]);
}

/**
 * Per-query time of each engine, in ms: each round runs every engine over the same queries (the
 * engine order rotates, so none always runs first after another's garbage); each query's time is
 * its median over the rounds, which drops GC pauses and machine noise. Returns those medians
 * (ms), per engine, per query; `mean` of them is the figure reported.
 * @param {{search: (q: string) => string[]}[]} engines  already warmed up
 */
export function timeRounds(engines, texts, rounds, onRound = () => {}) {
  const samples = engines.map(() => texts.map(() => []));
  let sink = 0;
  for (let r = 0; r < rounds; r++) {
    onRound(r);
    for (let j = 0; j < engines.length; j++) {
      const e = (j + r) % engines.length;
      const { search } = engines[e];
      for (let i = 0; i < texts.length; i++) {
        const t0 = performance.now();
        sink += search(texts[i]).length;
        samples[e][i].push(performance.now() - t0);
      }
    }
  }
  if (sink < 0) throw new Error('unreachable'); // keeps the results live
  return samples.map((perQuery) => perQuery.map(median));
}

/** Builds an engine and runs every query once (recall, and the warm-up for timing). */
export async function buildAndScore(shape, make) {
  const t0 = performance.now();
  const engine = await make(shape.tools);
  const buildMs = performance.now() - t0;
  const ranked = shape.queries.map((q) => engine.search(q.query));
  const scores = shape.queries.map((q, i) => ({ kind: q.kind, ...score(shape, ranked[i], q.gold) }));
  return { engine, buildMs, scores, ranked };
}

/** Mean scores overall and per kind. */
export function summarize(scores) {
  const kinds = [...new Set(scores.map((s) => s.kind).filter(Boolean))];
  return { all: meanScores(scores), byKind: Object.fromEntries(kinds.map((k) => [k, meanScores(scores.filter((s) => s.kind === k))])) };
}
