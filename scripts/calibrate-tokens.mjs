#!/usr/bin/env node
// Compares the core's token estimator and chars/4 with a real tokenizer (js-tiktoken,
// o200k_base) on the exact text the estimator counts.
//
// Usage: node scripts/calibrate-tokens.mjs [--bin PATH] [--fit] CATALOG... [--text FILE...]
//   CATALOG  catalog.jsonl, an MCP tools array, a tools/list result or a multi-server capture;
//   --text   the files after it are raw text: each non-blank line is one sample
//            (multilingual checks, e.g. the seeds in Chinese, Vietnamese and Russian).
//   --bin    the estimate_tokens executable (default: build/*/tools/estimate_tokens, newest).
//   --fit    also print least-squares weights for the estimator's features, fitted jointly on
//            the even samples of every file and graded on the odd ones (a held-out half).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getEncoding } from 'js-tiktoken';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

function parseArgs(argv) {
  const opts = { bin: null, fit: false, files: [] };
  let text = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--bin') opts.bin = argv[++i];
    else if (a === '--fit') opts.fit = true;
    else if (a === '--text') text = true;
    else opts.files.push({ path: a, text });
  }
  return opts;
}

function findBinary() {
  const buildDir = join(root, 'build');
  const candidates = existsSync(buildDir)
    ? readdirSync(buildDir)
        .map((d) => join(buildDir, d, 'tools', 'estimate_tokens'))
        .filter((p) => existsSync(p))
    : [];
  if (candidates.length === 0) throw new Error('estimate_tokens not built; pass --bin PATH');
  return candidates.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
}

function runEstimator(bin, files, text) {
  const args = [...(text ? ['--text'] : []), '--features', ...files];
  const out = execFileSync(bin, args, { maxBuffer: 1 << 30, encoding: 'utf8' });
  return out.split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

/** Mean absolute % error and signed mean % bias (positive = over-estimate). */
function errors(rows, key) {
  let abs = 0;
  let signed = 0;
  let totalEst = 0;
  let totalReal = 0;
  for (const r of rows) {
    const e = (r[key] - r.real) / r.real;
    abs += Math.abs(e);
    signed += e;
    totalEst += r[key];
    totalReal += r.real;
  }
  return {
    mape: (100 * abs) / rows.length,
    bias: (100 * signed) / rows.length,
    total: (100 * (totalEst - totalReal)) / totalReal,
  };
}

// Ordinary least squares via normal equations (a handful of features: small and exact enough).
function leastSquares(X, y) {
  const n = X[0].length;
  const A = Array.from({ length: n }, () => new Array(n + 1).fill(0));
  for (let r = 0; r < X.length; r++) {
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) A[i][j] += X[r][i] * X[r][j];
      A[i][n] += X[r][i] * y[r];
    }
  }
  for (let i = 0; i < n; i++) A[i][i] += 1e-6; // ridge: features absent from the data stay ~0
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(A[r][c]) > Math.abs(A[p][c])) p = r;
    [A[c], A[p]] = [A[p], A[c]];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = A[r][c] / A[c][c];
      for (let k = c; k <= n; k++) A[r][k] -= f * A[c][k];
    }
  }
  return A.map((row, i) => row[n] / row[i]);
}

function pct(x) {
  return `${x >= 0 ? '+' : ''}${x.toFixed(1)}%`;
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.files.length === 0) {
    console.error('usage: node scripts/calibrate-tokens.mjs [--bin PATH] [--fit] CATALOG... [--text FILE...]');
    process.exit(2);
  }
  const bin = opts.bin ?? findBinary();
  const enc = getEncoding('o200k_base');
  const all = [];
  for (const { path: file, text } of opts.files) {
    const rows = runEstimator(bin, [file], text);
    for (const r of rows) r.real = enc.encode(r.text).length;
    const ours = errors(rows, 'estimate');
    const naive = errors(rows, 'chars_div_4');
    const real = rows.reduce((s, r) => s + r.real, 0);
    console.log(`${file}: ${rows.length} samples, ${real} o200k tokens`);
    console.log(`  estimator   MAPE ${ours.mape.toFixed(1)}%  bias ${pct(ours.bias)}  total ${pct(ours.total)}`);
    console.log(`  chars/4     MAPE ${naive.mape.toFixed(1)}%  bias ${pct(naive.bias)}  total ${pct(naive.total)}`);
    all.push(...rows);
  }
  if (opts.fit) fit(all);
}

function fit(rows) {
  const names = Object.keys(rows[0].features);
  const train = rows.filter((_, i) => i % 2 === 0);
  const test = rows.filter((_, i) => i % 2 === 1);
  const X = train.map((r) => names.map((k) => r.features[k]));
  const w = leastSquares(
    X,
    train.map((r) => r.real),
  );
  console.log('  fitted weights (even lines):');
  names.forEach((k, i) => console.log(`    ${k.padEnd(20)} ${w[i].toFixed(4)}`));
  const predict = (r) => Math.max(1, Math.round(names.reduce((s, k, i) => s + w[i] * r.features[k], 0)));
  const held = test.map((r) => ({ real: r.real, fitted: predict(r), estimate: r.estimate }));
  const e = errors(held, 'fitted');
  const cur = errors(held, 'estimate');
  console.log(`  held-out (odd lines): fitted MAPE ${e.mape.toFixed(1)}% bias ${pct(e.bias)}; current MAPE ${cur.mape.toFixed(1)}% bias ${pct(cur.bias)}`);
}

main();
