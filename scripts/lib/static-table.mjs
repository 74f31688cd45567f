// The static embedding table ("TSSE" format) and the JS reference of the static embedder that
// core/static_embedder.cpp implements: analyzer-like word tokens -> look up -> sum the rows (the
// SIF weight is already folded into each row) -> L2-normalise.
//
// Format, all integers little-endian:
//   offset 0   4 bytes  magic "TSSE"
//          4   u32      version (1)
//          8   u32      dims (1..4096)
//         12   u32      count: number of words (>= 1)
//         16   u32      vocab_bytes: size of the vocabulary block
//         20   u32      flags (0; reserved)
//         24   8 bytes  zero (reserved)
//         32   vocab    count entries, each u8 byte-length (1..255) + that many UTF-8 bytes;
//                       strictly ascending by bytes, so readers can binary-search
//          .   padding  zero bytes up to a multiple of 4
//          .   f32      count per-row scales (finite, >= 0): value = int8 * scale
//          .   i8       count x dims rows
//   The file ends there: its size is exactly determined by the header.

export const MAGIC = 'TSSE';
export const VERSION = 1;
const HEADER = 32;

/**
 * @param {string[]} words  sorted by UTF-8 bytes, unique
 * @param {Float32Array[]} rows  one per word, already weighted
 * @returns {Uint8Array}
 */
export function writeStaticTable(words, rows) {
  const dims = rows[0].length;
  const enc = new TextEncoder();
  const bytes = words.map((w) => enc.encode(w));
  const vocabBytes = bytes.reduce((n, b) => n + 1 + b.length, 0);
  const pad = (4 - ((HEADER + vocabBytes) % 4)) % 4;
  const scalesAt = HEADER + vocabBytes + pad;
  const rowsAt = scalesAt + 4 * words.length;
  const out = new Uint8Array(rowsAt + words.length * dims);
  const view = new DataView(out.buffer);
  out.set(enc.encode(MAGIC), 0);
  view.setUint32(4, VERSION, true);
  view.setUint32(8, dims, true);
  view.setUint32(12, words.length, true);
  view.setUint32(16, vocabBytes, true);
  let at = HEADER;
  for (const b of bytes) {
    if (b.length < 1 || b.length > 255) throw new RangeError(`word of ${b.length} bytes`);
    out[at++] = b.length;
    out.set(b, at);
    at += b.length;
  }
  rows.forEach((row, i) => {
    let max = 0;
    for (const x of row) max = Math.max(max, Math.abs(x));
    const scale = max / 127;
    view.setFloat32(scalesAt + 4 * i, scale, true);
    for (let d = 0; d < dims; d++) view.setInt8(rowsAt + i * dims + d, scale > 0 ? Math.round(row[d] / scale) : 0);
  });
  return out;
}

/**
 * Parses and validates a table; returns the embedder.
 * @param {Uint8Array} buf
 */
export function loadStaticTable(buf) {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  if (buf.length < HEADER || new TextDecoder().decode(buf.subarray(0, 4)) !== MAGIC) throw new Error('not a TSSE table');
  if (view.getUint32(4, true) !== VERSION) throw new Error(`unsupported TSSE version ${view.getUint32(4, true)}`);
  const dims = view.getUint32(8, true);
  const count = view.getUint32(12, true);
  const vocabBytes = view.getUint32(16, true);
  const pad = (4 - ((HEADER + vocabBytes) % 4)) % 4;
  const scalesAt = HEADER + vocabBytes + pad;
  const rowsAt = scalesAt + 4 * count;
  if (buf.length !== rowsAt + count * dims) throw new Error('TSSE size does not match its header');
  const dec = new TextDecoder('utf-8', { fatal: true });
  /** @type {Map<string, number>} */
  const index = new Map();
  let at = HEADER;
  for (let i = 0; i < count; i++) {
    const len = buf[at++];
    index.set(dec.decode(buf.subarray(at, at + len)), i);
    at += len;
  }
  const scales = new Float32Array(count);
  for (let i = 0; i < count; i++) scales[i] = view.getFloat32(scalesAt + 4 * i, true);
  const rows = new Int8Array(buf.buffer, buf.byteOffset + rowsAt, count * dims);
  return {
    dims,
    count,
    index,
    /** @param {string} text @returns {Float32Array} unit vector, or zeros when no word is known */
    embed(text) {
      const v = new Float32Array(dims);
      for (const t of tokensOf(text)) {
        const i = index.get(t);
        if (i === undefined) continue;
        const s = scales[i];
        const base = i * dims;
        for (let d = 0; d < dims; d++) v[d] += s * rows[base + d];
      }
      let n = 0;
      for (let d = 0; d < dims; d++) n += v[d] * v[d];
      n = Math.sqrt(n);
      if (n > 0) for (let d = 0; d < dims; d++) v[d] /= n;
      return v;
    },
  };
}

// Word tokens as the core analyzer makes them (identifier parts, folded, >= 2 chars).
import { wordTokens as tokensOf } from './tool-text.mjs';
