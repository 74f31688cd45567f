// The web demo's static server (node:http only). It serves:
//   /                  web-demo/ (the page, its modules and styles)
//   /pkg/...           the npm package as published: package.json, README.md, dist/, catalogs/
//   /data/...          ../shared/data (the Seal-Tools catalog), when that folder exists
//   /catalogs.json     which catalogs this server can hand out
// Only GET and HEAD. The page is cross-origin isolated (COOP + COEP), which gives
// performance.now() its fine resolution for the per-search latency.

import { createReadStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

import { DATA } from '../scripts/shared-data.mjs';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const REPO = resolve(HERE, '..');

export const DEFAULTS = Object.freeze({
  demoDir: resolve(HERE),
  packageDir: join(REPO, 'js'),
  dataDir: DATA,
});

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.jsonl': 'application/x-ndjson; charset=utf-8',
  '.wasm': 'application/wasm',
  '.map': 'application/json; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ts': 'text/plain; charset=utf-8',
  '.cts': 'text/plain; charset=utf-8',
};

/** What a user of the package can load: the published files only (see js/package.json "files"). */
const PACKAGE_PATHS = [/^package\.json$/, /^README\.md$/, /^dist\/[^/]+$/, /^catalogs\/[^/]+\.json$/];

/**
 * Creates the demo server (not yet listening).
 * @param {{demoDir?: string, packageDir?: string, dataDir?: string, log?: (entry: {method: string, path: string, status: number, type?: string}) => void}} [options]
 */
export function createDemoServer(options = {}) {
  const demoDir = resolve(options.demoDir ?? DEFAULTS.demoDir);
  const packageDir = resolve(options.packageDir ?? DEFAULTS.packageDir);
  const dataDir = resolve(options.dataDir ?? DEFAULTS.dataDir);
  const log = options.log ?? (() => {});

  const catalogs = () => {
    const list = [
      {
        id: 'official',
        label: 'Official MCP servers',
        detail: 'the real tools/list of 15 reference servers, built into the package',
        url: 'pkg/catalogs/official-mcp.json',
      },
    ];
    if (existsSync(join(dataDir, 'seal_tools', 'catalog.jsonl'))) {
      list.push({
        id: 'seal',
        label: 'Seal-Tools',
        detail: '4,076 tools of the Seal-Tools data set (catalog.jsonl)',
        url: 'data/seal_tools/catalog.jsonl',
      });
    }
    return list;
  };

  return createServer(async (req, res) => {
    let path = '/';
    const send = (status, type, body, headers = {}) => {
      log({ method: req.method ?? 'GET', path, status, type });
      res.writeHead(status, {
        'content-type': type,
        'cache-control': 'no-cache',
        'x-content-type-options': 'nosniff',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-embedder-policy': 'require-corp',
        'cross-origin-resource-policy': 'same-origin',
        ...headers,
      });
      if (req.method === 'HEAD' || body === undefined) res.end();
      else if (typeof body === 'string' || Buffer.isBuffer(body)) res.end(body);
      else body.pipe(res);
    };
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'text/plain; charset=utf-8', 'method not allowed', { allow: 'GET, HEAD' });
      if (path.includes('\0')) return send(400, 'text/plain; charset=utf-8', 'bad path');
      if (path === '/catalogs.json') return send(200, TYPES['.json'], JSON.stringify(catalogs()));
      if (path === '/favicon.ico') return send(204, 'image/x-icon', undefined);

      let file = null;
      if (path.startsWith('/pkg/')) {
        const rel = path.slice('/pkg/'.length);
        if (PACKAGE_PATHS.some((re) => re.test(rel))) file = inside(packageDir, rel);
      } else if (path.startsWith('/data/')) {
        file = inside(dataDir, path.slice('/data/'.length));
      } else {
        file = inside(demoDir, path === '/' ? 'index.html' : path.slice(1));
      }
      if (!file) return send(404, 'text/plain; charset=utf-8', 'not found');
      const info = await stat(file).catch(() => null);
      if (!info || !info.isFile()) return send(404, 'text/plain; charset=utf-8', 'not found');
      const body = req.method === 'HEAD' ? undefined : createReadStream(file);
      send(200, TYPES[extname(file)] ?? 'application/octet-stream', body, { 'content-length': String(info.size) });
    } catch (error) {
      send(500, 'text/plain; charset=utf-8', String(error));
    }
  });
}

/** `rel` under `root`, or null when it would escape it. @param {string} root @param {string} rel */
function inside(root, rel) {
  const file = normalize(join(root, rel));
  return file.startsWith(root + sep) ? file : null;
}

/**
 * Listens on `host:port`. With `fallback`, a port already in use falls back to a free one.
 * @param {import('node:http').Server} server
 * @param {{port?: number, host?: string, fallback?: boolean}} [options]
 * @returns {Promise<{url: string, port: number, close: () => Promise<void>}>}
 */
export function listen(server, { port = 0, host = '127.0.0.1', fallback = false } = {}) {
  return new Promise((resolvePromise, reject) => {
    const onError = (/** @type {NodeJS.ErrnoException} */ error) => {
      if (fallback && port !== 0 && error.code === 'EADDRINUSE') {
        server.removeListener('error', onError);
        listen(server, { port: 0, host }).then(resolvePromise, reject);
        return;
      }
      reject(error);
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.removeListener('error', onError);
      const address = /** @type {import('node:net').AddressInfo} */ (server.address());
      resolvePromise({
        url: `http://${host}:${address.port}/`,
        port: address.port,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}

/**
 * Creates and starts the demo server in one step (what the tests use).
 * @param {Parameters<typeof createDemoServer>[0] & {port?: number, host?: string, fallback?: boolean}} [options]
 */
export async function startDemoServer(options = {}) {
  const server = createDemoServer(options);
  const listening = await listen(server, options);
  return { server, ...listening };
}
