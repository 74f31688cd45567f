// Cloudflare Workers AI text embeddings through the Worker's AI binding:
// env.AI.run(model, { text: string[] }) -> { shape: [n, dims], data: number[][] }.

import { checkVectors, inBatches } from './common.js';

/**
 * @param {object} options
 * @param {{ run(model: string, input: { text: string[] }): Promise<any> }} options.ai  the
 *   binding, i.e. `env.AI`
 * @param {string} [options.model]       default "@cf/baai/bge-small-en-v1.5"
 * @param {number} [options.dimensions]  default 384 (bge-small); give 768 for bge-base, 1024
 *   for bge-large
 * @param {number} [options.batchSize]   texts per run() call. Default 100 (the bge models' cap)
 * @returns {import('./common.js').Embedder}
 */
export function workersAIEmbedder(options) {
  if (!options || !options.ai || typeof options.ai.run !== 'function') {
    throw new TypeError('workersAIEmbedder needs { ai: env.AI }');
  }
  const model = options.model ?? '@cf/baai/bge-small-en-v1.5';
  const dimensions = options.dimensions ?? 384;
  const id = `workers-ai:${model}`;
  return {
    id,
    dimensions,
    async embed(texts) {
      const vectors = await inBatches(texts, options.batchSize ?? 100, async (text) => {
        const out = await options.ai.run(model, { text });
        if (!out || !Array.isArray(out.data)) throw new Error(`${id}: no "data" array in the answer`);
        return out.data;
      });
      return checkVectors(vectors, dimensions, id);
    },
  };
}
