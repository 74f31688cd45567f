// Declarations for tool-search-wasm/testing (hand-written).
import type { ProviderFormat, ProviderId } from 'tool-search-wasm/providers';

export interface ScriptContext {
  request: any;
  tools: string[];
  results: { id: string; text: string; json: unknown; references: string[] }[];
  roundTrip: number;
  step: number;
}
export type Step =
  | { text: string }
  | { call: string; arguments?: unknown; id?: string }
  | { calls: { name: string; arguments?: unknown; id?: string }[] };
export type ScriptStep = Step | ((ctx: ScriptContext) => Step);

export interface ScriptedModel {
  (request: any): Promise<any>;
  /** Every request received, in order. */
  readonly requests: any[];
  reset(): void;
}
export declare function scriptedModel(
  provider: ProviderId | ProviderFormat,
  script: ScriptStep[] | ((ctx: ScriptContext) => Step),
  options?: { finalText?: string },
): ScriptedModel;
export declare function hitsOf(result: { json: unknown; references: string[] } | undefined): string[];
/**
 * Arguments a scripted model would write for a tool's input schema: every required property,
 * `words` in text fields (`query`, `title`, `message`, ...) and simple placeholders elsewhere
 * (`const`, the first `enum` value, `default`, 1, `true`, `"example-<key>"`). Deterministic.
 * @example exampleArguments({ type: 'object', properties: { query: { type: 'string' } }, required: ['query'] }, 'weather') // { query: 'weather' }
 */
export declare function exampleArguments(schema: unknown, words: string): Record<string, unknown>;

type Args = Record<string, unknown>;
export declare const scripts: Readonly<{
  searchDescribeCall(o: { query: string; name: string; args?: Args; text?: string }): ScriptStep[];
  searchCallTop(o: { query: string; args?: Args | ((name: string) => Args) }): ScriptStep[];
  searchThenDirect(o: { query: string; name: string; args?: Args }): ScriptStep[];
  directCall(o: { name: string; args?: Args | string }): ScriptStep[];
  wrapCore(o: { name: string; args?: Args }): ScriptStep[];
  stringArguments(o: { name: string; args?: Args }): ScriptStep[];
  nestedTwice(o: { name: string; args?: Args }): ScriptStep[];
  blankArguments(o: { name: string }): ScriptStep[];
  parallel(o: { calls: { name: string; args?: Args }[] }): ScriptStep[];
  searchLoop(o: { query: string }): (ctx: ScriptContext) => Step;
}>;
