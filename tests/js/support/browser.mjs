// Debian's Chromium driven by playwright-core (never a downloaded browser), and a tiny static
// server on loopback that sends the right MIME types and logs every request.

import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.map': 'application/json',
};

/**
 * Serves `root` on 127.0.0.1:<ephemeral>. `extra` maps URL paths to {type, body} served from
 * memory (e.g. the test page).
 * @param {string} root
 * @param {Record<string, {type: string, body: string | Buffer}>} [extra]
 */
export async function startStaticServer(root, extra = {}) {
  /** @type {{method: string, path: string, status: number, type: string | undefined}[]} */
  const log = [];
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const send = (status, type, body) => {
      log.push({ method: req.method, path, status, type });
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    try {
      if (extra[path]) return send(200, extra[path].type, extra[path].body);
      if (path === '/favicon.ico') return send(200, 'image/x-icon', ''); // or Chromium logs a 404
      const file = normalize(join(root, path));
      if (file !== root && !file.startsWith(root + sep)) return send(403, 'text/plain', 'forbidden');
      const info = await stat(file).catch(() => null);
      if (!info || !info.isFile()) return send(404, 'text/plain', 'not found');
      send(200, TYPES[extname(file)] ?? 'application/octet-stream', await readFile(file));
    } catch (error) {
      send(500, 'text/plain', String(error));
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    origin: `http://127.0.0.1:${port}`,
    log,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Launches headless Chromium with the flags that keep it quiet and offline. */
export async function launchChromium() {
  const { chromium } = await import('playwright-core');
  const userDataDir = mkdtempSync(join(tmpdir(), 'tsw-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--no-default-browser-check',
    ],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Opens `url` in a new page, waits for `window.__result` (set by the page) and returns it with
 * every console error, page error and failed request seen.
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} url
 */
export async function runPage(context, url, timeout = 60_000) {
  const page = await context.newPage();
  const errors = [];
  const logs = [];
  page.on('console', (msg) => {
    logs.push(`${msg.type()}: ${msg.text()}`);
    if (msg.type() === 'error') errors.push(`console.error: ${msg.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('requestfailed', (req) => errors.push(`requestfailed: ${req.url()} ${req.failure()?.errorText}`));
  try {
    await page.goto(url);
    await page.waitForFunction(() => window.__result !== undefined, null, { timeout });
    const result = await page.evaluate(() => window.__result);
    return { result, errors, logs };
  } catch (error) {
    error.message += `\npage errors: ${JSON.stringify(errors)}\nconsole: ${JSON.stringify(logs)}`;
    throw error;
  } finally {
    await page.close();
  }
}

/**
 * The page-side scenario, as a module script body. `importLine` brings `createToolSearch` and
 * `toolsFromCatalog` into scope. It adds the default catalog (fetched as catalog.json),
 * searches, and stores the outcome in window.__result.
 * @param {string} importLine
 * @param {string} [createArgs]  source text of the createToolSearch argument
 */
export function pageScenario(importLine, createArgs = '{ config: { namespacing: "prefix" } }') {
  return `${importLine}
try {
  const tools = await (await fetch('/catalog.json')).json();
  const t0 = performance.now();
  const ts = await createToolSearch(${createArgs});
  const added = ts.add(tools);
  const ready = performance.now() - t0;
  const queries = ['read a file from disk', 'create a github issue', 'post a message to a slack channel', 'take a screenshot of the page'];
  const hits = Object.fromEntries(queries.map((q) => [q, ts.search(q, { limit: 5 })]));
  const explain = ts.explain('read a file from disk', hits['read a file from disk'][0].name);
  const out = { ok: true, added: added.length, size: ts.size, fingerprint: ts.fingerprint, hits, explainTerms: explain.terms.length, ready };
  ts.dispose();
  out.disposed = ts.disposed;
  window.__result = out;
} catch (error) {
  window.__result = { ok: false, error: String(error && error.stack || error), code: error && error.code };
}
`;
}

/** The catalog the pages add: MCP-form tools with their sources. */
export function pageCatalogJson(tools) {
  return { type: 'application/json', body: JSON.stringify(tools) };
}

/** Shared assertions on a page scenario's result. */
export function checkScenario(assert, result, toolCount) {
  assert.equal(result.ok, true, `page failed: ${result.error}`);
  assert.equal(result.added, toolCount);
  assert.equal(result.size, toolCount);
  assert.match(result.fingerprint, /^[0-9a-f]{16}$/);
  const top = result.hits['read a file from disk'];
  assert.ok(top.length > 0 && top.length <= 5);
  assert.equal(top[0].source, 'mcp:filesystem', `top hit for "read a file from disk": ${JSON.stringify(top[0])}`);
  assert.match(top[0].name, /read/);
  assert.equal(result.hits['create a github issue'][0].source, 'mcp:github');
  assert.equal(result.hits['post a message to a slack channel'][0].source, 'mcp:slack');
  assert.equal(result.hits['take a screenshot of the page'][0].source, 'mcp:puppeteer');
  for (const hit of top) {
    assert.equal(typeof hit.score, 'number');
    assert.ok(Array.isArray(hit.required));
  }
  assert.ok(result.explainTerms > 0);
  assert.equal(result.disposed, true);
}
