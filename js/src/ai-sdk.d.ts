// Declarations for tool-search-wasm/ai-sdk (hand-written). Structural types: `ai` is an
// optional peer, so nothing here imports it.
import type { Scope, Session, ToolSearch } from 'tool-search-wasm';
import type { CallContext, Hooks, ToolExecutorHub } from 'tool-search-wasm/agent';

/** Options shared by every framework adapter. */
export interface AdapterOptions {
  toolSearch: ToolSearch;
  /** Default: a session opened with `scope`, closed by close(). */
  session?: Session;
  scope?: Scope;
  /** Default `'bridge'`. */
  mode?: 'bridge' | 'preselect' | 'preselect+bridge';
  /** What the gate compares the catalog with. Default: the engine's (128000). */
  contextWindow?: number;
  /** Pre-selected tools per step in the preselect modes. Default: the engine's (8). */
  topK?: number;
  hooks?: Hooks;
  /** MCP tools run here (an McpHub). */
  hub?: ToolExecutorHub;
  /** Executors for non-MCP tools, by real name (they win over `hub`). */
  functions?: Record<string, (args: any, ctx: CallContext) => unknown>;
  /** Fallback executor. */
  execute?: (ctx: CallContext) => unknown;
  callTimeoutMs?: number;
}

/** One real call an adapter ran (real names). */
export interface AdapterCall {
  name: string;
  arguments: Record<string, unknown>;
  server: string | null;
  viaBridge: boolean;
  outcome: 'ok' | 'error' | 'blocked';
  callId: string;
}

/** An AI SDK tool as this helper builds it (assignable to the AI SDK's `Tool`). */
export interface AiSdkTool {
  description: string;
  inputSchema: unknown;
  execute: (input: any, options: { toolCallId: string; [key: string]: unknown }) => Promise<unknown>;
}

export interface AiSdkToolCall {
  toolCallId: string;
  toolName: string;
  input: string;
  [key: string]: unknown;
}

export interface AiSdkToolSearch {
  /** Every catalog tool and the bridge; updated in place when the catalog changes. */
  readonly tools: Record<string, AiSdkTool>;
  /** Sets `activeTools` for each step from the engine's assembly. */
  prepareStep(step: { messages?: unknown[]; [key: string]: unknown }): { activeTools: string[] };
  /** Pass as `repairToolCall` (ai 7) or `experimental_repairToolCall` (ai 5, 6). */
  repairToolCall(failed: { toolCall: AiSdkToolCall; [key: string]: unknown }): Promise<AiSdkToolCall | null>;
  readonly session: Session;
  /** Real calls made so far. */
  readonly calls: AdapterCall[];
  /** The names the last prepareStep made active. */
  readonly activeTools: string[];
  /** Closes the session the helper opened. */
  close(): void;
}

/**
 * Tools, `prepareStep` and `repairToolCall` for generateText / streamText / ToolLoopAgent.
 * Found tools become callable in the next step; a deferred tool called by name without a
 * search is repaired into `tool_call` when the bridge is active.
 */
export declare function createAiSdkToolSearch(options: AdapterOptions & { jsonSchema?: (schema: any) => unknown }): Promise<AiSdkToolSearch>;

/** A ranking function for the AI SDK's own `toolSearch({ search })` (ai >= 7). Default limit 20. */
export declare function aiSdkSearch(
  toolSearch: ToolSearch,
  options?: { limit?: number },
): (args: { query: string; tools: Array<{ name: string; description?: string }> }) => string[];
