// A disk cache of text embeddings so that no text is embedded twice across runs. One folder per
// model (named by a hash of the model id); inside, `keys.txt` (one sha256(model id + NUL + text)
// per line) and `vectors.f32` (the matching rows, little-endian float32, appended in the same
// order). Append-only: an interrupted append (rows without keys) is cut off on the next load.

import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** @param {string} s */
const sha256 = (s) => createHash('sha256').update(s).digest('hex');

/**
 * Wraps an embedder so that embed() answers from the cache where it can and embeds (and stores)
 * only the texts it has never seen.
 * @param {import('../../js/src/embedders/common.js').Embedder} embedder  needs fixed `dimensions`
 * @param {object} [options]
 * @param {string} [options.dir]        cache root. Default "build/embed-cache" under the cwd
 * @param {number} [options.chunk]      texts embedded (and flushed to disk) at a time. Default 512
 * @param {(done: number, todo: number) => void} [options.progress]
 */
export function cachedEmbedder(embedder, options = {}) {
  const dims = embedder.dimensions;
  if (!dims) throw new Error('cachedEmbedder needs an embedder with known dimensions');
  const dir = path.join(options.dir ?? 'build/embed-cache', sha256(embedder.id).slice(0, 16));
  mkdirSync(dir, { recursive: true });
  const keysFile = path.join(dir, 'keys.txt');
  const vecFile = path.join(dir, 'vectors.f32');
  /** @type {Map<string, Float32Array>} */
  const known = new Map();
  if (existsSync(keysFile) && existsSync(vecFile)) {
    const keys = readFileSync(keysFile, 'utf8').split('\n').filter(Boolean);
    const buf = readFileSync(vecFile);
    const rows = Math.min(keys.length, Math.floor(buf.length / (4 * dims)));
    const all = new Float32Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + rows * dims * 4));
    for (let i = 0; i < rows; i++) known.set(keys[i], all.subarray(i * dims, (i + 1) * dims));
    // Repair an interrupted append so that later appends stay aligned.
    if (buf.length > rows * dims * 4) truncateSync(vecFile, rows * dims * 4);
    if (keys.length > rows) writeFileSync(keysFile, keys.slice(0, rows).map((k) => `${k}\n`).join(''));
  }
  const keyOf = (/** @type {string} */ text) => sha256(`${embedder.id}\0${text}`);

  return {
    id: embedder.id,
    dimensions: dims,
    get size() {
      return known.size;
    },
    /** @param {string[]} texts */
    async embed(texts) {
      const keys = texts.map(keyOf);
      const todo = [...new Set(texts.filter((_, i) => !known.has(keys[i])))];
      const chunk = options.chunk ?? 512;
      for (let start = 0; start < todo.length; start += chunk) {
        const part = todo.slice(start, start + chunk);
        const vectors = await embedder.embed(part);
        const partKeys = part.map(keyOf);
        const bytes = new Float32Array(part.length * dims);
        vectors.forEach((v, i) => {
          bytes.set(v, i * dims);
          known.set(partKeys[i], bytes.subarray(i * dims, (i + 1) * dims));
        });
        // Vectors first, keys second: the load-time repair relies on this order.
        appendFileSync(vecFile, Buffer.from(bytes.buffer));
        appendFileSync(keysFile, `${partKeys.join('\n')}\n`);
        options.progress?.(start + part.length, todo.length);
      }
      return keys.map((k) => /** @type {Float32Array} */ (known.get(k)));
    },
  };
}
