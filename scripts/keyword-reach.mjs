#!/usr/bin/env node
// How far better ranking alone could take the keyword strategy: for each dev split, every gold
// slot is either in the top 5, scored but ranked below it, or not scored at all (no query word,
// after stemming, the lexicon and typo tolerance, reaches the tool; a substring hit counts as not
// scored). Recall@5 could rise to "top 5 + scored below" by reordering alone; the unscored slots
// need meaning the words do not carry (the semantic leg's job).
//
// Usage: node scripts/keyword-reach.mjs [--data ../shared/data]

import path from 'node:path';
import { parseArgs } from 'node:util';

import { readJsonl } from './lib/keyword-leg.mjs';
import { DATA } from './shared-data.mjs';

const { values } = parseArgs({ options: { data: { type: 'string', default: DATA } } });
const { createToolSearch, toolsFromCatalog } = await import('../js/dist/index.node.js');
const f = (/** @type {number} */ x) => x.toFixed(4);

for (const [dir, split] of [['seal_tools', 'dev'], ['metatool', 'dev']]) {
  const catalog = readJsonl(path.join(values.data, dir, 'catalog.jsonl'));
  const queries = readJsonl(path.join(values.data, dir, `queries-${split}.jsonl`));
  const ts = await createToolSearch();
  try {
    ts.add(toolsFromCatalog(catalog), { onInvalid: 'skip' });
    let top5 = 0;
    let below = 0;
    let unscored = 0;
    for (const q of queries) {
      const gold = new Set(q.gold);
      // Per query, each gold slot weighs 1 / |gold|, as recall@5 counts it. explain() ranks the
      // tool in the whole ranking, which search() caps at 50.
      for (const name of gold) {
        /** @type {any} */
        let why = null;
        try {
          why = ts.explain(q.query, name);
        } catch (err) {
          if (/** @type {any} */ (err).code !== 'NOT_FOUND') throw err; // a gold tool add() skipped
        }
        if (!why || why.rank === null || why.match === 'substring') unscored += 1 / gold.size;
        else if (why.rank <= 5) top5 += 1 / gold.size;
        else below += 1 / gold.size;
      }
    }
    const n = queries.length;
    console.log(
      `${dir} ${split} (${n} queries): recall@5 ${f(top5 / n)}, scored below the top 5 ${f(below / n)}, ` +
        `not scored ${f(unscored / n)}; reordering alone could reach ${f((top5 + below) / n)}`,
    );
  } finally {
    ts.dispose();
  }
}
