// The error codes are listed once, in js/src/error-codes.json. This test holds the other
// places to it: the C++ ErrorCode enum and its to_string table (read as text), the type the
// build generates into the packed package, and the codes the JS sources actually throw.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';

import { installedPackage, REPO } from './helpers/package.mjs';

const read = (...parts) => readFileSync(join(REPO, ...parts), 'utf8');
const { codes } = JSON.parse(read('js', 'src', 'error-codes.json'));
const ALL = codes.map((c) => c.code);
const CORE = codes.filter((c) => c.layer === 'core').map((c) => c.code);
const HOST = codes.filter((c) => c.layer === 'host').map((c) => c.code);

/** `InvalidArgument` -> `INVALID_ARGUMENT`. @param {string} name */
const upperSnake = (name) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();

/** The members of `enum class ErrorCode { ... }` in status.hpp, in order (Ok included). */
function enumMembers() {
  const body = /enum class ErrorCode\s*\{([\s\S]*?)\};/.exec(read('core', 'include', 'toolsearch', 'status.hpp'))?.[1];
  assert.ok(body, 'enum class ErrorCode not found in status.hpp');
  const withoutComments = body.replace(/\/\/[^\n]*/g, '');
  return withoutComments.split(',').map((s) => s.trim()).filter(Boolean);
}

/** `case ErrorCode::X: return "Y";` of to_string in status.cpp, in order. */
function toStringTable() {
  const source = read('core', 'src', 'status.cpp');
  return [...source.matchAll(/case\s+ErrorCode::(\w+)\s*:\s*return\s+"([^"]*)"\s*;/g)].map(([, member, text]) => ({ member, text }));
}

/** The string literals of `export type ToolSearchErrorCode = ...;` in a declaration file. */
function unionMembers(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');
  const union = /export type ToolSearchErrorCode =([^;]*);/.exec(code)?.[1];
  assert.ok(union, 'no ToolSearchErrorCode type');
  return [...union.matchAll(/'([^']+)'/g)].map((m) => m[1]);
}

describe('error-codes.json', () => {
  it('lists each code once, with a layer and a one-line meaning', () => {
    assert.equal(new Set(ALL).size, ALL.length, 'duplicate codes');
    for (const c of codes) {
      assert.match(c.code, /^[A-Z][A-Z0-9_]*$/);
      assert.ok(['core', 'host'].includes(c.layer), `${c.code}: layer ${c.layer}`);
      assert.ok(typeof c.meaning === 'string' && c.meaning.length > 0 && !c.meaning.includes('\n'), `${c.code}: meaning`);
    }
  });

  it('its core codes are the C++ ErrorCode enum, in order (status.hpp)', () => {
    const members = enumMembers();
    assert.equal(members[0], 'Ok', 'Ok comes first and is not an error');
    assert.deepEqual(members.slice(1).map(upperSnake), CORE);
  });

  it('its core codes are what the C++ to_string returns (status.cpp), for every enum member', () => {
    const table = toStringTable();
    assert.deepEqual(table.map((r) => r.member), enumMembers(), 'to_string has one case per enum member, in order');
    for (const { member, text } of table) assert.equal(text, upperSnake(member), `to_string(ErrorCode::${member})`);
    assert.deepEqual(table.filter((r) => r.member !== 'Ok').map((r) => r.text), CORE);
  });

  it('every code the JS sources throw is listed, and every host code is thrown somewhere', () => {
    const dir = join(REPO, 'js', 'src');
    const thrown = new Set();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
      const source = readFileSync(join(dir, file), 'utf8');
      for (const [, code] of source.matchAll(/new ToolSearchError\(\s*'([A-Z_]+)'/g)) thrown.add(code);
    }
    assert.deepEqual([...thrown].filter((c) => !ALL.includes(c)), [], 'thrown but not listed');
    assert.deepEqual(HOST.filter((c) => !thrown.has(c)), [], 'host codes nothing throws');
  });
});

describe('the packed package carries the generated list', () => {
  let installed;
  before(async () => {
    installed = await installedPackage();
  });

  for (const file of ['dist/index.d.ts', 'dist/index.d.cts']) {
    it(`${file}: ToolSearchErrorCode is exactly the listed codes`, () => {
      assert.deepEqual(unionMembers(readFileSync(installed.file(file), 'utf8')), ALL);
    });
  }

  it('dist/errors.js: the ToolSearchErrorCode typedef is exactly the listed codes, each explained', () => {
    const text = readFileSync(installed.file('dist/errors.js'), 'utf8');
    const typedef = /@typedef \{([^}]*)\} ToolSearchErrorCode/.exec(text)?.[1];
    assert.ok(typedef, 'no ToolSearchErrorCode typedef');
    assert.deepEqual([...typedef.matchAll(/'([^']+)'/g)].map((m) => m[1]), ALL);
    for (const c of codes) assert.ok(text.includes(`${c.code} (${c.layer}): ${c.meaning}`), c.code);
  });

  it('no placeholder region is left in dist', () => {
    for (const file of ['dist/errors.js', 'dist/index.d.ts', 'dist/index.d.cts']) {
      assert.doesNotMatch(readFileSync(installed.file(file), 'utf8'), /@generated-(begin|end)/, file);
    }
  });
});
