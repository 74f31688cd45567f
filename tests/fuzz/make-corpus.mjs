#!/usr/bin/env node
// Writes the seed corpora tests/fuzz/corpus/<target>/ from the real catalogs: the built-in
// official MCP catalog (js/catalogs/official-mcp.json) and, when present, the Seal-Tools and
// MetaTool catalogs and queries in ../shared/data. Deterministic (fixed strides, content-hash
// file names), so re-running gives the same files. Kept small: the fuzzer grows its own corpus.
//
//   node tests/fuzz/make-corpus.mjs [--out DIR] [--data DIR] [--only TARGET,...]
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { writeStaticTable } from '../../scripts/lib/static-table.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const arg = (flag, fallback) => {
  const i = process.argv.indexOf(flag);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const outDir = resolve(arg('--out', join(here, 'corpus')));
const dataDir = resolve(arg('--data', process.env.TOOLSEARCH_DATA_DIR ?? join(root, '../shared/data')));
// --only a,b: rewrite just those targets' seeds (the others' depend on the data and the build).
const only = new Set((arg('--only', '') ?? '').split(',').filter(Boolean));

const official = JSON.parse(readFileSync(join(root, 'js/catalogs/official-mcp.json'), 'utf8'));
const officialTools = official.servers.flatMap(({ server, tools }) =>
  tools.map((t) => ({ name: t.name, description: t.description ?? '', inputSchema: t.inputSchema ?? {}, source: `mcp:${server}` })),
);

// Every `stride`-th JSON line of a data file, or nothing when the data set is not checked out.
function sample(file, stride, limit) {
  const path = join(dataDir, file);
  if (!existsSync(path)) {
    console.warn(`make-corpus: ${path} missing, skipped`);
    return [];
  }
  const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
  const out = [];
  for (let i = 0; i < lines.length && out.length < limit; i += stride) out.push(JSON.parse(lines[i]));
  return out;
}
const seal = sample('seal_tools/catalog.jsonl', 80, 50).map((t) => ({ name: t.name, description: t.description, parameters: t.parameters }));
const meta = sample('metatool/catalog.jsonl', 8, 25).map((t) => ({ name: t.name, description: t.description, parameters: t.parameters }));
const queries = [
  ...sample('seal_tools/queries-dev.jsonl', 35, 20).map((q) => q.query),
  ...sample('metatool/queries-dev.jsonl', 150, 20).map((q) => q.query),
];

const corpora = new Map();
function seed(target, head, body) {
  const bytes = Buffer.concat([Buffer.from([head & 0xff]), Buffer.isBuffer(body) ? body : Buffer.from(String(body), 'utf8')]);
  if (!corpora.has(target)) corpora.set(target, new Map());
  corpora.get(target).set(createHash('sha1').update(bytes).digest('hex'), bytes);
}
const json = (v) => JSON.stringify(v);

// A value that satisfies a schema, for "valid call" seeds: required properties filled by type.
function example(schema, depth = 0) {
  if (!schema || typeof schema !== 'object' || depth > 4) return null;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer': return schema.minimum ?? 1;
    case 'number': return schema.minimum ?? 1.5;
    case 'boolean': return true;
    case 'array': return schema.items ? [example(schema.items, depth + 1)] : [];
    case 'null': return null;
    default: {
      const out = {};
      for (const key of schema.required ?? []) out[key] = example(schema.properties?.[key] ?? {}, depth + 1);
      return out;
    }
  }
}

// ---- analyzer: option byte + text --------------------------------------------------------
const texts = [
  ...officialTools.flatMap((t) => [t.name, t.description]),
  ...seal.flatMap((t) => [t.name, t.description]),
  ...meta.flatMap((t) => [t.name, t.description]),
  ...queries,
  'parseHTTPResponse v2api get_weather kebab-case-name S3Bucket', '天気予報を取得する 查询天气 날씨 조회',
  'ΣΊΣΥΦΟΣ Straße ǅemal İstanbul Ⱥ Ⱦ ＡＢＣ１２３ µs ſ', 'Привет_мир getПогода ру-сский', 'עברית ملف तार ไทย',
];
texts.forEach((t, i) => seed('analyzer', i * 37, t));
seed('analyzer', 0x13, Buffer.from([0x61, 0xc3, 0x28, 0xe2, 0x82, 0x61, 0xf0, 0x9f, 0x98, 0x80, 0xed, 0xa0, 0x80, 0xc0, 0xaf, 0xff]));

// ---- catalog_add: knobs (bit 0 prefix, bits 1-2 op, bits 3-4 source) + JSON ---------------
const ADD = 0, REPLACE = 4, REMOVE = 6;
for (const { server, tools } of official.servers) seed('catalog_add', ADD | 1, json(tools.map((t) => ({ ...t, source: `mcp:${server}` }))));
seal.forEach((t, i) => seed('catalog_add', ADD | (i & 1), json([t])));
seed('catalog_add', ADD, json(meta));
seed('catalog_add', ADD, json([{ name: 'tool_search', description: 'taken' }]));
seed('catalog_add', ADD, json([{ name: 'echo', description: 'duplicate of a base tool', source: 'mcp:other' }]));
seed('catalog_add', ADD, json([{ name: 'a', inputSchema: { type: 'array' } }, { name: 'b' }]));
seed('catalog_add', ADD, json([{ name: 'x', description: 'core one', source: 'core', class: 'core', tags: ['t'], pinned: true }]));
seed('catalog_add', ADD, json([{ name: 'y', inputSchema: { type: 'object', properties: { a: { $ref: '#' } } }, annotations: { readOnlyHint: true } }]));
seed('catalog_add', REPLACE, json(official.servers[0].tools.slice(0, 3)));
seed('catalog_add', REPLACE | 8, json([{ name: 'new_tool', description: 'from a fresh server' }]));
seed('catalog_add', REMOVE, json(['echo', 'read_notes']));
seed('catalog_add', REMOVE, json(['no_such_tool']));

// ---- schema_validator: limits byte + schema \0 instance -----------------------------------
const schemas = [...officialTools.map((t) => t.inputSchema), ...seal.slice(0, 25).map((t) => t.parameters)];
schemas.forEach((s, i) => {
  const good = example(s);
  seed('schema_validator', 0, `${json(s)}\0${json(good)}`);
  if (i % 3 === 0) seed('schema_validator', 0, `${json(s)}\0${json({ ...good, extra: [1, 'two', null] })}`);
  if (i % 5 === 0) seed('schema_validator', 1 | ((i & 7) << 1), `${json(s)}\0[]`);
});
seed('schema_validator', 0, `${json({ $defs: { n: { type: 'object', properties: { next: { $ref: '#/$defs/n' } } } }, $ref: '#/$defs/n' })}\0{"next":{"next":{"next":1}}}`);
seed('schema_validator', 0, `${json({ oneOf: [{ type: 'integer' }, { type: 'number', exclusiveMinimum: 2 }], not: { const: 3 } })}\x003.0`);
seed('schema_validator', 0, `${json({ type: ['string', 'null'], nullable: true, minLength: 2, maxLength: 3, pattern: 'a+' })}\0"é😀"`);
seed('schema_validator', 0, `${json({ type: 'array', prefixItems: [{ type: 'string' }], items: false, minItems: 1, uniqueItems: true })}\0["a",2]`);
seed('schema_validator', 0, `${json({ allOf: [{ required: ['a'] }, { anyOf: [{ minProperties: 2 }, { maxProperties: 0 }] }], additionalProperties: false })}\0{"a":1}`);

// ---- bridge: head (server, config, window) + calls "<kind><name>text" joined by 0x01 ------
// The name byte indexes the harness's name list: per catalog tool its prefixed name then its
// original name, then the two core tools, then bridge and near-miss names (see fuzz_bridge.cpp).
const call = (kind, nameByte, text) => Buffer.concat([Buffer.from([kind, nameByte]), Buffer.from(text, 'utf8')]);
const calls = (...parts) => Buffer.concat(parts.flatMap((p, i) => (i ? [Buffer.from([1]), p] : [p])));
const servers = official.servers.map((s) => s.server).sort(); // the harness orders servers by name
officialTools.forEach((t, i) => {
  const s = servers.indexOf(t.source.slice(4));
  const nb = (2 * i) & 0xff; // tool i's prefixed name (its original name is 2i + 1)
  const args = json(example(t.inputSchema) ?? {});
  const head = (s % 16) | ((i & 1) << 4) | ((i % 8) << 5);
  seed('bridge', head, calls(
    call(1, 0, json({ query: t.description.split(/\s+/).slice(0, 5).join(' ') })),
    call(2, nb, '{"name":"@@"}'),
    call(3, nb, `{"name":"@@","arguments":${args}}`),
    call(4, nb, args),
  ));
  if (i % 4 === 0) {
    // The common model mistakes the bridge repairs, and calls about tools of other servers.
    const other = (nb + 40) % (2 * officialTools.length);
    seed('bridge', head, calls(
      call(3, nb, `{"name":"@@","arguments":${JSON.stringify(args)}}`),
      call(3, nb, `{"arguments":{"name":"@@","arguments":${args}}}`),
      call(2, other, '"@@"'),
      call(0, other, `{"name":"@@","arguments":""}`),
      call(5, 0x13, t.description),
      call(3, other, `{"name":"@@"}`),
    ));
  }
});
queries.forEach((q, i) => seed('bridge', i, calls(call(1, 0, json({ query: q, limit: (i % 7) - 1 })), call(1, 0, q))));
seed('bridge', 0, calls(call(3, 0, '{"name":"tool_call","arguments":{"name":"tool_search"}}'), call(0, 0, '{"name":"read_notes","arguments":"{\\"topic\\":\\"x\\"}"}')));

// ---- config: knobs (bit 0 constructor, bit 1 wrap in {"gate":...}) + JSON ------------------
const gateSeeds = [
  {}, { enabled: 'on' }, { enabled: false }, { enabled: true, threshold_pct: 2.5, min_tokens: 10, max_tokens: 100 },
  { search_default_limit: 7, max_search_limit: 7 }, { inline_max_count: 3, inline_max_tokens: 500 },
  { lazy_activation: false, activation: 'promote' }, { listing_max_tokens: 0, preselect_top_k: 50, inline_schema_max_tokens: 0 },
  { thresholdPct: 5, maxSearchLimit: 10, lazyActivation: true }, { max_search_limit: 0 }, { min_tokens: 5, max_tokens: 4 },
];
gateSeeds.forEach((g) => seed('config', 2, json(g)));
seed('config', 2, '"auto"');
seed('config', 0, json({ gate: { enabled: 'on' }, bm25: { k1: 0.9, b: 0.4, weights: { name: 3, paramNames: 1 } }, namespacing: 'prefix' }));
seed('config', 1, json({ namespacing: 'prefix', bm25: { k1: 2 } }));
seed('config', 0, json({ bm25: { weights: { description: 101 } } }));
seed('config', 0, json({ namespacing: 'none', gate: true }));

// ---- regex: flags (bit 0 ignore case) + pattern \0 text -----------------------------------
// Patterns as tools and schemas write them, the pathological ones a backtracking matcher
// chokes on, and the refused syntax.
const regexSeeds = [
  ['^[a-zA-Z0-9_-]{1,64}$', 'create_issue'], ['^\\d{4}-\\d{2}-\\d{2}$', '2024-06-11'], ['^https?://', 'http://x.org/a'],
  ['^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$', 'a.b@example.com'], ['(a*)*b', 'a'.repeat(40)], ['(x+x+)+y', 'x'.repeat(40)],
  ['^(a|a?)+$', 'aaaaaaaaaaaaaaaaaaaab'], ['\\bfile\\b|\\Bdir', 'read file dir'], ['[\\w.-]+\\.(?:json|ya?ml)$', 'config.yaml'],
  ['straße|STRASSE', 'Strasse'], ['[ſk]', 'K'], ['é+', 'ÉÉé'], ['\\s+', '\u00a0\u2028'], ['.', '\n'], ['a{2,3}?b', 'aab'],
  ['(?=a)', 'a'], ['\\1', 'a'], ['[[:alpha:]]', 'a'], ['[]', 'a'], ['a{3,2}', 'aa'], ['(', '('], ['a**', 'a'],
  ['x'.repeat(201), 'x'], ['(a{1000}){1000}', 'a'], ['(((((((((a)))))))))', 'a'],
];
regexSeeds.forEach(([p, t], i) => seed('regex', i & 1, `${p}\0${t}`));
for (const t of officialTools.slice(0, 40)) {
  for (const prop of Object.values(t.inputSchema.properties ?? {})) {
    if (typeof prop.pattern === 'string') seed('regex', 0, `${prop.pattern}\0${example(prop) ?? ''}`);
  }
}

// ---- decimal: shape byte (how the JSON-number reading is built) + text -------------------
// The hard cases of decimal-to-binary conversion: midpoints between doubles and between floats,
// written exactly (BigInt digits), the thresholds of both formats, and the forms outside the
// supported syntax.
const exact = (n, e) => `${n.toString()}e${e}`;
const decimalSeeds = [
  '2.2250738585072011e-308', '2.2250738585072012e-308', '9007199254740993', '1e23', '8.98846567431158e307',
  '4.9406564584124654e-324', '2.4703282292062328e-324', '2.4703282292062327e-324', '1.7976931348623157e308',
  '1.7976931348623159e308', '0.1', '-0', '1e-400', '1e400', '123456789012345678901234567890', '-12.5e-3',
  exact(5n ** 1075n, -1075),                            // 2^-1075: half the smallest denormal
  exact((2n ** 53n - 1n) * 5n ** 1075n, -1075),         // between DBL_MIN and its predecessor
  exact(2n ** 1024n - 2n ** 970n, 0),                   // above DBL_MAX
  exact((2n ** 53n + 1n) * 5n ** 53n, -53),             // 1 + 2^-53
  `${exact((2n ** 53n + 1n) * 5n ** 53n, -53).replace('e', '0'.repeat(800) + '1e')}`,
  exact((2n ** 54n - 5n) * 5n ** 1076n * 10n ** 10n, -1086),  // glibc 2.36 misrounds this one
  '1.000000059604644775390625', '340282356779733661637539395458142568448', '7.006492321624085e-46',
  '1.1754942807573643e-38', '3.4028234663852886e38',
  ' 1.5', 'inf', '-nan', '0x1p3', '1e', '1.', '.5', '+1',
];
decimalSeeds.forEach((text, i) => seed('decimal', i * 37, text));
// JSON-number readings: integer digits, fraction and exponent bits over digit-like bytes.
for (const shape of [0x01, 0x05, 0x45, 0x85, 0xc3, 0xff, 0x7f]) seed('decimal', shape, '31415926535897932384626433832795028841971');

// ---- snapshot: mode (bit 0 fix length + checksum, bit 1 fix magic/version/flags) + bytes ----
// Real snapshots, written by the built package (js/dist; skipped when it is not built): empty,
// one server with core tools, pins and options, and a few Seal-Tools tools with vectors.
const dist = join(root, 'js/dist/index.node.js');
if (existsSync(dist)) {
  const { createToolSearch } = await import(pathToFileURL(dist).href);
  const embedder = { id: 'seed', dimensions: 4, embed: async (texts) => texts.map((t) => Float32Array.from([t.length % 5, 1, -2, t.charCodeAt(0) % 3])) };
  const engines = [
    await createToolSearch(),
    await createToolSearch({ config: { namespacing: 'prefix', gate: { thresholdTools: 5 }, analysis: { lexicon: { pr: 'pull request' } } } }),
    await createToolSearch({ embedder, config: { retrieval: { strategy: 'hybrid' } } }),
  ];
  engines[1].add(officialTools.filter((t) => t.source === officialTools[0].source));
  engines[1].add([{ name: 'ask_user', description: 'Ask the user', source: 'core', tags: ['chat'] }]);
  engines[1].pin(engines[1].tools()[1].name);
  engines[1].pinServer(officialTools[0].source);
  engines[2].add(seal.slice(0, 6));
  await engines[2].embedTools();
  engines.forEach((ts, i) => {
    const bytes = Buffer.from(ts.snapshot());
    for (const mode of i === 1 ? [0, 1, 3] : [0, 3]) seed('snapshot', mode, bytes);
    ts.dispose();
  });
} else {
  console.warn(`make-corpus: ${dist} missing (build the package first), snapshot seeds skipped`);
}

// ---- vectors: head byte (bit 0: an 8-dimension embedder) + records <op><length><payload> ----
// One input per kind of op (fuzz_vectors.cpp), and a few that chain them.
const record = (op, payload) => {
  const b = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
  return Buffer.concat([Buffer.from([op, b.length]), b.subarray(0, 255)]);
};
const floats = (values) => Buffer.from(new Float32Array(values).buffer);
const vectorSeeds = [
  [1, [record(2, [5, 0, 1, 2, 3, 4, 10, 150, 90, 60]), record(4, 'read the file\x01\x02\x03'), record(5, [1, ...Buffer.from('echo message'), 100, 120])]],
  [0, [record(0, [0, 16, 0]), record(2, [4, 0, 1, 2, 3, 203, 204, 100]), record(4, [0x41, ...Buffer.from('gzip a file'), 200, 201]), record(9, [5, 6, 7])]],
  [0, [record(7, [3, 0, 1, 2, 3, 200, 120, 140, 96, 97]), record(4, [1, ...Buffer.from('read notes')]), record(6, [2, 100, 110])]],
  // Raw ops: the payload's first byte is the op's knob; for raw meta, the next is also the split
  // (a space, which JSON allows before the text: 32 bytes of meta, then 32 of floats).
  [1, [record(3, Buffer.concat([Buffer.from([0]), Buffer.from(' {"names":["x"],"hashes":["0"]} '), floats([1, 0, 0, 0, 0, 0, 0, 2])]))]],
  [0, [record(8, Buffer.concat([Buffer.from([0]), writeStaticTable(['ask', 'echo', 'file', 'read'], [0, 1, 2, 3].map((i) => Float32Array.from([1, -i, i / 2, 0.5])))])), record(5, [0x21, ...Buffer.from('echo')])]],
  [1, [record(1, '{"id":"host","dimensions":4}'), record(2, [2, 0, 3, 10, 20, 30]), record(5, [0x81, ...Buffer.from('ask the user'), 1, 2])]],
  [1, [record(0, [1, 8, 0]), record(2, [3, 0x80, 1, 7, 203, 203, 203]), record(6, [1, ...floats([1e-40, 0, 0, 0, 0, 0, 0, 0])])]],
];
vectorSeeds.forEach(([head, records]) => seed('vectors', head, Buffer.concat(records)));

// ---- write -----------------------------------------------------------------------------
let total = 0;
for (const [target, files] of corpora) {
  if (only.size > 0 && !only.has(target)) continue;
  const dir = join(outDir, target);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let bytes = 0;
  for (const [name, data] of files) {
    writeFileSync(join(dir, name), data);
    bytes += data.length;
  }
  total += bytes;
  console.log(`${target}: ${files.size} seeds, ${bytes} bytes`);
}
console.log(`total ${total} bytes in ${outDir}`);
