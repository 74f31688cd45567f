// Snapshot bytes across the boundary (docs/snapshot-format.md), both ways through a buffer the
// engine keeps in wasm memory, with one typed-array copy each way: as a raw method's argument
// they would be copied twice (into wasm memory, then into a std::string; 9.8 MB for 10,000
// tools).

import { ToolSearchError, invalidArgument } from './errors.js';

/** The core's limit (kMaxSnapshotBytes), checked before the bytes are copied into wasm memory. */
export const MAX_SNAPSHOT_BYTES = 256 * 1024 * 1024;

/**
 * Snapshot bytes as the engine takes them: a Uint8Array over the same memory.
 * @param {unknown} value  a Uint8Array (a Node Buffer is one), another ArrayBuffer view or an ArrayBuffer
 * @param {string} what  e.g. "load(snapshot)"
 * @returns {Uint8Array}
 */
export function snapshotBytes(value, what) {
  let bytes;
  if (value instanceof Uint8Array) bytes = value;
  else if (ArrayBuffer.isView(value)) bytes = new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  else if (value instanceof ArrayBuffer) bytes = new Uint8Array(value);
  else throw invalidArgument(what, 'a Uint8Array or an ArrayBuffer of snapshot bytes', value);
  if (bytes.byteLength > MAX_SNAPSHOT_BYTES) {
    throw new ToolSearchError('TOO_LARGE', `${what} is ${bytes.byteLength} bytes; the limit is ${MAX_SNAPSHOT_BYTES}`);
  }
  return bytes;
}

/**
 * Copies `bytes` into the engine's snapshot buffer, for the raw loadSnapshot() to read.
 * @param {any} module  the raw module
 * @param {any} engine  the raw engine
 * @param {Uint8Array} bytes
 */
export function putSnapshot(module, engine, bytes) {
  if (!engine.reserveSnapshot(bytes.byteLength)) {
    throw new ToolSearchError('TOO_LARGE', `a snapshot of ${bytes.byteLength} bytes does not fit in the engine's memory`);
  }
  // Read HEAPU8 after reserving: growing the memory replaced the view.
  module.HEAPU8.set(bytes, engine.snapshotAddress());
}

/**
 * Copies the snapshot the engine just wrote (`size` bytes) out of wasm memory, and frees it there.
 * @param {any} module  the raw module (its HEAPU8 views the memory)
 * @param {any} engine  the raw engine
 * @param {number} size
 * @returns {Uint8Array}
 */
export function takeSnapshot(module, engine, size) {
  try {
    const at = engine.snapshotAddress();
    return module.HEAPU8.slice(at, at + size);
  } finally {
    engine.releaseSnapshot();
  }
}
