// Provider name rules and the reversible real <-> provider name mapping.
//
// A catalog name is whatever a server chose (MCP allows dots, slashes, 128 characters); a
// provider accepts a narrower set and rejects the WHOLE request when one name breaks its rule.
// So every name goes through a NameMap: names that already fit are kept as they are (the usual
// case, and what keeps prompts readable), the others get a deterministic replacement that ends
// in a hash of the real name. The map is built from the set of names alone, so the same
// catalog always maps the same way (prompt caches keep hitting), and it is collision-free by
// construction (checked, with a salted re-hash in the astronomically rare case).

/**
 * @typedef {object} NameRule
 * @property {string} provider
 * @property {RegExp} pattern   what the provider accepts
 * @property {number} maxLength
 * @property {RegExp} invalidChar  one character the provider does not accept (global)
 * @property {RegExp} [validStart] the first character must match this
 * @property {string} source    where the rule is documented
 */

/** @type {Record<'openai' | 'anthropic' | 'gemini', NameRule>} */
export const NAME_RULES = Object.freeze({
  // Chat Completions `function.name` and Responses `FunctionTool.name`: "Must be a-z, A-Z,
  // 0-9, or contain underscores and dashes, with a maximum length of 64" (OpenAI API reference).
  openai: Object.freeze({
    provider: 'openai',
    pattern: /^[a-zA-Z0-9_-]{1,64}$/,
    maxLength: 64,
    invalidChar: /[^a-zA-Z0-9_-]/g,
    source: 'OpenAI API reference, ChatCompletionFunctionTool.function.name',
  }),
  // The Messages API answers 400 "tools.N.custom.name: String should match pattern
  // '^[a-zA-Z0-9_-]{1,128}$'" (quoted in nicobailon/pi-mcp-adapter#190, limit also in
  // anthropics/claude-code#96152). `tool_reference.tool_name` allows 256, so 128 governs.
  anthropic: Object.freeze({
    provider: 'anthropic',
    pattern: /^[a-zA-Z0-9_-]{1,128}$/,
    maxLength: 128,
    invalidChar: /[^a-zA-Z0-9_-]/g,
    source: 'Anthropic Messages API validation error (tools.N.custom.name)',
  }),
  // FunctionDeclaration.name: "Must start with a letter or an underscore. Must be a-z, A-Z,
  // 0-9, or contain underscores and dashes" with a max of 64 (Vertex), 63 (Firebase docs);
  // newer Gemini API docs also allow dots and colons. The intersection is used so one request
  // works on every Gemini endpoint.
  gemini: Object.freeze({
    provider: 'gemini',
    pattern: /^[a-zA-Z_][a-zA-Z0-9_-]{0,62}$/,
    maxLength: 63,
    invalidChar: /[^a-zA-Z0-9_-]/g,
    validStart: /^[a-zA-Z_]/,
    source: 'Gemini/Vertex FunctionDeclaration.name (intersection of the documented rules)',
  }),
});

/** 32-bit FNV-1a over UTF-16 code units, as 7 base-36 digits. Deterministic, dependency-free. */
function hash36(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36).padStart(7, '0');
}

/**
 * The replacement for a name that breaks `rule`: invalid characters become `_`, a bad first
 * character gets a `_` prefix, and `_<hash>` is appended (after truncation, so it survives).
 * @param {string} real
 * @param {NameRule} rule
 * @param {number} salt
 */
function replacement(real, rule, salt) {
  const suffix = `_${hash36(salt === 0 ? real : `${real}\u0000${salt}`)}`;
  let base = real.replace(rule.invalidChar, '_');
  if (rule.validStart && !rule.validStart.test(base)) base = `_${base}`;
  return base.slice(0, rule.maxLength - suffix.length) + suffix;
}

/** A two-way mapping between real (catalog) names and the names a provider sees. */
export class NameMap {
  /** @type {Map<string, string>} */ #toProvider = new Map();
  /** @type {Map<string, string>} */ #toReal = new Map();
  /** @type {NameRule} */ #rule;

  /**
   * @param {Iterable<string>} realNames
   * @param {NameRule} rule
   */
  constructor(realNames, rule) {
    this.#rule = rule;
    const names = [...new Set(realNames)].sort();
    // Names that already fit are claimed first: they never change.
    for (const name of names) {
      if (rule.pattern.test(name)) this.#set(name, name);
    }
    for (const name of names) {
      if (this.#toProvider.has(name)) continue;
      let salt = 0;
      let mapped = replacement(name, rule, salt);
      while (this.#toReal.has(mapped)) mapped = replacement(name, rule, ++salt);
      this.#set(name, mapped);
    }
  }

  /** @param {string} real @param {string} provider */
  #set(real, provider) {
    this.#toProvider.set(real, provider);
    this.#toReal.set(provider, real);
  }

  get rule() {
    return this.#rule;
  }

  /**
   * The provider-facing name. A name outside the map is mapped on the fly with the same
   * (stateless) rule, so a real name quoted in a search result can still be encoded.
   * @param {string} real
   */
  toProvider(real) {
    const known = this.#toProvider.get(real);
    if (known !== undefined) return known;
    return this.#rule.pattern.test(real) ? real : replacement(real, this.#rule, 0);
  }

  /**
   * The real name behind a provider-facing one. Unknown names come back unchanged: the model
   * may call a deferred tool by the real name it read in a search result (lazy activation).
   * @param {string} provider
   */
  toReal(provider) {
    return this.#toReal.get(provider) ?? provider;
  }

  /** Pairs whose names differ, for diagnostics. @returns {[string, string][]} */
  renamed() {
    return [...this.#toProvider].filter(([real, provider]) => real !== provider);
  }
}

/**
 * Builds the map for one request.
 * @param {Iterable<string>} realNames
 * @param {NameRule | 'openai' | 'anthropic' | 'gemini'} rule
 */
export function createNameMap(realNames, rule) {
  const resolved = typeof rule === 'string' ? NAME_RULES[rule] : rule;
  if (!resolved) throw new TypeError(`tool-search: unknown name rule ${JSON.stringify(rule)}`);
  return new NameMap(realNames, resolved);
}
