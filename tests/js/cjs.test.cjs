// The public API through `require('tool-search-wasm')` from a CommonJS file (the `node` +
// `require` branch of the exports map, dist/index.cjs).
'use strict';

const path = require('node:path');

const { apiSuite } = require('./helpers/api-suite.cjs');

apiSuite('require', async () => {
  const { installedPackage } = await import('./helpers/package.mjs');
  const pkg = await installedPackage();
  const resolved = require.resolve('tool-search-wasm', { paths: [pkg.project] });
  if (path.basename(resolved) !== 'index.cjs') throw new Error(`require resolved ${resolved}`);
  return pkg.cjs();
});
