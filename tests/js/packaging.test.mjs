// The tarball itself: manifest, file list, export conditions, every way of handing over the
// wasm, memoised instantiation, no top-level await, and the size budget.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';

import { installedPackage, PACKAGE_SRC, packedFiles, sampleTools } from './helpers/package.mjs';

let installed;
let pkg;
let wasmBytes;
before(async () => {
  installed = await installedPackage();
  pkg = await installed.esm();
  wasmBytes = await readFile(installed.file('dist/tool-search-core.wasm'));
});

/** Creates an engine from `wasm`, checks it works, disposes it. */
async function works(wasm) {
  const ts = await pkg.createToolSearch({ wasm });
  try {
    ts.add(sampleTools());
    assert.equal(ts.search('weather in Oslo')[0].name, 'get_weather');
  } finally {
    ts.dispose();
  }
}

describe('manifest', () => {
  it('has the name, version, module type, engines, bin and no runtime dependencies', async () => {
    const manifest = JSON.parse(await readFile(installed.file('package.json'), 'utf8'));
    assert.equal(manifest.name, 'tool-search-wasm');
    assert.equal(manifest.version, '0.1.0');
    assert.equal(manifest.type, 'module');
    assert.equal(manifest.sideEffects, false);
    assert.equal(manifest.engines.node, '>=18');
    assert.deepEqual(manifest.bin, { 'tool-search': './dist/cli.js' });
    for (const field of ['dependencies', 'optionalDependencies', 'bundleDependencies']) {
      assert.equal(manifest[field], undefined, `${field} must be absent`);
    }
    // Peers (MCP SDK, tokenizers for the subpath modules) must all be optional: never installed.
    for (const peer of Object.keys(manifest.peerDependencies ?? {})) {
      assert.equal(manifest.peerDependenciesMeta?.[peer]?.optional, true, `peer ${peer} must be optional`);
    }
  });

  it('lists export conditions in resolution order, types first', async () => {
    const manifest = JSON.parse(await readFile(installed.file('package.json'), 'utf8'));
    const root = manifest.exports['.'];
    assert.deepEqual(Object.keys(root), ['types', 'workerd', 'edge-light', 'deno', 'browser', 'node', 'default']);
    assert.deepEqual(Object.keys(root.node), ['import', 'require']);
    assert.deepEqual(Object.keys(root.node.import), ['types', 'default']);
    assert.deepEqual(Object.keys(root.node.require), ['types', 'default']);
    assert.match(root.node.require.types, /\.d\.cts$/);
    assert.match(root.node.import.types, /\.d\.ts$/);
    const subpaths = Object.keys(manifest.exports);
    assert.equal(subpaths[0], '.');
    for (const p of ['./tool-search-core.wasm', './package.json']) assert.ok(subpaths.includes(p), p);
  });

  it('packs only dist, the default catalog, the hosts guide, the README and the manifest', async () => {
    const files = await packedFiles();
    const allowed = [
      /^dist\/[\w.-]+\.(js|cjs|mjs|wasm|d\.ts|d\.cts)$/,
      /^dist\/embedders\/[\w-]+\.js$/,
      /^dist\/static-embeddings\.tsse$/,
      /^catalogs\/official-mcp\.json$/,
      /^docs\/hosts\.md$/,
      /^README\.md$/,
      /^package\.json$/,
    ];
    assert.deepEqual(files.filter((f) => !allowed.some((re) => re.test(f))), [], 'unexpected files in the tarball');
    const required = [
      'README.md',
      'catalogs/official-mcp.json',
      'docs/hosts.md',
      'dist/cli.js',
      'dist/index.browser.js',
      'dist/index.cjs',
      'dist/index.d.cts',
      'dist/index.d.ts',
      'dist/index.edge-light.js',
      'dist/index.node.js',
      'dist/index.workerd.js',
      'dist/tool-search-core.mjs',
      'dist/tool-search-core.wasm',
      'dist/embedders/index.js',
      'dist/embedders.d.ts',
      'dist/static-embeddings.tsse',
      'package.json',
    ];
    assert.deepEqual(required.filter((f) => !files.includes(f)), [], 'missing from the tarball');
    // Every module of js/src ships, and nothing else is a .js in dist.
    const src = (await readdir(path.join(PACKAGE_SRC, 'src'))).filter((f) => f.endsWith('.js')).map((f) => `dist/${f}`).sort();
    assert.deepEqual(files.filter((f) => /^dist\/[\w.-]+\.js$/.test(f)).sort(), src);
    const embedders = (await readdir(path.join(PACKAGE_SRC, 'src', 'embedders'))).map((f) => `dist/embedders/${f}`).sort();
    assert.deepEqual(files.filter((f) => f.startsWith('dist/embedders/')).sort(), embedders);
  });
});

describe('export conditions resolve to the right entry', () => {
  const resolveWith = (condition, specifier = 'tool-search-wasm') => {
    const args = [...(condition ? [`--conditions=${condition}`] : []), '--input-type=module', '-e', `console.log(import.meta.resolve(${JSON.stringify(specifier)}))`];
    return path.relative(installed.dir, new URL(execFileSync(process.execPath, args, { cwd: installed.project, encoding: 'utf8' }).trim()).pathname);
  };
  const table = {
    '(node import)': [null, 'dist/index.node.js'],
    workerd: ['workerd', 'dist/index.workerd.js'],
    'edge-light': ['edge-light', 'dist/index.edge-light.js'],
    deno: ['deno', 'dist/index.browser.js'],
    browser: ['browser', 'dist/index.browser.js'],
  };
  for (const [label, [condition, file]] of Object.entries(table)) {
    it(label, () => assert.equal(resolveWith(condition), file));
  }
  it('(node require)', () => {
    const out = execFileSync(process.execPath, ['-p', "require.resolve('tool-search-wasm')"], { cwd: installed.project, encoding: 'utf8' }).trim();
    assert.equal(path.relative(installed.dir, out), 'dist/index.cjs');
  });
  it('the .wasm and package.json subpaths', () => {
    assert.equal(resolveWith(null, 'tool-search-wasm/tool-search-core.wasm'), 'dist/tool-search-core.wasm');
    assert.equal(resolveWith(null, 'tool-search-wasm/package.json'), 'package.json');
  });
  it('the built-in catalog is importable as tool-search-wasm/catalogs/official-mcp.json, and add() takes it as it is', async () => {
    assert.equal(resolveWith(null, 'tool-search-wasm/catalogs/official-mcp.json'), 'catalogs/official-mcp.json');
    const out = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "import catalog from 'tool-search-wasm/catalogs/official-mcp.json' with { type: 'json' };\n" +
          "import { createToolSearch } from 'tool-search-wasm';\n" +
          'const ts = await createToolSearch();\n' +
          'const names = ts.add(catalog);\n' +
          "console.log(JSON.stringify({ n: names.length, servers: catalog.servers.length, gitlab: names.includes('mcp_gitlab_create_issue'), github: names.includes('create_issue') }));\n" +
          'ts.dispose();',
      ],
      { cwd: installed.project, encoding: 'utf8' },
    );
    const r = JSON.parse(out.trim());
    assert.equal(r.servers, 15);
    assert.equal(r.n, 104, 'every tool of the built-in catalog, none refused as DUPLICATE_NAME');
    assert.ok(r.github && r.gitlab, 'github keeps create_issue (first in the file); gitlab gets mcp_gitlab_create_issue');
  });
  it('subpath types resolve under moduleResolution node10 through typesVersions', async () => {
    const manifest = JSON.parse(await readFile(installed.file('package.json'), 'utf8'));
    const typed = Object.keys(manifest.exports).filter((k) => k !== '.' && manifest.exports[k].types).map((k) => k.slice(2));
    assert.deepEqual(Object.keys(manifest.typesVersions['*']).sort(), typed.sort(), 'every typed subpath has a typesVersions entry');
  });
  it('private files are not importable through the package name', () => {
    assert.throws(() => resolveWith(null, 'tool-search-wasm/dist/raw.js'), /ERR_PACKAGE_PATH_NOT_EXPORTED|not exported/);
  });
  it('a .cjs consumer file can require the package and search', () => {
    const out = execFileSync(
      process.execPath,
      [
        '-e',
        `require('fs').writeFileSync('consumer.cjs', ${JSON.stringify(
          "const { createToolSearch } = require('tool-search-wasm');\ncreateToolSearch().then((ts) => { ts.add({ name: 'get_weather', description: 'Weather for a city' }); console.log(ts.search('weather')[0].name); ts.dispose(); });\n",
        )}); require('child_process').execFileSync(process.execPath, ['consumer.cjs'], { stdio: 'inherit' });`,
      ],
      { cwd: installed.project, encoding: 'utf8' },
    );
    assert.equal(out.trim(), 'get_weather');
  });
});

describe('options.wasm', () => {
  const wasmFile = () => installed.file('dist/tool-search-core.wasm');
  it('a file URL', () => works(pathToFileURL(wasmFile())));
  it('a file URL string', () => works(pathToFileURL(wasmFile()).href));
  it('a path string', () => works(wasmFile()));
  it('a relative path string (from the cwd)', () => works(path.relative(process.cwd(), wasmFile())));
  it('an ArrayBuffer', () => works(wasmBytes.buffer.slice(wasmBytes.byteOffset, wasmBytes.byteOffset + wasmBytes.byteLength)));
  it('a Uint8Array view with an offset', () => {
    const padded = new Uint8Array(wasmBytes.length + 16);
    padded.set(wasmBytes, 8);
    return works(padded.subarray(8, 8 + wasmBytes.length));
  });
  it('a Buffer', () => works(Buffer.from(wasmBytes)));
  it('a Response with the wasm MIME type (streaming)', () =>
    works(new Response(wasmBytes, { headers: { 'content-type': 'application/wasm' } })));
  it('a Response with another MIME type (compiled from bytes)', () =>
    works(new Response(wasmBytes, { headers: { 'content-type': 'application/octet-stream' } })));
  it('a Promise of a Response', () => works(Promise.resolve(new Response(wasmBytes, { headers: { 'content-type': 'application/wasm' } }))));
  it('a precompiled WebAssembly.Module', async () => works(await WebAssembly.compile(wasmBytes)));

  describe('over HTTP (fetch + instantiateStreaming)', () => {
    let server;
    let base;
    before(async () => {
      server = createServer((req, res) => {
        if (req.url === '/core.wasm' || req.url === '/octet.wasm') {
          res.writeHead(200, { 'content-type': req.url === '/core.wasm' ? 'application/wasm' : 'application/octet-stream' });
          res.end(wasmBytes);
        } else {
          res.writeHead(404);
          res.end('not found');
        }
      });
      await new Promise((r) => server.listen(0, '127.0.0.1', r));
      base = `http://127.0.0.1:${server.address().port}`;
    });
    after(() => server.close());
    it('an http URL', () => works(new URL('/core.wasm', base)));
    it('an http URL string with the wrong MIME type', () => works(`${base}/octet.wasm`));
    it('a 404 is WASM_LOAD_FAILED', () => assert.rejects(pkg.createToolSearch({ wasm: `${base}/missing.wasm` }), { code: 'WASM_LOAD_FAILED' }));
    it('the browser entry fetches too', async () => {
      const browser = await import(pathToFileURL(installed.file('dist/index.browser.js')).href);
      const ts = await browser.createToolSearch({ wasm: new URL('/core.wasm', base) });
      ts.add(sampleTools());
      assert.equal(ts.search('send an email')[0].name, 'send_email');
      ts.dispose();
    });
  });

  it('bad sources are WASM_LOAD_FAILED, and a later good load still works', async () => {
    await assert.rejects(pkg.createToolSearch({ wasm: new Uint8Array([0, 1, 2, 3]) }), { code: 'WASM_LOAD_FAILED' });
    await assert.rejects(pkg.createToolSearch({ wasm: '/no/such/file.wasm' }), { code: 'WASM_LOAD_FAILED' });
    await assert.rejects(pkg.createToolSearch({ wasm: new Response('nope', { status: 404 }) }), { code: 'WASM_LOAD_FAILED' });
    await assert.rejects(pkg.createToolSearch({ wasm: Promise.resolve(42) }), { code: 'INVALID_ARGUMENT' });
    // A module that is valid wasm but not ours.
    const empty = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);
    await assert.rejects(pkg.createToolSearch({ wasm: empty }), { code: 'WASM_LOAD_FAILED' });
    await works(undefined);
  });
});

describe('memoised instantiation (dist/load.js)', () => {
  let load;
  let factory;
  let calls;
  before(async () => {
    load = await import(pathToFileURL(installed.file('dist/load.js')).href);
    const glue = (await import(pathToFileURL(installed.file('dist/tool-search-core.mjs')).href)).default;
    calls = 0;
    factory = (options) => {
      calls++;
      return glue(options);
    };
  });
  const runtime = () => ({ defaultSource: () => wasmBytes, fetchLocation: async () => wasmBytes });

  it('one instantiation per source; concurrent calls share it', async () => {
    calls = 0;
    const loadModule = load.createModuleLoader(factory, runtime());
    const [a, b] = await Promise.all([loadModule(), loadModule()]);
    assert.equal(a, b);
    assert.equal(await loadModule(), a);
    assert.equal(calls, 1);
    const viaPath = await loadModule('/some/path.wasm');
    assert.notEqual(viaPath, a, 'another source, another module');
    assert.equal(await loadModule('/some/path.wasm'), viaPath, 'a path string is keyed by value');
    assert.equal(calls, 2);
    const bytes = new Uint8Array(wasmBytes);
    assert.equal(await loadModule(bytes), await loadModule(bytes), 'objects are keyed by identity');
    assert.equal(calls, 3);
  });

  it('a failed load is forgotten, so the next call retries', async () => {
    calls = 0;
    let fail = true;
    const loadModule = load.createModuleLoader(factory, {
      defaultSource: () => '/x.wasm',
      fetchLocation: async () => (fail ? new Uint8Array([1, 2, 3]) : wasmBytes),
    });
    await assert.rejects(loadModule(), { code: 'WASM_LOAD_FAILED' });
    fail = false;
    const module = await loadModule();
    assert.equal(typeof module._ts_engine_new, 'function');
  });
});

describe('dist hygiene', () => {
  it('no top-level await anywhere in dist (esbuild refuses TLA in CommonJS output)', async () => {
    const { transform } = await import('esbuild');
    const dist = installed.file('dist');
    for (const file of (await readdir(dist)).filter((f) => /\.(m?js)$/.test(f))) {
      const code = await readFile(path.join(dist, file), 'utf8');
      await transform(code.replace(/^#!.*\n/, ''), { format: 'cjs', loader: 'js', logLevel: 'silent' }).catch((error) => {
        assert.fail(`${file}: ${error.message}`);
      });
    }
  });

  it('the browser and edge entries bundle without node: imports or eval', async () => {
    const { build } = await import('esbuild');
    for (const entry of ['index.browser.js', 'index.workerd.js', 'index.edge-light.js']) {
      const result = await build({
        entryPoints: [installed.file(`dist/${entry}`)],
        bundle: true,
        write: false,
        format: 'esm',
        platform: 'browser',
        external: ['*.wasm', '*.wasm?module'],
        logLevel: 'silent',
      });
      const code = result.outputFiles[0].text;
      assert.doesNotMatch(code, /from\s*["']node:|require\(["']node:/, `${entry} pulls in node: modules`);
      assert.doesNotMatch(code, /new Function\(|\beval\(/, `${entry} needs eval (built without DYNAMIC_EXECUTION=0?)`);
    }
  });
});
