'use strict';
// Shared fixtures (CommonJS so both the ESM and the CJS tests can load them synchronously).

/**
 * Small catalog used across tests: MCP, OpenAI Chat, OpenAI Responses and catalog.jsonl shapes.
 */
function sampleTools() {
  return [
    {
      name: 'create_issue',
      description: 'Create a new issue in a GitHub repository',
      inputSchema: {
        type: 'object',
        properties: {
          owner: { type: 'string', description: 'Repository owner' },
          repo: { type: 'string', description: 'Repository name' },
          title: { type: 'string', description: 'Issue title' },
        },
        required: ['owner', 'repo', 'title'],
      },
      source: 'mcp:github',
    },
    {
      type: 'function',
      function: {
        name: 'get_weather',
        description: 'Get the current weather for a city',
        parameters: { type: 'object', properties: { city: { type: 'string', description: 'City name' } }, required: ['city'] },
      },
    },
    {
      type: 'function',
      name: 'send_email',
      description: 'Send an email message to a recipient',
      parameters: {
        type: 'object',
        properties: { to: { type: 'string' }, subject: { type: 'string' }, body: { type: 'string' } },
        required: ['to', 'subject'],
      },
    },
    {
      name: 'calculateNetIncome',
      description: 'Calculate the net income from revenue and expenses',
      parameters: { type: 'object', properties: { revenue: { type: 'number' }, expenses: { type: 'number' } }, required: ['revenue', 'expenses'] },
    },
    {
      name: 'read_file',
      description: 'Read the complete contents of a file from the file system',
      inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      source: 'core',
    },
  ];
}

module.exports = { sampleTools };
