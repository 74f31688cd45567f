#!/usr/bin/env node
// Captures the real `tools/list` output of the official MCP reference servers
// published on npm into js/catalogs/official-mcp.json, the built-in default catalog.
//
// Usage:  npm run capture:catalog        (from the repo root, after `npm install`)
//         node scripts/capture-default-catalog.mjs --set heldout|heldout2|heldout3|heldout4|heldout5|heldout6|heldout7|heldout8|heldout9|heldout10|heldout11|heldout12|heldout13|heldout14
//           captures a held-out set's servers (third-party servers, a held-out catalog for the
//           retrieval bench) into bench/data/<set>-mcp.json. Those packages are not dependencies
//           of the project: they are installed into build/heldout-servers first (npm, pinned
//           versions).
//
// Why a capture script instead of a hand-written file: the catalog must be exactly
// what a host sees from those servers (descriptions, schemas, annotations), and
// it must be reproducible when the pinned versions in package.json are bumped.
//
// Ground rules the table below relies on:
// - No network. Servers that want API keys get dummy values, servers that want a
//   backend get a loopback address. `tools/list` in all of them is static, so
//   nothing is contacted. Servers are spawned with the SDK's minimal default env
//   plus the table's env, so real credentials in the caller's env never leak in.
//   (Checked with: unshare -rn sh -c 'ip link set lo up && npm run capture:catalog')
// - PUPPETEER_SKIP_DOWNLOAD=1 is recommended for `npm install`: the puppeteer
//   server only launches Chrome on its first tool call, never for tools/list.
// - Deterministic output: table order for servers, server order for tools, no
//   timestamps, so regenerating with the same versions is byte-identical.

import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

import { readAllToolPages } from '../js/src/mcp-list-tools.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HELDOUT = process.argv.includes('--set') ? process.argv[process.argv.indexOf('--set') + 1] : null;
const OUT_FILE = HELDOUT ? path.join(ROOT, 'bench', 'data', `${HELDOUT}-mcp.json`) : path.join(ROOT, 'js', 'catalogs', 'official-mcp.json');
const HELDOUT_MODULES = path.join(ROOT, 'build', 'heldout-servers');
const TIMEOUT_MS = 30_000;
const require = createRequire(path.join(ROOT, 'package.json'));

/**
 * One row per server. `args` and `env` are functions of the per-run context so
 * temp paths and the loopback port are not baked into the table.
 * @typedef {{ tmp: string, redisUrl: string }} Ctx
 * `bin` names the package's bin entry to run when it has several and the first is not the server.
 * @type {{ server: string, package: string, bin?: string, args?: (ctx: Ctx) => string[], env?: (ctx: Ctx) => Record<string,string>, setup?: (ctx: Ctx) => Promise<void> }[]}
 */
const SERVERS = [
  // No client capabilities are declared (see connect below), so the
  // everything server's roots/sampling/elicitation-gated demo tools are absent:
  // the catalog is what a plain tool-calling host sees.
  { server: 'everything', package: '@modelcontextprotocol/server-everything', args: () => ['stdio'] },
  // The allowed directory only has to exist; an empty temp dir keeps it inert.
  { server: 'filesystem', package: '@modelcontextprotocol/server-filesystem', args: (c) => [path.join(c.tmp, 'fs-root')] },
  // Keep the knowledge-graph file out of node_modules (its default location).
  { server: 'memory', package: '@modelcontextprotocol/server-memory', env: (c) => ({ MEMORY_FILE_PATH: path.join(c.tmp, 'memory.jsonl') }) },
  { server: 'sequential-thinking', package: '@modelcontextprotocol/server-sequential-thinking', env: () => ({ DISABLE_THOUGHT_LOGGING: 'true' }) },
  { server: 'github', package: '@modelcontextprotocol/server-github', env: () => ({ GITHUB_PERSONAL_ACCESS_TOKEN: 'dummy-token-for-catalog-capture' }) },
  // The API URL points at a closed loopback port in case anything ever did call out.
  { server: 'gitlab', package: '@modelcontextprotocol/server-gitlab', env: () => ({ GITLAB_PERSONAL_ACCESS_TOKEN: 'dummy-token-for-catalog-capture', GITLAB_API_URL: 'http://127.0.0.1:9/api/v4' }) },
  { server: 'slack', package: '@modelcontextprotocol/server-slack', env: () => ({ SLACK_BOT_TOKEN: 'xoxb-dummy-token-for-catalog-capture', SLACK_TEAM_ID: 'T00000000' }) },
  // pg.Pool connects lazily (only for resources), so a closed loopback port is fine.
  { server: 'postgres', package: '@modelcontextprotocol/server-postgres', args: () => ['postgresql://capture@127.0.0.1:9/capture'] },
  // This one refuses to serve until its Redis client connects, so it gets the
  // loopback RESP stub below; tools/list itself never touches Redis.
  { server: 'redis', package: '@modelcontextprotocol/server-redis', args: (c) => [c.redisUrl] },
  { server: 'puppeteer', package: '@modelcontextprotocol/server-puppeteer' },
  { server: 'brave-search', package: '@modelcontextprotocol/server-brave-search', env: () => ({ BRAVE_API_KEY: 'dummy-key-for-catalog-capture' }) },
  { server: 'google-maps', package: '@modelcontextprotocol/server-google-maps', env: () => ({ GOOGLE_MAPS_API_KEY: 'dummy-key-for-catalog-capture' }) },
  // It only checks that a saved OAuth credentials file exists and parses.
  {
    server: 'gdrive',
    package: '@modelcontextprotocol/server-gdrive',
    env: (c) => ({ GDRIVE_CREDENTIALS_PATH: path.join(c.tmp, 'gdrive-credentials.json') }),
    setup: (c) => writeFile(path.join(c.tmp, 'gdrive-credentials.json'), JSON.stringify({ access_token: 'dummy' })),
  },
  // The AWS SDK resolves nothing until a request; the metadata-service lookup is disabled anyway.
  {
    server: 'aws-kb-retrieval',
    package: '@modelcontextprotocol/server-aws-kb-retrieval',
    env: () => ({ AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'AKIDUMMYCATALOGCAPTURE', AWS_SECRET_ACCESS_KEY: 'dummy', AWS_EC2_METADATA_DISABLED: 'true' }),
  },
  { server: 'everart', package: '@modelcontextprotocol/server-everart', env: () => ({ EVERART_API_KEY: 'dummy-key-for-catalog-capture' }) },
];

/**
 * Popular third-party servers, none of them in the built-in catalog: the held-out catalog that
 * bench/data/heldout-mcp-queries.jsonl labels. Dummy credentials only; none of them contacts
 * anything for tools/list.
 * @type {typeof SERVERS}
 */
const HELDOUT_1 = [
  { server: 'playwright', package: '@playwright/mcp@0.0.83', args: () => ['--headless', '--isolated'] },
  { server: 'notion', package: '@notionhq/notion-mcp-server@2.5.2', env: () => ({ NOTION_TOKEN: 'ntn_dummy_for_catalog_capture' }) },
  { server: 'firecrawl', package: 'firecrawl-mcp@3.22.2', env: () => ({ FIRECRAWL_API_KEY: 'fc-dummy-for-catalog-capture' }) },
  // A kubeconfig must parse; its cluster is a closed loopback port.
  {
    server: 'kubernetes',
    package: 'mcp-server-kubernetes@4.1.7',
    env: (c) => ({ KUBECONFIG: path.join(c.tmp, 'kubeconfig'), HOME: c.tmp }),
    setup: (c) => writeFile(path.join(c.tmp, 'kubeconfig'), [
      'apiVersion: v1', 'kind: Config', 'current-context: capture',
      'clusters: [{name: capture, cluster: {server: "https://127.0.0.1:9"}}]',
      'users: [{name: capture, user: {token: dummy}}]',
      'contexts: [{name: capture, context: {cluster: capture, user: capture}}]', '',
    ].join('\n')),
  },
  { server: 'tavily', package: 'tavily-mcp@0.2.22', env: () => ({ TAVILY_API_KEY: 'tvly-dummy-for-catalog-capture' }) },
  { server: 'desktop-commander', package: '@wonderwhy-er/desktop-commander@0.2.52', env: (c) => ({ HOME: c.tmp }) },
  { server: 'mongodb', package: 'mongodb-mcp-server@3.0.4', env: (c) => ({ HOME: c.tmp, MDB_MCP_TELEMETRY: 'disabled' }) },
  { server: 'exa', package: 'exa-mcp-server@3.4.1', env: () => ({ EXA_API_KEY: 'dummy-for-catalog-capture' }) },
  { server: 'context7', package: '@upstash/context7-mcp@4.1.1' },
  { server: 'airtable', package: 'airtable-mcp-server@1.14.0', env: () => ({ AIRTABLE_API_KEY: 'patDUMMYforCatalogCapture' }) },
];

/**
 * A second held-out catalog, captured a round after the first had been used for tuning, with
 * bench/data/heldout2-mcp-queries.jsonl written before any engine ran on it. Dummy credentials
 * and loopback addresses only, as above.
 * @type {typeof SERVERS}
 */
const HELDOUT_2 = [
  { server: 'hubspot', package: '@hubspot/mcp-server@0.4.0', env: () => ({ PRIVATE_APP_ACCESS_TOKEN: 'pat-dummy-for-catalog-capture' }) },
  { server: 'sentry', package: '@sentry/mcp-server@0.39.0', env: () => ({ SENTRY_ACCESS_TOKEN: 'dummy-for-catalog-capture', SENTRY_HOST: '127.0.0.1:9' }) },
  {
    server: 'jira',
    package: '@aashari/mcp-server-atlassian-jira@3.3.0',
    env: () => ({ ATLASSIAN_SITE_NAME: 'dummy', ATLASSIAN_USER_EMAIL: 'capture@example.com', ATLASSIAN_API_TOKEN: 'dummy-for-catalog-capture' }),
  },
  { server: 'linear', package: 'linear-mcp-server@0.1.0', env: () => ({ LINEAR_API_KEY: 'lin_api_dummy_for_catalog_capture' }) },
  { server: 'figma', package: 'figma-developer-mcp@0.13.2', args: () => ['--stdio'], env: () => ({ FIGMA_API_KEY: 'dummy-for-catalog-capture' }) },
  { server: 'discord', package: 'mcp-discord@1.3.4', env: () => ({ DISCORD_TOKEN: 'dummy-for-catalog-capture' }) },
  { server: 'youtube-transcript', package: '@kimtaeyoon83/mcp-server-youtube-transcript@0.1.1' },
  { server: 'elasticsearch', package: '@elastic/mcp-server-elasticsearch@0.3.1', env: () => ({ ES_URL: 'http://127.0.0.1:9', ES_API_KEY: 'dummy-for-catalog-capture' }) },
  { server: 'pinecone', package: '@pinecone-database/mcp@0.3.0', env: () => ({ PINECONE_API_KEY: 'dummy-for-catalog-capture' }) },
];

/**
 * A third held-out catalog, captured in the same round as the second had been tuned on, with
 * bench/data/heldout3-mcp-queries.jsonl written before any engine ran on it.
 * @type {typeof SERVERS}
 */
const HELDOUT_3 = [
  { server: 'circleci', package: '@circleci/mcp-server-circleci@0.20.0', env: () => ({ CIRCLECI_TOKEN: 'dummy-for-catalog-capture' }) },
  { server: 'datadog', package: '@winor30/mcp-server-datadog@1.8.0', env: () => ({ DATADOG_API_KEY: 'dummy-for-catalog-capture', DATADOG_APP_KEY: 'dummy-for-catalog-capture' }) },
  { server: 'line', package: '@line/line-bot-mcp-server@0.5.0', env: () => ({ CHANNEL_ACCESS_TOKEN: 'dummy-for-catalog-capture', DESTINATION_USER_ID: 'U00000000000000000000000000000000' }) },
  {
    server: 'browserbase',
    package: '@browserbasehq/mcp-server-browserbase@2.4.3',
    env: () => ({ BROWSERBASE_API_KEY: 'dummy-for-catalog-capture', BROWSERBASE_PROJECT_ID: 'dummy', GEMINI_API_KEY: 'dummy-for-catalog-capture' }),
  },
  { server: 'asana', package: '@roychri/mcp-server-asana@1.8.0', env: () => ({ ASANA_ACCESS_TOKEN: 'dummy-for-catalog-capture' }) },
  { server: 'glean', package: '@gleanwork/mcp-server@0.7.1', env: () => ({ GLEAN_INSTANCE: 'dummy', GLEAN_API_TOKEN: 'dummy-for-catalog-capture' }) },
];

/**
 * A fourth held-out catalog, captured after the third had been used for tuning, with
 * bench/data/heldout4-mcp-queries.jsonl written before any engine ran on it: servers none of the
 * other catalogs has, most in domains none of them has (maps and geometry, a CMS, feature flags,
 * secrets, weather). Dummy credentials and loopback addresses only, as above.
 * @type {typeof SERVERS}
 */
const HELDOUT_4 = [
  // The token only has to look like a public Mapbox token (pk.<base64 JSON>.<signature>).
  { server: 'mapbox', package: '@mapbox/mcp-server@0.14.0', env: () => ({ MAPBOX_ACCESS_TOKEN: 'pk.eyJ1IjoiY2FwdHVyZSJ9.dummy-for-catalog-capture' }) },
  {
    server: 'contentful',
    package: '@ivotoby/contentful-management-mcp-server@1.21.0',
    env: () => ({ CONTENTFUL_MANAGEMENT_ACCESS_TOKEN: 'CFPAT-dummy-for-catalog-capture', CONTENTFUL_HOST: '127.0.0.1:9' }),
  },
  { server: 'launchdarkly', package: '@launchdarkly/mcp-server@0.6.2', args: () => ['start', '--api-key', 'api-dummy-for-catalog-capture'] },
  { server: 'argocd', package: 'argocd-mcp@0.9.0', args: () => ['stdio'], env: () => ({ ARGOCD_BASE_URL: 'http://127.0.0.1:9', ARGOCD_API_TOKEN: 'dummy-for-catalog-capture' }) },
  { server: 'rollbar', package: '@rollbar/mcp-server@0.6.0', env: () => ({ ROLLBAR_ACCESS_TOKEN: 'dummy-for-catalog-capture', ROLLBAR_API_BASE: 'http://127.0.0.1:9' }) },
  // The connection pool opens on the first tool call, never for tools/list.
  {
    server: 'sqlserver',
    package: '@bilims/mcp-sqlserver@2.0.3',
    env: () => ({ SQLSERVER_HOST: '127.0.0.1', SQLSERVER_PORT: '9', SQLSERVER_USER: 'capture', SQLSERVER_PASSWORD: 'dummy', SQLSERVER_DATABASE: 'capture' }),
  },
  {
    server: 'infisical',
    package: '@infisical/mcp@0.0.24',
    env: (c) => ({
      HOME: c.tmp,
      INFISICAL_HOST_URL: 'http://127.0.0.1:9',
      INFISICAL_UNIVERSAL_AUTH_CLIENT_ID: 'dummy-for-catalog-capture',
      INFISICAL_UNIVERSAL_AUTH_CLIENT_SECRET: 'dummy-for-catalog-capture',
    }),
  },
  // Keyless (public weather services); its opt-in usage analytics stay off.
  { server: 'weather', package: '@dangahagan/weather-mcp@1.23.0', env: (c) => ({ HOME: c.tmp, ANALYTICS_ENABLED: 'false' }) },
  // This one takes its key as a VERCEL_API_KEY=... argument, not from the environment.
  { server: 'vercel', package: 'vercel-mcp@0.0.7', args: () => ['VERCEL_API_KEY=dummy-for-catalog-capture'] },
];

/**
 * A fifth held-out catalog, captured after the fourth had been used for tuning, with
 * bench/data/heldout5-mcp-queries.jsonl written before any engine ran on it: the domains the
 * other catalogs lack (payments and billing, task lists, a calendar, BI dashboards, object
 * storage, flights, lodging, e-mail). Dummy credentials and loopback addresses only, as above.
 * @type {typeof SERVERS}
 */
const HELDOUT_5 = [
  // Its default tool filter ("non-destructive") is kept; the sandbox environment must be named.
  { server: 'paddle', package: '@paddle/paddle-mcp@0.1.6', env: () => ({ PADDLE_API_KEY: 'pdl_sdbx_apikey_dummy_for_catalog_capture', PADDLE_ENVIRONMENT: 'sandbox' }) },
  { server: 'todoist', package: 'todoist-mcp@1.3.4', env: () => ({ API_KEY: 'dummy-for-catalog-capture' }) },
  { server: 'metabase', package: '@cognitionai/metabase-mcp-server@2.2.0', env: () => ({ METABASE_URL: 'http://127.0.0.1:9', METABASE_API_KEY: 'dummy-for-catalog-capture' }) },
  // Application default credentials are looked up on the first tool call, never for tools/list.
  { server: 'gcs', package: '@google-cloud/storage-mcp@0.6.0', env: (c) => ({ HOME: c.tmp, GOOGLE_CLOUD_PROJECT: 'dummy-for-catalog-capture' }) },
  // Only an OAuth client file has to exist and parse; tokens would be read (from HOME) on a call.
  {
    server: 'google-calendar',
    package: '@cocal/google-calendar-mcp@2.6.3',
    env: (c) => ({ HOME: c.tmp, GOOGLE_OAUTH_CREDENTIALS: path.join(c.tmp, 'gcp-oauth.keys.json') }),
    setup: (c) => writeFile(path.join(c.tmp, 'gcp-oauth.keys.json'), JSON.stringify({
      installed: { client_id: 'dummy.apps.googleusercontent.com', client_secret: 'dummy', redirect_uris: ['http://localhost'] },
    })),
  },
  { server: 'variflight', package: '@variflight-ai/variflight-mcp@1.0.3', env: () => ({ VARIFLIGHT_API_KEY: 'dummy-for-catalog-capture', VARIFLIGHT_API_URL: 'http://127.0.0.1:9' }) },
  // Flight status from the AviationStack API, despite its name.
  { server: 'flightradar', package: 'flightradar-mcp-server@0.1.2', env: () => ({ AVIATIONSTACK_API_KEY: 'dummy-for-catalog-capture' }) },
  // Without this flag it fetches Airbnb's robots.txt at start; the tools listed are the same.
  { server: 'airbnb', package: '@openbnb/mcp-server-airbnb@0.3.0', args: () => ['--ignore-robots-txt'] },
  // Sends through Resend; no sender configured, so the tool takes a `from` address.
  { server: 'resend', package: '@skanda-yutori/mcp-send-email@1.0.0', env: () => ({ RESEND_API_KEY: 're_dummy_for_catalog_capture' }) },
];

/**
 * A sixth held-out catalog, captured after the fifth had been used for tuning, with
 * bench/data/heldout6-mcp-queries.jsonl written before any engine ran on it: more domains the
 * other catalogs lack (a web shop, bookkeeping, an IMAP/SMTP mailbox, fitness, recipes and meal
 * plans, diagrams, a forum, SMS, a notes vault). Dummy credentials and loopback addresses only.
 * @type {typeof SERVERS}
 */
const HELDOUT_6 = [
  // All three are checked at start; the store URL is a closed loopback port.
  {
    server: 'woocommerce',
    package: '@lockon0927/woocommerce-mcp@1.0.6',
    env: () => ({ WORDPRESS_SITE_URL: 'http://127.0.0.1:9', WOOCOMMERCE_CONSUMER_KEY: 'ck_dummy_for_catalog_capture', WOOCOMMERCE_CONSUMER_SECRET: 'cs_dummy_for_catalog_capture' }),
  },
  // Local credential mode (its default): the OAuth client and the token file are read on a call.
  {
    server: 'quickbooks',
    package: 'quickbooks-mcp@0.11.0',
    env: (c) => ({ HOME: c.tmp, QBO_CLIENT_ID: 'dummy-for-catalog-capture', QBO_CLIENT_SECRET: 'dummy', QBO_SANDBOX: 'true', QBO_CREDENTIAL_FILE: path.join(c.tmp, 'qbo-credentials.json') }),
  },
  // Its first bin is a command-line tool; the MCP server is the second. Favourites live in HOME.
  { server: 'recipe', package: 'recipe-mcp@1.1.2', bin: 'recipe-mcp-server', env: (c) => ({ HOME: c.tmp }) },
  // IMAP and SMTP connect on the first tool call (or connect_all), never for tools/list.
  {
    server: 'mail',
    package: 'mcp-mail-server@1.2.1',
    env: () => ({
      IMAP_HOST: '127.0.0.1', IMAP_PORT: '9', IMAP_SECURE: 'false',
      SMTP_HOST: '127.0.0.1', SMTP_PORT: '9', SMTP_SECURE: 'false',
      EMAIL_USER: 'capture@example.com', EMAIL_PASS: 'dummy-for-catalog-capture',
    }),
  },
  {
    server: 'strava',
    package: '@r-huijts/strava-mcp-server@1.2.1',
    env: (c) => ({ HOME: c.tmp, STRAVA_CLIENT_ID: '0', STRAVA_CLIENT_SECRET: 'dummy', STRAVA_ACCESS_TOKEN: 'dummy', STRAVA_REFRESH_TOKEN: 'dummy', ROUTE_EXPORT_PATH: c.tmp }),
  },
  // Diagrams are local .drawio files.
  { server: 'drawio', package: 'drawio-mcp@1.6.0', env: (c) => ({ HOME: c.tmp }) },
  // Anonymous mode (no Reddit credentials); its cache stays off.
  { server: 'reddit', package: 'reddit-mcp-buddy@1.1.14', env: (c) => ({ HOME: c.tmp, REDDIT_BUDDY_NO_CACHE: 'true' }) },
  // The SID and token only have to pass its format checks; its webhook server is a module the
  // MCP server never starts, and the message store is a file in the temp dir.
  {
    server: 'twilio',
    package: 'twilio-mcp@1.0.0',
    env: (c) => ({
      TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000', TWILIO_AUTH_TOKEN: '00000000000000000000000000000000', TWILIO_PHONE_NUMBER: '+15005550006',
      WEBHOOK_BASE_URL: 'http://127.0.0.1:9', DATABASE_PATH: path.join(c.tmp, 'twilio.db'),
    }),
  },
  // The vault only has to exist; an empty temp dir keeps it inert.
  { server: 'obsidian', package: 'mcp-obsidian@1.0.0', args: (c) => [path.join(c.tmp, 'fs-root')] },
];

/**
 * A seventh held-out catalog, captured after the sixth had been run once, with
 * bench/data/heldout7-mcp-queries.jsonl written before any engine ran on it: more domains the
 * other catalogs lack (code quality, crypto exchanges, a stock screener, charts, workflow
 * automation, search-engine consoles, SSH hosts, local language models, translation). Dummy
 * credentials and loopback addresses only.
 * @type {typeof SERVERS}
 */
const HELDOUT_7 = [
  // The instance is only called by a tool; the URL is a closed loopback port.
  {
    server: 'sonarqube',
    package: 'sonarqube-mcp-server@1.10.21',
    env: (c) => ({ HOME: c.tmp, SONARQUBE_URL: 'http://127.0.0.1:9', SONARQUBE_TOKEN: 'dummy-for-catalog-capture' }),
  },
  // Public market data needs no keys; exchanges are reached on a tool call only.
  { server: 'ccxt', package: '@mcpfun/mcp-server-ccxt@1.2.1', env: (c) => ({ HOME: c.tmp }) },
  { server: 'tradingview', package: 'tradingview-mcp-server@0.7.1', env: (c) => ({ HOME: c.tmp }) },
  // Charts are rendered by a remote service on a tool call, never for tools/list.
  { server: 'chart', package: '@antv/mcp-server-chart@0.9.10', env: (c) => ({ HOME: c.tmp }) },
  // The n8n URL and key are given to its init tool, not at start.
  { server: 'n8n', package: '@illuminaresolutions/n8n-mcp-server@1.0.1', env: (c) => ({ HOME: c.tmp }) },
  // It lists its tools with no Google or Bing account configured; accounts are used on a call.
  { server: 'search-console', package: 'search-console-mcp@2.1.3', env: (c) => ({ HOME: c.tmp }) },
  // One profile on a closed loopback port; it connects on a tool call only.
  {
    server: 'ssh',
    package: 'ssh-mcp@2.11.0',
    args: () => ['--host=127.0.0.1', '--port=9', '--user=capture'],
    env: (c) => ({ HOME: c.tmp, SSH_MCP_PASSWORD: 'dummy-for-catalog-capture' }),
  },
  { server: 'ollama', package: 'ollama-mcp@2.1.0', env: (c) => ({ HOME: c.tmp, OLLAMA_HOST: 'http://127.0.0.1:9' }) },
  { server: 'deepl', package: 'deepl-mcp-server@0.1.3-beta.0', env: () => ({ DEEPL_API_KEY: 'dummy-for-catalog-capture:fx' }) },
];

/**
 * An eighth held-out catalog, captured after the seventh had been run once, with
 * bench/data/heldout8-mcp-queries.jsonl written before any engine ran on it: more domains the
 * other catalogs lack (a password vault and its organisation, an EVM blockchain, spreadsheets,
 * Apple's developer documentation, voice agents, a Firebase backend, YouTube statistics). Dummy
 * credentials and loopback addresses only.
 * @type {typeof SERVERS}
 */
const HELDOUT_8 = [
  // The bw CLI it drives is only run on a tool call; the vault stays locked and empty.
  { server: 'bitwarden', package: '@bitwarden/mcp-server@2026.7.0', env: (c) => ({ HOME: c.tmp, BW_SESSION: 'dummy-for-catalog-capture' }) },
  // No PRIVATE_KEY: the server makes it the default of its signing tools' key parameter, so it
  // would land in the catalog's schemas. RPC endpoints are reached on a tool call only.
  { server: 'bnbchain', package: '@bnb-chain/mcp@1.5.1', env: (c) => ({ HOME: c.tmp }) },
  // The service-account file is read on the first call; it need not exist for tools/list.
  {
    server: 'sheets',
    package: 'mcp-gsheets@1.10.3',
    env: (c) => ({ HOME: c.tmp, GOOGLE_PROJECT_ID: 'dummy-for-catalog-capture', GOOGLE_APPLICATION_CREDENTIALS: path.join(c.tmp, 'gsheets-service-account.json') }),
  },
  // Documentation is fetched on a call; its cache goes to HOME.
  { server: 'apple-docs', package: '@kimsungwhee/apple-docs-mcp@1.0.26', env: (c) => ({ HOME: c.tmp }) },
  { server: 'vapi', package: '@vapi-ai/mcp-server@0.0.11', env: () => ({ VAPI_TOKEN: 'dummy-for-catalog-capture' }) },
  // firebase-admin parses the service account's private key at start, so the file holds a
  // throwaway RSA key made for this run; the token URI is a closed loopback port.
  {
    server: 'firebase',
    package: '@gannonh/firebase-mcp@1.4.9',
    env: (c) => ({ HOME: c.tmp, SERVICE_ACCOUNT_KEY_PATH: path.join(c.tmp, 'firebase-service-account.json'), FIREBASE_STORAGE_BUCKET: 'capture-dummy.appspot.com' }),
    setup: (c) => writeFile(path.join(c.tmp, 'firebase-service-account.json'), JSON.stringify({
      type: 'service_account',
      project_id: 'capture-dummy',
      private_key_id: '0',
      private_key: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }),
      client_email: 'capture@capture-dummy.iam.gserviceaccount.com',
      client_id: '0',
      token_uri: 'http://127.0.0.1:9/token',
    })),
  },
  { server: 'youtube', package: 'youtube-data-mcp-server@1.0.16', env: () => ({ YOUTUBE_API_KEY: 'dummy-for-catalog-capture' }) },
  // Local .xlsx files; its launcher runs the Go binary shipped inside the package.
  { server: 'excel', package: '@negokaz/excel-mcp-server@0.12.0', env: (c) => ({ HOME: c.tmp }) },
];

/**
 * A ninth held-out catalog, captured after the eighth had been run once, with
 * bench/data/heldout9-mcp-queries.jsonl written before any engine ran on it: more domains the
 * other catalogs lack (marketing campaigns, bookmarks, a media library, recruiting, gym workouts,
 * test management, a game engine, coding problems, books). Dummy credentials and loopback
 * addresses only.
 * @type {typeof SERVERS}
 */
const HELDOUT_9 = [
  // Read-only by default (its write and send tools are opt-in); the key store it keeps for the
  // dummy key goes to HOME, the run's temp folder.
  { server: 'iterable', package: '@iterable/mcp@1.9.0', env: (c) => ({ HOME: c.tmp, ITERABLE_API_KEY: 'dummy-for-catalog-capture', ITERABLE_BASE_URL: 'http://127.0.0.1:9' }) },
  { server: 'karakeep', package: '@karakeep/mcp@0.33.1', env: () => ({ KARAKEEP_API_ADDR: 'http://127.0.0.1:9', KARAKEEP_API_KEY: 'dummy-for-catalog-capture' }) },
  { server: 'cloudinary', package: '@cloudinary/asset-management-mcp@0.11.0', args: () => ['start'], env: () => ({ CLOUDINARY_URL: 'cloudinary://1:dummy-for-catalog-capture@capture' }) },
  { server: 'ashby', package: 'ashby-mcp@1.7.3', env: () => ({ ASHBY_API_KEY: 'dummy-for-catalog-capture' }) },
  // Its telemetry (on unless set to 0) stays off.
  { server: 'hevy', package: 'hevy-mcp@6.1.13', env: (c) => ({ HOME: c.tmp, HEVY_API_KEY: 'dummy-for-catalog-capture', HEVY_MCP_TELEMETRY: '0' }) },
  // Its default tool set (the core tools; the rest are switched on by a tool call).
  { server: 'qase', package: '@qase/mcp-server@2.7.0', env: () => ({ QASE_API_TOKEN: 'dummy-for-catalog-capture', QASE_API_DOMAIN: '127.0.0.1:9', QASE_API_PROTOCOL: 'http' }) },
  // No Godot binary is needed to list the tools; one is looked for on a call.
  { server: 'godot', package: '@coding-solo/godot-mcp@0.1.1', env: (c) => ({ HOME: c.tmp }) },
  // Public problems and profiles, no session; LeetCode is reached on a call only.
  { server: 'leetcode', package: '@jinzcdev/leetcode-mcp-server@1.4.0', env: (c) => ({ HOME: c.tmp }) },
  { server: 'openlibrary', package: '@geobio/mcp-open-library@0.1.6' },
];

/**
 * A tenth held-out catalog, captured after the ninth had been run once, with
 * bench/data/heldout10-mcp-queries.jsonl written before any engine ran on it: more domains the
 * other catalogs lack (personal budgeting, food delivery and meal kits, developer utilities, job
 * queues, domain names, the Hugging Face Hub, Chinese astrology). Dummy credentials and
 * loopback addresses only.
 * @type {typeof SERVERS}
 */
const HELDOUT_10 = [
  { server: 'lunchmoney', package: '@akutishevsky/lunchmoney-mcp@3.0.0', env: (c) => ({ HOME: c.tmp, LUNCHMONEY_API_TOKEN: 'dummy-for-catalog-capture' }) },
  // TGO Yemek food delivery; its login happens on a call. (Its install script only adds an entry
  // to a .mcp.json in the install folder.)
  { server: 'food402', package: 'food402@1.2.0', env: (c) => ({ HOME: c.tmp, TGO_EMAIL: 'capture@example.invalid', TGO_PASSWORD: 'dummy-for-catalog-capture' }) },
  { server: 'cookunity', package: 'cookunity-mcp-server@1.3.4', env: (c) => ({ HOME: c.tmp, COOKUNITY_EMAIL: 'capture@example.invalid', COOKUNITY_PASSWORD: 'dummy-for-catalog-capture' }) },
  { server: 'calc', package: '@coo-quack/calc-mcp@2.1.1' },
  // Connections are made on a call; the default one points at a closed loopback port.
  { server: 'bullmq', package: '@adamhancock/bullmq-mcp@1.0.7', env: () => ({ REDIS_URL: 'redis://127.0.0.1:9' }) },
  { server: 'domainsearch', package: 'domain-search-mcp@1.13.1', env: (c) => ({ HOME: c.tmp }) },
  // The Hub is reached on a call only; the tool set is the one a token-holding user gets by default.
  { server: 'huggingface', package: '@llmindset/hf-mcp-server@0.4.23', env: (c) => ({ HOME: c.tmp, DEFAULT_HF_TOKEN: 'hf_dummy_for_catalog_capture' }) },
  // Chinese astrology (BaZi) and the Chinese almanac, computed locally; descriptions in Chinese.
  { server: 'bazi', package: 'bazi-mcp@0.1.0' },
];

/**
 * An eleventh held-out catalog, captured after the tenth had been run once, with
 * bench/data/heldout11-mcp-queries.jsonl written before any engine ran on it: more domains the
 * other catalogs lack (phone and emulator automation, app-store releases, a mainframe, circuit
 * netlists, a native debugger, an icon library, requirements from PDF specifications). Dummy
 * credentials and loopback addresses only.
 * @type {typeof SERVERS}
 */
const HELDOUT_11 = [
  // adb and xcrun are run on a call only; neither is installed here.
  { server: 'devicefarm', package: 'mobile-device-farm-mcp@1.0.0', env: (c) => ({ HOME: c.tmp }) },
  // Devices are reached (adb, simctl) on a call only; its OCR runs on a call too.
  { server: 'mobilepixel', package: 'mobile-pixel-mcp@1.3.1', env: (c) => ({ HOME: c.tmp }) },
  // App Store Connect and Google Play are reached on a call; no store credentials are configured.
  { server: 'appstore', package: 'pabal-store-api-mcp@1.3.19', env: (c) => ({ HOME: c.tmp }) },
  // The Zowe CLI it drives is run on a call only; no z/OSMF profile is configured.
  { server: 'zowe', package: '@gestell/zowe-mcp@0.1.4', env: (c) => ({ HOME: c.tmp, ZOWE_CLI_HOME: path.join(c.tmp, '.zowe') }) },
  // Local netlist files; its OpenTelemetry export stays off and its local telemetry file goes to the temp dir.
  {
    server: 'netlist',
    package: '@intelligentelectron/universal-netlist@1.11.1',
    env: (c) => ({ HOME: c.tmp, OTEL_SDK_DISABLED: 'true', UNIVERSAL_NETLIST_TELEMETRY_PATH: path.join(c.tmp, 'netlist-telemetry') }),
  },
  // The x64dbg plugin it talks to is reached on a call; its address is a closed loopback port.
  { server: 'x64dbg', package: 'x64dbg-mcp-server@2.3.0', env: (c) => ({ HOME: c.tmp, X64DBG_MCP_HOST: '127.0.0.1', X64DBG_MCP_PORT: '9' }) },
  { server: 'hugeicons', package: '@hugeicons/mcp-server@0.2.2', env: (c) => ({ HOME: c.tmp }) },
  // PDFs and output folders are given on a call.
  { server: 'requirements', package: '@gherk/requirements-extractor@1.5.1', env: (c) => ({ HOME: c.tmp }) },
];

/**
 * A twelfth held-out catalog, captured after the eleventh had been committed, with
 * bench/data/heldout12-mcp-queries.jsonl written before any engine ran on it: more domains the
 * other catalogs lack (identity verification and AML screening, cloud compliance benchmarks,
 * web accessibility audits, marketplaces of human workers, music production). Dummy credentials
 * and loopback addresses only.
 * @type {typeof SERVERS}
 */
const HELDOUT_12 = [
  // KYC, KYB and AML; its API and auth hosts are closed loopback ports, reached on a call only.
  {
    server: 'didit',
    package: '@didit-protocol/mcp-server@4.0.0',
    env: (c) => ({ HOME: c.tmp, DIDIT_API_KEY: 'dummy-for-catalog-capture', DIDIT_API_BASE_URL: 'http://127.0.0.1:9', DIDIT_AUTH_BASE_URL: 'http://127.0.0.1:9' }),
  },
  // Its mod location (the first argument) only has to exist; the powerpipe CLI is run on a call.
  { server: 'powerpipe', package: '@turbot/powerpipe-mcp@0.1.0', args: (c) => [path.join(c.tmp, 'fs-root')], env: (c) => ({ HOME: c.tmp }) },
  // Chrome is looked for (or launched) on a call only.
  { server: 'accesslint', package: '@accesslint/mcp@0.11.1', env: (c) => ({ HOME: c.tmp }) },
  // Its site and key are read at start; the site is a closed loopback port.
  { server: 'accessflow', package: 'accessflow-mcp-server@1.0.15', env: (c) => ({ HOME: c.tmp, DOMAIN: 'http://127.0.0.1:9', API_KEY: 'dummy-for-catalog-capture' }) },
  { server: 'loopuman', package: 'loopuman-mcp@1.5.3', env: (c) => ({ HOME: c.tmp, LOOPUMAN_API_KEY: 'dummy-for-catalog-capture', LOOPUMAN_API_URL: 'http://127.0.0.1:9' }) },
  // Descriptions in Chinese; its server is a closed loopback port, reached on a call only.
  { server: 'humanagent', package: 'humanagent-mcp@1.0.11', env: (c) => ({ HOME: c.tmp, HUMANAGENT_SERVER_URL: 'http://127.0.0.1:9' }) },
  // Live Sets and racks are read from disk on a call; Ableton Live itself is reached on a call only.
  { server: 'ableton', package: 'ableton-cookbook-mcp@0.1.6', env: (c) => ({ HOME: c.tmp }) },
];

/**
 * A thirteenth held-out catalog, captured after the twelfth had been committed, with
 * bench/data/heldout13-mcp-queries.jsonl written before any engine ran on it: more domains the
 * other catalogs lack (firewall policy management, PDF generation, speech and video generation,
 * a data-science platform, an infrastructure-as-code registry, choosing a language model, web
 * session recordings, a video framework's documentation). Dummy credentials and loopback
 * addresses only.
 * @type {typeof SERVERS}
 */
const HELDOUT_13 = [
  // Check Point Quantum Management; its management server is a closed loopback port, logged in to
  // on a call only, and its usage telemetry is off.
  {
    server: 'checkpoint',
    package: '@chkp/quantum-management-mcp@1.4.10',
    env: (c) => ({ HOME: c.tmp, MANAGEMENT_HOST: '127.0.0.1', MANAGEMENT_PORT: '9', API_KEY: 'dummy-for-catalog-capture', TELEMETRY_DISABLED: 'true' }),
  },
  { server: 'pdfnoodle', package: 'mcp-server-pdfnoodle@1.2.0', env: (c) => ({ HOME: c.tmp, PDFNOODLE_API_KEY: 'dummy-for-catalog-capture' }) },
  // Its API host is a closed loopback port, reached on a call only.
  { server: 'minimax', package: 'minimax-mcp-js@0.0.18', env: (c) => ({ HOME: c.tmp, MINIMAX_API_KEY: 'dummy-for-catalog-capture', MINIMAX_API_HOST: 'http://127.0.0.1:9' }) },
  // Its DSS instance is a closed loopback port, reached on a call only.
  { server: 'dataiku', package: 'dataiku-mcp@1.1.1', env: (c) => ({ HOME: c.tmp, DATAIKU_URL: 'http://127.0.0.1:9', DATAIKU_API_KEY: 'dummy-for-catalog-capture' }) },
  { server: 'opentofu', package: '@opentofu/opentofu-mcp-server@0.1.5', env: (c) => ({ HOME: c.tmp }) },
  { server: 'llm-advisor', package: 'llm-advisor-mcp@0.4.5', env: (c) => ({ HOME: c.tmp }) },
  { server: 'clarity', package: '@microsoft/clarity-mcp-server@2.0.1', env: (c) => ({ HOME: c.tmp, CLARITY_API_TOKEN: 'dummy-for-catalog-capture' }) },
  { server: 'remotion', package: '@remotion/mcp@4.0.527', env: (c) => ({ HOME: c.tmp }) },
];

/**
 * A fourteenth held-out catalog, captured after the thirteenth had been run once, with
 * bench/data/heldout14-mcp-queries.jsonl written before any engine ran on it: more domains the
 * other catalogs lack or barely touch (Chinese, Hong Kong and US stock-market data, translation
 * memories and glossaries, a CRM platform's objects, records and Apex code, live and historic
 * flight tracking, Chinese maps, hotel search, time zones, US weather alerts). Dummy credentials
 * and loopback addresses only.
 * @type {typeof SERVERS}
 */
const HELDOUT_14 = [
  // Its bin is a command-line tool whose `mcp` command is the MCP server; descriptions in Chinese.
  // Market data is fetched on a call only.
  { server: 'stock-sdk', package: 'stock-sdk@2.4.4', args: () => ['mcp'], env: (c) => ({ HOME: c.tmp }) },
  // Lara Translate's API is reached on a call only; the keys only have to be set.
  { server: 'lara', package: '@translated/lara-mcp@1.0.6', env: (c) => ({ HOME: c.tmp, LARA_ACCESS_KEY_ID: 'dummy-for-catalog-capture', LARA_ACCESS_KEY_SECRET: 'dummy-for-catalog-capture' }) },
  // jsforce logs in on the first tool call; the instance URL is a closed loopback port.
  {
    server: 'salesforce',
    package: '@tsmztech/mcp-server-salesforce@0.0.6',
    env: (c) => ({
      HOME: c.tmp,
      SALESFORCE_CONNECTION_TYPE: 'User_Password',
      SALESFORCE_USERNAME: 'capture@example.com',
      SALESFORCE_PASSWORD: 'dummy-for-catalog-capture',
      SALESFORCE_TOKEN: 'dummy-for-catalog-capture',
      SALESFORCE_INSTANCE_URL: 'http://127.0.0.1:9',
    }),
  },
  { server: 'fr24', package: '@flightradar24/fr24api-mcp@1.0.2', env: (c) => ({ HOME: c.tmp, FR24_API_KEY: 'dummy-for-catalog-capture' }) },
  // AMap (Gaode) maps; descriptions in Chinese.
  { server: 'amap', package: '@amap/amap-maps-mcp-server@0.0.8', env: (c) => ({ HOME: c.tmp, AMAP_MAPS_API_KEY: 'dummy-for-catalog-capture' }) },
  // Booking.com through a browser launched on a call only; its session folder is in the temp dir.
  { server: 'hotelzero', package: 'hotelzero@1.15.2', env: (c) => ({ HOME: c.tmp, HOTELZERO_SESSION_PATH: path.join(c.tmp, 'hotelzero-session') }) },
  { server: 'time', package: 'time-mcp@1.0.6', env: (c) => ({ HOME: c.tmp }) },
  // The US National Weather Service is reached on a call only.
  { server: 'weather', package: '@h1deya/mcp-server-weather@0.1.3', env: (c) => ({ HOME: c.tmp }) },
];

/** The held-out sets by `--set` name. */
const HELDOUT_SETS = { heldout: HELDOUT_1, heldout2: HELDOUT_2, heldout3: HELDOUT_3, heldout4: HELDOUT_4, heldout5: HELDOUT_5, heldout6: HELDOUT_6, heldout7: HELDOUT_7, heldout8: HELDOUT_8, heldout9: HELDOUT_9, heldout10: HELDOUT_10, heldout11: HELDOUT_11, heldout12: HELDOUT_12, heldout13: HELDOUT_13, heldout14: HELDOUT_14 };

/** A table row's package name without its pinned version. */
const packageName = (spec) => spec.replace(/(.)@[^@/]*$/, '$1');

/**
 * Official reference servers not in the table, recorded in the output so a reader
 * of the catalog knows the omission is deliberate. Every official server that is
 * on npm lists its tools offline here; these ones are Python (PyPI) only.
 */
const NOT_ON_NPM = 'not published on npm (Python reference server, PyPI only)';
const LEFT_OUT = ['fetch', 'git', 'time', 'sqlite', 'sentry'].map((name) => ({
  server: name,
  package: `@modelcontextprotocol/server-${name}`,
  reason: NOT_ON_NPM,
}));

/** Resolves a package's bin entry (the first, or the row's named one) to an absolute JS path, so we spawn node directly, not npx. */
async function resolveBin(spec, binName) {
  const pkg = packageName(spec);
  // The held-out packages are read from their own install folder by path: not every package
  // exports its package.json.
  const manifestPath = HELDOUT ? path.join(HELDOUT_MODULES, 'node_modules', pkg, 'package.json') : require.resolve(`${pkg}/package.json`);
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8'));
  const bin = typeof manifest.bin === 'string' ? manifest.bin : binName ? manifest.bin?.[binName] : Object.values(manifest.bin ?? {})[0];
  if (!bin) throw new Error(`${pkg} has no bin entry${binName ? ` ${binName}` : ''}`);
  return { bin: path.join(path.dirname(manifestPath), bin), version: manifest.version };
}

/**
 * Minimal RESP listener on 127.0.0.1 that answers +OK to every command. node-redis
 * only sends its CLIENT SETINFO handshake before the server starts serving MCP.
 */
async function startRedisStub() {
  const server = createServer((socket) => {
    let buf = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      // Consume complete `*N\r\n($len\r\n<bytes>\r\n){N}` frames; keep partial ones buffered.
      for (;;) {
        const consumed = parseRespArray(buf);
        if (consumed === 0) break;
        buf = buf.subarray(consumed);
        socket.write('+OK\r\n');
      }
    });
    socket.on('error', () => {}); // the client disappearing mid-write is expected at shutdown
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  return server;
}

/** Returns the byte length of one complete RESP array at the start of buf, or 0 if incomplete. */
function parseRespArray(buf) {
  const lineEnd = (from) => buf.indexOf('\r\n', from);
  let pos = 0;
  let end = lineEnd(pos);
  if (end < 0) return 0;
  if (buf[0] !== 0x2a /* '*' */) return end + 2; // inline command: one line
  const count = Number(buf.subarray(1, end));
  pos = end + 2;
  for (let i = 0; i < count; i++) {
    end = lineEnd(pos);
    if (end < 0) return 0;
    const len = Number(buf.subarray(pos + 1, end));
    pos = end + 2 + len + 2;
    if (pos > buf.length) return 0;
  }
  return pos;
}

/**
 * Spawns one server, lists all its tools (every tools/list page), and closes it.
 * Tools are kept exactly as they came over the wire: the SDK's zod schemas would
 * strip unknown keys (e.g. vendor annotations) and reorder the rest.
 */
async function captureServer(row, ctx) {
  const { bin, version } = await resolveBin(row.package, row.bin);
  await row.setup?.(ctx);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, ...(row.args?.(ctx) ?? [])],
    env: row.env?.(ctx) ?? {},
    cwd: ctx.tmp,
    stderr: 'pipe', // quiet on success, shown on failure
  });
  let stderr = '';
  transport.stderr?.on('data', (d) => { stderr += d; });

  // Tap the wire so the raw tools/list results can be stored verbatim while the
  // SDK still validates them (listTools throws on a non-conforming response).
  let pendingId;
  let rawResult;
  const client = new Client({ name: 'tool-search-wasm-catalog-capture', version: '0.0.0' }, { capabilities: {} });

  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
  });
  const run = async () => {
    await client.connect(transport, { timeout: TIMEOUT_MS });
    const send = transport.send.bind(transport);
    transport.send = (msg, opts) => {
      if (msg.method === 'tools/list') pendingId = msg.id;
      return send(msg, opts);
    };
    const onmessage = transport.onmessage;
    transport.onmessage = (msg, extra) => {
      if (msg.id !== undefined && msg.id === pendingId && 'result' in msg) rawResult = msg.result;
      onmessage?.(msg, extra);
    };

    const readPage = async (cursor) => {
      rawResult = undefined;
      await client.listTools(cursor === undefined ? {} : { cursor }, { timeout: TIMEOUT_MS });
      if (!rawResult) throw new Error('tools/list response was not observed on the wire');
      return rawResult;
    };
    const { tools } = await readAllToolPages(readPage);
    return tools;
  };

  try {
    const tools = await Promise.race([run(), timeout]);
    return { server: row.server, package: packageName(row.package), version, tools };
  } catch (err) {
    err.message = `${row.server} (${packageName(row.package)}@${version}): ${err.message}\n--- server stderr ---\n${stderr.trim()}`;
    throw err;
  } finally {
    clearTimeout(timer);
    await client.close().catch(() => {});
  }
}

/** Installs the held-out servers' pinned packages into HELDOUT_MODULES (idempotent). */
function installHeldoutServers(table) {
  mkdirSync(HELDOUT_MODULES, { recursive: true });
  if (!existsSync(path.join(HELDOUT_MODULES, 'package.json'))) writeFileSync(path.join(HELDOUT_MODULES, 'package.json'), '{"private":true}\n');
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...table.map((r) => r.package)], {
    cwd: HELDOUT_MODULES,
    stdio: 'inherit',
    env: { ...process.env, PUPPETEER_SKIP_DOWNLOAD: '1', PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
}

async function main() {
  const tmp = await mkdtemp(path.join(tmpdir(), 'mcp-catalog-capture-'));
  await mkdir(path.join(tmp, 'fs-root'));
  const redis = await startRedisStub();
  const ctx = { tmp, redisUrl: `redis://127.0.0.1:${redis.address().port}` };

  try {
    // Sequential on purpose: deterministic order, readable failures, light load.
    if (HELDOUT && !HELDOUT_SETS[HELDOUT]) throw new Error(`unknown --set ${HELDOUT} (one of ${Object.keys(HELDOUT_SETS).join(', ')})`);
    const table = HELDOUT ? HELDOUT_SETS[HELDOUT] : SERVERS;
    if (HELDOUT) installHeldoutServers(table);
    const servers = [];
    for (const row of table) servers.push(await captureServer(row, ctx));

    const names = new Map();
    for (const s of servers) {
      for (const t of s.tools) {
        if (names.has(t.name)) console.warn(`note: tool name "${t.name}" appears in both ${names.get(t.name)} and ${s.server}`);
        else names.set(t.name, s.server);
      }
    }

    const catalog = {
      generated_by: HELDOUT ? `scripts/capture-default-catalog.mjs --set ${HELDOUT}` : 'scripts/capture-default-catalog.mjs',
      client_capabilities: {},
      left_out: HELDOUT ? [] : LEFT_OUT,
      servers,
    };
    const json = `${JSON.stringify(catalog, null, 2)}\n`;
    await mkdir(path.dirname(OUT_FILE), { recursive: true });
    await writeFile(OUT_FILE, json);

    const total = servers.reduce((n, s) => n + s.tools.length, 0);
    for (const s of servers) console.log(`${s.server.padEnd(20)} ${s.version.padEnd(10)} ${String(s.tools.length).padStart(3)} tools`);
    console.log(`servers: ${servers.length}, tools: ${total}, bytes: ${Buffer.byteLength(json)} -> ${path.relative(ROOT, OUT_FILE)}`);
  } finally {
    redis.close();
    await rm(tmp, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err.stack ?? err);
  process.exitCode = 1;
});
