// Fusion of a keyword and a semantic ranking for one query. Each leg is a list of
// {name, score}, best first (the leg's top N). Ties break by name so results are reproducible.

/** @typedef {{name: string, score: number}} Hit */

/** @param {Map<string, number>} scores @returns {string[]} */
const ranked = (scores) =>
  [...scores].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([n]) => n);

/**
 * Reciprocal Rank Fusion: score = sum over legs of weight / (k + rank), rank from 1.
 * @param {Hit[]} keyword
 * @param {Hit[]} semantic
 * @param {object} [options]
 * @param {number} [options.k]         default 60 (the usual constant)
 * @param {number} [options.wKeyword]  default 1
 * @param {number} [options.wSemantic] default 1
 */
export function rrf(keyword, semantic, options = {}) {
  const k = options.k ?? 60;
  const scores = new Map();
  const add = (/** @type {Hit[]} */ leg, /** @type {number} */ w) =>
    leg.forEach((h, i) => scores.set(h.name, (scores.get(h.name) ?? 0) + w / (k + i + 1)));
  add(keyword, options.wKeyword ?? 1);
  add(semantic, options.wSemantic ?? 1);
  return ranked(scores);
}

/**
 * Convex combination over the union of both legs' lists:
 * alpha * (bm25 / top bm25 of the query) + (1 - alpha) * cosine. A tool outside the keyword list
 * gets bm25 0; its cosine comes from `cosineOf` (exact, since every vector is at hand).
 * @param {Hit[]} keyword
 * @param {Hit[]} semantic
 * @param {(name: string) => number} cosineOf
 * @param {number} alpha  weight of the keyword leg, 0..1
 */
export function convex(keyword, semantic, cosineOf, alpha) {
  const top = keyword.length > 0 && keyword[0].score > 0 ? keyword[0].score : 1;
  const bm25 = new Map(keyword.map((h) => [h.name, h.score / top]));
  const scores = new Map();
  for (const name of new Set([...keyword.map((h) => h.name), ...semantic.map((h) => h.name)])) {
    scores.set(name, alpha * (bm25.get(name) ?? 0) + (1 - alpha) * cosineOf(name));
  }
  return ranked(scores);
}
