// The ToolSearchErrorCode type, generated from js/src/error-codes.json (the one list of error
// codes) into the marked regions of errors.js and index.d.ts when the package is built. The
// sources keep a loose placeholder between the markers, so they stay valid on their own.

import { readFile } from 'node:fs/promises';

const LAYERS = ['core', 'host'];

/**
 * @typedef {{code: string, layer: 'core' | 'host', meaning: string}} ErrorCodeEntry
 */

/**
 * Reads and checks the list: unique UPPER_SNAKE codes, a known layer, a one-line meaning.
 * @param {string | URL} file  js/src/error-codes.json
 * @returns {Promise<ErrorCodeEntry[]>}
 */
export async function readErrorCodes(file) {
  const { codes } = JSON.parse(await readFile(file, 'utf8'));
  if (!Array.isArray(codes) || codes.length === 0) throw new Error(`${file}: "codes" must be a non-empty array`);
  const seen = new Set();
  for (const entry of codes) {
    const where = `${file}: ${JSON.stringify(entry)}`;
    if (typeof entry?.code !== 'string' || !/^[A-Z][A-Z0-9_]*$/.test(entry.code)) throw new Error(`${where}: code must be UPPER_SNAKE`);
    if (seen.has(entry.code)) throw new Error(`${where}: ${entry.code} is listed twice`);
    if (!LAYERS.includes(entry.layer)) throw new Error(`${where}: layer must be one of ${LAYERS.join(', ')}`);
    if (typeof entry.meaning !== 'string' || entry.meaning.trim() === '' || /\n/.test(entry.meaning)) throw new Error(`${where}: meaning must be one line`);
    seen.add(entry.code);
  }
  return codes;
}

const HEADLINE = "An error's `code`: one of the core's codes (core) or of those only the JS host layer raises (host).";

/**
 * The JSDoc typedef for errors.js.
 * @param {ErrorCodeEntry[]} codes
 */
export function errorCodeTypedef(codes) {
  return [
    '/**',
    ` * ${HEADLINE}`,
    ...codes.map((c) => ` * - ${c.code} (${c.layer}): ${c.meaning}`),
    ` * @typedef {${codes.map((c) => `'${c.code}'`).join('|')}} ToolSearchErrorCode`,
    ' */',
  ].join('\n');
}

/**
 * The TypeScript union for index.d.ts / index.d.cts, one documented member per line.
 * @param {ErrorCodeEntry[]} codes
 */
export function errorCodeUnion(codes) {
  return [
    `/** ${HEADLINE} */`,
    'export type ToolSearchErrorCode =',
    ...codes.map((c) => `  /** ${c.meaning} (${c.layer}) */\n  | '${c.code}'`),
  ].join('\n').concat(';');
}

/**
 * Replaces what lies between `// @generated-begin <name>` and `// @generated-end <name>`
 * (marker lines included) with `content`. Throws when the markers are not there exactly once,
 * so a source that lost them fails the build instead of shipping the placeholder.
 * @param {string} text @param {string} name @param {string} content @param {string} fileLabel
 */
export function replaceGeneratedRegion(text, name, content, fileLabel) {
  const pattern = new RegExp(`^// @generated-begin ${name}\\b.*\\n[\\s\\S]*?^// @generated-end ${name}\\b.*\\n`, 'gm');
  const matches = text.match(pattern) ?? [];
  if (matches.length !== 1) throw new Error(`${fileLabel}: expected one "// @generated-begin ${name}" ... "// @generated-end ${name}" region, found ${matches.length}`);
  return text.replace(pattern, () => `${content}\n`);
}
