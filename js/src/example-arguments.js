// Example arguments for a tool's input schema: what a scripted model (tool-search-wasm/testing)
// sends when it calls a tool it found, so demos and tests can play a turn without a real model.

/** String fields a scripted model fills with the user's words rather than a placeholder. */
const TEXT_KEYS = /^(title|query|q|text|message|body|content|prompt|description|summary|search|keyword|keywords)$/i;

/** Nested objects and arrays deeper than this get an empty value (a schema can be cyclic in JS). */
const MAX_EXAMPLE_DEPTH = 3;

/**
 * Arguments a scripted model would write for a tool's input schema: every required property,
 * the user's words in text fields (`query`, `title`, `message`, ...) and simple placeholders
 * elsewhere. Each value is the first that applies: `const`, the first `enum` value, `default`,
 * the first `anyOf`/`oneOf` branch, then by type: integer `max(1, ceil(minimum))`, number
 * `minimum` or 1, boolean `true`, array of `minItems` examples, object recursively, string
 * `words` or `"example-<key>"`. Deterministic, so a scripted turn is the same on every run.
 * @example
 * exampleArguments({ type: 'object', properties: { query: { type: 'string' }, limit: { type: 'integer' } },
 *   required: ['query', 'limit'] }, 'weather in Oslo');
 * // → { query: 'weather in Oslo', limit: 1 }
 * @param {unknown} schema  an object JSON Schema; anything without `required` gives {}
 * @param {string} words    the user's words
 * @returns {Record<string, unknown>}
 */
export function exampleArguments(schema, words) {
  return exampleObject(schema, words, 0);
}

/** @param {any} schema @param {string} words @param {number} depth @returns {Record<string, unknown>} */
function exampleObject(schema, words, depth) {
  /** @type {Record<string, unknown>} */
  const out = {};
  const props = schema?.properties ?? {};
  for (const key of Array.isArray(schema?.required) ? schema.required : []) {
    out[key] = exampleValue(props[key] ?? {}, key, words, depth);
  }
  return out;
}

/** @param {any} s @param {string} key @param {string} words @param {number} depth @returns {unknown} */
function exampleValue(s, key, words, depth) {
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.anyOf) && s.anyOf.length > 0) return exampleValue(s.anyOf[0], key, words, depth);
  if (Array.isArray(s.oneOf) && s.oneOf.length > 0) return exampleValue(s.oneOf[0], key, words, depth);
  const type = Array.isArray(s.type) ? s.type.find((/** @type {string} */ t) => t !== 'null') : s.type;
  switch (type) {
    case 'integer':
      return Math.max(1, Math.ceil(s.minimum ?? 1));
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array': {
      if (depth > MAX_EXAMPLE_DEPTH) return [];
      const n = s.minItems ?? 0;
      return Array.from({ length: n }, () => exampleValue(s.items ?? {}, key, words, depth + 1));
    }
    case 'object':
      return depth > MAX_EXAMPLE_DEPTH ? {} : exampleObject(s, words, depth + 1);
    default:
      return TEXT_KEYS.test(key) ? words : `example-${key}`;
  }
}
