// Embedder adapters: each returns { id, dimensions, embed(texts) => Promise<Float32Array[]> }.
export { useLiteEmbedder } from './use-lite.js';
export { openAIEmbedder } from './openai.js';
export { workersAIEmbedder } from './workers-ai.js';
export { transformersEmbedder } from './transformers.js';
