// Retrieval metrics for `tool-search eval`, as defined in the data README
// (shared/data/README.md beside the repository): every gold tool is a slot, per-query values are averaged.

/**
 * @typedef {object} QueryScores
 * @property {number} recall1   share of the query's gold tools in the top 1
 * @property {number} recall5
 * @property {number} recall10
 * @property {number} ndcg10    binary-relevance nDCG@10 (log2 discount)
 * @property {number} mrr10     1/rank of the first gold tool in the top 10, else 0
 * @property {number} all10     1 when every gold tool is in the top 10
 */

/**
 * @param {string[]} ranked  names, best first
 * @param {string[]} gold    relevant names (duplicates count once)
 * @returns {QueryScores}
 */
export function scoreQuery(ranked, gold) {
  const relevant = new Set(gold);
  if (relevant.size === 0) throw new RangeError('a query needs at least one gold tool');
  const hitsWithin = (/** @type {number} */ k) => ranked.slice(0, k).filter((name) => relevant.has(name)).length;
  let dcg = 0;
  let firstRank = 0;
  ranked.slice(0, 10).forEach((name, i) => {
    if (!relevant.has(name)) return;
    dcg += 1 / Math.log2(i + 2);
    if (firstRank === 0) firstRank = i + 1;
  });
  let idcg = 0;
  for (let i = 0; i < Math.min(relevant.size, 10); i++) idcg += 1 / Math.log2(i + 2);
  return {
    recall1: hitsWithin(1) / relevant.size,
    recall5: hitsWithin(5) / relevant.size,
    recall10: hitsWithin(10) / relevant.size,
    ndcg10: dcg / idcg,
    mrr10: firstRank ? 1 / firstRank : 0,
    all10: hitsWithin(10) === relevant.size ? 1 : 0,
  };
}

/**
 * Mean of each score over queries.
 * @param {QueryScores[]} scores
 * @returns {QueryScores & {queries: number}}
 */
export function meanScores(scores) {
  const keys = /** @type {(keyof QueryScores)[]} */ (['recall1', 'recall5', 'recall10', 'ndcg10', 'mrr10', 'all10']);
  const out = /** @type {QueryScores & {queries: number}} */ ({ queries: scores.length });
  for (const key of keys) out[key] = scores.length ? scores.reduce((sum, s) => sum + s[key], 0) / scores.length : 0;
  return out;
}
