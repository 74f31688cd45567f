// Paging through an MCP server's `tools/list`: the one place that follows `nextCursor`.
//
// The caller supplies how one page is read (with its own timeout, wire tap or client), so the
// hub and the catalog capture script share the loop and its guards: a page that is not a
// tools/list result, a cursor that is not a string, a repeated cursor (a server that would
// otherwise loop forever) and too many pages all fail the listing instead of hanging it.

const DEFAULT_MAX_PAGES = 100;

/**
 * Reads every page of `tools/list`, following `nextCursor` to the end.
 * Throws a plain Error saying what was wrong with the server's answers.
 * @param {(cursor: string | undefined) => Promise<unknown>} readPage
 *   sends one tools/list request (no cursor for the first page) and returns its result
 * @param {{maxPages?: number, keepGoing?: () => boolean}} [options]
 *   `maxPages` (default 100): a server listing more is treated as broken;
 *   `keepGoing`: checked after each page; when it turns false the listing stops and
 *   resolves to null (the connection it was reading from was replaced)
 * @returns {Promise<{tools: any[], pages: number} | null>}
 */
export async function readAllToolPages(readPage, options = {}) {
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const tools = [];
  const seen = new Set();
  let cursor;
  let pages = 0;
  do {
    const page = /** @type {any} */ (await readPage(cursor));
    if (options.keepGoing && !options.keepGoing()) return null;
    if (!page || !Array.isArray(page.tools)) throw new Error('tools/list answered without a tools array');
    tools.push(...page.tools);
    pages++;
    cursor = page.nextCursor ?? undefined;
    if (cursor !== undefined) {
      if (typeof cursor !== 'string') throw new Error('tools/list answered a nextCursor that is not a string');
      if (seen.has(cursor)) throw new Error(`tools/list repeated the cursor ${JSON.stringify(cursor)} (pagination loop)`);
      if (pages >= maxPages) throw new Error(`tools/list has more than ${maxPages} pages`);
      seen.add(cursor);
    }
  } while (cursor !== undefined);
  return { tools, pages };
}
