// Where the shared retrieval data (Seal-Tools, MetaTool; see its README) is found: ../shared/data
// beside the checkout, as in CI, or wherever TOOLSEARCH_DATA_DIR points. One answer for the
// tests, the benchmarks, the scripts and the demo server. A clone on its own has no data: the
// few tests that read it skip and say why, and the benchmarks stop with the path they looked in.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));

export const DATA = resolve(process.env.TOOLSEARCH_DATA_DIR || join(REPO, '..', 'shared', 'data'));
export const SEAL = join(DATA, 'seal_tools');
export const METATOOL = join(DATA, 'metatool');

/** `false` when the Seal-Tools data is there, else why the tests that read it skip. */
export const NO_SEAL = existsSync(join(SEAL, 'catalog.jsonl')) ? false : missing(SEAL);

/** `dir`, or an Error naming where the data was looked for and how to point elsewhere. */
export function requireData(dir) {
  if (!existsSync(dir)) throw new Error(missing(dir));
  return dir;
}

function missing(dir) {
  return `no data at ${dir} (set TOOLSEARCH_DATA_DIR to the folder holding seal_tools/ and metatool/)`;
}
