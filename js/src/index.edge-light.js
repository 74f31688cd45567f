// Vercel Edge / Next.js middleware (edge-light): a `?module` import of the .wasm gives a
// WebAssembly.Module, compiled at deploy time; these runtimes refuse to compile wasm from
// bytes at request time, so the glue only ever instantiates that Module.
import wasmModule from './tool-search-core.wasm?module';

import createToolSearchModule from './tool-search-core.mjs';
import { createModuleLoader } from './load.js';
import { makeCreateToolSearch } from './tool-search.js';

export * from './public.js';

const loadModule = createModuleLoader(createToolSearchModule, {
  defaultSource: () => wasmModule,
  fetchLocation: (location) => fetch(location),
});

/**
 * Creates a ToolSearch. Call as often as needed: the wasm is instantiated once per source.
 * @type {(options?: import('./index.js').CreateToolSearchOptions) => Promise<import('./tool-search.js').ToolSearch>}
 */
export const createToolSearch = makeCreateToolSearch(loadModule);
