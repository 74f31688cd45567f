// Size budget of what the packed package ships: the .wasm and the Emscripten glue, raw,
// gzipped (zlib level 9) and brotli'd, printed, with the combined gzipped size held under
// 212 KB (191 KB also until round 34, which dropped embind for C functions: 6.3 KB less, 5.6
// of them the glue's, docs/wasm-boundary.md; then 185 KB until round 36, 189 KB until round 37,
// 191 KB until round 38, 193 KB until round 39, 198 KB until round 40, 202 KB until round 41, 204 KB until round 42 and 209 KB until round 44, each raised by the
// items below that name that round). DESIGN.md's bar was 150 KB; what the other 48 bought (before that saving), measured (core/CMakeLists.txt has
// the table, README "Size" the summary): everything at -Oz is 156 KB (index snapshots took the
// module past 150 at any setting), the 17 KB from there to 173 KB make keyword search 3x,
// snapshot loading 4x and the semantic leg 7.7x faster (inlined -Os code on those paths), and
// the last 10 KB are the lexicon's nine other languages (core/src/lexicon_languages.cpp, 7.3 KB
// of it the words themselves), which let a request in German, Chinese, ... find an English
// catalog with keyword search alone, and 0.7 KB compile the JSON parser for speed, which makes
// add() about 1.5x faster (core/CMakeLists.txt, TOOLSEARCH_INGEST_SOURCES), and 0.5 KB are the
// tool words that two held-out catalogs' first runs showed missing (bench/data/README.md:
// recall@5 on them 0.774 -> 0.841 and 0.796 -> 0.882, nothing else moved), and about 1.5 KB
// make requests in other languages work: the function words of German, French, Spanish,
// Italian and Portuguese as stop words (1 KB, core/src/stop_words.cpp: Spanish "del" no longer
// finds delete tools; bench/data/official-mcp-european-messages.jsonl 0.900 -> 0.917), the
// Russian case endings and the review concept (0.6 KB; Russian, Chinese, Japanese and Korean
// requests 0.880 -> 0.932) and lexicon keys two words share (0.1 KB), and 0.4 KB let typo
// tolerance reach lexicon words ("fodler" -> folder -> directory) and long messages (whole
// messages with typos, bench/peers.mjs misspeltShape: 0.800 -> 0.836 on the built-in catalog,
// 0.591 -> 0.659, 0.646 -> 0.667 and 0.682 -> 0.727 on the held-out ones), and 0.3 KB let hybrid
// search skip ranking the catalog by cosine when the keyword leg settles the hits (Seal-Tools
// hybrid 4.7-5.5x -> about 2x a keyword search, bench/semantic.bench.mjs), and 0.2 KB, with
// the raw module 168 bytes smaller, are gzip's share of checking a bridge call against the
// deferred tools by catalog position instead of a per-call set of their names (round 29:
// tool_call 0.263 -> 0.016 ms on 1,000 tools, bench/assemble.bench.mjs), and 0.2 KB weigh
// hybrid's semantic leg by the keyword leg's confidence (round 36: MetaTool dev hybrid recall@5
// 0.674 -> 0.706 with USE-lite, 0.666 -> 0.686 with the static table), and 0.7 KB let keyword
// search read a word the catalog lacks without its accents and as a form of a catalog word it
// starts with (round 36: "géocodage" -> geocode, "syncronize" -> sync; the fourth held-out set
// 0.796 -> 0.821, MetaTool dev 0.644 -> 0.650, no set losing), and 3.1 KB are 42 more
// concepts of the lexicon in its nine languages, 628 words (round 36: tool words an audit of the
// catalogs' tool names found without a word in any of them, such as publish, secret,
// deployment, cancel, environment; the fourth held-out set 0.821 -> 0.854, the 72 requests in
// nine languages written over it before the change 0.776 -> 0.817, no English set moving), and
// 0.6 KB are the words the fifth held-out set's first run showed missing, 15 English entries
// (txn, tmrw, gcal, rsvp, done, tag for label, ...) and 5 concepts in the nine languages
// (subscription, discount, refund, dashboard, flight; round 37: that set 0.769 -> 0.845, tuned
// on it, so no longer held out; no other set moving), and 0.6 KB make a keyword search sort its
// terms by insertion, not through sort_by's indirect comparator, and skip the documents below a
// floor that a sample of the likeliest ones sets (round 37, bench/ab.bench.mjs, Seal-Tools
// through the JS API: keyword 38.4 -> 35.9 -> about 34.5 us a query, hybrid 9% faster), and
// 1.7 KB are the words the sixth held-out set's first run showed missing: 18 English entries
// (promo, sold out, money back, turn off, overdue, workouts, ...) and 15 concepts in the nine
// languages (product, order, customer, invoice, payment, shipping, account, report, coupon,
// inventory, profit, loss, recipe, unread, activity), with another language's word a typo's
// target at one edit only (round 38: that set 0.711 -> 0.837, tuned on it, so no longer held
// out; no other set losing more than one query's share), and 0.8 KB the seventh's: 9 English
// entries (loc, alive, automations, purchase, candles, ...) and 10 concepts in the nine languages
// (execution, activate, deactivate, buy, sell, history, model, security, ...; round 38: that set
// 0.769 -> 0.840, MetaTool dev 0.6516 -> 0.6523, no other set moving), and 1.6 KB the eighth's:
// 44 English entries (col, fmt, xlsx, undelete, holdings, subtitles, clips, bot, sign up, ...,
// and British spellings: organisation, colour, analyse, ...) and 13 concepts in the nine
// languages (balance, wallet, cell, row, column, vault, lock, transaction, call, assistant,
// voice, preview, trending; round 39: that set 0.717 -> 0.850, tuned on it, so no longer held
// out; the requests in nine languages over the fourth set 0.817 -> 0.831; no other set moving),
// and 3.0 KB are the built-in lexicon's analysis made at build time (core/src/lexicon_analysis.cpp:
// a code a word for its key, the meanings' tokens as codes over their words; round 39: a fresh
// module's first search, which analysed the lexicon's ~3,250 words in V8's first-tier code, 71-81
// -> 32-38 ms pinned to one core, bench/first-searches.bench.mjs). Round 40's 4.2 KB are 59
// concepts in the nine languages for the content words tool catalogs use most (name, result,
// server, version, logs, metrics, permissions, sort, filter, export, today, recent, ...; chosen
// by frequency over eleven catalogs, not by any set's misses): the requests in nine languages
// over the fourth set 0.831 -> 0.887, the sixth set 0.840 -> 0.848, the ninth held-out set
// 0.698 -> 0.714, no other set moving; and 8 English entries the tenth set's first run showed
// missing (checksum, enqueue, lapse, finalize, relabel, ...; that set 0.703 -> 0.735), and 30
// everyday English words for ones tool catalogs use (find, stats, alert, CV, ...: MetaTool dev
// 0.652 -> 0.658, held-out sets +0.8 to +2.3 points, the seventh -0.4, Seal-Tools unchanged).
// Round 41's 1.0 KB: 0.5 KB let hybrid search split and fold the query once, the static table
// reading the keyword leg's unstemmed tokens (Analyzer::analyze_into's surface; hybrid about
// 10% faster through the JS API, bench/ab.bench.mjs --hybrid --shape seal), and 0.5 KB are 45
// computing words for the ones tool descriptions use (credentials, RAM, unzip, rollback, purge,
// tx, ...; several from the eleventh held-out set's first-run misses: that set 0.764 -> 0.812,
// MetaTool dev 0.6581 -> 0.6587, the eighth set 0.850 -> 0.853, no set losing).
// Round 42's 5.1 KB are 63 concepts in the nine languages for what tools in more domains act on
// (devices, installs, budgets, deliveries, carts, bookmarks, music and volume, meals, bookings,
// passwords, backups, workouts, temperature, candidates, employees, forums, reminders, ...):
// the requests in nine languages over the ninth to twelfth held-out sets 0.722 -> 0.722,
// 0.667 -> 0.963, 0.889 -> 1.000 and 0.611 -> 0.722 (whole messages 0.611 -> 0.741, 0.426 ->
// 0.518, 0.861 -> 1.000 and 0.704 -> 0.815; those sets' misses had been read, so only the
// thirteenth set's first run is a fair test of them), no set losing, Seal-Tools and MetaTool
// unchanged.
// Round 44's 3.1 KB (213,265 -> 216,476 bytes) are binaryen's last pass at -O3 instead of -Oz
// (wasm/CMakeLists.txt), which inlines the small helpers the search path calls in every loop:
// a Seal-Tools search through the JS API 1.60-1.63x native -> a median of 1.50x over 16 runs
// (1.43-1.71x; the bar is 1.5x; bench/js-vs-native.bench.mjs), add() of the built-in catalog 2.9 -> 2.3 ms.
// Also printed:
// everything a browser downloads through the `browser` entry (entry + every module it imports
// + the .wasm).
// Run alone: node --test tests/js/size.test.mjs

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import { packedPackage, resolveExport } from './support/packed.mjs';

const BUDGET_GZIP = 212 * 1024; // .wasm + glue, gzipped (KB = 1,024 bytes)

function sizes(file) {
  const bytes = readFileSync(file);
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const kb = (n) => `${(n / 1024).toFixed(1).padStart(7)} KB`;

function row(label, s) {
  return `${label.padEnd(34)} raw ${kb(s.raw)}   gzip ${kb(s.gzip)}   brotli ${kb(s.brotli)}`;
}

function add(a, b) {
  return { raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli };
}

/** Relative static imports of an ES module, transitively. */
function moduleGraph(entry) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\b(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const spec = m[1] ?? m[2];
      const target = join(dirname(file), spec);
      if (/\.(m?js)$/.test(target) && existsSync(target)) visit(target);
    }
  };
  visit(entry);
  return [...seen];
}

test(`the .wasm plus glue stay under ${BUDGET_GZIP / 1024} KB gzipped`, async () => {
  const pkg = await packedPackage();
  const wasmTarget = resolveExport(pkg.manifest, './tool-search-core.wasm', ['browser', 'import']);
  assert.ok(wasmTarget, 'the .wasm is an exported subpath');
  const wasmFile = join(pkg.packageDir, wasmTarget);
  const glueFile = ['.mjs', '.js'].map((ext) => wasmFile.replace(/\.wasm$/, ext)).find(existsSync);
  assert.ok(glueFile, `the Emscripten glue sits next to ${wasmTarget}`);

  const wasm = sizes(wasmFile);
  const glue = sizes(glueFile);
  const combined = add(wasm, glue);

  const browserEntry = join(pkg.packageDir, resolveExport(pkg.manifest, '.', ['browser', 'import']));
  const browserFiles = moduleGraph(browserEntry);
  assert.ok(browserFiles.includes(glueFile), 'the browser entry imports the glue');
  const browserJs = browserFiles.map(sizes).reduce(add);
  const payload = add(browserJs, wasm);

  console.log(row(relative(pkg.packageDir, wasmFile), wasm));
  console.log(row(relative(pkg.packageDir, glueFile), glue));
  console.log(row('.wasm + glue', combined));
  console.log(row(`browser JS (${browserFiles.length} modules, incl. glue)`, browserJs));
  console.log(row('browser payload (JS + .wasm)', payload));
  console.log(`budget: .wasm + glue < ${kb(BUDGET_GZIP).trim()} gzipped; used ${((combined.gzip / BUDGET_GZIP) * 100).toFixed(0)}%`);

  assert.ok(combined.gzip < BUDGET_GZIP, `.wasm + glue gzipped is ${combined.gzip} bytes, over the ${BUDGET_GZIP}-byte budget`);
});

test('the tarball ships only dist/, the catalog and docs', async () => {
  const pkg = await packedPackage();
  const unexpected = pkg.files.filter(
    (f) => !/^(dist\/[^/]+\.(js|cjs|mjs|wasm|d\.ts|d\.cts)|dist\/embedders\/[\w-]+\.js|dist\/static-embeddings\.tsse|catalogs\/[^/]+\.json|docs\/hosts\.md|package\.json|README\.md|LICENSE(\.\w+)?)$/.test(f),
  );
  assert.deepEqual(unexpected, []);
  const tarball = readFileSync(pkg.tarball).length;
  console.log(`tarball ${kb(tarball).trim()}, ${pkg.files.length} files`);
});
