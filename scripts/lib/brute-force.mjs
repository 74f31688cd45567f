// Exact cosine top-k over unit vectors (dot product), for the evaluation only.

/**
 * @param {Float32Array} q          unit query vector
 * @param {Float32Array[]} vectors  unit tool vectors
 * @returns {Float32Array} cosine of q with every vector
 */
export function cosines(q, vectors) {
  const out = new Float32Array(vectors.length);
  for (let j = 0; j < vectors.length; j++) {
    const v = vectors[j];
    let s = 0;
    for (let d = 0; d < q.length; d++) s += q[d] * v[d];
    out[j] = s;
  }
  return out;
}

/**
 * @param {Float32Array} scores
 * @param {string[]} names
 * @param {number} k
 * @returns {{name: string, score: number}[]} best first, ties by name
 */
export function topK(scores, names, k) {
  const idx = Array.from(scores.keys());
  idx.sort((a, b) => scores[b] - scores[a] || (names[a] < names[b] ? -1 : names[a] > names[b] ? 1 : 0));
  return idx.slice(0, k).map((i) => ({ name: names[i], score: scores[i] }));
}

/** @param {Float32Array} v  in place, returns v */
export function normalize(v) {
  let n = 0;
  for (let i = 0; i < v.length; i++) n += v[i] * v[i];
  n = Math.sqrt(n);
  if (n > 0) for (let i = 0; i < v.length; i++) v[i] /= n;
  return v;
}
