// Any OpenAI-compatible POST {baseURL}/embeddings: OpenAI itself, Azure-style gateways, vLLM,
// LM Studio, or Ollama (baseURL "http://localhost:11434/v1"). Plain fetch, no SDK.

import { checkVectors, inBatches } from './common.js';

/**
 * @param {object} options
 * @param {string} options.model           e.g. "text-embedding-3-small" or "nomic-embed-text"
 * @param {string} [options.baseURL]       default "https://api.openai.com/v1"
 * @param {string} [options.apiKey]        sent as a Bearer token when given (Ollama needs none)
 * @param {number} [options.dimensions]    asked of the server (text-embedding-3 can shorten) and
 *   checked on the answer; default: learnt from the first answer
 * @param {number} [options.batchSize]     inputs per request. Default 96 (well under OpenAI's
 *   2,048-input cap, small enough for local servers)
 * @param {Record<string, string>} [options.headers]  extra headers
 * @param {typeof fetch} [options.fetch]   default globalThis.fetch
 * @returns {import('./common.js').Embedder}
 */
export function openAIEmbedder(options) {
  if (!options || typeof options.model !== 'string' || options.model === '') {
    throw new TypeError('openAIEmbedder needs { model }');
  }
  const url = `${(options.baseURL ?? 'https://api.openai.com/v1').replace(/\/+$/, '')}/embeddings`;
  const doFetch = options.fetch ?? globalThis.fetch;
  const requested = options.dimensions;
  const headers = { 'content-type': 'application/json', ...options.headers };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  const embedder = {
    id: `openai-compatible:${options.model}${requested ? `@${requested}` : ''}`,
    /** @type {number | undefined} */
    dimensions: requested,
    /** @param {string[]} texts */
    async embed(texts) {
      const vectors = await inBatches(texts, options.batchSize ?? 96, async (input) => {
        /** @type {Record<string, unknown>} */
        const body = { model: options.model, input, encoding_format: 'float' };
        if (requested !== undefined) body.dimensions = requested;
        const res = await doFetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
        if (!res.ok) throw new Error(`${url} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
        const json = await res.json();
        if (!json || !Array.isArray(json.data)) throw new Error(`${url}: no "data" array in the answer`);
        // The API numbers each vector; some servers do not keep request order.
        const byIndex = [...json.data].sort((a, b) => a.index - b.index);
        return byIndex.map((d) => d.embedding);
      });
      if (embedder.dimensions === undefined && vectors.length > 0) embedder.dimensions = vectors[0].length;
      return checkVectors(vectors, embedder.dimensions, embedder.id);
    },
  };
  return embedder;
}
