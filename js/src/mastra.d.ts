// Declarations for tool-search-wasm/mastra (hand-written). `@mastra/core` is an optional peer,
// so the tool and processor types are kept structural.
import type { Session } from 'tool-search-wasm';
import type { AdapterCall, AdapterOptions } from 'tool-search-wasm/ai-sdk';

/** A Mastra tool as `createTool()` builds it. */
export interface MastraTool {
  id: string;
  description: string;
  inputSchema?: unknown;
  execute?: (input: any, context?: any) => Promise<unknown>;
  [key: string]: unknown;
}

/** A Mastra input processor that sets `activeTools` for each step (`processInputStep`). */
export interface MastraToolSearchProcessor {
  readonly id: string;
  readonly name: string;
  processInputStep(args: { messages?: unknown[]; activeTools?: string[]; tools?: Record<string, unknown>; [key: string]: unknown }): { activeTools: string[] };
}

export interface MastraToolSearch {
  /** Every catalog tool and the bridge, keyed by name: `new Agent({ tools: search.tools })`. */
  readonly tools: Record<string, MastraTool>;
  /** `new Agent({ inputProcessors: [search.processor] })`. */
  readonly processor: MastraToolSearchProcessor;
  readonly session: Session;
  /** Real calls made so far (real names). */
  readonly calls: AdapterCall[];
  /** The catalog names the last step made active. */
  readonly activeTools: string[];
  /** Closes the session the helper opened. */
  close(): void;
}

/**
 * Tools and an input processor for a Mastra Agent. Mastra refuses a call to a tool that is not
 * active this step, so a deferred tool is reached through tool_search (then by name) or
 * tool_call. Default processor id "tool-search-wasm".
 */
export declare function createMastraToolSearch(options: AdapterOptions & { id?: string; createTool?: (options: any) => unknown }): Promise<MastraToolSearch>;
