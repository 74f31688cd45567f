// What every runtime entry exports besides its own createToolSearch.
export { ToolSearchError } from './errors.js';
export { ToolSearch, Session } from './tool-search.js';
export { toolsFromCatalog } from './normalize.js';
