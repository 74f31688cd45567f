// Browsers, web workers, Deno and anything web-standard: fetch + streaming compilation.
// Bundlers see `new URL('./tool-search-core.wasm', import.meta.url)` and emit the asset.
import createToolSearchModule from './tool-search-core.mjs';
import { createModuleLoader } from './load.js';
import { makeCreateToolSearch } from './tool-search.js';

export * from './public.js';

const loadModule = createModuleLoader(createToolSearchModule, {
  defaultSource: () => new URL('./tool-search-core.wasm', import.meta.url),
  fetchLocation: (location) => fetch(location),
});

/**
 * Creates a ToolSearch. Call as often as needed: the wasm is instantiated once per source.
 * @type {(options?: import('./index.js').CreateToolSearchOptions) => Promise<import('./tool-search.js').ToolSearch>}
 */
export const createToolSearch = makeCreateToolSearch(loadModule);
