// The one error type the package throws. Its `code` is one of js/src/error-codes.json: the
// core's error codes plus those only the JS layer raises.

// @generated-begin error-codes: js/scripts/build.mjs writes the ToolSearchErrorCode union here
/** @typedef {string} ToolSearchErrorCode  (the build narrows it to the codes of error-codes.json) */
// @generated-end error-codes

/** Thrown for every failure the package reports. Check `code`, not the message. */
export class ToolSearchError extends Error {
  /**
   * @param {ToolSearchErrorCode} code
   * @param {string} message
   * @param {{ cause?: unknown, suggestions?: string[] }} [options]
   */
  constructor(code, message, options = {}) {
    super(`tool-search: ${message}`, options.cause === undefined ? undefined : { cause: options.cause });
    /** @type {ToolSearchErrorCode} */
    this.code = code;
    if (options.suggestions) {
      /** "Did you mean" names (set on NOT_FOUND from describe()). */
      this.suggestions = options.suggestions;
    }
  }
}

Object.defineProperty(ToolSearchError.prototype, 'name', {
  value: 'ToolSearchError',
  writable: true,
  configurable: true,
  enumerable: false,
});

/**
 * An INVALID_ARGUMENT error for a value of the wrong type, raised before the wasm boundary.
 * @param {string} what  e.g. "search(query)"
 * @param {string} expected  e.g. "a string"
 * @param {unknown} got
 */
export function invalidArgument(what, expected, got) {
  return new ToolSearchError('INVALID_ARGUMENT', `${what} must be ${expected}, got ${describeValue(got)}`);
}

/**
 * A short, safe description of any value for a message: never throws, never serialises the
 * value (it may be cyclic, deep, a BigInt or a revoked Proxy).
 * @param {unknown} value
 */
export function describeValue(value) {
  if (value === null) return 'null';
  if (typeof value === 'string') return value.length > 40 ? 'a string' : JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${String(value)}`;
  if (typeof value === 'bigint') return 'a BigInt';
  if (typeof value !== 'object') return typeof value;
  try {
    return Array.isArray(value) ? 'an array' : 'an object';
  } catch {
    return 'a revoked Proxy';
  }
}

/**
 * The error to throw for `thrown`, raised while reading caller values (`what` leads the
 * message, e.g. "add() could not read an argument"):
 * a ToolSearchError as it is; anything else (a throwing getter or Proxy trap, a cycle, a stack
 * overflow on a deep value) becomes INVALID_ARGUMENT (TOO_LARGE for a stack overflow), with
 * the original as `cause`. So no other exception ever leaves the package's API.
 * @param {unknown} thrown
 * @param {string} what
 * @returns {ToolSearchError}
 */
export function asToolSearchError(thrown, what) {
  if (thrown instanceof ToolSearchError) return thrown;
  let detail;
  try {
    detail = String(/** @type {any} */ (thrown)?.message ?? thrown);
  } catch {
    detail = 'an unreadable error';
  }
  const overflow = thrown instanceof RangeError && /call stack/i.test(detail);
  return new ToolSearchError(
    overflow ? 'TOO_LARGE' : 'INVALID_ARGUMENT',
    `${what}: ${detail.slice(0, 200)}`,
    { cause: thrown },
  );
}
