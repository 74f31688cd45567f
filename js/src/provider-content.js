// Turning what a tool returned into what a provider's tool-result message carries.

/**
 * @typedef {object} ToolOutcome  one answered tool call, provider-neutral
 * @property {string} id            the provider's call id
 * @property {string} providerName  the name the model used
 * @property {'search' | 'describe' | 'dispatch' | 'refusal' | 'blocked' | 'error'} kind
 * @property {unknown} value        the engine's result (search/describe/refusal) or the tool's
 *                                  result (an MCP CallToolResult for dispatches)
 * @property {boolean} isError
 * @property {string[]} [references] provider names to return as native tool references
 */

/** @param {unknown} v @returns {v is {content: any[]}} */
export function isCallToolResult(v) {
  return typeof v === 'object' && v !== null && Array.isArray(/** @type {any} */ (v).content);
}

/**
 * Plain text for a value: strings as they are, MCP CallToolResults as their text parts (other
 * parts summarised), anything else as JSON.
 * @param {unknown} value
 * @returns {string}
 */
export function toText(value) {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  if (isCallToolResult(value)) {
    const parts = value.content.map(partText).filter((s) => s.length > 0);
    if (parts.length === 0 && /** @type {any} */ (value).structuredContent !== undefined) {
      return JSON.stringify(/** @type {any} */ (value).structuredContent);
    }
    return parts.join('\n');
  }
  return JSON.stringify(value);
}

/** @param {any} part */
function partText(part) {
  if (!part || typeof part !== 'object') return '';
  switch (part.type) {
    case 'text':
      return String(part.text ?? '');
    case 'image':
    case 'audio':
      return `[${part.type} ${part.mimeType ?? ''} (${String(part.data ?? '').length} base64 characters)]`;
    case 'resource':
      return part.resource && typeof part.resource.text === 'string'
        ? part.resource.text
        : `[resource ${part.resource?.uri ?? ''}]`;
    case 'resource_link':
      return `[resource_link ${part.uri ?? ''}${part.name ? ` (${part.name})` : ''}]`;
    default:
      return JSON.stringify(part);
  }
}
