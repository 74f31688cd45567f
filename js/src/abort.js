// AbortSignal helpers for the turn loop and the dispatch path: a promise raced with a signal, so
// a model function or a tool executor that ignores the signal cannot hold an aborted turn.

/**
 * The reason an aborted signal carries, as text.
 * @param {AbortSignal | undefined} signal
 */
export function abortReason(signal) {
  const reason = /** @type {any} */ (signal)?.reason;
  if (reason === undefined) return 'the signal was aborted';
  return reason instanceof Error ? reason.message : String(reason);
}

/**
 * `promise`, or a rejection as soon as `signal` aborts (whichever comes first).
 * @template T
 * @param {Promise<T>} promise
 * @param {AbortSignal | undefined} signal
 * @returns {Promise<T>}
 */
export function untilAborted(promise, signal) {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(Object.assign(new Error(`aborted: ${abortReason(signal)}`), { name: 'AbortError' }));
  /** @type {() => void} */
  let onAbort = () => {};
  const aborted = new Promise((_, reject) => {
    onAbort = () => reject(Object.assign(new Error(`aborted: ${abortReason(signal)}`), { name: 'AbortError' }));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return /** @type {Promise<T>} */ (Promise.race([promise, aborted])).finally(() => signal.removeEventListener('abort', onAbort));
}
