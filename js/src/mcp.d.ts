// Declarations for tool-search-wasm/mcp (hand-written). @modelcontextprotocol/sdk is an optional peer.
import type { ToolSearch } from 'tool-search-wasm';

export interface McpServerSpec {
  /** stdio: the command to spawn. */
  command?: string;
  args?: string[];
  /** Added to the SDK's minimal default environment. */
  env?: Record<string, string>;
  cwd?: string;
  /** Streamable HTTP endpoint. */
  url?: string | URL;
  headers?: Record<string, string>;
  /** A factory returning a fresh SDK transport (reconnect() calls it again). */
  transport?: () => unknown | Promise<unknown>;
  /** A factory returning a connected SDK Client. */
  connect?: () => Promise<unknown>;
  /** A connected SDK Client (reconnect() cannot recreate it). */
  client?: unknown;
  class?: 'core' | 'deferrable';
  tags?: string[];
  /** Keep this server's tools visible (pinServer). */
  pin?: boolean;
  /** Per-server tools/call timeout. Default: the hub's `callTimeoutMs`. */
  callTimeoutMs?: number;
  /**
   * stdio: what happens to the server's stderr. Default `'pipe'`: kept (the last 2,000
   * characters are in `status().stderr` and in failure messages). `'inherit'`: this process's
   * stderr. A function receives every chunk (and the tail is kept too).
   */
  stderr?: 'pipe' | 'inherit' | ((text: string) => void);
}

export type McpServerState = 'connecting' | 'ready' | 'failed' | 'closed';

export interface McpServerStatus {
  server: string;
  source: `mcp:${string}`;
  state: McpServerState;
  tools: number;
  pages: number;
  /** code: connect_failed | timeout | invalid_response | invalid_tools | disconnected | unresponsive | call_error | closed */
  error: { code: string; message: string; at: number } | null;
  pid: number | null;
  listings: number;
  /** Automatic reconnect attempts since the server was last ready. */
  retries: number;
  /** When the next automatic reconnect starts (epoch ms), or null. */
  nextRetryAt: number | null;
  /** The last 2,000 characters of a stdio server's stderr ('' for other transports). */
  stderr: string;
}

export interface ReconnectOptions {
  /** Attempts before the server stays failed. Default 5. */
  retries?: number;
  /** The first wait; each next one doubles. Default 1000 ms. */
  initialDelayMs?: number;
  /** The longest wait. Default 30000 ms. */
  maxDelayMs?: number;
}

export interface McpHubOptions {
  /** Spawn or connect, and initialize. Default 15000 ms. */
  connectTimeoutMs?: number;
  /** Per tools/list page. Default 10000 ms. */
  listTimeoutMs?: number;
  /** Per tools/call (a server spec may override it). Default 30000 ms. */
  callTimeoutMs?: number;
  /** After a call timed out: a server that does not answer a ping within this is withdrawn. Default 2000 ms. */
  pingTimeoutMs?: number;
  /** A server listing more tools/list pages is treated as broken. Default 100. */
  maxPages?: number;
  /**
   * Automatic reconnect, with exponential backoff, of a server that was ready and dropped
   * (disconnected, unresponsive). Default `{ retries: 5, initialDelayMs: 1000, maxDelayMs: 30000 }`;
   * `false` leaves it to reconnect(). A server that never connected is not retried.
   */
  reconnect?: ReconnectOptions | false;
  clientInfo?: { name: string; version: string };
}

export type McpHubEvent =
  | { type: 'tools'; server: string; names: string[]; reason: string }
  | { type: 'status'; server: string; state: McpServerState; error: McpServerStatus['error']; nextRetryAt?: number | null };

/** An MCP CallToolResult, as the server sent it. */
export interface CallToolResult {
  content: unknown[];
  structuredContent?: unknown;
  isError?: boolean;
  [key: string]: unknown;
}

export declare class McpHub {
  constructor(toolSearch: ToolSearch, options?: McpHubOptions);
  add(name: string, spec: McpServerSpec): Promise<McpServerStatus>;
  addAll(specs: Record<string, McpServerSpec>): Promise<McpServerStatus[]>;
  reconnect(name: string): Promise<McpServerStatus>;
  refresh(name: string): Promise<McpServerStatus>;
  close(name?: string): Promise<void>;
  status(): McpServerStatus[];
  status(name: string): McpServerStatus;
  settled(): Promise<void>;
  onChange(listener: (event: McpHubEvent) => void): () => void;
  route(name: string): { server: string; tool: string } | null;
  has(name: string): boolean;
  /** Throws ToolSearchError NOT_FOUND, SERVER_UNAVAILABLE, TIMEOUT or TOOL_ERROR. */
  callTool(name: string, args?: Record<string, unknown>, options?: { timeoutMs?: number; signal?: AbortSignal }): Promise<CallToolResult>;
  dispatch(resolution: { kind: string; name: string; arguments: Record<string, unknown> }, options?: { timeoutMs?: number; signal?: AbortSignal }): Promise<CallToolResult>;
}
export declare function createMcpHub(toolSearch: ToolSearch, options?: McpHubOptions): McpHub;
