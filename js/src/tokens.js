// Real tokenizers as OPTIONAL peers, loaded by dynamic import only when asked for. The engine's
// own estimator is always there (assembly.tokens); a real tokenizer measures the same arrays
// exactly, for one encoding (o200k_base by default: GPT-4o and later).

/**
 * @typedef {object} Tokenizer
 * @property {string} name            e.g. "js-tiktoken/o200k_base"
 * @property {(text: string) => number} count
 */

/** @type {Map<string, Promise<Tokenizer | null>>} */
const cache = new Map();

/**
 * Loads a real tokenizer: js-tiktoken, else gpt-tokenizer, else null (neither is installed).
 * @param {{encoding?: 'o200k_base' | 'cl100k_base', prefer?: 'js-tiktoken' | 'gpt-tokenizer'}} [options]
 * @returns {Promise<Tokenizer | null>}
 */
export function loadTokenizer(options = {}) {
  const encoding = options.encoding ?? 'o200k_base';
  const order = options.prefer === 'gpt-tokenizer' ? ['gpt-tokenizer', 'js-tiktoken'] : ['js-tiktoken', 'gpt-tokenizer'];
  const key = `${order[0]}:${encoding}`;
  let loading = cache.get(key);
  if (!loading) {
    loading = (async () => {
      for (const pkg of order) {
        const tokenizer = await (pkg === 'js-tiktoken' ? fromJsTiktoken(encoding) : fromGptTokenizer(encoding));
        if (tokenizer) return tokenizer;
      }
      return null;
    })();
    cache.set(key, loading);
  }
  return loading;
}

/** Import specifiers are built at run time so bundlers leave the optional peers alone. */
const optionalImport = (specifier) => import(/* webpackIgnore: true */ /* @vite-ignore */ specifier);

/** @param {string} encoding @returns {Promise<Tokenizer | null>} */
async function fromJsTiktoken(encoding) {
  try {
    const lite = await optionalImport('js-tiktoken/lite');
    const ranks = await optionalImport(`js-tiktoken/ranks/${encoding}`);
    const enc = new lite.Tiktoken(ranks.default ?? ranks);
    return { name: `js-tiktoken/${encoding}`, count: (text) => enc.encode(text).length };
  } catch {
    return null;
  }
}

/** @param {string} encoding @returns {Promise<Tokenizer | null>} */
async function fromGptTokenizer(encoding) {
  try {
    const mod = await optionalImport(`gpt-tokenizer/encoding/${encoding}`);
    return { name: `gpt-tokenizer/${encoding}`, count: (text) => mod.countTokens(text) };
  } catch {
    return null;
  }
}

/**
 * Tokens of a provider tool array as it goes over the wire (its JSON text).
 * @param {Tokenizer} tokenizer
 * @param {unknown} tools
 */
export function countJsonTokens(tokenizer, tools) {
  if (tools === undefined || tools === null) return 0;
  if (Array.isArray(tools) && tools.length === 0) return 0;
  return tokenizer.count(JSON.stringify(tools));
}

/**
 * The accounting of one request: estimated by the engine (always), counted by a real
 * tokenizer (when one is given).
 * @param {{assembly: any, tokenizer?: Tokenizer | null, sentTools: unknown, allTools: unknown}} args
 *   sentTools: the provider tool array of this request; allTools: the same format with every
 *   usable tool visible (what no deferral would send)
 */
export function accountTokens({ assembly, tokenizer, sentTools, allTools }) {
  const t = assembly?.tokens ?? {};
  const estimated = {
    withDeferral: t.withDeferral ?? null,
    withoutDeferral: t.withoutDeferral ?? null,
    saved: t.saved ?? null,
  };
  if (!tokenizer) return { estimated, real: null };
  const withDeferral = countJsonTokens(tokenizer, sentTools);
  const withoutDeferral = countJsonTokens(tokenizer, allTools);
  return {
    estimated,
    real: {
      tokenizer: tokenizer.name,
      withDeferral,
      withoutDeferral,
      saved: withoutDeferral - withDeferral,
      savedPct: withoutDeferral > 0 ? Math.round((1000 * (withoutDeferral - withDeferral)) / withoutDeferral) / 10 : 0,
    },
  };
}
