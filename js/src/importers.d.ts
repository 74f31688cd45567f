// Declarations for tool-search-wasm/importers (hand-written).
import type { ToolSearch } from 'tool-search-wasm';

export interface ImportedTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  source: string;
}

export interface Imported {
  tools: ImportedTool[];
  /** Executors by tool name, for `functions` of an adapter or the agent loop. */
  functions: Record<string, (args: any) => Promise<unknown>>;
}

/** Options of every importer. `source` defaults to `"client"`. */
export interface ImportOptions {
  source?: 'core' | 'plugin' | 'client' | `mcp:${string}`;
}

/** JSON Schema from plain JSON Schema, an AI SDK jsonSchema() wrapper or a Standard JSON Schema (zod >= 4.2). */
export declare function jsonSchemaOf(schema: unknown, name: string): Promise<Record<string, unknown>>;
export declare function fromAiSdkTools(toolSet: Record<string, { description?: string; inputSchema?: unknown; parameters?: unknown; execute?: (...args: any[]) => unknown }>, options?: ImportOptions): Promise<Imported>;
export declare function fromLangChainTools(tools: Array<{ name: string; description?: string; schema?: unknown; invoke?: (input: any) => unknown }>, options?: ImportOptions): Promise<Imported>;
export declare function fromZodSchemas(entries: Record<string, { description?: string; schema: unknown; execute?: (args: any) => unknown }>, options?: ImportOptions): Promise<Imported>;
/** Adds the tool set to the catalog (all-or-nothing) and returns the cataloged names and executors. */
export declare function importTools(toolSearch: ToolSearch, toolSet: Record<string, any> | any[], options?: ImportOptions): Promise<{ names: string[]; functions: Imported['functions'] }>;
