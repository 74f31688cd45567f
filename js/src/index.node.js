// Node (ESM, and the CJS build made from this file): the .wasm is read from disk next to this
// file and handed to the glue as bytes (Node's fetch cannot load file paths, and the glue is
// built without Node code paths).
import { readFile } from 'node:fs/promises';

import createToolSearchModule from './tool-search-core.mjs';
import { createModuleLoader } from './load.js';
import { makeCreateToolSearch } from './tool-search.js';

export * from './public.js';

const loadModule = createModuleLoader(createToolSearchModule, {
  defaultSource: () => new URL('./tool-search-core.wasm', import.meta.url),
  fetchLocation: async (location) => {
    const url = location instanceof URL ? location : /^[a-z][a-z\d+.-]*:\/\//i.test(location) ? new URL(location) : null;
    if (url && url.protocol !== 'file:') return fetch(url);
    return readFile(url ?? location);
  },
});

/**
 * Creates a ToolSearch. Call as often as needed: the wasm is instantiated once per source.
 * @type {(options?: import('./index.js').CreateToolSearchOptions) => Promise<import('./tool-search.js').ToolSearch>}
 */
export const createToolSearch = makeCreateToolSearch(loadModule);
