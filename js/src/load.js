// Instantiating the Emscripten module: once per wasm source (memoised), from whatever the
// caller or the runtime entry hands over. The glue never fetches or reads files itself: it is
// built for web/worker only, and every runtime gives it `wasmBinary` or `instantiateWasm`.

import { ToolSearchError, invalidArgument } from './errors.js';
import { RAW_FUNCTIONS } from './raw-engine.js';

/**
 * How a runtime entry supplies the wasm.
 * @typedef {object} Runtime
 * @property {() => unknown} defaultSource  the wasm next to the glue (a URL, a WebAssembly.Module, or a promise of one)
 * @property {(location: string | URL) => Promise<unknown>} fetchLocation
 *   bytes (a Uint8Array or ArrayBuffer) or a Response for a path or URL
 */

/**
 * What the Emscripten factory receives.
 * @typedef {{ wasmBinary: Uint8Array } | { instantiate: (imports: WebAssembly.Imports) => Promise<{ instance: WebAssembly.Instance, module: WebAssembly.Module }> }} Instantiation
 */

const DEFAULT_KEY = 'default';

/**
 * Returns `loadModule(source?)`, which resolves to the raw module, instantiating it at most
 * once per source (a path/URL string by value, anything else by identity). A failed load is
 * forgotten, so a later call retries.
 * @param {(options: object) => Promise<any>} factory  the Emscripten MODULARIZE factory
 * @param {Runtime} runtime
 * @returns {(source?: unknown) => Promise<any>}
 */
export function createModuleLoader(factory, runtime) {
  /** @type {Map<string, Promise<any>>} */
  const byKey = new Map();
  /** @type {WeakMap<object, Promise<any>>} */
  const byObject = new WeakMap();

  return function loadModule(source) {
    const key = source === undefined ? DEFAULT_KEY : keyOf(source);
    const cache = /** @type {{get(k: any): Promise<any> | undefined, set(k: any, v: Promise<any>): void, delete(k: any): void}} */ (
      typeof key === 'string' ? byKey : byObject
    );
    let loading = cache.get(key);
    if (!loading) {
      loading = instantiate(factory, runtime, source === undefined ? runtime.defaultSource() : source);
      loading.catch(() => cache.delete(key));
      cache.set(key, loading);
    }
    return loading;
  };
}

/**
 * The memo key of a wasm source; throws INVALID_ARGUMENT for anything not accepted.
 * @param {unknown} source
 * @returns {string | object}
 */
function keyOf(source) {
  if (typeof source === 'string') return `path:${source}`;
  if (isUrl(source)) return `url:${source.href}`;
  if (isWasmModule(source) || isArrayBuffer(source) || ArrayBuffer.isView(source) || isResponse(source) || isThenable(source)) {
    return /** @type {object} */ (source);
  }
  throw invalidArgument(
    'options.wasm',
    'a URL, a path, an ArrayBuffer/Uint8Array, a Response (or a promise of one) or a WebAssembly.Module',
    source,
  );
}

/**
 * @param {(options: object) => Promise<any>} factory
 * @param {Runtime} runtime
 * @param {unknown} source
 */
async function instantiate(factory, runtime, source) {
  try {
    const how = await instantiationFor(source, runtime, true);
    const module = await runFactory(factory, how);
    checkModuleShape(module);
    return module;
  } catch (cause) {
    if (cause instanceof ToolSearchError) throw cause;
    throw loadFailed(cause);
  }
}

/**
 * @param {unknown} source
 * @param {Runtime} runtime
 * @param {boolean} mayFetch  false once a location was resolved (no fetch loops)
 * @returns {Promise<Instantiation>}
 */
async function instantiationFor(source, runtime, mayFetch) {
  if (isWasmModule(source)) {
    const module = source;
    return {
      instantiate: async (imports) => ({ instance: await WebAssembly.instantiate(module, imports), module }),
    };
  }
  if (isArrayBuffer(source)) return { wasmBinary: new Uint8Array(source) };
  if (ArrayBuffer.isView(source)) {
    const view = /** @type {ArrayBufferView} */ (source);
    return { wasmBinary: new Uint8Array(view.buffer, view.byteOffset, view.byteLength) };
  }
  if (isThenable(source)) {
    const settled = await source;
    if (isWasmModule(settled)) return instantiationFor(settled, runtime, false);
    if (!isResponse(settled)) throw invalidArgument('options.wasm (a promise)', 'a promise of a Response', settled);
    return instantiationFor(settled, runtime, false);
  }
  if (isResponse(source)) return fromResponse(source);
  if (mayFetch && (typeof source === 'string' || isUrl(source))) {
    return instantiationFor(await runtime.fetchLocation(source), runtime, false);
  }
  throw invalidArgument('options.wasm', 'a URL, a path, bytes, a Response or a WebAssembly.Module', source);
}

/** @param {Response} response @returns {Promise<Instantiation>} */
async function fromResponse(response) {
  if (!response.ok) {
    throw new ToolSearchError('WASM_LOAD_FAILED', `fetching ${response.url || 'the .wasm'} failed: HTTP ${response.status}`);
  }
  const type = response.headers && typeof response.headers.get === 'function' ? response.headers.get('content-type') : null;
  // Streaming compilation needs the right MIME type; otherwise compile from the bytes.
  if (typeof WebAssembly.instantiateStreaming === 'function' && type && type.split(';')[0].trim() === 'application/wasm') {
    return { instantiate: (imports) => WebAssembly.instantiateStreaming(response, imports) };
  }
  return { wasmBinary: new Uint8Array(await response.arrayBuffer()) };
}

/**
 * Runs the factory. The glue reports an asynchronous instantiateWasm failure nowhere, so it is
 * raced against the factory's own promise; aborts arrive through onAbort.
 * @param {(options: object) => Promise<any>} factory
 * @param {Instantiation} how
 */
function runFactory(factory, how) {
  return new Promise((resolve, reject) => {
    /** @type {Record<string, unknown>} */
    const options = {
      onAbort: (/** @type {unknown} */ what) => reject(loadFailed(what)),
      // Without it the glue computes new URL('tool-search-core.wasm', import.meta.url), which
      // throws where import.meta.url is not a URL (bundled workers). The location is unused:
      // the wasm always arrives through wasmBinary or instantiateWasm.
      locateFile: (/** @type {string} */ file) => file,
      // The glue would also console.warn a failed instantiation; the rejection carries it.
      printErr: () => {},
    };
    if ('wasmBinary' in how) {
      options.wasmBinary = how.wasmBinary;
    } else {
      options.instantiateWasm = (
        /** @type {WebAssembly.Imports} */ imports,
        /** @type {(i: WebAssembly.Instance, m: WebAssembly.Module) => void} */ receive,
      ) => {
        how.instantiate(imports).then(({ instance, module }) => receive(instance, module), (e) => reject(loadFailed(e)));
        return {}; // "instantiation is asynchronous" in Emscripten's contract
      };
    }
    Promise.resolve(factory(options)).then(resolve, (e) => reject(loadFailed(e)));
  });
}

/**
 * A module built from other sources than this package's would fail later and obscurely.
 * @param {any} module
 */
function checkModuleShape(module) {
  const missing = RAW_FUNCTIONS.filter((name) => typeof module[name] !== 'function');
  if (missing.length > 0) {
    throw new ToolSearchError(
      'WASM_LOAD_FAILED',
      `the loaded .wasm does not match this package (missing ${missing.join(', ')})`,
    );
  }
}

/** @param {unknown} cause */
function loadFailed(cause) {
  const message = cause instanceof Error ? cause.message : String(cause);
  const hint = /disallowed|code generation/i.test(message)
    ? ' (this runtime forbids compiling wasm from bytes: use the workerd/edge-light entry or pass {wasm: WebAssembly.Module})'
    : '';
  return new ToolSearchError('WASM_LOAD_FAILED', `could not instantiate the engine: ${message}${hint}`, { cause });
}

/**
 * By its tag as well as by instanceof: a sandbox (the Edge runtime VM of `next dev` and
 * `vercel dev`) may hand over a Module compiled in the host's realm, which instanceof rejects.
 * @param {unknown} v @returns {v is WebAssembly.Module}
 */
function isWasmModule(v) {
  return typeof WebAssembly !== 'undefined' &&
    (v instanceof WebAssembly.Module || Object.prototype.toString.call(v) === '[object WebAssembly.Module]');
}
/** @param {unknown} v @returns {v is ArrayBuffer} */
function isArrayBuffer(v) {
  return v instanceof ArrayBuffer || Object.prototype.toString.call(v) === '[object ArrayBuffer]';
}
/** @param {unknown} v @returns {v is URL} */
function isUrl(v) {
  return typeof URL === 'function' && v instanceof URL;
}
/** @param {unknown} v @returns {v is Response} */
function isResponse(v) {
  // By shape only: reading the global `Response` makes Node load its fetch implementation,
  // which was half of the package's cold start (~15 ms) when no Response is in play.
  return typeof v === 'object' && v !== null && typeof (/** @type {any} */ (v).arrayBuffer) === 'function' && typeof (/** @type {any} */ (v).status) === 'number';
}
/** @param {unknown} v @returns {v is PromiseLike<unknown>} */
function isThenable(v) {
  return typeof v === 'object' && v !== null && typeof (/** @type {any} */ (v).then) === 'function';
}
