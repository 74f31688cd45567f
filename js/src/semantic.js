// The host side of the semantic leg: checking a host's embedder, calling it with a timeout,
// and checking what it returns. The engine keeps the vectors (int8, by tool name and text
// hash); this file only moves texts out and vectors in.

import { ToolSearchError, invalidArgument } from './errors.js';
import { isPlainObject } from './normalize.js';

/** Default time an embedder may take for one call, in milliseconds. */
export const DEFAULT_EMBEDDER_TIMEOUT_MS = 10_000;
/** The longest timeout: setTimeout fires at once (after 1 ms) for any delay above 2^31 - 1 ms. */
export const MAX_EMBEDDER_TIMEOUT_MS = 2 ** 31 - 1;
/** Tool texts per embed() call when catching up a catalog. */
const TOOL_BATCH = 128;

/**
 * Checks a host embedder: `{id, dimensions, embed(texts) => Promise<Float32Array[]>}`.
 * @param {unknown} embedder
 * @returns {import('./index.js').Embedder}
 */
export function checkEmbedder(embedder) {
  if (!isPlainObject(embedder) && (typeof embedder !== 'object' || embedder === null)) {
    throw invalidArgument('options.embedder', 'an object {id, dimensions, embed}', embedder);
  }
  const e = /** @type {any} */ (embedder);
  if (typeof e.id !== 'string' || e.id === '') throw invalidArgument('options.embedder.id', 'a non-empty string', e.id);
  if (e.dimensions !== undefined && (!Number.isInteger(e.dimensions) || e.dimensions < 1 || e.dimensions > 4096)) {
    throw invalidArgument('options.embedder.dimensions', 'an integer in 1..4096 (or undefined: learnt from the first answer)', e.dimensions);
  }
  if (typeof e.embed !== 'function') throw invalidArgument('options.embedder.embed', 'a function', e.embed);
  return e;
}

/**
 * Embeds `texts` with `embedder`, giving up after `timeoutMs`. Every failure is a
 * ToolSearchError: TIMEOUT, or EMBEDDER_FAILED (threw, wrong count, wrong dimension, NaN).
 * @param {import('./index.js').Embedder} embedder
 * @param {string[]} texts
 * @param {number} timeoutMs
 * @returns {Promise<Float32Array>} the vectors back to back (texts.length x dimensions; an
 *   embedder without `dimensions` sets them by its first vector, and all must agree)
 */
export async function embedTexts(embedder, texts, timeoutMs) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new ToolSearchError('TIMEOUT', `embedder ${embedder.id} did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  /** @type {unknown} */
  let vectors;
  try {
    vectors = await Promise.race([Promise.resolve().then(() => embedder.embed(texts)), timeout]);
  } catch (cause) {
    if (cause instanceof ToolSearchError) throw cause;
    throw new ToolSearchError('EMBEDDER_FAILED', `embedder ${embedder.id} failed: ${/** @type {any} */ (cause)?.message ?? cause}`, { cause });
  } finally {
    clearTimeout(timer);
  }
  if (!Array.isArray(vectors) || vectors.length !== texts.length) {
    throw new ToolSearchError('EMBEDDER_FAILED', `embedder ${embedder.id} returned ${Array.isArray(vectors) ? vectors.length : 'no'} vectors for ${texts.length} texts`);
  }
  try {
    return flatVectors(embedder, /** @type {unknown[]} */ (vectors));
  } catch (cause) {
    // A getter or valueOf that throws inside the answer is the embedder's failure, not the caller's.
    if (cause instanceof ToolSearchError) throw cause;
    throw new ToolSearchError('EMBEDDER_FAILED', `embedder ${embedder.id} returned an unreadable vector: ${/** @type {any} */ (cause)?.message ?? cause}`, { cause });
  }
}

/**
 * An embedder's vectors back to back, checked: each has the dimensions, and every value is a
 * number (or a bigint, from a BigInt64Array) that is finite as a float. null (what NaN becomes
 * through JSON), holes, strings and booleans are refused rather than read as 0 or 1.
 * @param {import('./index.js').Embedder} embedder
 * @param {unknown[]} vectors
 */
function flatVectors(embedder, vectors) {
  const dims = embedder.dimensions ?? /** @type {any} */ (vectors[0])?.length;
  if (!Number.isInteger(dims) || dims < 1 || dims > 4096) {
    throw new ToolSearchError('EMBEDDER_FAILED', `embedder ${embedder.id} returned vectors of ${dims} dimensions (expected 1..4096)`);
  }
  const flat = new Float32Array(vectors.length * dims);
  for (let i = 0; i < vectors.length; i++) {
    const v = /** @type {any} */ (vectors[i]);
    if (v === null || typeof v !== 'object' || typeof v.length !== 'number' || v.length !== dims) {
      throw new ToolSearchError('EMBEDDER_FAILED', `embedder ${embedder.id} returned a vector of ${v?.length ?? 'no'} dimensions (expected ${dims})`);
    }
    for (let j = 0; j < dims; j++) {
      const value = v[j];
      if (typeof value !== 'number' && typeof value !== 'bigint') {
        throw new ToolSearchError('EMBEDDER_FAILED', `embedder ${embedder.id} returned ${value === null ? 'null' : typeof value === 'object' ? 'an object' : `a ${typeof value}`} where a number belongs`);
      }
      const x = Math.fround(Number(value));  // what the engine stores: above FLT_MAX is infinite
      if (!Number.isFinite(x)) throw new ToolSearchError('EMBEDDER_FAILED', `embedder ${embedder.id} returned a NaN or infinite value`);
      flat[i * dims + j] = x;
    }
  }
  return flat;
}

/**
 * Embeds a query: one vector, refused when it is all zeros. A zero vector has no direction, so
 * every cosine with it is 0 and a semantic search would come back silently empty; refused, the
 * search runs as keyword and says why. (A tool's zero vector is stored: that tool alone is then
 * unreachable by meaning, as a text with no known words should be.)
 * @param {import('./index.js').Embedder} embedder
 * @param {string} text
 * @param {number} timeoutMs
 * @returns {Promise<Float32Array>}
 */
export async function embedQuery(embedder, text, timeoutMs) {
  const vector = await embedTexts(embedder, [text], timeoutMs);
  if (vector.every((x) => x === 0)) throw new ToolSearchError('EMBEDDER_FAILED', `embedder ${embedder.id} returned a zero vector for the query (it has no direction)`);
  return vector;
}

/**
 * Embeds every tool the engine has no current vector for, in batches, and stores the vectors.
 * @param {{pending: () => {name: string, text: string, hash: string}[], store: (meta: string, bytes: Uint8Array) => void, superseded: () => boolean}} engine
 *   the engine's pendingVectors and storeVectors, and whether its embedder was replaced while
 *   a batch was being embedded (the rest is then dropped)
 * @param {import('./index.js').Embedder} embedder
 * @param {number} timeoutMs
 * @returns {Promise<{embedded: number, pending: number}>}
 */
export async function catchUpToolVectors(engine, embedder, timeoutMs) {
  const pending = engine.pending();
  let embedded = 0;
  for (let start = 0; start < pending.length; start += TOOL_BATCH) {
    const batch = pending.slice(start, start + TOOL_BATCH);
    const flat = await embedTexts(embedder, batch.map((p) => p.text), timeoutMs);
    if (engine.superseded()) break;
    const meta = JSON.stringify({ names: batch.map((p) => p.name), hashes: batch.map((p) => p.hash) });
    engine.store(meta, new Uint8Array(flat.buffer, flat.byteOffset, flat.byteLength));
    embedded += batch.length;
  }
  return { embedded, pending: pending.length };
}

/**
 * The text a model's tool_search call searches for, or undefined when the call is not one
 * (the core repairs stringified arguments; this mirrors the common shapes only).
 * @param {{name: string, arguments?: unknown}} call
 */
export function toolSearchQuery(call) {
  if (call.name !== 'tool_search') return undefined;
  let args = call.arguments;
  if (typeof args === 'string') {
    try {
      args = JSON.parse(args);
    } catch {
      return undefined;
    }
  }
  const query = /** @type {any} */ (args)?.query;
  return typeof query === 'string' && query.trim() !== '' ? query : undefined;
}
