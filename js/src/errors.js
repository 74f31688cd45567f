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

/** @param {unknown} value */
function describeValue(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return value.length > 40 ? 'a string' : JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${String(value)}`;
  return typeof value === 'object' ? 'an object' : typeof value;
}
