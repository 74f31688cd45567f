// The internal contract with the raw module (docs/wasm-boundary.md): which raw methods the
// JS layer calls, how their JSON envelopes are decoded, and the guards applied to values
// before they cross. Nothing here is public API.

import { ToolSearchError, asToolSearchError, invalidArgument } from './errors.js';

/**
 * The core rejects JSON text over 64 MiB (UTF-8). A JS string longer than that many UTF-16
 * units is at least that many UTF-8 bytes, so it is refused here with the same code, before
 * the copy into wasm memory (which would grow the heap for good).
 */
const MAX_BOUNDARY_LENGTH = 64 * 1024 * 1024;
/** The core's limit for one tool call (kMaxCallJsonBytes), checked the same way. */
export const MAX_CALL_LENGTH = 4 * 1024 * 1024;

const answerDecoder = new TextDecoder();

/**
 * The text of a raw method's string answer. The method returns the address of two u32 in wasm
 * memory, where its UTF-8 bytes are and how many: valid only until the next call into the
 * module, so decoded at once, with one TextDecoder pass (embind's std::string return, before
 * wasm/bindings.cpp dropped embind, first walked every byte twice in JS).
 * @param {{HEAPU8: Uint8Array}} module  the raw module
 * @param {number} at  what the method returned
 * @returns {string}
 */
export function decodeAnswer(module, at) {
  const heap = module.HEAPU8;
  // Two little-endian u32, read byte by byte: no typed-array view made per call.
  const address = heap[at] | (heap[at + 1] << 8) | (heap[at + 2] << 16) | (heap[at + 3] << 24);
  const size = heap[at + 4] | (heap[at + 5] << 8) | (heap[at + 6] << 16) | (heap[at + 7] << 24);
  return answerDecoder.decode(heap.subarray(address >>> 0, (address >>> 0) + (size >>> 0)));
}

/**
 * The length of a string in UTF-8, as TextEncoder writes it (a lone surrogate as U+FFFD).
 * @param {string} s
 */
export function utf8Length(s) {
  let n = s.length;  // one byte a code unit, plus what each unit beyond ASCII adds
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) {
      n += 1;
    } else if (c <= 0xdbff && c >= 0xd800 && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 2;  // a surrogate pair: 2 code units, 4 bytes
      i++;
    } else {
      n += 2;  // 3 bytes (a lone surrogate too: U+FFFD)
    }
  }
  return n;
}

/**
 * The whole success envelope (its value and any siblings, such as a search's strategy), or
 * the ToolSearchError it carries.
 * @param {string} text
 * @returns {any}
 */
export function openEnvelope(text) {
  /** @type {any} */
  let envelope;
  try {
    envelope = JSON.parse(text);
  } catch (cause) {
    throw new ToolSearchError('INTERNAL', 'the core returned text that is not JSON', { cause });
  }
  if (envelope && envelope.ok === true) return envelope;
  const error = (envelope && envelope.error) || {};
  throw new ToolSearchError(
    typeof error.code === 'string' ? error.code : 'INTERNAL',
    typeof error.message === 'string' ? error.message : 'the core reported an error without a message',
    Array.isArray(error.suggestions) ? { suggestions: error.suggestions } : {},
  );
}

/**
 * A string argument, checked for type and size.
 * @param {unknown} value
 * @param {string} what
 * @param {number} [limit]  the core's limit in UTF-8 bytes (default 64 MiB)
 * @returns {string}
 */
export function boundaryString(value, what, limit = MAX_BOUNDARY_LENGTH) {
  if (typeof value !== 'string') throw invalidArgument(what, 'a string', value);
  if (value.length > limit) {
    throw new ToolSearchError('TOO_LARGE', `${what} is ${value.length} characters (limit ${limit})`);
  }
  // The UTF-8 encoder (TextEncoder, raw-engine.js) writes U+FFFD for a lone surrogate, so the
  // core could never tell.
  if (!isWellFormed(value)) {
    const at = value.search(LONE_SURROGATE);
    throw new ToolSearchError('INVALID_ARGUMENT', `${what} is not valid Unicode (a lone UTF-16 surrogate at index ${at})`);
  }
  return value;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** String.prototype.isWellFormed where it exists (Node >= 20), a regex elsewhere. */
const isWellFormed =
  typeof (/** @type {any} */ ('').isWellFormed) === 'function'
    ? (/** @type {string} */ s) => /** @type {any} */ (s).isWellFormed()
    : (/** @type {string} */ s) => !LONE_SURROGATE.test(s);

/**
 * A value serialised for the boundary. Cycles and BigInts are INVALID_ARGUMENT; text too long
 * for the engine (or for JSON.stringify itself) is TOO_LARGE. A string holding a lone UTF-16
 * surrogate is INVALID_JSON naming `what`: JSON.stringify writes it as an escape (`\\udc00`)
 * that the core's JSON parser would refuse without saying where.
 * @param {unknown} value
 * @param {string} what
 * @param {number} [limit]  as for boundaryString
 * @param {number} [maxDepth]  refuse text nesting deeper (TOO_LARGE), as the core would
 * @returns {string}
 */
export function boundaryJson(value, what, limit = MAX_BOUNDARY_LENGTH, maxDepth = Infinity) {
  let text;
  try {
    text = JSON.stringify(value);
  } catch (cause) {
    if (cause instanceof RangeError) {
      throw new ToolSearchError('TOO_LARGE', `${what} is too large to serialise`, { cause });
    }
    // A cycle, a BigInt, or caller code (toJSON, a getter, a Proxy trap) that threw.
    throw asToolSearchError(cause, `${what} cannot be serialised as JSON`);
  }
  if (text === undefined) throw invalidArgument(what, 'JSON-serialisable', value);
  if (maxDepth !== Infinity && jsonDepth(text) > maxDepth) {
    throw new ToolSearchError('TOO_LARGE', `${what} nests deeper than ${maxDepth} levels`);
  }
  // JSON.stringify writes lowercase escapes, so most texts are cleared by the includes().
  if (text.includes('\\ud') && ESCAPED_LONE_SURROGATE.test(text)) {
    throw new ToolSearchError('INVALID_JSON', `${what} is not valid Unicode (a string holds a lone UTF-16 surrogate)`);
  }
  return boundaryString(text, what, limit);
}

/** A `\uD800`-`\uDFFF` escape in JSON.stringify's output (after an even run of backslashes): it
 * writes surrogate pairs as they are, so such an escape is always a lone surrogate. */
const ESCAPED_LONE_SURROGATE = /(?:^|[^\\])(?:\\\\)*\\ud[89a-f][0-9a-f]{2}/;

/**
 * Deepest nesting of arrays and objects in JSON text (what the core checks before parsing).
 * @param {string} text
 */
function jsonDepth(text) {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}
