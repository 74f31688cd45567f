// The bridge view's trace, grouped into rounds. While a turn plays, the view records what the
// scripted model said, the agent's events and what the before-call hook saw, in order; the
// timeline shows them one model request at a time.

/**
 * Groups the trace by model request: what was sent, what the model said, how each call was
 * answered, and what went back to the model.
 * @param {any[]} trace
 */
export function toRounds(trace) {
  /** @type {any[]} */
  const rounds = [];
  /** @type {any} */
  let current = null;
  for (const entry of trace) {
    if (entry.type === 'event' && entry.event.type === 'request') {
      current = { roundTrip: entry.event.roundTrip, tools: entry.event.tools, deferred: entry.event.deferred, model: null, items: [] };
      rounds.push(current);
    } else if (!current) {
      continue;
    } else if (entry.type === 'model') {
      current.model = entry.step;
    } else if (entry.type === 'event' && ['search', 'describe', 'refusal'].includes(entry.event.type)) {
      current.items.push({ kind: entry.event.type, event: entry.event });
    } else if (entry.type === 'hook') {
      current.items.push({ kind: 'dispatch', ctx: entry.ctx });
    } else if (entry.type === 'event' && (entry.event.type === 'call' || entry.event.type === 'blocked')) {
      const item = [...current.items].reverse().find((i) => i.kind === 'dispatch' && !i.call && i.ctx.name === entry.event.name);
      if (item) item.call = entry.event;
    } else if (entry.type === 'event' && entry.event.type === 'loop_guard') {
      current.items.push({ kind: 'guard', event: entry.event });
    } else if (entry.type === 'results') {
      const round = rounds.find((r) => r.roundTrip === entry.roundTrip);
      const answers = (round?.items ?? []).filter((/** @type {any} */ i) => i.kind !== 'guard');
      entry.results.forEach((/** @type {any} */ result, /** @type {number} */ i) => {
        if (answers[i]) answers[i].result = result;
      });
    }
  }
  return rounds;
}
