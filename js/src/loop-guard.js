// The agent's loop guard: stops a turn in which the model searches in circles or keeps making
// refused calls (NemoClaw#12106), instead of spending round trips until maxRoundTrips.

/** @typedef {{maxRepeats?: number, maxBridgeCalls?: number, maxRefusals?: number}} LoopGuardLimits */

/** The same search or describe at most twice; 12 of them without a real call; 6 refusals. */
const DEFAULT_LIMITS = Object.freeze({ maxRepeats: 2, maxBridgeCalls: 12, maxRefusals: 6 });

/** Counts one turn's bridge calls and refusals; `tripped` says why it stopped the turn. */
export class LoopGuard {
  /** @param {LoopGuardLimits} limits */
  constructor(limits) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
    /** @type {Map<string, number>} */
    this.seen = new Map();
    this.sinceProgress = 0;
    this.refusals = 0;
    /** @type {string | null} */
    this.tripped = null;
  }

  /** A search or describe answered locally. @param {string} kind @param {unknown} args @returns {string | null} why it trips */
  bridge(kind, args) {
    const key = `${kind}:${stableJson(args)}`;
    const n = (this.seen.get(key) ?? 0) + 1;
    this.seen.set(key, n);
    this.sinceProgress++;
    if (n > this.limits.maxRepeats) return this.#trip(`the same ${kind} was repeated ${n} times`);
    if (this.sinceProgress > this.limits.maxBridgeCalls) {
      return this.#trip(`${this.sinceProgress} searches/describes without calling a tool`);
    }
    return null;
  }

  /** A call the engine refused. @returns {string | null} why it trips */
  refusal() {
    this.refusals++;
    return this.refusals > this.limits.maxRefusals ? this.#trip(`${this.refusals} refused calls`) : null;
  }

  /** A real call was dispatched: searching before it was not going in circles. */
  progress() {
    this.sinceProgress = 0;
  }

  /** @param {string} why */
  #trip(why) {
    this.tripped ??= why;
    return why;
  }
}

/** JSON with sorted keys, so {a,b} and {b,a} are the same search. @param {unknown} v @returns {string} */
function stableJson(v) {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${stableJson(/** @type {any} */ (v)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}
