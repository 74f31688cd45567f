// Loading an optional peer dependency for a subpath: imported once, on first use, and a missing
// package becomes a ToolSearchError that names the npm install to run. The import itself stays
// a literal `import('pkg')` at the call site, so bundlers still see it.

import { ToolSearchError } from './errors.js';

/** @type {Map<string, Promise<any>>} */
const loading = new Map();

/**
 * @param {string} name       the package (the memo key, and what the message tells to install)
 * @param {() => Promise<any>} load  `() => import('pkg')`
 * @param {string} subpath    who needs it, e.g. "tool-search-wasm/ai-sdk"
 * @param {string} [install]  the install command's packages (default: `name`)
 * @returns {Promise<any>}
 */
export function loadPeer(name, load, subpath, install = name) {
  let pending = loading.get(name);
  if (!pending) {
    pending = load().catch((cause) => {
      loading.delete(name); // installed later: the next call tries again
      throw new ToolSearchError('INVALID_ARGUMENT', `${subpath} needs the \`${name}\` package (npm install ${install})`, { cause });
    });
    loading.set(name, pending);
  }
  return pending;
}
