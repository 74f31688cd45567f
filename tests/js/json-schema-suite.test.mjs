// JSON-Schema-Test-Suite conformance of the argument validator, through the packed package.
//
// The suite comes from npm (json-schema-test-suite 0.0.10, the official suite's draft-3 and
// draft-4 files). For every case of a keyword the validator claims (README "Argument
// validation"), a tool is added whose inputSchema holds the case's schema under one property,
// and handleCall sends the case's data there: a dispatch means "valid", an invalid_arguments
// refusal "invalid". The wrapper is needed because tool arguments are always an object; the
// schema's "#..." references are re-pointed into it. Prints the pass rate per keyword and fails
// on any non-conformance not listed (with its reason) in KNOWN_FAILURES below, so both a
// regression and a fix show up.

import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';

import { installedPackage } from './helpers/package.mjs';

const require = createRequire(import.meta.url);
const SUITE = path.join(path.dirname(require.resolve('json-schema-test-suite/package.json')), 'tests', 'draft4');

/** Keywords the validator claims; each is one file of the suite. */
export const CLAIMED = [
  'type', 'enum', 'required', 'properties', 'additionalProperties', 'minProperties', 'maxProperties', 'items',
  'additionalItems', 'minItems', 'maxItems', 'minLength', 'maxLength', 'minimum', 'maximum', 'allOf', 'anyOf',
  'oneOf', 'not', 'ref', 'definitions', 'default', 'pattern', 'patternProperties',
];
/** Keywords of the suite the package ignores (README lists them as unsupported). */
export const UNSUPPORTED = ['dependencies', 'multipleOf', 'uniqueItems', 'refRemote'];

/**
 * "<keyword> / <group> / <test>" -> why it fails. Each is a documented limit (README).
 * @type {Record<string, string>}
 */
const KNOWN_FAILURES = {
  'ref / remote ref, containing refs itself / remote ref invalid': 'remote $ref (here the draft-4 meta-schema) is not fetched',
  'definitions / invalid definition / invalid definition schema': 'remote $ref (here the draft-4 meta-schema) is not fetched',
};

const PROPERTY = 'v';

/** The case's schema moved under properties.v: "#/x" references become "#/properties/v/x". */
function wrap(schema) {
  const repoint = (node) => {
    if (Array.isArray(node)) return node.map(repoint);
    if (!node || typeof node !== 'object') return node;
    const out = {};
    for (const [key, value] of Object.entries(node)) {
      out[key] = key === '$ref' && typeof value === 'string' && value.startsWith('#')
        ? `#/properties/${PROPERTY}${value.slice(1)}`
        : repoint(value);
    }
    return out;
  };
  return { type: 'object', properties: { [PROPERTY]: repoint(schema) }, required: [PROPERTY] };
}

function cases(keyword) {
  const groups = JSON.parse(readFileSync(path.join(SUITE, `${keyword}.json`), 'utf8'));
  return groups.flatMap((group) =>
    group.tests.map((test) => ({ id: `${keyword} / ${group.description} / ${test.description}`, schema: group.schema, ...test })),
  );
}

let pkg;
let ts;
before(async () => {
  pkg = await (await installedPackage()).esm();
  ts = await pkg.createToolSearch();
});
after(() => ts?.dispose());

/** "valid" | "invalid" as the package judges `data` against `schema`. */
function verdict(schema, data) {
  ts.replaceSource('mcp:suite', [{ name: 'check', description: 'conformance case', inputSchema: wrap(schema) }]);
  const outcome = ts.handleCall({ name: 'check', arguments: { [PROPERTY]: data } });
  if (outcome.kind === 'dispatch') return 'valid';
  assert.equal(outcome.kind, 'refusal');
  assert.equal(outcome.reason, 'invalid_arguments', `unexpected refusal: ${outcome.message}`);
  return 'invalid';
}

describe('JSON-Schema-Test-Suite (draft 4) through the package', () => {
  it('every claimed keyword has a suite file, and the claimed and unsupported lists cover the suite', () => {
    const files = readdirSync(SUITE).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort();
    assert.deepEqual([...CLAIMED, ...UNSUPPORTED].sort(), files);
  });

  it('passes every claimed keyword\'s cases except the listed known failures; prints the rates', (t) => {
    const rows = [];
    const unexpected = [];
    const fixed = [];
    for (const keyword of [...CLAIMED, ...UNSUPPORTED]) {
      let passed = 0;
      const all = cases(keyword);
      for (const c of all) {
        const ok = verdict(c.schema, c.data) === (c.valid ? 'valid' : 'invalid');
        if (ok) passed += 1;
        if (!CLAIMED.includes(keyword)) continue;
        if (!ok && !(c.id in KNOWN_FAILURES)) unexpected.push(c.id);
        if (ok && c.id in KNOWN_FAILURES) fixed.push(c.id);
      }
      rows.push({ keyword, claimed: CLAIMED.includes(keyword), passed, total: all.length });
    }
    const line = (r) => `${r.keyword.padEnd(22)} ${String(r.passed).padStart(3)}/${String(r.total).padEnd(3)} ${((100 * r.passed) / r.total).toFixed(0).padStart(3)}%${r.claimed ? '' : '  (unsupported)'}`;
    const claimed = rows.filter((r) => r.claimed);
    const sum = (list, key) => list.reduce((s, r) => s + r[key], 0);
    const report = [
      ...rows.map(line),
      `claimed keywords: ${sum(claimed, 'passed')}/${sum(claimed, 'total')} cases pass`,
    ];
    for (const l of report) t.diagnostic(l);
    console.log(report.join('\n'));
    assert.deepEqual(unexpected, [], 'non-conformances not listed in KNOWN_FAILURES');
    assert.deepEqual(fixed, [], 'KNOWN_FAILURES entries that now pass: remove them');
  });
});
