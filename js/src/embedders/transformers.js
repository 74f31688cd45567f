// Hugging Face Transformers.js (ONNX Runtime) with a model read from local disk only: the
// feature-extraction pipeline, mean-pooled over tokens and L2-normalised, as sentence-embedding
// models such as all-MiniLM-L6-v2 or bge-small expect.

import { checkVectors, inBatches } from './common.js';

/**
 * @param {object} options
 * @param {string} options.model            model folder name under `localModelPath`
 *   (e.g. "Xenova/all-MiniLM-L6-v2"), holding config.json, tokenizer files and onnx/
 * @param {string} [options.localModelPath] default: Transformers.js's own ("/models/")
 * @param {number} [options.dimensions]     checked on every answer; default: learnt from the first
 * @param {number} [options.batchSize]      texts per pipeline call. Default 32
 * @param {string} [options.dtype]          e.g. "q8" or "fp32"; default: the library's
 * @param {() => Promise<any>} [options.load]  returns the `@huggingface/transformers` module;
 *   default a dynamic import (an optional peer). Tests pass a stand-in here.
 * @returns {import('./common.js').Embedder}
 */
export function transformersEmbedder(options) {
  if (!options || typeof options.model !== 'string' || options.model === '') {
    throw new TypeError('transformersEmbedder needs { model }');
  }
  /** @type {Promise<any> | undefined} */
  let extractor;
  const start = async () => {
    const lib = await (options.load ?? (() => import('@huggingface/transformers')))();
    // Offline by design: never reach for the Hub at run time.
    lib.env.allowRemoteModels = false;
    lib.env.allowLocalModels = true;
    if (options.localModelPath) lib.env.localModelPath = options.localModelPath;
    return lib.pipeline('feature-extraction', options.model, options.dtype ? { dtype: options.dtype } : {});
  };
  const embedder = {
    id: `transformers.js:${options.model}${options.dtype ? `:${options.dtype}` : ''}`,
    /** @type {number | undefined} */
    dimensions: options.dimensions,
    /** @param {string[]} texts */
    async embed(texts) {
      extractor ??= start();
      const run = await extractor;
      const vectors = await inBatches(texts, options.batchSize ?? 32, async (batch) => {
        const tensor = await run(batch, { pooling: 'mean', normalize: true });
        const [n, dims] = tensor.dims; // one row per text
        return Array.from({ length: n }, (_, i) => tensor.data.slice(i * dims, (i + 1) * dims));
      });
      if (embedder.dimensions === undefined && vectors.length > 0) embedder.dimensions = vectors[0].length;
      return checkVectors(vectors, embedder.dimensions, embedder.id);
    },
  };
  return embedder;
}
