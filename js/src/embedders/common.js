// Shared by the embedder adapters: one place that splits work into batches and checks what a
// provider returned, so every adapter fails the same way on a malformed answer.

/**
 * The interface every adapter in this folder implements.
 * @typedef {object} Embedder
 * @property {string} id           stable model id; part of any cache key (text + id -> vector)
 * @property {number | undefined} dimensions  vector length; undefined until known (some
 *   providers only reveal it with the first answer)
 * @property {(texts: string[]) => Promise<Float32Array[]>} embed  one vector per text, in order
 */

/**
 * Runs `run` over consecutive slices of `texts` of at most `batchSize`, sequentially (providers
 * rate-limit; parallel batches buy little and cost 429s), and concatenates the results.
 * @param {string[]} texts
 * @param {number} batchSize
 * @param {(batch: string[]) => Promise<ArrayLike<number>[]>} run
 * @returns {Promise<Float32Array[]>}
 */
export async function inBatches(texts, batchSize, run) {
  if (!Array.isArray(texts) || texts.some((t) => typeof t !== 'string')) {
    throw new TypeError('embed(texts) needs an array of strings');
  }
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError(`batchSize must be a positive integer (got ${batchSize})`);
  /** @type {Float32Array[]} */
  const out = [];
  for (let start = 0; start < texts.length; start += batchSize) {
    const batch = texts.slice(start, start + batchSize);
    const vectors = await run(batch);
    if (!Array.isArray(vectors) || vectors.length !== batch.length) {
      throw new Error(`embedder returned ${Array.isArray(vectors) ? vectors.length : 'no'} vectors for ${batch.length} texts`);
    }
    for (const v of vectors) out.push(v instanceof Float32Array ? v : Float32Array.from(v));
  }
  return out;
}

/**
 * Throws unless every vector has `dimensions` finite entries (a provider that silently changed
 * model would otherwise poison an index).
 * @param {Float32Array[]} vectors
 * @param {number | undefined} dimensions
 * @param {string} id
 */
export function checkVectors(vectors, dimensions, id) {
  for (const v of vectors) {
    if (dimensions !== undefined && v.length !== dimensions) {
      throw new Error(`${id}: expected ${dimensions} dimensions, got ${v.length}`);
    }
    for (let i = 0; i < v.length; i++) {
      if (!Number.isFinite(v[i])) throw new Error(`${id}: the provider returned a non-finite value`);
    }
  }
  return vectors;
}
