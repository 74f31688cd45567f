// Node (ESM, and the CJS build made from this file): the .wasm next to this file is read from
// disk and compiled when the module is imported, then handed to the glue as a compiled module
// (Node's fetch cannot load file paths, and the glue is built without Node code paths).
import createToolSearchModule from './tool-search-core.mjs';
import { createModuleLoader } from './load.js';
import { makeCreateToolSearch } from './tool-search.js';

export * from './public.js';

/**
 * node:fs without its ES module facade: importing a builtin as ESM copies every export, which
 * loads fs's lazy streams (about 2 ms of a 20 ms cold start). process.getBuiltinModule (Node
 * 20.16+, 22.3+) hands over the CommonJS object as is; older Nodes take the import.
 * @returns {typeof import('node:fs') | Promise<typeof import('node:fs')>}
 */
const nodeFs = () => globalThis.process?.getBuiltinModule?.('node:fs') ?? import('node:fs');

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
    const url = new URL('./tool-search-core.wasm', import.meta.url);
    compiling = Promise.resolve(nodeFs()).then((fs) => WebAssembly.compile(fs.readFileSync(url)));
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
    return (await nodeFs()).promises.readFile(url ?? location);
  },
});

/**
 * Creates a ToolSearch. Call as often as needed: the wasm is instantiated once per source.
 * @type {(options?: import('./index.js').CreateToolSearchOptions) => Promise<import('./tool-search.js').ToolSearch>}
 */
export const createToolSearch = makeCreateToolSearch(loadModule);
