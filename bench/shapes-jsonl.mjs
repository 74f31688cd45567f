// Writes the search bench's recall shapes as eval_seal inputs, so a ranking change can be
// measured natively on all of them in about a second instead of through a wasm rebuild:
//
//   node bench/shapes-jsonl.mjs [--out build/shapes]
//   for s in mcp heldout heldout2 heldout3 heldout4 heldout4-requests heldout5 heldout6 heldout7 heldout8 heldout9 heldout10 heldout11 heldout12 heldout13 heldout14 misspelt misspelt-heldout european cjk-russian; do
//     build/native/tools/eval_seal build/shapes/$s.tools.jsonl build/shapes/$s.queries.jsonl
//   done
//
// Each tool keeps the name the engine gives it through the JS API (`mcp_<server>_<tool>`), and an
// MCP tool its source (`mcp:<server>`), the server's own name and its title, which the server
// field, the exact-name rule and the description field read; recall is then what
// `bench/search.bench.mjs` prints for ours.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { SHAPES } from './peers.mjs';

const { values: args } = parseArgs({ options: { out: { type: 'string', default: 'build/shapes' } } });
// Every recall shape but Seal-Tools (eval_seal reads ../shared/data itself) and the synthetic 10k.
const NAMES = Object.keys(SHAPES).filter((name) => name !== 'seal' && name !== '10k');

const lines = (rows) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';

mkdirSync(args.out, { recursive: true });
for (const name of NAMES) {
  const shape = SHAPES[name]();
  const tools = shape.tools.map((t) => ({
    id: t.name,
    name: t.name,
    description: t.description ?? '',
    parameters: t.parameters ?? {},
    ...(t.original ? { source: t.source, original_name: t.original.name, title: t.original.title ?? '' } : {}),
  }));
  const queries = shape.queries.map((q) => ({ query: q.query, gold: q.gold, subset: q.kind ?? 'all' }));
  writeFileSync(join(args.out, `${name}.tools.jsonl`), lines(tools));
  writeFileSync(join(args.out, `${name}.queries.jsonl`), lines(queries));
  console.log(`${name}: ${tools.length} tools, ${queries.length} queries`);
}
