// Strict option keys for the JS API and the CLI: a misspelt option (`{ limt: 3 }`, `--limt`)
// is refused with a "did you mean", as the engine's config keys are, instead of being ignored.
// Suggestions are always the camelCase spelling the API uses, whatever habit the typo came from
// (snake_case, kebab-case, wrong case).

import { ToolSearchError } from './errors.js';

/** Levenshtein distance (small strings: option names). @param {string} a @param {string} b */
function distance(a, b) {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length];
}

/** "deferred_only", "deferred-only", "DeferredOnly" all compare as "deferredonly". @param {string} s */
const folded = (s) => s.replace(/[-_\s]/g, '').toLowerCase();

/**
 * The candidate closest to `key` (spelling habits folded first), or undefined when none is
 * close: at most 2 edits, and fewer than half the key's letters.
 * @param {string} key
 * @param {readonly string[]} candidates
 */
export function closestName(key, candidates) {
  const k = folded(key);
  let best;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const f = folded(c);
    // More than 2 letters longer or shorter is more than 2 edits away: a key of millions of
    // characters would otherwise cost its length times every candidate's (seconds).
    if (Math.abs(k.length - f.length) > 2) continue;
    const d = distance(k, f);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return bestDistance <= 2 && bestDistance < Math.max(1, k.length / 2) ? best : undefined;
}

/**
 * Throws INVALID_ARGUMENT for the first key of `options` that is not in `allowed`, naming the
 * closest allowed key.
 * @param {Record<string, unknown>} options  a plain object (checked by the caller)
 * @param {readonly string[]} allowed
 * @param {string} what  e.g. "search(query, options)"
 */
export function checkOptionKeys(options, allowed, what) {
  for (const key of Object.keys(options)) {
    if (allowed.includes(key)) continue;
    const near = closestName(key, allowed);
    const hint = near ? ` Did you mean "${near}"?` : ` Expected one of: ${allowed.join(', ')}.`;
    throw new ToolSearchError('INVALID_ARGUMENT', `unknown ${what} option ${JSON.stringify(key)}.${hint}`, near ? { suggestions: [near] } : {});
  }
}
