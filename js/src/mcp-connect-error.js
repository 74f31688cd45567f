// Why a connection to an MCP server failed, in words a person can act on. Node's fetch reports
// every network failure as "fetch failed" and hides the reason in `error.cause` (sometimes two
// levels down); a spawn failure says ENOENT. This reads the cause chain and names the server's
// address and the reason.

/** System error codes and what they mean for someone starting an MCP server. */
const REASONS = {
  ECONNREFUSED: 'connection refused (nothing is listening there)',
  ECONNRESET: 'the connection was reset by the server',
  ENOTFOUND: 'host not found (DNS)',
  EAI_AGAIN: 'host lookup failed (DNS, temporary)',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  UND_ERR_SOCKET: 'the socket closed unexpectedly',
  CERT_HAS_EXPIRED: 'TLS: the server certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'TLS: the server certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'TLS: a self-signed certificate is in the chain',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS: the server certificate cannot be verified',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS: the certificate does not match the host name',
  ENOENT: 'command not found',
  EACCES: 'permission denied',
};

/**
 * The first `code` in an error's cause chain that REASONS knows, with the message it came with.
 * @param {unknown} error
 * @returns {{code: string, message: string} | null}
 */
function knownCause(error) {
  /** @type {any} */
  let e = error;
  for (let depth = 0; e && depth < 5; depth++, e = e.cause) {
    if (typeof e.code === 'string' && Object.prototype.hasOwnProperty.call(REASONS, e.code)) return { code: e.code, message: String(e.message ?? '') };
    // AggregateError (happy eyeballs: one error per address tried) keeps them in `errors`.
    if (Array.isArray(e.errors)) {
      const inner = e.errors.map(knownCause).find(Boolean);
      if (inner) return inner;
    }
  }
  return null;
}

/** @param {unknown} error */
function flatMessage(error) {
  const text = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}

/**
 * The message for a failed connect: "cannot connect to <url>: connection refused (...)" for a
 * Streamable HTTP server, "cannot start <command>: command not found" for stdio; the original
 * message when its cause is unknown.
 * @param {{url?: string | URL, command?: string}} spec
 * @param {unknown} error
 */
export function connectFailure(spec, error) {
  const cause = knownCause(error);
  const where = spec.url !== undefined ? `cannot connect to ${String(spec.url)}` : spec.command !== undefined ? `cannot start ${JSON.stringify(spec.command)}` : 'cannot connect';
  if (cause) return `${where}: ${REASONS[/** @type {keyof typeof REASONS} */ (cause.code)]} [${cause.code}]`;
  return `${where}: ${flatMessage(error)}`;
}
