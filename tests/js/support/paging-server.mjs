// A small MCP server of our own over Streamable HTTP (the SDK's server side), for what the
// official servers do not exercise: tools/list in several pages, `notifications/tools/list_changed`
// when its tool set changes, a hang and a garbage answer on demand. Every tools/call is
// recorded, so a test can prove a blocked or out-of-scope call never arrived.
//
//   const server = await startPagingServer({pageSize: 4});
//   server.url            -> http://127.0.0.1:<port>/mcp
//   server.calls          -> [{name, arguments}]
//   server.setTools(list) -> replaces the tools and notifies every connected client
//   server.setMode('hang' | 'garbage' | 'ok')  (affects tools/list and tools/call)
//   await server.close()

import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const str = (description) => ({ type: 'string', description });
const num = (description) => ({ type: 'number', description });

/** The default tool set: a small logistics back office (12 tools, so pages of 4 give 3 pages). */
export const LOGISTICS_TOOLS = Object.freeze([
  { name: 'lookup_sku', description: 'Look up a product by its SKU code and return name, price and stock level.', inputSchema: { type: 'object', properties: { sku: str('The SKU code, e.g. "AB-1234"') }, required: ['sku'] } },
  { name: 'reserve_stock', description: 'Reserve units of a product in a warehouse for an order.', inputSchema: { type: 'object', properties: { sku: str('SKU code'), quantity: num('Units to reserve'), warehouse: str('Warehouse id') }, required: ['sku', 'quantity'] } },
  { name: 'list_warehouses', description: 'List the warehouses with their city and capacity.', inputSchema: { type: 'object', properties: {} } },
  { name: 'ship_order', description: 'Create a shipment for an order with a carrier and return the tracking number.', inputSchema: { type: 'object', properties: { order_id: str('Order id'), carrier: { type: 'string', enum: ['dhl', 'ups', 'fedex'] } }, required: ['order_id'] } },
  { name: 'track_parcel', description: 'Track a parcel by tracking number and report its delivery status.', inputSchema: { type: 'object', properties: { tracking_number: str('Carrier tracking number') }, required: ['tracking_number'] } },
  { name: 'refund_order', description: 'Refund an order fully or partially to the original payment method.', inputSchema: { type: 'object', properties: { order_id: str('Order id'), amount: num('Amount in EUR; omit for a full refund') }, required: ['order_id'] } },
  { name: 'create_invoice', description: 'Create a PDF invoice for an order and return its download link.', inputSchema: { type: 'object', properties: { order_id: str('Order id') }, required: ['order_id'] } },
  { name: 'get_forecast', description: 'Weather forecast for a city for the next days (affects delivery estimates).', inputSchema: { type: 'object', properties: { city: str('City name'), days: num('Number of days, 1-7') }, required: ['city'] } },
  { name: 'convert_currency', description: 'Convert an amount between currencies at today\'s rate.', inputSchema: { type: 'object', properties: { amount: num('Amount'), from: str('ISO currency code'), to: str('ISO currency code') }, required: ['amount', 'from', 'to'] } },
  { name: 'customs_tariff', description: 'Find the customs tariff code and duty rate for a product category and destination country.', inputSchema: { type: 'object', properties: { category: str('Product category'), country: str('Destination ISO country code') }, required: ['category', 'country'] } },
  { name: 'schedule_pickup', description: 'Schedule a courier pickup at a warehouse dock for a date.', inputSchema: { type: 'object', properties: { warehouse: str('Warehouse id'), date: str('ISO date') }, required: ['warehouse', 'date'] } },
  { name: 'echo', description: 'Echo the given message back (diagnostics).', inputSchema: { type: 'object', properties: { message: str('Text to echo') }, required: ['message'] } },
]);

/**
 * @param {{pageSize?: number, tools?: readonly any[], name?: string}} [options]
 */
export async function startPagingServer(options = {}) {
  const pageSize = options.pageSize ?? 4;
  let tools = [...(options.tools ?? LOGISTICS_TOOLS)];
  let mode = 'ok';
  /** @type {{name: string, arguments: any}[]} */
  const calls = [];
  let listRequests = 0;
  /** @type {Map<string, {transport: StreamableHTTPServerTransport, server: Server}>} */
  const sessions = new Map();

  function makeServer() {
    const server = new Server(
      { name: options.name ?? 'paging-test-server', version: '1.0.0' },
      { capabilities: { tools: { listChanged: true } } },
    );
    server.setRequestHandler(ListToolsRequestSchema, async (request) => {
      listRequests++;
      if (mode === 'hang') return new Promise(() => {});
      const offset = request.params?.cursor === undefined ? 0 : Number(request.params.cursor);
      if (!Number.isInteger(offset) || offset < 0 || offset > tools.length) throw new Error(`bad cursor ${request.params?.cursor}`);
      const page = tools.slice(offset, offset + pageSize);
      const next = offset + pageSize < tools.length ? String(offset + pageSize) : undefined;
      return next === undefined ? { tools: page } : { tools: page, nextCursor: next };
    });
    server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const { name, arguments: args = {} } = request.params;
      calls.push({ name, arguments: args });
      if (mode === 'hang') return new Promise(() => {});
      if (!tools.some((t) => t.name === name)) {
        return { isError: true, content: [{ type: 'text', text: `unknown tool ${name}` }] };
      }
      if (name === 'echo') return { content: [{ type: 'text', text: String(args.message) }] };
      if (name === 'lookup_sku') {
        return {
          content: [{ type: 'text', text: JSON.stringify({ sku: args.sku, name: 'Widget', price: 9.5, stock: 42 }) }],
          structuredContent: { sku: args.sku, name: 'Widget', price: 9.5, stock: 42 },
        };
      }
      return { content: [{ type: 'text', text: `${name} ok ${JSON.stringify(args)}` }] };
    });
    return server;
  }

  const http = createServer(async (req, res) => {
    try {
      if (!req.url || !req.url.startsWith('/mcp')) {
        res.writeHead(404).end();
        return;
      }
      const sessionId = req.headers['mcp-session-id'];
      let body;
      if (req.method === 'POST') {
        const chunks = [];
        for await (const chunk of req) chunks.push(chunk);
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        if (mode === 'garbage' && body && body.method === 'tools/list') {
          // A well-formed JSON-RPC envelope around a result that is not a tools/list result.
          res.writeHead(200, { 'content-type': 'application/json', ...(sessionId ? { 'mcp-session-id': String(sessionId) } : {}) });
          res.end(JSON.stringify({ jsonrpc: '2.0', id: body.id, result: { tools: 'not a list', nextCursor: 7 } }));
          return;
        }
      }
      let entry = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
      if (!entry) {
        if (req.method !== 'POST' || !body || body.method !== 'initialize') {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'no valid session' }, id: null }));
          return;
        }
        const server = makeServer();
        const transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (id) => {
            sessions.set(id, { transport, server });
          },
        });
        transport.onclose = () => {
          if (transport.sessionId) sessions.delete(transport.sessionId);
        };
        await server.connect(transport);
        entry = { transport, server };
      }
      await entry.transport.handleRequest(req, res, body);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    }
  });
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = /** @type {import('node:net').AddressInfo} */ (http.address());

  return {
    url: `http://127.0.0.1:${port}/mcp`,
    calls,
    get listRequests() {
      return listRequests;
    },
    get tools() {
      return tools;
    },
    get sessions() {
      return sessions.size;
    },
    /** @param {'ok' | 'hang' | 'garbage'} next */
    setMode(next) {
      mode = next;
    },
    /** Replaces the tool set and sends notifications/tools/list_changed to every session. */
    async setTools(next) {
      tools = [...next];
      await Promise.all([...sessions.values()].map(({ server }) => server.sendToolListChanged().catch(() => {})));
    },
    async close() {
      for (const { server } of sessions.values()) await server.close().catch(() => {});
      sessions.clear();
      http.closeAllConnections?.();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}
