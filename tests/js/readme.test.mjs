// Every JavaScript code block of README.md and js/README.md (the one npm shows) runs as written
// against the packed package: each block becomes an .mjs file inside the consumer project, so
// `tool-search-wasm` and its subpaths resolve through the exports map, and must exit 0. A block
// that cannot run on its own (it needs an API key, a server or values from elsewhere) is
// preceded by `<!-- readme-test: skip <reason> -->` and is listed here as skipped, never
// silently dropped. Run alone: node --test tests/js/readme.test.mjs

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { promisify } from 'node:util';

import { linkPeers } from './support/hosts.mjs';
import { packedPackage, repoRoot, scratchDir } from './support/packed.mjs';

const run = promisify(execFile);
const SKIP = /<!--\s*readme-test:\s*skip\b\s*([^>]*?)\s*-->\s*$/;

/**
 * The ```js / ```mjs blocks of a markdown file, with their line and skip reason (null: runs).
 * @param {string} file
 */
export function jsBlocks(file) {
  const lines = readFileSync(file, 'utf8').split('\n');
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(js|mjs|javascript)\s*$/.exec(lines[i]);
    if (!open) continue;
    const start = i;
    const body = [];
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i]); i++) body.push(lines[i]);
    let prev = start - 1;
    while (prev >= 0 && lines[prev].trim() === '') prev--;
    const skip = prev >= 0 ? SKIP.exec(lines[prev]) : null;
    blocks.push({ line: start + 1, code: body.join('\n'), skip: skip ? skip[1] || 'no reason given' : null });
  }
  return blocks;
}

let dir;
before(async () => {
  const pkg = await packedPackage();
  linkPeers(pkg.projectDir);
  dir = scratchDir(pkg, 'readme');
});

for (const doc of ['README.md', 'js/README.md']) {
  describe(doc, () => {
    const blocks = jsBlocks(join(repoRoot, doc));
    it('has JavaScript blocks to run', () => assert.ok(blocks.length > 0));
    for (const block of blocks) {
      const label = `block at line ${block.line}`;
      if (block.skip) {
        it(label, (t) => t.skip(`marked: ${block.skip}`));
        continue;
      }
      it(`${label} runs as written`, { timeout: 120_000 }, async () => {
        const file = join(dir, `${doc.replace(/\W/g, '_')}-${block.line}.mjs`);
        writeFileSync(file, `${block.code}\n`);
        const { stderr } = await run(process.execPath, [file], { cwd: dir, timeout: 100_000 }).catch((error) => {
          assert.fail(`${doc}:${block.line} failed:\n${error.stderr || error.message}`);
        });
        assert.doesNotMatch(stderr, /Error/, stderr);
      });
    }
  });
}
