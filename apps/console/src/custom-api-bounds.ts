/**
 * What a custom API may hold (spec › Custom API, Limits; the server's `libs/contracts/src/tools.ts`,
 * which custom-api-bounds.spec.ts checks this copy against): the form validates with these.
 */
export const CUSTOM_API_BOUNDS = {
  name: { max: 62, pattern: /^[a-z0-9][a-z0-9_]*$/ },
  description: { min: 10, max: 1024 },
  url: { max: 2048 },
  params: { maxItems: 25 },
  headers: { maxItems: 25 },
  variables: { maxItems: 50, namePattern: /^[A-Za-z_][A-Za-z0-9_]{0,63}$/, descriptionMax: 1024 },
  timeoutMs: { min: 1000, max: 60000 },
  lastMessagesN: { min: 1, max: 50 },
  maxBytes: { min: 100, max: 1000000 },
} as const;

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export const BODY_MODES = ['none', 'json', 'text', 'form-urlencoded'] as const;
export const AUTH_TYPES = ['none', 'bearer', 'basic', 'apikey'] as const;
export const BODY_STRATEGIES = ['none', 'merge', 'replace'] as const;
export const VARIABLE_MODES = ['ai', 'constant', 'context'] as const;
export const VARIABLE_TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object'] as const;
/** What a `context` variable can take from the conversation (`lastMessages`: the last N of `context.lastMessagesN`). */
export const CONTEXT_FIELDS = [
  'phoneNumber',
  'workspaceId',
  'conversationId',
  'agentId',
  'agentName',
  'channelId',
  'lastMessages',
] as const;
