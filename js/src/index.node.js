// Node (ESM, and the CJS build made from this file): the .wasm next to this file is read from
// disk and compiled when the module is imported, then handed to the glue as a compiled module
// (Node's fetch cannot load file paths, and the glue is built without Node code paths).
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

import createToolSearchModule from './tool-search-core.mjs';
import { createModuleLoader } from './load.js';
import { makeCreateToolSearch } from './tool-search.js';

export * from './public.js';

/** @type {Promise<WebAssembly.Module> | undefined} */
let compiling;
/**
 * The package's own .wasm, compiled in the background from the moment this module is imported:
 * the file is read synchronously (half a millisecond), so that V8's compiler threads work while
 * the rest of the import runs, instead of after it. A failure is forgotten here and reported by
 * createToolSearch().
 */
function compileDefault() {
  if (!compiling) {
    try {
      compiling = WebAssembly.compile(readFileSync(new URL('./tool-search-core.wasm', import.meta.url)));
    } catch (error) {
      return Promise.reject(error);
    }
    compiling.catch(() => {
      compiling = undefined;
    });
  }
  return compiling;
}
compileDefault().catch(() => {});

const loadModule = createModuleLoader(createToolSearchModule, {
  defaultSource: compileDefault,
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
