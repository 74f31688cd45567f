// Declarations for tool-search-wasm/langchain (hand-written). `langchain` and `@langchain/core`
// are optional peers, so the tool and middleware types are kept structural.
import type { Session } from 'tool-search-wasm';
import type { AdapterCall, AdapterOptions } from 'tool-search-wasm/ai-sdk';

/** A LangChain structured tool (from `tool()` of @langchain/core/tools). */
export interface LangChainTool {
  name: string;
  description: string;
  schema: unknown;
  invoke(input: unknown, config?: unknown): Promise<unknown>;
}

export interface LangChainToolSearch {
  /** Every catalog tool and the bridge: pass them to createAgent({ tools }). */
  readonly tools: LangChainTool[];
  /** An AgentMiddleware (createMiddleware) narrowing the tools of each model call. */
  readonly middleware: any;
  readonly session: Session;
  readonly calls: AdapterCall[];
  /** The names the last model call was given. */
  readonly selectedTools: string[];
  close(): void;
}

/** Tools and a `wrapModelCall` middleware for langchain 1.x createAgent. Default middleware name "ToolSearchMiddleware". */
export declare function createLangChainToolSearch(options: AdapterOptions & { name?: string }): Promise<LangChainToolSearch>;
