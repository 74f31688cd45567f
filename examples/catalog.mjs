// A small catalog shared by the examples: two core tools that are always visible, and MCP-style
// tools from two servers that go behind the bridge.

export const CORE_TOOLS = [
  { name: 'exec', description: 'Run a shell command in the workspace.', source: 'core', inputSchema: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] } },
  { name: 'ask_user', description: 'Ask the user a question and wait for the answer.', source: 'core', inputSchema: { type: 'object', properties: { question: { type: 'string' } }, required: ['question'] } },
];

const object = (properties, required) => ({ type: 'object', properties, required });
const str = (description) => ({ type: 'string', description });

export const SERVER_TOOLS = [
  { name: 'create_issue', description: 'Create a new issue in a GitHub repository.', source: 'mcp:github', inputSchema: object({ owner: str('Repository owner'), repo: str('Repository name'), title: str('Issue title'), body: str('Issue body') }, ['owner', 'repo', 'title']) },
  { name: 'list_issues', description: 'List issues in a GitHub repository, optionally filtered by state.', source: 'mcp:github', inputSchema: object({ owner: str('Repository owner'), repo: str('Repository name'), state: { type: 'string', enum: ['open', 'closed', 'all'] } }, ['owner', 'repo']) },
  { name: 'search_code', description: 'Search for code across GitHub repositories.', source: 'mcp:github', inputSchema: object({ q: str('Search query') }, ['q']) },
  { name: 'post_message', description: 'Post a message to a Slack channel.', source: 'mcp:slack', inputSchema: object({ channel_id: str('Channel id'), text: str('Message text') }, ['channel_id', 'text']) },
  { name: 'list_channels', description: 'List the public channels of the Slack workspace.', source: 'mcp:slack', inputSchema: object({}, []) },
  { name: 'add_reaction', description: 'Add an emoji reaction to a Slack message.', source: 'mcp:slack', inputSchema: object({ channel_id: str('Channel id'), timestamp: str('Message timestamp'), reaction: str('Emoji name') }, ['channel_id', 'timestamp', 'reaction']) },
];

/** Plain functions standing in for the servers (a real host uses tool-search-wasm/mcp). */
export function fakeExecutor(log) {
  return (ctx) => {
    log.push(`${ctx.name} ${JSON.stringify(ctx.arguments)}`);
    return { content: [{ type: 'text', text: `${ctx.name}: ok` }] };
  };
}
