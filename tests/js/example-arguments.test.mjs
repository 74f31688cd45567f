// exampleArguments (tool-search-wasm/testing): the arguments a scripted model writes for a
// tool's input schema, from the packed package. The last test feeds every schema of the
// default catalog through it and has the engine check the result, as a bridge call would.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';

import { hostModules } from './support/hosts.mjs';
import { repoRoot } from './support/packed.mjs';

let exampleArguments;
let m;

before(async () => {
  m = await hostModules();
  ({ exampleArguments } = m.testing);
});

const object = (properties, required = Object.keys(properties)) => ({ type: 'object', properties, required });

describe('exampleArguments', () => {
  it('fills only the required properties', () => {
    const schema = object({ city: { type: 'string' }, days: { type: 'integer' } }, ['city']);
    assert.deepEqual(exampleArguments(schema, 'Oslo'), { city: 'example-city' });
  });

  it('puts the words in text-like fields and a named placeholder in other strings', () => {
    const schema = object({ query: { type: 'string' }, Title: { type: 'string' }, repo: { type: 'string' } });
    assert.deepEqual(exampleArguments(schema, 'login bug'), { query: 'login bug', Title: 'login bug', repo: 'example-repo' });
  });

  it('prefers const, then the first enum value, then the default', () => {
    const schema = object({
      kind: { const: 'issue', enum: ['pr'] },
      state: { enum: ['open', 'closed'], default: 'closed' },
      per_page: { type: 'integer', default: 30 },
    });
    assert.deepEqual(exampleArguments(schema, 'x'), { kind: 'issue', state: 'open', per_page: 30 });
  });

  it('numbers respect the minimum; integers are at least 1 and whole', () => {
    const schema = object({
      a: { type: 'integer' },
      b: { type: 'integer', minimum: 2.5 },
      c: { type: 'integer', minimum: -4 },
      d: { type: 'number' },
      e: { type: 'number', minimum: 0.25 },
      f: { type: 'boolean' },
    });
    assert.deepEqual(exampleArguments(schema, 'x'), { a: 1, b: 3, c: 1, d: 1, e: 0.25, f: true });
  });

  it('takes the first anyOf/oneOf branch and the first non-null type', () => {
    const schema = object({
      id: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
      body: { oneOf: [{ type: 'string' }, { type: 'object' }] },
      flag: { type: ['null', 'boolean'] },
    });
    assert.deepEqual(exampleArguments(schema, 'hello'), { id: 1, body: 'hello', flag: true });
  });

  it('arrays get minItems examples; nested objects their own required properties', () => {
    const schema = object({
      labels: { type: 'array', items: { type: 'string' } },
      paths: { type: 'array', minItems: 2, items: { type: 'string' } },
      author: object({ email: { type: 'string' }, name: { type: 'string' } }, ['email']),
    });
    assert.deepEqual(exampleArguments(schema, 'x'), {
      labels: [],
      paths: ['example-paths', 'example-paths'],
      author: { email: 'example-email' },
    });
  });

  it('stops at a depth limit instead of following a cyclic schema', () => {
    const node = { type: 'object', properties: {}, required: ['child'] };
    node.properties.child = node;
    let depth = 0;
    for (let v = exampleArguments(node, 'x'); v && Object.keys(v).length > 0; v = v.child) depth++;
    assert.ok(depth > 1 && depth < 10, `stopped after ${depth} levels`);
  });

  it('anything that is not an object schema with required properties gives {}', () => {
    for (const schema of [undefined, null, true, 'string', { type: 'object' }, { required: 'x' }]) {
      assert.deepEqual(exampleArguments(schema, 'x'), {}, JSON.stringify(schema));
    }
  });

  it('is deterministic', () => {
    const schema = object({ query: { type: 'string' }, n: { type: 'integer' } });
    assert.deepEqual(exampleArguments(schema, 'same'), exampleArguments(schema, 'same'));
  });

  it('the engine accepts what it writes for the default catalog, through tool_call', async () => {
    const ts = await m.pkg.createToolSearch({ config: { namespacing: 'prefix' } });
    try {
      const doc = JSON.parse(readFileSync(join(repoRoot, 'js', 'catalogs', 'official-mcp.json'), 'utf8'));
      ts.add(m.pkg.toolsFromCatalog(doc));
      const session = ts.session({});
      const refused = [];
      for (const tool of ts.tools()) {
        const resolution = session.handleCall({ name: 'tool_call', arguments: { name: tool.name, arguments: exampleArguments(tool.inputSchema, 'find the login bug') } });
        if (resolution.kind !== 'dispatch') refused.push(`${tool.name}: ${resolution.reason}`);
      }
      session.close();
      assert.ok(ts.tools().length > 100);
      assert.deepEqual(refused, []);
    } finally {
      ts.dispose();
    }
  });
});
