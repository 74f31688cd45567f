// JSON numbers through the shipped module read exactly as V8 reads them. The module's strtod is
// its own (core/src/decimal.cpp via wasm/strtod.cpp, not musl's); V8's Number() is correctly
// rounded, so every number must come back as Number(text): hard cases, exact midpoints between
// doubles (BigInt digits, up to ~770 significant digits, ties and nudges past the 800th digit),
// and random decimals. They go in as raw JSON text (a tool schema's `examples`, not numbers JS
// would re-serialise) through the raw engine, and come back through describe(), whose writer
// prints shortest round-trip digits.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { before, describe, it } from 'node:test';

import { installedPackage, rawEnvelope } from './helpers/package.mjs';

let module;
let RawEngine;
before(async () => {
  const installed = await installedPackage();
  const glue = (await import(pathToFileURL(installed.file('dist/tool-search-core.mjs')).href)).default;
  module = await glue({ wasmBinary: await readFile(installed.file('dist/tool-search-core.wasm')) });
  ({ RawEngine } = await import(pathToFileURL(installed.file('dist/raw-engine.js')).href));
});

/** The numbers as the module reads them: one tool per batch, its schema's `examples`. */
function throughModule(texts) {
  const engine = new RawEngine(module);
  try {
    const out = [];
    for (let i = 0; i < texts.length; i += 200) {
      const batch = texts.slice(i, i + 200);
      const name = `n${i}`;
      const schema = `{"type":"object","properties":{"x":{"type":"number","examples":[${batch.join(',')}]}}}`;
      const added = rawEnvelope(module, engine.addTools(`[{"name":"${name}","description":"numbers","inputSchema":${schema}}]`, 'null'));
      assert.equal(added.ok, true, JSON.stringify(added.error));
      const described = rawEnvelope(module, engine.describe(name, ''));
      assert.equal(described.ok, true, JSON.stringify(described.error));
      out.push(...described.value.inputSchema.properties.x.examples);
    }
    return out;
  } finally {
    engine.delete();
  }
}

function assertAsV8(all) {
  // nlohmann's parser refuses a number that overflows to infinity (the whole text is then
  // INVALID_JSON), so those stay out of the batches.
  const texts = all.filter((t) => Number.isFinite(Number(t)));
  const got = throughModule(texts);
  assert.equal(got.length, texts.length);
  const wrong = [];
  texts.forEach((t, i) => {
    if (!Object.is(got[i], Number(t))) wrong.push(`${t.slice(0, 60)}${t.length > 60 ? `... (${t.length} chars)` : ''}: ${got[i]} instead of ${Number(t)}`);
  });
  assert.deepEqual(wrong.slice(0, 10), [], `${wrong.length} of ${texts.length} numbers differ from V8's reading`);
}

// A small deterministic generator (mulberry32), so a failure names a reproducible input.
function rng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The exact decimal of the midpoint between a finite positive double and its successor. */
function upperMidpoint(bits) {
  const exponent = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  const m = exponent === 0 ? fraction : fraction | (1n << 52n);
  const e2 = (exponent === 0 ? -1074 : exponent - 1075) - 1; // (2m + 1) * 2^e2
  const odd = 2n * m + 1n;
  return e2 >= 0 ? (odd << BigInt(e2)).toString() : `${odd * 5n ** BigInt(-e2)}e-${-e2}`;
}

describe('JSON numbers through the module', () => {
  it('hard cases read as V8 reads them', () => {
    assertAsV8([
      '0.1', '-0.0', '2.2250738585072011e-308', '2.2250738585072012e-308', '9007199254740993.0', '1e23',
      '8.98846567431158e307', '4.9406564584124654e-324', '2.4703282292062328e-324', '2.4703282292062327e-324',
      '1.7976931348623157e308', '1.7976931348623158e308', '1e-400', '123456789012345678901234567890',
      '1.00000000000000011102230246251565404236316680908203125',
      `1.00000000000000011102230246251565404236316680908203125${'0'.repeat(800)}1`,
      `${(2n ** 54n - 5n) * 5n ** 1076n}${'0'.repeat(10)}e-1086`, // glibc 2.36 misrounds this one
      `${5n ** 1075n}e-1075`, `${5n ** 1075n}1e-1076`,
    ]);
  });

  it('exact midpoints between doubles, and nudged past them, read as V8 reads them', () => {
    const random = rng(20261125);
    const texts = [];
    for (let i = 0; i < 1500; i++) {
      const high = BigInt(Math.floor(random() * 2 ** 20));
      const low = BigInt(Math.floor(random() * 2 ** 32));
      let exponent = BigInt(Math.floor(random() * 2047));
      if (i % 4 === 0) exponent = BigInt(Math.floor(random() * 2)); // denormals, first binade
      if (i % 4 === 1) exponent = 2046n - BigInt(Math.floor(random() * 3)); // near the largest
      const mid = upperMidpoint((exponent << 52n) | (high << 32n) | low);
      const [digits, e = '0'] = mid.split('e');
      texts.push(mid, `${digits}${'0'.repeat(i % 300)}1e${e}`);
      if (digits.length > 17) texts.push(`${digits.slice(0, 17)}e${Number(e) + digits.length - 17}`);
    }
    assertAsV8(texts);
  });

  it('random decimals of 1 to 40 digits across the exponent range read as V8 reads them', () => {
    const random = rng(7);
    const texts = [];
    for (let i = 0; i < 4000; i++) {
      const n = 1 + Math.floor(random() * 40);
      let digits = String(1 + Math.floor(random() * 9));
      for (let k = 1; k < n; k++) digits += Math.floor(random() * 10);
      const point = Math.floor(random() * n) + 1;
      const sign = random() < 0.5 ? '-' : '';
      texts.push(`${sign}${digits.slice(0, point)}.${digits.slice(point) || '0'}e${Math.floor(random() * 700) - 360}`);
    }
    assertAsV8(texts);
  });
});
