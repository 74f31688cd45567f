// Declarations for tool-search-wasm/agent (hand-written).
import type { Session, ToolSearch } from 'tool-search-wasm';
import type { ModelPolicy, ProviderFormat, ProviderId, Strategy } from 'tool-search-wasm/providers';
import type { Tokenizer, TokenAccounting } from 'tool-search-wasm/tokens';

export interface CallContext {
  /** The real tool name (never a bridge name). */
  name: string;
  arguments: Record<string, unknown>;
  source: string | null;
  server: string | null;
  viaBridge: boolean;
  activated: boolean;
  repairs: string[];
  callId: string;
  providerName: string;
  roundTrip: number;
  session: string;
  /** The turn's signal, when run()/stream() got one: an executor may stop its work on it. */
  signal?: AbortSignal;
}

export type BeforeVerdict = void | undefined | null | { block?: string; arguments?: Record<string, unknown>; requireApproval?: string };

export interface Hooks {
  beforeCall?: ((ctx: CallContext) => BeforeVerdict | Promise<BeforeVerdict>)[];
  afterCall?: ((ctx: CallContext & { result: unknown; isError: boolean; error: Error | null }) => void | { result?: unknown } | Promise<void | { result?: unknown }>)[];
  approve?: (ctx: CallContext & { reason: string }) => boolean | Promise<boolean>;
  onEvent?: (event: { type: string; session: string; [key: string]: unknown }) => void;
}

export interface ToolExecutorHub {
  has(name: string): boolean;
  callTool(name: string, args: Record<string, unknown>, options?: { timeoutMs?: number; signal?: AbortSignal }): Promise<unknown>;
  route?(name: string): { server: string; tool: string } | null;
}

export interface AgentOptions {
  toolSearch: ToolSearch;
  session?: Session;
  scope?: { sources?: string[]; toolsets?: string[]; tools?: string[] };
  provider: ProviderId | ProviderFormat;
  /** Sends one request and returns the provider's whole response. */
  model: (request: any, info: ModelCallInfo) => unknown | Promise<unknown>;
  modelName?: string;
  system?: string;
  contextWindow?: number;
  strategy?: Strategy;
  topK?: number;
  modelPolicies?: readonly ModelPolicy[];
  hub?: ToolExecutorHub;
  functions?: Record<string, (args: any, ctx: CallContext) => unknown>;
  execute?: (ctx: CallContext) => unknown;
  hooks?: Hooks;
  /** Real names that must be usable; missing ones stop the turn (status "missing_required"). */
  required?: string[];
  maxRoundTrips?: number;
  loopGuard?: { maxRepeats?: number; maxBridgeCalls?: number; maxRefusals?: number };
  callTimeoutMs?: number;
  tokenizer?: 'auto' | false | Tokenizer;
  requestOptions?: Record<string, unknown>;
}

/** What the model function gets beside the request. */
export interface ModelCallInfo {
  roundTrip: number;
  provider: string;
  strategy: Strategy;
  /** The turn's signal: pass it to the SDK call so an abort cancels the request. */
  signal?: AbortSignal;
  /** Forward streamed text deltas here: stream() yields them as `{type: 'text', delta}`. */
  onText: (delta: string) => void;
}

export interface RunOptions {
  /** Earlier history in this provider's format. */
  messages?: any[];
  /** Stops the turn (status "aborted"): between steps, the model request and tool calls in flight. */
  signal?: AbortSignal;
}

/** One event of a turn, as hooks.onEvent and stream() report it. */
export interface TurnEvent {
  type: 'request' | 'text' | 'response' | 'search' | 'describe' | 'call' | 'blocked' | 'refusal' | 'loop_guard' | 'missing_required' | 'aborted' | 'done';
  session: string;
  [key: string]: unknown;
}

/** One real tool call as transcripts and telemetry record it: the hooks' context and its outcome. */
export interface LogicalCall extends Omit<CallContext, 'providerName' | 'session'> {
  outcome: 'ok' | 'error' | 'blocked';
  reason?: string;
  result?: unknown;
}

export interface TurnResult {
  status: 'ok' | 'missing_required' | 'loop_guard' | 'max_round_trips' | 'aborted';
  text: string;
  missing?: string[];
  reason?: string;
  calls: LogicalCall[];
  bridge: { kind: string; arguments: unknown; roundTrip: number }[];
  refusals: { name: string; reason: string; roundTrip: number }[];
  roundTrips: number;
  tokens: (TokenAccounting & { roundTrip: number; strategy: Strategy; engineStrategy: string })[];
  strategy: Strategy;
  strategyWhy: string;
  messages: any[];
}

export declare class Agent {
  constructor(options: AgentOptions);
  readonly session: Session;
  readonly provider: ProviderFormat;
  readonly strategy: { strategy: Strategy; why: string };
  run(userText: string, options?: RunOptions): Promise<TurnResult>;
  /** The turn's events as they happen; the last is `{type: 'done', turn}`. Leaving early aborts the turn. */
  stream(userText: string, options?: RunOptions): AsyncGenerator<TurnEvent & { turn?: TurnResult }>;
  close(): void;
}
export declare function createAgent(options: AgentOptions): Agent;
export declare function runTurn(options: AgentOptions & { input: string; messages?: any[] }): Promise<TurnResult>;
export { DEFAULT_MODEL_POLICIES, chooseStrategy } from 'tool-search-wasm/providers';
