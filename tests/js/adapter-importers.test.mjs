// tool-search-wasm/importers: real AI SDK tools (`tool()` with a zod 4 schema and with
// `jsonSchema()`), real LangChain tools (`tool()` from @langchain/core/tools) and plain zod
// schemas go into the packed package's catalog in one call each, with schemas converted to JSON
// Schema and executors that run the original functions. Run alone:
// node --test tests/js/adapter-importers.test.mjs

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { tool as lcTool } from '@langchain/core/tools';
import { jsonSchema, tool as aiTool } from 'ai';
import { z } from 'zod';

import { hostModules } from './support/hosts.mjs';

let m;
let ts;
before(async () => {
  m = await hostModules();
  ts = await m.pkg.createToolSearch();
});
after(() => ts?.dispose());

describe('importers', () => {
  it('an AI SDK ToolSet (zod and jsonSchema inputs) in one call; executors run the originals', async () => {
    const toolSet = {
      get_weather: aiTool({
        description: 'Current weather for a city.',
        inputSchema: z.object({ city: z.string().describe('City name'), unit: z.enum(['c', 'f']).optional() }),
        execute: async ({ city }) => `sunny in ${city}`,
      }),
      convert_currency: aiTool({
        description: 'Convert an amount between currencies.',
        inputSchema: jsonSchema({ type: 'object', properties: { amount: { type: 'number' }, to: { type: 'string' } }, required: ['amount', 'to'] }),
        execute: async ({ amount, to }) => `${amount * 2} ${to}`,
      }),
    };
    const { names, functions } = await m.importers.importTools(ts, toolSet, { source: 'plugin' });
    assert.deepEqual(names, ['get_weather', 'convert_currency']);
    const weather = ts.describe('get_weather');
    assert.deepEqual(weather.inputSchema.required, ['city']);
    assert.deepEqual(weather.inputSchema.properties.unit.enum, ['c', 'f']);
    assert.equal(weather.inputSchema.$schema, undefined, 'the dialect line is dropped');
    assert.equal(ts.search('weather forecast for a city')[0].name, 'get_weather');
    assert.equal(await functions.get_weather({ city: 'Oslo' }), 'sunny in Oslo');
    assert.equal(await functions.convert_currency({ amount: 2, to: 'EUR' }), '4 EUR');
    // The engine validates calls against the converted schema.
    assert.equal(ts.handleCall({ name: 'get_weather', arguments: { unit: 'k' } }).kind, 'refusal');
  });

  it('LangChain tools in one call', async () => {
    const lookup = lcTool(async ({ email }) => `contact ${email}`, {
      name: 'find_contact',
      description: 'Find a CRM contact by email address.',
      schema: z.object({ email: z.string() }),
    });
    const { names, functions } = await m.importers.importTools(ts, [lookup]);
    assert.deepEqual(names, ['find_contact']);
    assert.equal(ts.tools(['find_contact'])[0].source, 'client');
    assert.deepEqual(ts.describe('find_contact').inputSchema.required, ['email']);
    assert.equal(await functions.find_contact({ email: 'a@b.c' }), 'contact a@b.c');
  });

  it('zod schemas in one call; an unknown schema kind is a typed INVALID_SCHEMA and nothing is added', async () => {
    const { names, functions } = await m.importers.importTools(ts, {
      send_sms: { description: 'Send a text message to a phone number.', schema: z.object({ to: z.string(), text: z.string().max(160) }), execute: ({ to }) => `sent to ${to}` },
    });
    assert.deepEqual(names, ['send_sms']);
    assert.equal(ts.describe('send_sms').inputSchema.properties.text.maxLength, 160);
    assert.equal(await functions.send_sms({ to: '1', text: 'hi' }), 'sent to 1');
    const size = ts.size;
    await assert.rejects(m.importers.importTools(ts, { odd: { description: 'x', schema: new Map() } }), { name: 'ToolSearchError', code: 'INVALID_SCHEMA' });
    assert.equal(ts.size, size);
  });
});
