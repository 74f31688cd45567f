// One engine of the raw module: the C functions of wasm/bindings.cpp as methods, with their
// arguments copied into wasm memory and freed after each call (docs/wasm-boundary.md). Nothing
// here is public API.

import { ToolSearchError } from './errors.js';
import { decodeAnswer, utf8Length } from './raw.js';

/** An argument copied into wasm memory: a string as UTF-8, a Uint8Array as it is. */
const TEXT = 't';
/** An argument passed as a number: a boolean as 0 or 1, a number as it is. */
const VALUE = 'v';

/**
 * The methods answering a string (a JSON envelope, or degradedReason's text): the C function
 * and its arguments' kinds. Each returns the address of the answer's location and length
 * (decodeAnswer in raw.js).
 */
const ANSWERING = /** @type {const} */ ({
  configure: ['_ts_configure', TEXT],
  addTools: ['_ts_add_tools', TEXT, TEXT],
  removeTools: ['_ts_remove_tools', TEXT],
  replaceSource: ['_ts_replace_source', TEXT, TEXT],
  clear: ['_ts_clear'],
  pinTool: ['_ts_pin_tool', TEXT, VALUE],
  pinServer: ['_ts_pin_server', TEXT, VALUE],
  listTools: ['_ts_list_tools', TEXT],
  info: ['_ts_info'],
  lastError: ['_ts_last_error'],
  degradedReason: ['_ts_degraded_reason'],
  toolSummaries: ['_ts_tool_summaries', TEXT],
  explain: ['_ts_explain', TEXT, TEXT, TEXT, TEXT],
  describe: ['_ts_describe', TEXT, TEXT],
  suggest: ['_ts_suggest', TEXT, TEXT],
  openSession: ['_ts_open_session', TEXT],
  closeSession: ['_ts_close_session', TEXT],
  assemble: ['_ts_assemble', TEXT, TEXT, VALUE],
  handleCall: ['_ts_handle_call', TEXT, TEXT, TEXT],
  estimateTokens: ['_ts_estimate_tokens', TEXT],
  useEmbedder: ['_ts_use_embedder', TEXT],
  pendingVectors: ['_ts_pending_vectors'],
  storeVectors: ['_ts_store_vectors', TEXT, TEXT],
  loadStaticTable: ['_ts_load_static_table', VALUE],
  vectorInfo: ['_ts_vector_info'],
  snapshot: ['_ts_snapshot'],
  loadSnapshot: ['_ts_load_snapshot'],
});

/** The methods answering a number (an address, a count or a flag), and the C function of each. */
const NUMERIC = /** @type {const} */ ({
  searchPacked: '_ts_search_packed',
  inputAddress: '_ts_input_address',
  resultsAddress: '_ts_results_address',
  snapshotAddress: '_ts_snapshot_address',
  releaseSnapshot: '_ts_release_snapshot',
  reserveSnapshot: '_ts_reserve_snapshot',
});

/** The module's own functions: the version and an engine's life. */
const MODULE_FUNCTIONS = ['_ts_version', '_ts_engine_new', '_ts_engine_delete', '_malloc', '_free'];

/**
 * Every method of a raw engine that the JS layer calls, and nothing else. A test checks this
 * list against RawEngine and the JS layer's calls.
 */
export const RAW_ENGINE_METHODS = Object.freeze([...Object.keys(ANSWERING), ...Object.keys(NUMERIC)]);

/** Every C function of the module the JS layer calls (load.js checks a module has them). */
export const RAW_FUNCTIONS = Object.freeze([
  ...MODULE_FUNCTIONS,
  ...Object.values(ANSWERING).map(([fn]) => fn),
  ...Object.values(NUMERIC),
]);

const encoder = new TextEncoder();

/** Strings up to this many UTF-16 units get room for 3 bytes a unit, not measured. */
const MEASURED_ARGUMENT_LENGTH = 64 * 1024;

export class RawEngine {
  /** @type {any} */ module;
  /** The engine's address in wasm memory; 0 once deleted. */
  at = 0;

  /**
   * A new engine with the default options.
   * @param {any} module  the raw module
   * @throws {ToolSearchError} TOO_LARGE when the module's memory cannot hold one
   */
  constructor(module) {
    this.module = module;
    this.at = module._ts_engine_new();
    if (!this.at) {
      throw new ToolSearchError('TOO_LARGE', "a new engine does not fit in the module's memory (the engines of one module share at most 2 GiB; dispose() of unused engines frees theirs)");
    }
  }

  /** Frees the engine; idempotent. */
  delete() {
    if (this.at) this.module._ts_engine_delete(this.at);
    this.at = 0;
  }

  isDeleted() {
    return this.at === 0;
  }
}

for (const [method, [fn, ...kinds]] of Object.entries(ANSWERING)) {
  Object.defineProperty(RawEngine.prototype, method, {
    value: /** @this {RawEngine} */ function (/** @type {unknown[]} */ ...args) {
      return callWithArguments(this, fn, kinds, args);
    },
    writable: true,
    configurable: true,
  });
}
for (const [method, fn] of Object.entries(NUMERIC)) {
  Object.defineProperty(RawEngine.prototype, method, {
    value: /** @this {RawEngine} */ function (/** @type {number[]} */ ...args) {
      return this.module[fn](this.at, ...args);
    },
    writable: true,
    configurable: true,
  });
}

/**
 * Calls `fn` with the engine, each TEXT argument as (address, length) in one block of wasm
 * memory allocated for the call, and each VALUE argument as a number.
 * @param {RawEngine} engine
 * @param {string} fn
 * @param {readonly string[]} kinds
 * @param {unknown[]} args
 * @returns {number}
 */
function callWithArguments(engine, fn, kinds, args) {
  const module = engine.module;
  let room = 0;
  for (let i = 0; i < kinds.length; i++) {
    if (kinds[i] !== TEXT) continue;
    const a = /** @type {string | Uint8Array} */ (args[i]);
    room += typeof a === 'string' ? (a.length <= MEASURED_ARGUMENT_LENGTH ? 3 * a.length : utf8Length(a)) : a.byteLength;
  }
  const block = room > 0 ? module._malloc(room) : 0;
  if (room > 0 && !block) {
    throw new ToolSearchError('TOO_LARGE', `the engine's memory cannot hold this call's ${room} bytes of arguments (the engines of one module share at most 2 GiB; dispose() of unused engines frees theirs)`);
  }
  try {
    /** @type {number[]} */
    const flat = [engine.at];
    const heap = module.HEAPU8; // after the malloc: growing the memory replaced the view
    let at = block;
    for (let i = 0; i < kinds.length; i++) {
      const a = /** @type {any} */ (args[i]);
      if (kinds[i] === VALUE) {
        flat.push(typeof a === 'boolean' ? Number(a) : a);
      } else if (typeof a === 'string') {
        const { read, written } = encoder.encodeInto(a, heap.subarray(at, block + room));
        // Never a silently cut argument: the room above is an upper bound or exact.
        if (read !== a.length) throw new ToolSearchError('INTERNAL', `${fn}: an argument did not fit the room measured for it`);
        flat.push(at, /** @type {number} */ (written));
        at += /** @type {number} */ (written);
      } else {
        heap.set(a, at);
        flat.push(at, a.byteLength);
        at += a.byteLength;
      }
    }
    return module[fn](...flat);
  } finally {
    if (block) module._free(block);
  }
}

/**
 * The module's version (the package's, built in).
 * @param {any} module
 */
export function rawVersion(module) {
  return decodeAnswer(module, module._ts_version());
}
