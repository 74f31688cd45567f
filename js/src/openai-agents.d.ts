// Declarations for tool-search-wasm/openai-agents (hand-written). `@openai/agents` is an
// optional peer, so the tool and model types are kept structural.
import type { Session } from 'tool-search-wasm';
import type { AdapterCall, AdapterOptions } from 'tool-search-wasm/ai-sdk';

/** An Agents SDK function tool as `tool()` builds it (assignable to `FunctionTool`). */
export interface OpenAIAgentsTool {
  type: 'function';
  name: string;
  description: string;
  parameters: unknown;
  /** Always false: MCP schemas and `tool_call.arguments` are not expressible in strict mode. */
  strict: boolean;
  invoke(runContext: unknown, input: string, details?: unknown): Promise<unknown>;
  [key: string]: unknown;
}

/** The part of the Agents SDK `Model` interface the wrapper needs. */
export interface OpenAIAgentsModel {
  getResponse(request: any): Promise<any>;
  getStreamedResponse(request: any): AsyncIterable<any>;
  getRetryAdvice?(args: any): unknown;
  readonly supportsPromptModelSelection?: boolean;
}

export interface OpenAIAgentsToolSearch {
  /** Every catalog tool and the bridge: `new Agent({ tools: search.tools })`. */
  readonly tools: OpenAIAgentsTool[];
  /**
   * Wraps the agent's Model so each call is sent only this turn's tools (the engine's
   * assembly plus the tools tool_search found). Throws INVALID_ARGUMENT for a model name:
   * resolve it first (`await new OpenAIProvider().getModel('gpt-5.4')`).
   */
  model<M extends OpenAIAgentsModel>(inner: M): OpenAIAgentsModel;
  readonly session: Session;
  /** Real calls made so far (real names). */
  readonly calls: AdapterCall[];
  /** The (real) names the last model call was given. */
  readonly selectedTools: string[];
  /** Closes the session the helper opened. */
  close(): void;
}

/**
 * Tools and a model wrapper for the Agents SDK Runner (`run(agent, input)`). Every tool is
 * registered with `strict: false`.
 */
export declare function createOpenAIAgentsToolSearch(options: AdapterOptions & { tool?: (options: any) => unknown }): Promise<OpenAIAgentsToolSearch>;
