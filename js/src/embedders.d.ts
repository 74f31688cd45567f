// Embedder adapters (subpath tool-search-wasm/embedders): each returns an Embedder for
// createToolSearch({ embedder }). Model runtimes are optional peers, loaded on first use.
import type { Embedder } from './index.js';

/** Any OpenAI-compatible POST {baseURL}/embeddings (OpenAI, Ollama at http://localhost:11434/v1, vLLM, LM Studio). */
export declare function openAIEmbedder(options: {
  model: string;
  /** Default "https://api.openai.com/v1". */
  baseURL?: string;
  apiKey?: string;
  /** Asked of the server and checked; default learnt from the first answer. */
  dimensions?: number;
  /** Inputs per request. Default 96. */
  batchSize?: number;
  headers?: Record<string, string>;
  fetch?: typeof fetch;
}): Embedder;

/** Cloudflare Workers AI through the Worker's AI binding (`env.AI`). */
export declare function workersAIEmbedder(options: {
  ai: { run(model: string, input: { text: string[] }): Promise<unknown> };
  /** Default "@cf/baai/bge-small-en-v1.5". */
  model?: string;
  /** Default 384. */
  dimensions?: number;
  /** Default 100. */
  batchSize?: number;
}): Embedder;

/** transformers.js (`@huggingface/transformers`, optional peer) with a model read from local disk only. */
export declare function transformersEmbedder(options: {
  /** Model folder under localModelPath, e.g. "Xenova/all-MiniLM-L6-v2". */
  model: string;
  localModelPath?: string;
  dimensions?: number;
  /** Default 32. */
  batchSize?: number;
  dtype?: string;
  load?: () => Promise<unknown>;
}): Embedder;

/** Universal Sentence Encoder lite (512 dims), offline; needs the @energetic-ai packages (optional peers). */
export declare function useLiteEmbedder(options?: { batchSize?: number }): Embedder;
