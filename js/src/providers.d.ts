// Declarations for tool-search-wasm/providers (hand-written).
import type { Assembly, JsonSchema, ToolSearch } from 'tool-search-wasm';

/** How the plan lays out one assembly. */
export type Strategy = 'bridge' | 'preselect' | 'preselect+bridge' | 'passthrough' | 'allowed' | 'native';

export interface NameRule {
  provider: string;
  pattern: RegExp;
  maxLength: number;
  invalidChar: RegExp;
  validStart?: RegExp;
  source: string;
}

/** openai ^[a-zA-Z0-9_-]{1,64}$, anthropic ^[a-zA-Z0-9_-]{1,128}$, gemini ^[a-zA-Z_][a-zA-Z0-9_-]{0,62}$ */
export declare const NAME_RULES: Readonly<Record<'openai' | 'anthropic' | 'gemini', NameRule>>;

/** Deterministic, collision-free, reversible real <-> provider names. */
export declare class NameMap {
  constructor(realNames: Iterable<string>, rule: NameRule);
  readonly rule: NameRule;
  toProvider(real: string): string;
  /** Unknown names come back unchanged. */
  toReal(provider: string): string;
  renamed(): [string, string][];
}
export declare function createNameMap(realNames: Iterable<string>, rule: NameRule | 'openai' | 'anthropic' | 'gemini'): NameMap;

export interface PlanTool {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  kind: string;
  deferLoading?: boolean;
}
export interface ToolPlan {
  strategy: Strategy;
  tools: PlanTool[];
  allowed: string[] | null;
  nativeSearch: boolean;
  assembly: Assembly;
}
export declare const BRIDGE_NAMES: readonly ['tool_search', 'tool_describe', 'tool_call'];
export declare function planFromAssembly(toolSearch: Pick<ToolSearch, 'tools'>, assembly: Assembly, strategy: Strategy): ToolPlan;
/** Names ranked by a search resolution's result, best first. */
export declare function searchHitNames(result: unknown): string[];

/** An MCP CallToolResult-like value. */
export interface CallToolResultLike {
  content: unknown[];
  structuredContent?: unknown;
  isError?: boolean;
  [key: string]: unknown;
}
export declare function isCallToolResult(value: unknown): value is CallToolResultLike;
/** Text for a tool result (CallToolResult text parts, strings as is, other values as JSON). */
export declare function toText(value: unknown): string;

export interface ProviderCall {
  id: string;
  /** The name the model used. */
  providerName: string;
  /** The real (catalog) name. */
  name: string;
  /** As the provider sent them (JSON text for OpenAI, an object otherwise). */
  arguments: unknown;
  hasId?: boolean;
}

export interface ToolOutcome {
  id: string;
  providerName: string;
  kind: 'search' | 'describe' | 'dispatch' | 'refusal' | 'blocked' | 'error';
  value: unknown;
  isError: boolean;
  references?: string[];
  hasId?: boolean;
}

/** One wire format. */
export interface ProviderFormat {
  id: string;
  rule: NameRule;
  supports: { allowedTools: boolean; native: boolean };
  tools(plan: ToolPlan, names: NameMap): any[];
  toolChoice?(plan: ToolPlan, names: NameMap): unknown;
  request(args: { model: string; system?: string; messages: any[]; plan: ToolPlan; names: NameMap; options?: Record<string, unknown> }): any;
  userMessage(text: string): any;
  parseResponse(response: any, names: NameMap): { messages: any[]; text: string; calls: ProviderCall[] };
  toolResultMessages(outcomes: ToolOutcome[]): any[];
  /** For scripted models and tests. */
  encodeResponse(message: { text?: string; calls?: { id?: string; name: string; arguments?: unknown }[] }): any;
  lastToolResults(request: any): { id: string; text: string; references?: string[] }[];
  toolNames(request: any): string[];
}

export declare const openaiChat: ProviderFormat;
export declare const openaiResponses: ProviderFormat;
export declare const anthropic: ProviderFormat;
export declare const gemini: ProviderFormat;
export type ProviderId = 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini';
export declare const PROVIDERS: Readonly<Record<ProviderId, ProviderFormat>>;
export declare function resolveProvider(provider: ProviderId | ProviderFormat): ProviderFormat;

/** Puts cache_control on the last non-deferred Anthropic tool. */
export declare function cacheBreakpoint<T extends { defer_loading?: boolean }>(tools: T[]): (T & { cache_control?: { type: 'ephemeral' } })[];

export interface ModelPolicy {
  match: RegExp | string;
  strategy: Strategy;
  why?: string;
}
export declare const DEFAULT_MODEL_POLICIES: readonly ModelPolicy[];
export declare function chooseStrategy(args: { modelName?: string; requested?: Strategy; policies?: readonly ModelPolicy[]; provider: ProviderFormat }): { strategy: Strategy; why: string };
export declare function engineModeFor(strategy: Strategy): 'bridge' | 'preselect' | 'preselect+bridge';
export declare function providerTools(
  provider: ProviderId | ProviderFormat,
  toolSearch: Pick<ToolSearch, 'tools'>,
  assembly: Assembly,
  options?: { strategy?: Strategy },
): { tools: any[]; toolChoice: unknown; names: NameMap; plan: ToolPlan };
