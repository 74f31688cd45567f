// The keyword (BM25F) leg from the built package (js/dist): the engine's own ranking with scores,
// 50 deep. The CLI's `eval --out` writes only the top-10 names, not enough for fusion.

import { readFileSync } from 'node:fs';

/**
 * @param {object[]} catalog  tools as in the data sets ({name, description, parameters})
 * @param {string[]} queries
 * @param {number} [depth]    hits per query. Default 50 (the engine's max_limit ceiling)
 * @returns {Promise<{name: string, score: number}[][]>}
 */
export async function keywordRuns(catalog, queries, depth = 50) {
  const { createToolSearch, toolsFromCatalog } = await import('../../js/dist/index.node.js');
  const ts = await createToolSearch({ config: { gate: { maxSearchLimit: depth } } });
  try {
    // Like the CLI's eval: tools the engine refuses (seal_tools has names with spaces) are left
    // out of the keyword leg and reported, not fatal. Halving isolates them in few calls.
    /** @type {string[]} */
    const skipped = [];
    const addRange = (/** @type {any[]} */ batch) => {
      try {
        ts.add(batch);
      } catch (err) {
        if (batch.length === 1) skipped.push(`${batch[0].name} (${/** @type {any} */ (err).code})`);
        else {
          addRange(batch.slice(0, batch.length >> 1));
          addRange(batch.slice(batch.length >> 1));
        }
      }
    };
    addRange(toolsFromCatalog(catalog));
    if (skipped.length) process.stderr.write(`keyword leg: ${skipped.length} tools refused: ${skipped.join(', ')}\n`);
    return queries.map((q) => ts.search(q, { limit: depth }).map((h) => ({ name: h.name, score: h.score })));
  } finally {
    ts.dispose();
  }
}

/** @param {string} file  JSON Lines @returns {any[]} */
export function readJsonl(file) {
  return readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
}
