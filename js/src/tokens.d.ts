// Declarations for tool-search-wasm/tokens (hand-written).
import type { Assembly } from 'tool-search-wasm';

export interface Tokenizer {
  name: string;
  count(text: string): number;
}
/** js-tiktoken, else gpt-tokenizer (optional peers), else null. */
export declare function loadTokenizer(options?: { encoding?: 'o200k_base' | 'cl100k_base'; prefer?: 'js-tiktoken' | 'gpt-tokenizer' }): Promise<Tokenizer | null>;
export declare function countJsonTokens(tokenizer: Tokenizer, tools: unknown): number;
export interface TokenAccounting {
  estimated: { withDeferral: number | null; withoutDeferral: number | null; saved: number | null };
  real: null | { tokenizer: string; withDeferral: number; withoutDeferral: number; saved: number; savedPct: number };
}
export declare function accountTokens(args: { assembly: Assembly; tokenizer?: Tokenizer | null; sentTools: unknown; allTools: unknown }): TokenAccounting;
