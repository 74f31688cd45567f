// The host side of the semantic leg: checking a host's embedder, calling it with a timeout,
// and checking what it returns. The engine keeps the vectors (int8, by tool name and text
// hash); this file only moves texts out and vectors in.

import { ToolSearchError, invalidArgument } from './errors.js';
import { isPlainObject } from './normalize.js';

/** Default time an embedder may take for one call, in milliseconds. */
export const DEFAULT_EMBEDDER_TIMEOUT_MS = 10_000;
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
  const dims = embedder.dimensions ?? vectors[0]?.length;
  if (!Number.isInteger(dims) || dims < 1 || dims > 4096) {
    throw new ToolSearchError('EMBEDDER_FAILED', `embedder ${embedder.id} returned vectors of ${dims} dimensions (expected 1..4096)`);
  }
  const flat = new Float32Array(texts.length * dims);
  vectors.forEach((v, i) => {
    if (v === null || typeof v !== 'object' || typeof v.length !== 'number' || v.length !== dims) {
      throw new ToolSearchError('EMBEDDER_FAILED', `embedder ${embedder.id} returned a vector of ${v?.length ?? 'no'} dimensions (expected ${dims})`);
    }
    for (let j = 0; j < dims; j++) {
      const x = Number(v[j]);
      if (!Number.isFinite(x)) throw new ToolSearchError('EMBEDDER_FAILED', `embedder ${embedder.id} returned a NaN or infinite value`);
      flat[i * dims + j] = x;
    }
  });
  return flat;
}

/**
 * Embeds every tool the engine has no current vector for, in batches, and stores the vectors.
 * @param {{pending: () => {name: string, text: string, hash: string}[], store: (meta: string, bytes: Uint8Array) => void}} engine
 *   the engine's pendingVectors and storeVectors
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
