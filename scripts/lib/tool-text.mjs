// The text that represents a tool (or a query) to an embedding model, and the word tokens the
// engine's analyzer would see: identifiers are split into words, since "getWeatherForecast"
// means nothing to a sentence encoder while "get weather forecast" does.

/**
 * Identifier parts: snake_case, kebab-case, camelCase, acronyms ("parseHTTPResponse" -> parse
 * HTTP Response) and letter/digit boundaries, like split_identifier in core/tokenizer.hpp.
 * @param {string} word
 * @returns {string[]}
 */
export function identifierParts(word) {
  return word
    .split(/[_-]+/)
    .flatMap((p) => p.match(/\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{L}+|\p{N}+/gu) ?? [])
    .filter(Boolean);
}

/** Words of free text with identifiers split, case kept. @param {string} text */
export function splitIdentifiers(text) {
  return (text.match(/[\p{L}\p{N}]+(?:[_-][\p{L}\p{N}]+)*/gu) ?? []).flatMap(identifierParts).join(' ');
}

/**
 * Analyzer-like word tokens: identifier parts, lower-cased, 1-character tokens dropped (the
 * core analyzer's defaults, minus whole identifiers and CJK bigrams, which a word table lacks).
 * @param {string} text
 * @returns {string[]}
 */
export function wordTokens(text) {
  return splitIdentifiers(text)
    .toLowerCase()
    .split(' ')
    .filter((t) => [...t].length >= 2);
}

/**
 * @param {{name: string, description?: string, parameters?: any, inputSchema?: any}} tool
 * @param {{params?: boolean}} [options]  params: append parameter names and descriptions
 *   (default false)
 */
export function toolText(tool, options = {}) {
  let text = `${splitIdentifiers(tool.name)}: ${tool.description ?? ''}`.trim();
  const props = (tool.parameters ?? tool.inputSchema)?.properties;
  if (options.params && props && typeof props === 'object') {
    const parts = Object.entries(props).map(([k, v]) => {
      const d = v && typeof v === 'object' && typeof v.description === 'string' ? `: ${v.description}` : '';
      return `${splitIdentifiers(k)}${d}`;
    });
    if (parts.length) text += `. Parameters: ${parts.join('; ')}`;
  }
  return text;
}
