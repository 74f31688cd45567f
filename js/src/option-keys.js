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
 * close: at most a third of the key's letters in edits (2 at least), and fewer than half.
 * @param {string} key
 * @param {readonly string[]} candidates
 */
export function closestName(key, candidates) {
  const k = folded(key);
  let best;
  let bestDistance = Infinity;
  // The engine's rule for its own keys (core/src/text.cpp closest_match): at most a third of the
  // key's letters (2 at least) and fewer than half of them.
  const limit = Math.max(2, Math.floor(k.length / 3));
  for (const c of candidates) {
    const f = folded(c);
    // A length that alone differs by more is farther: a key of millions of characters would
    // otherwise cost its length times every candidate's (seconds).
    if (Math.abs(k.length - f.length) > limit) continue;
    const d = distance(k, f);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return bestDistance <= limit && 2 * bestDistance < k.length ? best : undefined;
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
    // Clipped as the engine clips what it echoes (128 characters): a key can be megabytes.
    const shown = key.length > 128 ? `${key.slice(0, 128)}...` : key;
    throw new ToolSearchError('INVALID_ARGUMENT', `unknown ${what} option ${JSON.stringify(shown)}.${hint}`, near ? { suggestions: [near] } : {});
  }
}
