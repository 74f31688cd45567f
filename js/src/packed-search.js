// Search hits from the core's packed results (core/include/toolsearch/packed_results.hpp and
// docs/wasm-boundary.md). The core writes each hit's scores and catalog position as a fixed
// 40-byte row in wasm memory, and this module copies them out: no JSON is built or parsed per
// search. What a hit says about its tool (name, source, server, description, required) does
// not change while the catalog does not, so it is fetched once per catalog revision and tool,
// with one toolSummaries call for all the positions a search needs that are not cached yet.

import { ToolSearchError } from './errors.js';
import { decodeAnswer, openEnvelope, utf8Length } from './raw.js';

/** MatchKind in the core's order. */
const MATCH_KINDS = ['exact', 'bm25', 'substring', 'semantic', 'regex'];
/** RetrievalStrategy in the core's order; search flags carry 1 + the index, 0 for the default. */
export const STRATEGIES = ['keyword', 'semantic', 'hybrid', 'regex'];

// PackedResults: revision f64 @0, count u32 @8, strategy u32 @12, degraded u32 @16; hits @24.
// PackedHit (40 bytes): score, keywordScore, semanticScore f64 @0/8/16; tool, flags,
// keywordRank, semanticRank u32 @24/28/32/36 (0: absent; UNRANKED: a cosine without a rank).
const HITS_OFFSET = 24;
const UNRANKED = 0xffffffff;
const HIT_BYTES = 40;
const WEAK = 1 << 3;
const FLAG_DEFERRED_ONLY = 1 << 3;
const FLAG_DESCRIPTIONS = 1 << 4;
const FLAG_CASE_SENSITIVE = 1 << 5;

/**
 * The search flags of a checked request.
 * @param {{strategy?: string, deferredOnly?: boolean, descriptions?: boolean, caseSensitive?: boolean}} request
 */
export function searchFlags(request) {
  let flags = request.strategy === undefined ? 0 : STRATEGIES.indexOf(request.strategy) + 1;
  if (request.deferredOnly) flags |= FLAG_DEFERRED_ONLY;
  if (request.descriptions) flags |= FLAG_DESCRIPTIONS;
  if (request.caseSensitive) flags |= FLAG_CASE_SENSITIVE;
  return flags;
}

/**
 * @typedef {{name: string, source: string, server: string | null, description: string, required: string[]}} ToolSummary
 */

/** The core's query limit in UTF-8 bytes (check_query in core/src/json_api.cpp). */
const MAX_QUERY_BYTES = 16 * 1024;
/** The most the engine's input buffer holds (JsonEngine::kMaxInputBytes). */
const MAX_INPUT_BYTES = 256 * 1024 * 1024;
/** Inputs this long or longer are measured exactly rather than bounded by 3 bytes a code unit. */
const EXACT_INPUT_BYTES = 64 * 1024;
const encoder = new TextEncoder();

/**
 * Throws the core's TOO_LARGE for a query over its limit, before anything is copied in or
 * embedded (searchAsync checks this before it calls the embedder).
 * @param {string} query
 */
export function checkQuerySize(query) {
  if (query.length * 3 <= MAX_QUERY_BYTES) return;
  const bytes = utf8Length(query);
  if (bytes > MAX_QUERY_BYTES) throw new ToolSearchError('TOO_LARGE', `query is ${bytes} bytes; the limit is ${MAX_QUERY_BYTES}`);
}

/** One engine's packed search: its result rows, and the tool summaries of one revision. */
export class PackedSearch {
  /** @type {any} */ #module;
  /** @type {any} */ #engine;
  #address = -1;
  // The engine's input buffer (JsonEngine::input_buffer): its address and size, asked for again
  // when a search needs more, or after a static table took the buffer (#inputBytes 0).
  #input = 0;
  #inputBytes = 0;
  /** @type {ArrayBuffer | undefined} */ #buffer;
  /** @type {Uint8Array} */ #u8 = new Uint8Array(0);
  /** @type {Float64Array} */ #f64 = new Float64Array(0);
  /** @type {Uint32Array} */ #u32 = new Uint32Array(0);
  #revision = -1;
  /** @type {Map<number, ToolSummary>} */ #summaries = new Map();

  /** @param {any} module @param {any} engine */
  constructor(module, engine) {
    this.#module = module;
    this.#engine = engine;
  }

  /**
   * Runs the search and returns its hits (with `strategy`, and `degraded` when set).
   * @param {string} query
   * @param {number} limit  0 for the default
   * @param {number} flags  searchFlags()
   * @param {string} session  "" for the default session
   * @param {Uint8Array} vector  the query embedding as float32 bytes, or empty
   */
  run(query, limit, flags, session, vector) {
    const [queryBytes, sessionBytes] = this.#writeInputs(query, session, vector);
    let count;
    try {
      count = this.#engine.searchPacked(queryBytes, limit, flags, sessionBytes, vector.byteLength);
    } catch (cause) {
      // The core never throws; this is a binding error or a trap.
      throw new ToolSearchError('INTERNAL', `search failed inside the engine: ${/** @type {Error} */ (cause)?.message ?? cause}`, { cause });
    }
    if (count < 0) throw errorOf(decodeAnswer(this.#module, this.#engine.lastError()));
    this.#views();
    const f64 = this.#f64;
    const u32 = this.#u32;
    const base = this.#address;
    const revision = f64[base >>> 3];
    if (revision !== this.#revision) {
      this.#revision = revision;
      this.#summaries.clear();
    }
    this.#fetchSummaries(count);
    /** @type {any[]} */
    const hits = new Array(count);
    for (let i = 0; i < count; i++) {
      // Integer indexes into the typed arrays (a division would make them doubles).
      const row = base + HITS_OFFSET + i * HIT_BYTES;
      const d = row >>> 3;
      const w = row >>> 2;
      const summary = /** @type {ToolSummary} */ (this.#summaries.get(u32[w + 6]));
      const bits = u32[w + 7];
      /** @type {Record<string, unknown>} */
      const hit = {
        name: summary.name,
        score: f64[d],
        match: MATCH_KINDS[bits & 7],
        weak: (bits & WEAK) !== 0,
        source: summary.source,
        server: summary.server,
        description: summary.description,
        required: summary.required,
      };
      const keywordRank = u32[w + 8];
      const semanticRank = u32[w + 9];
      if (keywordRank !== 0 || semanticRank !== 0) {
        hit.legs = {
          keyword: keywordRank === 0 ? null : { rank: keywordRank, score: f64[d + 1] },
          semantic: semanticRank === 0 ? null : { rank: semanticRank === UNRANKED ? null : semanticRank, score: f64[d + 2] },
        };
      }
      hits[i] = hit;
    }
    setResultInfo(hits, 'strategy', STRATEGIES[u32[(base >>> 2) + 3]]);
    if (u32[(base >>> 2) + 4] !== 0) setResultInfo(hits, 'degraded', decodeAnswer(this.#module, this.#engine.degradedReason()));
    return hits;
  }

  /**
   * Writes the query, the session id and the vector bytes into the engine's input buffer, one
   * after another, and returns the query's and the session's lengths in bytes. One copy each,
   * and one call across the boundary per search, where each text argument of a raw method
   * costs a malloc and a free called from JS (raw-engine.js) and a copy into a std::string.
   * @param {string} query @param {string} session @param {Uint8Array} vector
   * @returns {[number, number]}
   */
  #writeInputs(query, session, vector) {
    if (query.length > MAX_QUERY_BYTES) checkQuerySize(query);  // the core's error, without copying megabytes in
    let need = 3 * (query.length + session.length) + vector.byteLength;
    if (need >= EXACT_INPUT_BYTES) need = utf8Length(query) + utf8Length(session) + vector.byteLength;
    if (need > this.#inputBytes) {
      const address = this.#engine.inputAddress(need);
      if (address === 0) throw new ToolSearchError('TOO_LARGE', `a search's inputs (${need} bytes) do not fit in the engine's memory`);
      this.#input = address;
      this.#inputBytes = need <= EXACT_INPUT_BYTES ? need : 0;  // a larger buffer is freed after the search
    }
    this.#views();
    const start = this.#input;
    const end = start + need;
    const q = encoder.encodeInto(query, this.#u8.subarray(start, end));
    const s = session === '' ? { read: 0, written: 0 } : encoder.encodeInto(session, this.#u8.subarray(start + q.written, end));
    // Never a silently cut query: `need` is an upper bound or exact.
    if (q.read !== query.length || s.read !== session.length) throw new ToolSearchError('INTERNAL', "a search's inputs did not fit the room measured for them");
    this.#u8.set(vector, start + q.written + s.written);
    return [q.written, s.written];
  }

  /**
   * Writes `bytes` at the start of the engine's input buffer for a raw call that takes the
   * buffer over (loadStaticTable, whose table then reads its rows in place), with one copy
   * where an argument would take two (into wasm memory, then into a std::string). The next
   * search asks for a new buffer.
   * @param {Uint8Array} bytes
   * @param {string} what  for the TOO_LARGE message
   * @returns {number} the byte count written
   */
  writeInput(bytes, what) {
    const need = bytes.byteLength;
    // Checked here too: a length of 4 GiB or more would cross as a u32, modulo 2^32.
    if (need > MAX_INPUT_BYTES) throw new ToolSearchError('TOO_LARGE', `${what} is ${need} bytes; the limit is ${MAX_INPUT_BYTES}`);
    const address = this.#engine.inputAddress(need);
    if (address === 0) throw new ToolSearchError('TOO_LARGE', `${what} (${need} bytes) does not fit in the engine's memory`);
    this.#inputBytes = 0;
    this.#views();
    this.#u8.set(bytes, address);
    return need;
  }

  /** Views of wasm memory, made again when it grew (growth detaches the old buffer). */
  #views() {
    const buffer = this.#module.HEAPU8.buffer;
    if (buffer === this.#buffer) return;
    this.#buffer = buffer;
    this.#u8 = new Uint8Array(buffer);
    this.#f64 = new Float64Array(buffer);
    this.#u32 = new Uint32Array(buffer);
    if (this.#address < 0) this.#address = this.#engine.resultsAddress();
  }

  /** Fetches the summaries of this result's positions that the cache lacks, in one call. */
  #fetchSummaries(/** @type {number} */ count) {
    /** @type {number[]} */
    const missing = [];
    for (let i = 0; i < count; i++) {
      const tool = this.#u32[((this.#address + HITS_OFFSET + i * HIT_BYTES) >>> 2) + 6];
      if (!this.#summaries.has(tool) && !missing.includes(tool)) missing.push(tool);
    }
    if (missing.length === 0) return;
    const positions = JSON.stringify(missing);
    const summaries = openEnvelope(decodeAnswer(this.#module, this.#engine.toolSummaries(positions))).value;
    // The call allocated in wasm memory, which may have grown: read the rows through new views.
    this.#views();
    // Each summary's `required` is frozen and shared by every hit of that tool until the
    // catalog changes: a copy per hit cost about 1.7 µs of a Seal-Tools search (ten hits with
    // several required parameters each), 4% of it through the JS API.
    for (let k = 0; k < missing.length; k++) {
      Object.freeze(summaries[k].required);
      this.#summaries.set(missing[k], summaries[k]);
    }
  }
}

/**
 * Sets `strategy` (what ran) or `degraded` (why a semantic or hybrid search ran as keyword) on
 * a hits array. Non-enumerable: the result still compares, spreads and serialises as a plain
 * array of hits.
 * @param {unknown[]} hits @param {'strategy' | 'degraded'} key @param {string} value
 */
export function setResultInfo(hits, key, value) {
  Object.defineProperty(hits, key, { value, writable: true, configurable: true });
}

/** The ToolSearchError an error envelope carries. */
function errorOf(/** @type {string} */ envelope) {
  try {
    openEnvelope(envelope);
  } catch (error) {
    return error;
  }
  return new ToolSearchError('INTERNAL', 'the core reported a failed search without an error');
}
