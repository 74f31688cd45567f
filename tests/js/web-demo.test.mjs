// The web demo in Debian's Chromium (playwright-core, never a downloaded browser). The demo
// server hands out the PACKED package (what npm users get) under /pkg/, so the page can only
// use published files and public exports. Saves screenshots to build/screenshots/, or to the
// committed web-demo/screenshots/ when UPDATE_SCREENSHOTS=1 (so a test run leaves the tree clean).
// Run alone: node --test tests/js/web-demo.test.mjs

import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { startDemoServer } from '../../web-demo/server.mjs';
import { packedPackage, repoRoot, resolveExport } from './support/packed.mjs';
import { NO_SEAL } from '../../scripts/shared-data.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const skip = existsSync(CHROMIUM) ? false : `no Chromium at ${CHROMIUM} (./dev setup installs it)`;
const SHOTS = process.env.UPDATE_SCREENSHOTS === '1'
  ? join(repoRoot, 'web-demo', 'screenshots')
  : join(repoRoot, 'build', 'screenshots');
const DESKTOP = { width: 1280, height: 800 };
const NARROW = { width: 390, height: 844 };

let server;
let context;
let userDataDir;
/** @type {import('playwright-core').Page} */
let page;
/** Everything that would show as an error in the console. */
const problems = [];
/** Requests the server answered. */
const served = [];

/** Opens the demo in a new page with every console error, page error and failed request recorded. */
async function openDemo(viewport, hash = '') {
  const p = await context.newPage();
  await p.setViewportSize(viewport);
  p.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${viewport.width}px console.${msg.type()}: ${msg.text()}`);
  });
  p.on('pageerror', (error) => problems.push(`${viewport.width}px pageerror: ${error.message}`));
  p.on('requestfailed', (req) => problems.push(`${viewport.width}px requestfailed: ${req.url()} ${req.failure()?.errorText}`));
  await p.goto(`${server.url}${hash}`);
  await p.waitForSelector('html[data-ready="true"]', { timeout: 60_000 });
  return p;
}

/**
 * Saves a viewport screenshot; `top` scrolls that element to the top of the viewport first.
 * @param {import('playwright-core').Page} p @param {string} name @param {string} [top]
 */
async function shot(p, name, top) {
  await p.evaluate((sel) => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    if (sel) document.querySelector(sel)?.scrollIntoView({ block: 'start' });
    else window.scrollTo(0, 0);
  }, top);
  await p.screenshot({ path: join(SHOTS, `${name}.png`), animations: 'disabled', caret: 'hide' });
}

/** @param {import('playwright-core').Page} p @param {'catalog' | 'search' | 'bridge'} view */
async function showView(p, view) {
  await p.click(`#tab-${view}`);
  await p.waitForSelector(`#panel-${view}:not([hidden])`);
}

before(async () => {
  if (skip) return;
  const pkg = await packedPackage();
  server = await startDemoServer({ packageDir: pkg.packageDir, log: (entry) => served.push(entry) });
  mkdirSync(SHOTS, { recursive: true });
  const { chromium } = await import('playwright-core');
  userDataDir = mkdtempSync(join(tmpdir(), 'tsw-demo-chromium-'));
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    colorScheme: 'light',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  page = await openDemo(DESKTOP);
});

after(async () => {
  await context?.close();
  if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
  await server?.close();
});

test('the import map points at what the package exports to browsers', { skip }, async () => {
  const pkg = await packedPackage();
  const html = readFileSync(join(repoRoot, 'web-demo', 'index.html'), 'utf8');
  const map = JSON.parse(/** @type {string} */ (/<script type="importmap">([\s\S]*?)<\/script>/.exec(html)?.[1])).imports;
  for (const [specifier, target] of Object.entries(map)) {
    const subpath = specifier === 'tool-search-wasm' ? '.' : `./${specifier.slice('tool-search-wasm/'.length)}`;
    const resolved = resolveExport(pkg.manifest, subpath, ['browser', 'import']);
    assert.equal(target, `./pkg/${resolved?.replace(/^\.\//, '')}`, `${specifier} → ${resolved}`);
  }
  // Nothing outside the package's public exports is imported by the demo's modules (every
  // .js the page can load; server.mjs runs in Node and is not one of them).
  const modules = readdirSync(join(repoRoot, 'web-demo'), { recursive: true }).map(String).filter((f) => f.endsWith('.js'));
  assert.ok(modules.includes('app.js') && modules.includes(join('views', 'bridge.js')), modules.join(', '));
  for (const file of modules) {
    const source = readFileSync(join(repoRoot, 'web-demo', file), 'utf8');
    for (const [, spec] of source.matchAll(/\bfrom\s+'([^']+)'/g)) {
      assert.ok(spec.startsWith('.') ? !spec.includes('pkg/') : spec in map, `${file} imports ${spec}`);
    }
  }
});

test('the server: MIME types, the packed package only, no escapes', { skip }, async () => {
  const get = (path) => fetch(new URL(path, server.url));
  const wasm = await get('pkg/dist/tool-search-core.wasm');
  assert.equal(wasm.status, 200);
  assert.equal(wasm.headers.get('content-type'), 'application/wasm');
  assert.match((await get('app.js')).headers.get('content-type') ?? '', /^text\/javascript/);
  assert.match((await get('pkg/catalogs/official-mcp.json')).headers.get('content-type') ?? '', /^application\/json/);
  assert.equal((await get('pkg/src/index.d.ts')).status, 404, 'only published files under /pkg/');
  assert.equal((await get('%2e%2e/package.json')).status, 404, 'no path escapes');
  assert.equal((await fetch(new URL('app.js', server.url), { method: 'POST' })).status, 405);
  const catalogs = await (await get('catalogs.json')).json();
  assert.equal(catalogs[0].id, 'official');
  assert.equal(catalogs.some((c) => c.id === 'seal'), !NO_SEAL);
});

test('catalog view: groups, badges, tokens with and without deferral, the gate decision', { skip, timeout: 120_000 }, async () => {
  const status = await page.textContent('#status');
  assert.match(status ?? '', /Official MCP servers: 106 tools from 15 sources/);
  const groups = await page.$$eval('.group', (els) => els.map((e) => e.getAttribute('data-source')));
  assert.equal(groups[0], 'core');
  assert.ok(groups.includes('mcp:github') && groups.includes('mcp:filesystem'), groups.join());
  assert.equal(await page.textContent('.decision .headline'), 'Deferral active: bridge');
  assert.match((await page.textContent('#gate-reason')) ?? '', /threshold 12800 \(10% of a 128000-token window/);
  const number = async (sel) => Number(((await page.textContent(sel)) ?? '').replace(/,/g, ''));
  const without = await number('#tokens-without');
  const withDeferral = await number('#tokens-with');
  assert.ok(withDeferral > 0 && withDeferral < without / 5, `${withDeferral} vs ${without}`);
  assert.equal(await page.getAttribute('.tool[data-name="exec"]', 'data-status'), 'core');
  assert.equal(await page.getAttribute('.tool[data-name="mcp_github_create_issue"]', 'data-status'), 'deferred');

  // Pin a tool: it becomes visible, and the tokens sent grow.
  const pinned = 'mcp_brave-search_brave_web_search';
  await page.click(`.tool[data-name="${pinned}"] .pin`);
  await page.waitForSelector(`.tool[data-name="${pinned}"][data-status="pinned"]`);
  assert.ok((await number('#tokens-with')) > withDeferral);
  await shot(page, 'catalog-desktop', '#tabs');
  await page.click(`.tool[data-name="${pinned}"] .pin`);
  await page.waitForSelector(`.tool[data-name="${pinned}"][data-status="deferred"]`);

  // A 1M window: the token threshold is capped at maxTokens (20K), above this catalog's ~13K
  // tokens, but its 104 deferrable tools reach thresholdTools (40): the gate still defers.
  await page.click('#window-picker input[value="1000000"]');
  await page.waitForFunction(() => /< threshold 20000 \(10% of a 1000000-token window.*; 104 >= thresholdTools 40/.test(document.querySelector('#gate-reason')?.textContent ?? ''));
  assert.equal(await page.textContent('.decision .headline'), 'Deferral active: bridge');
  assert.equal(await number('#tokens-with'), withDeferral);
  await page.click('#window-picker input[value="128000"]');
  await page.waitForFunction(() => document.querySelector('.decision .headline')?.textContent === 'Deferral active: bridge');
});

test('search view: ranked hits as you type, latency, explanation, exact and substring labels', { skip, timeout: 120_000 }, async () => {
  await showView(page, 'search');
  await page.fill('#search-input', '');
  await page.type('#search-input', 'create an issue in a github repository', { delay: 5 });
  // As you type: no Enter, the debounced search renders the hits for the whole query.
  await page.waitForSelector('#hits[data-query="create an issue in a github repository"]');
  assert.equal(await page.getAttribute('#hits .hit:first-child', 'data-name'), 'mcp_github_create_issue');
  assert.match((await page.textContent('#search-meta')) ?? '', /5 hits in .*ms over 106 tools/);

  await page.click('#hits .hit:first-child .explain-toggle');
  const rows = await page.$$eval('#hits .hit:first-child .terms tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent?.trim())));
  assert.ok(rows.length >= 3, JSON.stringify(rows));
  // Terms are shown as indexed: folded and stemmed ("issue" -> "issu").
  assert.ok(rows.some(([term, field]) => term === 'issu' && field === 'name'), JSON.stringify(rows));
  const total = Number(await page.textContent('#hits .hit:first-child .terms .total'));
  const score = Number(await page.textContent('#hits .hit:first-child .score'));
  assert.ok(Math.abs(total - score) < 0.01, `explained ${total} vs score ${score}`);
  await shot(page, 'search-desktop', '#tabs');

  await page.fill('#search-input', 'mcp_github_get_issue');
  await page.press('#search-input', 'Enter');
  await page.waitForSelector('#hits[data-query="mcp_github_get_issue"] .hit:first-child.m-exact');
  assert.equal(await page.getAttribute('#hits .hit:first-child', 'data-name'), 'mcp_github_get_issue');
  assert.equal(await page.textContent('#hits .hit:first-child .badge'), 'exact name');

  // A fragment typo tolerance cannot reach (it lacks the word's first letter): only the names
  // contain it. ("reposit" reads as a form of "repo" since round 36.)
  await page.fill('#search-input', 'ithub');
  await page.press('#search-input', 'Enter');
  await page.waitForSelector('#hits[data-query="ithub"] .hit:first-child.m-substring');
  assert.equal(await page.textContent('#hits .hit:first-child .badge'), 'substring fallback');
  assert.match((await page.textContent('#search-meta')) ?? '', /BM25 found nothing/);

  // Hybrid with the package's static table (fetched from /pkg on first use): the explanation
  // gives the tool's fused rank and each leg's rank and score.
  await page.selectOption('#search-strategy', 'hybrid');
  await page.fill('#search-input', 'think step by step');
  await page.press('#search-input', 'Enter');
  await page.waitForSelector('#hits[data-query="think step by step"]');
  assert.match((await page.textContent('#search-meta')) ?? '', /over 106 tools, hybrid/);
  assert.equal(await page.getAttribute('#hits .hit:first-child', 'data-name'), 'mcp_sequential-thinking_sequentialthinking');
  await page.click('#hits .hit:first-child .explain-toggle');
  assert.match((await page.textContent('#hits .hit:first-child #explain-legs')) ?? '', /^hybrid: rank 1, score [\d.]+ · keyword leg rank \d+, score [\d.]+ · semantic leg rank \d+, score [\d.]+ \(fused: BM25 over the best BM25 \+ \d\.\d{3} × cosine, the weight this query got\)/);
  await page.selectOption('#search-strategy', 'regex');
  await page.fill('#search-input', '^mcp_slack_');
  await page.press('#search-input', 'Enter');
  await page.waitForSelector('#hits[data-query="^mcp_slack_"] .hit.m-regex');
  const names = await page.$$eval('#hits .hit', (lis) => lis.map((li) => li.getAttribute('data-name')));
  assert.ok(names.length > 0 && names.every((n) => n?.startsWith('mcp_slack_')), names.join());
  await page.selectOption('#search-strategy', 'keyword');
});

test('bridge view: the scripted turn, the unwrapped real call, refusals, provider JSON', { skip, timeout: 180_000 }, async () => {
  await showView(page, 'bridge');
  await page.click('#bridge-play');
  await page.waitForSelector('#real-call');
  assert.equal(await page.textContent('#real-call'), 'mcp_github_create_issue');
  const kinds = await page.$$eval('#timeline .ev', (els) => els.map((e) => e.className.replace(/^ev /, '')));
  assert.deepEqual(kinds, ['model', 'engine search', 'model', 'engine describe', 'model', 'engine dispatch', 'model text']);
  assert.match((await page.textContent('.ev.dispatch .host-note')) ?? '', /demo: not executed/);
  assert.match((await page.textContent('.ev.dispatch .ctx-facts')) ?? '', /via tool_call/);
  assert.match((await page.textContent('#wire-tokens')) ?? '', /tokens of tool definitions \(engine estimate\)/);
  assert.match((await page.textContent('.wire .json')) ?? '', /"tool_search"/);
  await shot(page, 'bridge-desktop', '.bridge-grid');

  // The same turn in Anthropic's and Gemini's formats.
  await page.click('.provider-tabs [data-provider="anthropic"]');
  await page.waitForSelector('#timeline[data-provider="anthropic"]');
  assert.match((await page.textContent('.wire .json')) ?? '', /"input_schema"/);
  await page.click('.provider-tabs [data-provider="gemini"]');
  await page.waitForSelector('#timeline[data-provider="gemini"]');
  assert.match((await page.textContent('.wire .json')) ?? '', /"functionDeclarations"/);
  assert.equal(await page.textContent('#real-call'), 'mcp_github_create_issue');
  await page.click('.provider-tabs [data-provider="openai-chat"]');
  await page.waitForSelector('#timeline[data-provider="openai-chat"]');

  for (const [scenario, reason] of [
    ['bad-args', 'invalid_arguments'],
    ['recursion', 'bridge_recursion'],
    ['core', 'core_via_bridge'],
    ['scope', 'not_found'],
  ]) {
    await page.selectOption('#bridge-scenario', scenario);
    await page.waitForSelector(`#timeline[data-scenario="${scenario}"] .ev.refusal[data-reason="${reason}"]`);
    if (scenario === 'bad-args') {
      // The schema went back to the model, which retried and got through.
      assert.match((await page.textContent(`.ev.refusal[data-reason="${reason}"]`)) ?? '', /schema/);
      await page.waitForSelector('#real-call');
    }
    if (scenario === 'core') assert.equal(await page.textContent('#real-call'), 'exec');
    if (scenario === 'scope') assert.equal(await page.$('#real-call'), null, 'nothing dispatched out of scope');
  }
  await page.selectOption('#bridge-scenario', 'repair');
  await page.waitForSelector('#timeline[data-scenario="repair"] .ev.dispatch');
  assert.match((await page.textContent('.ev.dispatch .ctx-facts')) ?? '', /repairs: .*\barguments_json_string/);

  // A direct call activates the deferred tool; the catalog view shows it.
  await page.selectOption('#bridge-scenario', 'direct');
  await page.waitForSelector('#timeline[data-scenario="direct"] .ev.dispatch');
  const direct = await page.getAttribute('.ev.dispatch', 'data-real-name');
  await showView(page, 'catalog');
  assert.match((await page.getAttribute(`.tool[data-name="${direct}"]`, 'data-status')) ?? '', /activated/);
  await showView(page, 'bridge');
  await page.selectOption('#bridge-scenario', 'bridge');
  await page.waitForSelector('#timeline[data-scenario="bridge"] #real-call');
});

test('a bad file shows its error code and leaves the catalog as it was', { skip, timeout: 120_000 }, async () => {
  await showView(page, 'catalog');
  const before = { status: await page.textContent('#status'), groups: await page.$$eval('.tool', (els) => els.length) };
  await page.setInputFiles('#file-input', {
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ tools: [{ name: 'bad_schema', description: 'x', inputSchema: 5 }] })),
  });
  await page.waitForSelector('#alert.error:not([hidden])');
  assert.equal(await page.textContent('#alert .err-code'), 'INVALID_SCHEMA');
  assert.match((await page.textContent('#alert')) ?? '', /Still loaded: Official MCP servers \(106 tools\)/);
  assert.equal(await page.textContent('#status'), before.status);
  assert.equal(await page.$$eval('.tool', (els) => els.length), before.groups);
  assert.equal(await page.inputValue('#catalog-select'), 'official');
  await shot(page, 'error-desktop');

  await page.setInputFiles('#file-input', { name: 'not-json.json', mimeType: 'application/json', buffer: Buffer.from('{"tools": [') });
  await page.waitForFunction(() => document.querySelector('#alert .err-code')?.textContent === 'INVALID_JSON');
  assert.equal(await page.textContent('#status'), before.status);

  // A good file replaces the catalog: an OpenAI tools array.
  const openai = [{ type: 'function', function: { name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } }];
  await page.setInputFiles('#file-input', { name: 'openai-tools.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(openai)) });
  await page.waitForFunction(() => /File: openai-tools\.json: 3 tools/.test(document.querySelector('#status')?.textContent ?? ''));
  assert.equal(await page.isHidden('#alert'), true);

  // Pasted text: an MCP tools/list result.
  await page.click('#paste-button');
  await page.fill('#paste-text', JSON.stringify({ tools: [{ name: 'echo', description: 'Echo a message', inputSchema: { type: 'object', properties: { message: { type: 'string' } } } }] }));
  await page.click('#paste-load');
  await page.waitForFunction(() => /^Pasted catalog: 3 tools/.test(document.querySelector('#status')?.textContent ?? ''));
  assert.equal(await page.inputValue('#catalog-select'), 'custom');

  await page.selectOption('#catalog-select', 'official');
  await page.waitForFunction(() => /^Official MCP servers: 106 tools/.test(document.querySelector('#status')?.textContent ?? ''));
});

test('the Seal-Tools catalog (4,076 tools) loads, leaving out its invalid tool', { skip: skip || NO_SEAL, timeout: 180_000 }, async () => {
  await page.selectOption('#catalog-select', 'seal');
  await page.waitForFunction(() => /^Seal-Tools: /.test(document.querySelector('#status')?.textContent ?? ''), null, { timeout: 120_000 });
  assert.match((await page.textContent('#alert.warn')) ?? '', /Left out 1 invalid tool/);
  await showView(page, 'search');
  await page.fill('#search-input', 'book a flight to Tokyo');
  await page.press('#search-input', 'Enter');
  // Two Seal-Tools tools say the same thing (bookFlight, flightBooking); either may lead.
  await page.waitForSelector('#hits[data-query="book a flight to Tokyo"] .hit:first-child:is([data-name="bookFlight"], [data-name="flightBooking"])');
  await showView(page, 'catalog');
  await page.selectOption('#catalog-select', 'official');
  await page.waitForFunction(() => /^Official MCP servers: 106 tools/.test(document.querySelector('#status')?.textContent ?? ''));
});

test('narrow screens (390px): every view fits without horizontal scrolling', { skip, timeout: 180_000 }, async () => {
  const narrow = await openDemo(NARROW, '#catalog');
  try {
    const overflow = () => narrow.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok((await overflow()) <= 0, 'catalog overflows');
    await shot(narrow, 'catalog-narrow');

    await showView(narrow, 'search');
    await narrow.fill('#search-input', 'take a screenshot of a web page');
    await narrow.press('#search-input', 'Enter');
    await narrow.waitForSelector('#hits[data-query="take a screenshot of a web page"] .hit:first-child[data-name="mcp_puppeteer_puppeteer_screenshot"]');
    await narrow.click('#hits .hit:first-child .explain-toggle');
    assert.ok((await overflow()) <= 0, 'search overflows');
    await shot(narrow, 'search-narrow', '#tabs');

    await showView(narrow, 'bridge');
    await narrow.click('#bridge-play');
    await narrow.waitForSelector('#real-call');
    assert.ok((await overflow()) <= 0, 'bridge overflows');
    await shot(narrow, 'bridge-narrow', '.ev.dispatch');
  } finally {
    await narrow.close();
  }
});

test('dark mode renders (prefers-color-scheme)', { skip, timeout: 120_000 }, async () => {
  const dark = await context.newPage();
  try {
    await dark.emulateMedia({ colorScheme: 'dark' });
    await dark.setViewportSize(DESKTOP);
    dark.on('pageerror', (error) => problems.push(`dark pageerror: ${error.message}`));
    dark.on('console', (msg) => msg.type() === 'error' && problems.push(`dark console.error: ${msg.text()}`));
    await dark.goto(`${server.url}#bridge`);
    await dark.waitForSelector('html[data-ready="true"]', { timeout: 60_000 });
    const bg = await dark.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.notEqual(bg, 'rgb(246, 247, 249)', 'dark background');
    await dark.click('#bridge-play');
    await dark.waitForSelector('#real-call');
    await shot(dark, 'bridge-desktop-dark', '.bridge-grid');
  } finally {
    await dark.close();
  }
});

test('no console errors, page errors or failed requests; the .wasm came from the package', { skip }, () => {
  assert.deepEqual(problems, []);
  const wasm = served.filter((r) => r.path.endsWith('.wasm'));
  assert.ok(wasm.length >= 1);
  assert.ok(wasm.every((r) => r.path === '/pkg/dist/tool-search-core.wasm' && r.type === 'application/wasm' && r.status === 200), JSON.stringify(wasm));
});
