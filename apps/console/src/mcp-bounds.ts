/**
 * What connecting an MCP server may hold (spec › Tools: MCP servers; the server's
 * `libs/contracts/src/tools.ts`, which mcp-bounds.spec.ts checks this copy against).
 */
export const MCP_BOUNDS = {
  name: { max: 100 },
  url: { max: 2_048 },
  headers: { maxItems: 25 },
  limits: {
    maxBytes: { min: 100, max: 1_000_000, default: 32_000 },
    timeoutMs: { min: 1_000, max: 300_000, default: 30_000 },
    maxTimeoutMs: { min: 1_000, max: 300_000, default: 70_000 },
  },
} as const;

export const MCP_AUTH_TYPES = ['none', 'bearer', 'oauth'] as const;

/** An HTTP header name, as the API takes it (RFC 9110 token). */
export const MCP_HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
