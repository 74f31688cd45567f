// Child process of memory.test.mjs (run with --expose-gc from a directory inside the packed
// consumer project, so `tool-search-wasm` resolves from its node_modules).
//
// Instrumentation is test-side only, installed before the package loads:
// - WebAssembly.instantiate is wrapped to capture the instance, so the wasm heap size is read
//   from its exported memory (memory.buffer.byteLength == the glue's HEAP8.length);
// - FinalizationRegistry is wrapped to count registrations, unregistrations (dispose) and
//   backstop callbacks, and to check that the raw engine each callback receives ends up deleted
//   (RawEngine's isDeleted()) — i.e. that the native engine was freed.
//
// Usage: node --expose-gc memory-child.mjs <scenario> <json options>; prints one JSON line.
// The loops stop at a checkpoint once options.deadlineMs has passed (reported as `completed`),
// so a slow build fails the test with figures instead of a timeout.

const stats = { registered: 0, unregistered: 0, finalized: 0, freedByBackstop: 0 };
/** @type {WebAssembly.Memory | null} */
let memory = null;

const instantiate = WebAssembly.instantiate;
WebAssembly.instantiate = async function (...args) {
  const result = await instantiate.apply(this, args);
  const instance = result instanceof WebAssembly.Instance ? result : result.instance;
  for (const value of Object.values(instance.exports)) if (value instanceof WebAssembly.Memory) memory = value;
  return result;
};

const isHandle = (v) => v !== null && typeof v === 'object' && typeof v.isDeleted === 'function';
const NativeRegistry = globalThis.FinalizationRegistry;
globalThis.FinalizationRegistry = class CountingRegistry extends NativeRegistry {
  // Only registrations whose held value is a raw engine count (the sessions' registry holds
  // {engine, id} records instead).
  constructor(callback) {
    super((held) => {
      const handle = isHandle(held);
      if (handle) stats.finalized++;
      callback(held);
      if (handle && held.isDeleted()) stats.freedByBackstop++;
    });
  }
  register(target, held, token) {
    if (isHandle(held)) stats.registered++;
    return super.register(target, held, token);
  }
  unregister(token) {
    const removed = super.unregister(token);
    if (removed) stats.unregistered++;
    return removed;
  }
};

const { readFileSync } = await import('node:fs');
const { createToolSearch } = await import('tool-search-wasm');

const [scenario, optionsText = '{}'] = process.argv.slice(2);
const options = JSON.parse(optionsText);
const catalog = JSON.parse(readFileSync(options.catalog, 'utf8'));
const config = { namespacing: 'prefix' };

const QUERIES = [
  'read a file from disk', 'create a github issue', 'post a message to a slack channel',
  'take a screenshot of the page', 'geocode an address', 'search the web', 'list directory contents',
  'run a sql query', 'store a key in redis', 'generate an image', 'merge a pull request',
  'add observations to the knowledge graph', 'think step by step', 'fork a repository',
  'search_repositories', 'move or rename a file', 'elevation of a location', 'click an element',
  'distance between two cities', 'get file contents from gitlab', 'zzzz unknown words qqqq', '读取文件',
];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function fullGc() {
  for (let i = 0; i < 4; i++) {
    globalThis.gc();
    await sleep(0); // let FinalizationRegistry callbacks run
  }
}
async function sample() {
  await fullGc();
  return { wasm: memory ? memory.buffer.byteLength : -1, js: process.memoryUsage().heapUsed };
}

const out = { scenario, samples: [], stats };
const t0 = performance.now();

if (scenario === 'cycles') {
  // create -> add -> search -> dispose, many times.
  const tools = JSON.parse(readFileSync(options.small, 'utf8'));
  const checkpoints = options.checkpoints;
  out.completed = 0;
  for (let i = 1; i <= options.cycles; i++) {
    const ts = await createToolSearch({ config });
    ts.add(tools);
    ts.search(QUERIES[i % QUERIES.length], { limit: 5 });
    ts.dispose();
    out.completed = i;
    const late = performance.now() - t0 > options.deadlineMs;
    if (i % Math.floor(options.cycles / checkpoints) === 0 || late) out.samples.push({ at: i, ...(await sample()) });
    if (late) break;
  }
} else if (scenario === 'searches') {
  // One index, many searches.
  const ts = await createToolSearch({ config });
  ts.add(catalog);
  const checkpoints = options.checkpoints;
  const every = Math.floor(options.searches / checkpoints);
  let hits = 0;
  let tSearch = 0;
  let cpuSearch = 0;
  out.completed = 0;
  for (let i = 1; i <= options.searches && performance.now() - t0 < options.deadlineMs; ) {
    const start = performance.now();
    const cpu = process.cpuUsage();
    const stop = i + every;
    while (i < stop && performance.now() - t0 < options.deadlineMs) {
      const block = Math.min(stop, i + 1000);
      for (; i < block; i++) hits += ts.search(QUERIES[i % QUERIES.length], { limit: 5 }).length;
    }
    tSearch += performance.now() - start;
    const used = process.cpuUsage(cpu);
    cpuSearch += used.user + used.system;
    out.completed = i - 1;
    out.samples.push({ at: i - 1, ...(await sample()) });
  }
  out.hits = hits;
  out.catalogSize = catalog.length;
  out.usPerSearch = (tSearch * 1000) / out.completed;
  out.cpuUsPerSearch = cpuSearch / out.completed;
  ts.dispose();
} else if (scenario === 'finalizer') {
  const heavy = JSON.parse(readFileSync(options.heavyCatalog, 'utf8'));
  // Calibration: what `perRound` live engines cost, freed with dispose().
  const base = (await sample()).wasm;
  const held = [];
  for (let k = 0; k < options.perRound; k++) held.push(await createToolSearch({ config }));
  for (const ts of held) ts.add(heavy);
  out.base = base;
  out.heldPerRound = (await sample()).wasm - base;
  for (const ts of held) ts.dispose();
  held.length = 0;
  const disposedByHand = stats.unregistered;
  // Engines that are never disposed: only the FinalizationRegistry backstop can free them.
  const created = [];
  // In a function of its own, so no slot of this (async) frame keeps the last engine alive.
  const makeAndDrop = async () => {
    const ts = await createToolSearch({ config });
    ts.add(heavy);
    ts.search('read a file', { limit: 5 });
    created.push(new WeakRef(ts));
  };
  for (let round = 0; round < options.rounds; round++) {
    for (let k = 0; k < options.perRound; k++) await makeAndDrop();
    out.samples.push({ at: (round + 1) * options.perRound, ...(await sample()) });
  }
  for (let i = 0; i < 20 && stats.finalized < created.length; i++) await fullGc();
  out.created = created.length;
  out.collectedWrappers = created.filter((r) => r.deref() === undefined).length;
  out.disposedByHand = disposedByHand;
  out.final = await sample();
} else if (scenario === 'sessions') {
  // Sessions opened and dropped without close(): only the backstop can close them.
  const ts = await createToolSearch({ config });
  ts.add(catalog);
  const openAndDrop = (n) => {
    for (let k = 0; k < n; k++) ts.session({ sources: ['mcp:github'], tools: [`tool_${k}`] });
  };
  out.completed = 0;
  for (let round = 0; round < options.rounds; round++) {
    openAndDrop(options.perRound);
    out.completed += options.perRound;
    out.samples.push({ at: out.completed, ...(await sample()) });
  }
  // One more session shows how many the engine still holds (its id counts every one opened).
  const probe = ts.session({});
  out.lastId = probe.id;
  probe.close();
  ts.dispose();
} else {
  throw new Error(`unknown scenario ${scenario}`);
}

out.ms = performance.now() - t0;
console.log(JSON.stringify(out));
