// Retrieval metrics over gold SLOTS, as the data README defines them: every gold tool is a slot,
// except where a query has `gold_groups` (metatool), where each group is one slot that any of
// its members fills. Per-query values are averaged over queries.

/**
 * @param {{gold: string[], gold_groups?: string[][]}} query
 * @returns {string[][]} the slots, each a list of names that fill it
 */
export function slotsOf(query) {
  if (Array.isArray(query.gold_groups) && query.gold_groups.length > 0) return query.gold_groups;
  return [...new Set(query.gold)].map((g) => [g]);
}

/**
 * @param {string[]} ranked  names, best first
 * @param {string[][]} slots
 * @returns {{recall5: number, recall10: number, ndcg10: number}}
 */
export function scoreSlots(ranked, slots) {
  const rankOf = new Map();
  ranked.forEach((name, i) => {
    if (!rankOf.has(name)) rankOf.set(name, i + 1);
  });
  // A slot's rank is its best-ranked member's.
  const ranks = slots.map((members) => Math.min(...members.map((m) => rankOf.get(m) ?? Infinity)));
  const within = (/** @type {number} */ k) => ranks.filter((r) => r <= k).length / slots.length;
  let dcg = 0;
  for (const r of ranks) if (r <= 10) dcg += 1 / Math.log2(r + 1);
  let idcg = 0;
  for (let i = 1; i <= Math.min(slots.length, 10); i++) idcg += 1 / Math.log2(i + 1);
  return { recall5: within(5), recall10: within(10), ndcg10: dcg / idcg };
}

/**
 * Mean of scoreSlots over queries.
 * @param {string[][]} rankings  one ranking per query
 * @param {{gold: string[], gold_groups?: string[][]}[]} queries
 */
export function meanSlotScores(rankings, queries) {
  const sum = { recall5: 0, recall10: 0, ndcg10: 0 };
  rankings.forEach((ranked, i) => {
    const s = scoreSlots(ranked, slotsOf(queries[i]));
    sum.recall5 += s.recall5;
    sum.recall10 += s.recall10;
    sum.ndcg10 += s.ndcg10;
  });
  const n = Math.max(1, queries.length);
  return { recall5: sum.recall5 / n, recall10: sum.recall10 / n, ndcg10: sum.ndcg10 / n };
}
