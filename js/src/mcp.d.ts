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
  callTimeoutMs?: number;
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
}

export interface McpHubOptions {
  connectTimeoutMs?: number;
  listTimeoutMs?: number;
  callTimeoutMs?: number;
  pingTimeoutMs?: number;
  maxPages?: number;
  clientInfo?: { name: string; version: string };
}

export type McpHubEvent =
  | { type: 'tools'; server: string; names: string[]; reason: string }
  | { type: 'status'; server: string; state: McpServerState; error: McpServerStatus['error'] };

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
