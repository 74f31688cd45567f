// The public API through `import 'tool-search-wasm'` from the installed tarball.
import { apiSuite } from './helpers/api-suite.cjs';
import { installedPackage } from './helpers/package.mjs';

apiSuite('import', async () => (await installedPackage()).esm());
