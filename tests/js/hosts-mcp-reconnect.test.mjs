// The MCP hub's failure handling against REAL servers: automatic reconnect with backoff after a
// crash (the real filesystem server over stdio, killed), a retry budget that runs out, clear
// messages for HTTP and stdio connections that cannot be opened, and the server's stderr kept
// or forwarded. Run alone: node --test tests/js/hosts-mcp-reconnect.test.mjs

import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

import { hostModules } from './support/hosts.mjs';
import { filesystemServer, serverSandbox } from './support/mcp-servers.mjs';

let m;
let box;
before(async () => {
  m = await hostModules();
  box = serverSandbox();
});

const until = async (predicate, what, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** A fresh engine and hub; closed by the caller. */
async function world(options) {
  const ts = await m.pkg.createToolSearch();
  const hub = m.mcp.createMcpHub(ts, options);
  const events = [];
  hub.onChange((e) => events.push(e));
  return { ts, hub, events, close: async () => { await hub.close(); ts.dispose(); } };
}

/** A port nothing listens on (bound, then released). */
async function closedPort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('automatic reconnect with backoff', () => {
  it('a killed server comes back on its own, with the same tool names and a new process', async () => {
    const w = await world({ reconnect: { initialDelayMs: 50, retries: 3 } });
    try {
      const first = await w.hub.add('fs', filesystemServer(box));
      assert.equal(first.state, 'ready', JSON.stringify(first.error));
      const names = w.ts.tools().map((t) => t.name).sort();
      process.kill(first.pid, 'SIGKILL');
      await until(() => w.hub.status('fs').state === 'failed', 'the crash to be noticed');
      const down = w.hub.status('fs');
      assert.equal(down.error.code, 'disconnected');
      assert.equal(down.tools, 0);
      assert.ok(down.nextRetryAt !== null && down.nextRetryAt >= down.error.at, 'a retry is scheduled');
      await until(() => w.hub.status('fs').state === 'ready' && w.hub.status('fs').tools > 0, 'the automatic reconnect and its listing');
      const back = w.hub.status('fs');
      assert.notEqual(back.pid, first.pid);
      assert.equal(back.retries, 0, 'the count resets once it is ready');
      assert.equal(back.nextRetryAt, null);
      assert.deepEqual(w.ts.tools().map((t) => t.name).sort(), names);
      const failed = w.events.find((e) => e.type === 'status' && e.state === 'failed');
      assert.equal(typeof failed.nextRetryAt, 'number');
      const result = await w.hub.callTool('list_allowed_directories', {});
      assert.match(m.providers.toText(result), /Allowed directories/);
    } finally {
      await w.close();
    }
  });

  it('the retry budget runs out: waits double, then the server stays failed with its count', async () => {
    const attempts = [];
    let transport;
    const spec = {
      // The first connection is the real server; every later one is refused, as a server that
      // stays down would be.
      connect: async () => {
        attempts.push(Date.now());
        if (attempts.length > 1) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
        const fs = filesystemServer(box);
        transport = new StdioClientTransport({ command: fs.command, args: fs.args, cwd: fs.cwd, stderr: 'pipe' });
        const client = new Client({ name: 'test', version: '0' });
        await client.connect(transport);
        return client;
      },
    };
    const w = await world({ reconnect: { initialDelayMs: 40, maxDelayMs: 1000, retries: 2 } });
    try {
      assert.equal((await w.hub.add('fs', spec)).state, 'ready');
      process.kill(transport.pid, 'SIGKILL');
      const done = () => {
        const s = w.hub.status('fs');
        return s.state === 'failed' && s.retries === 2 && s.nextRetryAt === null;
      };
      await until(done, 'the budget to run out');
      const final = w.hub.status('fs');
      assert.equal(final.error.code, 'connect_failed');
      assert.match(final.error.message, /^cannot connect: connection refused \(nothing is listening there\) \[ECONNREFUSED\]$/);
      assert.equal(attempts.length, 3, 'the first connection and two retries');
      const second = attempts[2] - attempts[1];
      assert.ok(second >= 75, `the second wait doubles the first 40 ms (${second} ms)`);
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(attempts.length, 3, 'no attempt after the budget');
    } finally {
      await w.close();
    }
  });

  it('reconnect: false leaves a crashed server failed until reconnect()', async () => {
    const w = await world({ reconnect: false });
    try {
      const first = await w.hub.add('fs', filesystemServer(box));
      process.kill(first.pid, 'SIGKILL');
      await until(() => w.hub.status('fs').state === 'failed', 'the crash to be noticed');
      assert.equal(w.hub.status('fs').nextRetryAt, null);
      await new Promise((r) => setTimeout(r, 200));
      assert.equal(w.hub.status('fs').state, 'failed');
      assert.equal((await w.hub.reconnect('fs')).state, 'ready');
    } finally {
      await w.close();
    }
  });
});

describe('connections that cannot be opened say where and why', () => {
  it('HTTP: connection refused, naming the URL (not "fetch failed"); never retried', async () => {
    const w = await world({ connectTimeoutMs: 5000, reconnect: { initialDelayMs: 10 } });
    try {
      const url = `http://127.0.0.1:${await closedPort()}/mcp`;
      const status = await w.hub.add('remote', { url });
      assert.equal(status.state, 'failed');
      assert.equal(status.error.code, 'connect_failed');
      assert.equal(status.error.message, `cannot connect to ${url}: connection refused (nothing is listening there) [ECONNREFUSED]`);
      assert.doesNotMatch(status.error.message, /fetch failed/);
      assert.equal(status.nextRetryAt, null, 'a server that never connected is not retried');
    } finally {
      await w.close();
    }
  });

  it('stdio: a command that does not exist', async () => {
    const w = await world({ connectTimeoutMs: 5000 });
    try {
      const status = await w.hub.add('ghost', { command: join(box, 'no-such-server') });
      assert.equal(status.state, 'failed');
      assert.match(status.error.message, /^cannot start ".*no-such-server": command not found \[ENOENT\]$/);
    } finally {
      await w.close();
    }
  });
});

describe('the server\'s stderr', () => {
  it('is kept by default (status().stderr), forwarded to a function, or passed through', async () => {
    const w = await world();
    try {
      const seen = [];
      const kept = await w.hub.add('fs', filesystemServer(box));
      const forwarded = await w.hub.add('fs2', { ...filesystemServer(box), stderr: (text) => seen.push(text) });
      const inherited = await w.hub.add('fs3', { ...filesystemServer(box), stderr: 'inherit' });
      // server-filesystem announces itself on stderr when it starts.
      assert.match(kept.stderr, /Secure MCP Filesystem Server running on stdio/);
      assert.match(seen.join(''), /Secure MCP Filesystem Server running on stdio/);
      assert.match(forwarded.stderr, /Secure MCP Filesystem Server/, 'a forwarding function keeps the tail too');
      assert.equal(inherited.stderr, '');
    } finally {
      await w.close();
    }
  });
});

