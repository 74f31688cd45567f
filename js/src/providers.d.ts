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

// ---- request shapes ------------------------------------------------------------------------
// Structural copies of the parts of each official SDK's request type that these formats write
// (openai 7.x, @anthropic-ai/sdk 1.x, @google/genai 3.x, the current majors; openai 6.x and
// @google/genai 2.x had the same shapes); tests/js/hosts-providers.test.mjs
// checks with tsc that each is assignable to the SDK's own type. History entries the caller
// passes in (`messages`) keep the caller's type `M`.

/** OpenAI Chat Completions `ChatCompletionFunctionTool`. */
export interface OpenAIChatTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}
/** OpenAI Chat Completions `ChatCompletionAllowedToolChoice` (the `allowed` strategy). */
export interface OpenAIChatToolChoice {
  type: 'allowed_tools';
  allowed_tools: { mode: 'auto'; tools: Array<{ type: 'function'; function: { name: string } }> };
}
export interface OpenAIChatRequest<M = OpenAIChatMessage> {
  model: string;
  messages: Array<{ role: 'system'; content: string } | M>;
  tools?: OpenAIChatTool[];
  tool_choice?: OpenAIChatToolChoice;
}
/** What this format writes into a Chat history. */
export type OpenAIChatMessage =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }> }
  | { role: 'tool'; tool_call_id: string; content: string };

/** OpenAI Responses `FunctionTool` (`defer_loading` on deferred tools in the native strategy). */
export interface OpenAIResponsesFunctionTool {
  type: 'function';
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  strict: boolean;
  defer_loading?: boolean;
}
/** OpenAI Responses `ToolSearchTool`, executed by the client: the engine ranks (native strategy). */
export interface OpenAIResponsesToolSearchTool {
  type: 'tool_search';
  execution: 'client';
  description: string;
  parameters: Record<string, unknown>;
}
export type OpenAIResponsesTool = OpenAIResponsesFunctionTool | OpenAIResponsesToolSearchTool;
/** OpenAI Responses `ToolChoiceAllowed`. */
export interface OpenAIResponsesToolChoice {
  type: 'allowed_tools';
  mode: 'auto';
  tools: Array<{ type: 'function'; name: string }>;
}
export interface OpenAIResponsesRequest<M = OpenAIResponsesInputItem> {
  model: string;
  input: M[];
  instructions?: string;
  tools?: OpenAIResponsesTool[];
  tool_choice?: OpenAIResponsesToolChoice;
}
/** `ResponseInputItem.FunctionCallOutput`. */
export interface OpenAIResponsesFunctionCallOutput {
  type: 'function_call_output';
  call_id: string;
  output: string;
}
/** `ResponseToolSearchOutputItemParam`: loads the hits' definitions (native strategy). */
export interface OpenAIResponsesToolSearchOutput {
  type: 'tool_search_output';
  call_id: string;
  execution: 'client';
  status: 'completed';
  tools: OpenAIResponsesFunctionTool[];
}
/** What this format writes into a Responses input (output items are passed back as they came). */
export type OpenAIResponsesInputItem =
  | { role: 'user'; content: string }
  | OpenAIResponsesFunctionCallOutput
  | OpenAIResponsesToolSearchOutput;

/** Anthropic Messages `Tool`. */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: { type: 'object'; [key: string]: unknown };
  defer_loading?: boolean;
}
export interface AnthropicRequest<M = AnthropicMessage> {
  model: string;
  max_tokens: number;
  messages: M[];
  system?: string;
  tools?: AnthropicTool[];
}
/** A `ToolResultBlockParam` as this format writes it (text, images, or `tool_reference` hits). */
export interface AnthropicToolResult {
  type: 'tool_result';
  tool_use_id: string;
  content:
    | string
    | Array<
        | { type: 'text'; text: string }
        | { type: 'image'; source: { type: 'base64'; media_type: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp'; data: string } }
        | { type: 'tool_reference'; tool_name: string }
      >;
  is_error?: boolean;
}
export type AnthropicMessage =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: Array<{ type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: unknown }> }
  | { role: 'user'; content: AnthropicToolResult[] };

/** Gemini `Tool` with `functionDeclarations`. */
export interface GeminiTool {
  functionDeclarations: Array<{ name: string; description: string; parametersJsonSchema: unknown }>;
}
/**
 * `GenerateContentParameters`. No `toolConfig`: AUTO is the default with tools, and the SDK
 * types the mode as an enum (`FunctionCallingConfigMode`) that the string "AUTO" does not satisfy.
 */
export interface GeminiRequest<M = GeminiContent> {
  model: string;
  contents: M[];
  config: { systemInstruction?: string; tools?: GeminiTool[] };
}
export interface GeminiContent {
  role: 'user' | 'model';
  parts: Array<
    | { text: string }
    | { functionCall: { id?: string; name: string; args: Record<string, unknown> } }
    | { functionResponse: { id?: string; name: string; response: Record<string, unknown> } }
  >;
}

export interface ToolOutcome {
  id: string;
  providerName: string;
  kind: 'search' | 'describe' | 'dispatch' | 'refusal' | 'blocked' | 'error';
  value: unknown;
  isError: boolean;
  /** Native search hits (provider names): answered as tool references / loaded definitions. */
  references?: string[];
  hasId?: boolean;
}

/** What `request()` takes. `options` are spread into the body (provider settings). */
export interface RequestArgs<M, O extends object = {}> {
  model: string;
  system?: string;
  messages: M[];
  plan: ToolPlan;
  names: NameMap;
  options?: O;
}

/** The plan and names of the request being answered (a native search loads definitions from it). */
export interface ResultContext {
  plan?: ToolPlan;
  names?: NameMap;
}

/** One wire format. */
export interface ProviderFormat {
  id: string;
  rule: NameRule;
  supports: { allowedTools: boolean; native: boolean };
  tools(plan: ToolPlan, names: NameMap): unknown[];
  toolChoice?(plan: ToolPlan, names: NameMap): unknown;
  request(args: RequestArgs<any, any>): unknown;
  userMessage(text: string): unknown;
  parseResponse(response: any, names: NameMap): { messages: any[]; text: string; calls: ProviderCall[] };
  toolResultMessages(outcomes: ToolOutcome[], context?: ResultContext): unknown[];
  /** For scripted models and tests (`request`: what the model was sent). */
  encodeResponse(message: { text?: string; calls?: { id?: string; name: string; arguments?: unknown }[] }, request?: any): any;
  lastToolResults(request: any): { id: string; text: string; references?: string[] }[];
  toolNames(request: any): string[];
}

export interface OpenAIChatFormat extends ProviderFormat {
  tools(plan: ToolPlan, names: NameMap): OpenAIChatTool[];
  toolChoice(plan: ToolPlan, names: NameMap): OpenAIChatToolChoice | undefined;
  request<M = OpenAIChatMessage, O extends object = {}>(args: RequestArgs<M, O>): OpenAIChatRequest<M> & O;
  userMessage(text: string): { role: 'user'; content: string };
  toolResultMessages(outcomes: ToolOutcome[], context?: ResultContext): Array<{ role: 'tool'; tool_call_id: string; content: string }>;
}
export interface OpenAIResponsesFormat extends ProviderFormat {
  tools(plan: ToolPlan, names: NameMap): OpenAIResponsesTool[];
  toolChoice(plan: ToolPlan, names: NameMap): OpenAIResponsesToolChoice | undefined;
  request<M = OpenAIResponsesInputItem, O extends object = {}>(args: RequestArgs<M, O>): OpenAIResponsesRequest<M> & O;
  userMessage(text: string): { role: 'user'; content: string };
  toolResultMessages(outcomes: ToolOutcome[], context?: ResultContext): Array<OpenAIResponsesFunctionCallOutput | OpenAIResponsesToolSearchOutput>;
}
export interface AnthropicFormat extends ProviderFormat {
  tools(plan: ToolPlan, names: NameMap): AnthropicTool[];
  request<M = AnthropicMessage, O extends object = {}>(args: RequestArgs<M, O>): AnthropicRequest<M> & O;
  userMessage(text: string): { role: 'user'; content: string };
  toolResultMessages(outcomes: ToolOutcome[], context?: ResultContext): Array<{ role: 'user'; content: AnthropicToolResult[] }>;
}
export interface GeminiFormat extends ProviderFormat {
  tools(plan: ToolPlan, names: NameMap): GeminiTool[];
  /** `options` go into `config`. */
  request<M = GeminiContent, O extends object = {}>(args: RequestArgs<M, O>): GeminiRequest<M> & { config: O };
  userMessage(text: string): { role: 'user'; parts: Array<{ text: string }> };
  toolResultMessages(outcomes: ToolOutcome[], context?: ResultContext): GeminiContent[];
}

export declare const openaiChat: OpenAIChatFormat;
/** Native strategy: client-executed `tool_search` + `defer_loading`, the engine ranking. */
export declare const openaiResponses: OpenAIResponsesFormat;
/** Native strategy: `defer_loading` + `tool_reference` results, the engine ranking. */
export declare const anthropic: AnthropicFormat;
export declare const gemini: GeminiFormat;
export type ProviderId = 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini';
export declare const PROVIDERS: Readonly<{ 'openai-chat': OpenAIChatFormat; 'openai-responses': OpenAIResponsesFormat; anthropic: AnthropicFormat; gemini: GeminiFormat }>;
export declare function resolveProvider<P extends ProviderId | ProviderFormat>(provider: P): P extends ProviderId ? (typeof PROVIDERS)[P] : P;

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
export declare function providerTools<P extends ProviderId | ProviderFormat>(
  provider: P,
  toolSearch: Pick<ToolSearch, 'tools'>,
  assembly: Assembly,
  options?: { strategy?: Strategy },
): {
  tools: ReturnType<(P extends ProviderId ? (typeof PROVIDERS)[P] : P)['tools']>;
  toolChoice: unknown;
  names: NameMap;
  plan: ToolPlan;
};
