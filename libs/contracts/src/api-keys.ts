import { z } from 'zod';

/** A workspace user's role: `admin` reaches everything, `agent` (a human support agent) only the inbox. */
export const WORKSPACE_ROLES = ['admin', 'agent'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** `POST /v1/api-keys`: a descriptive name, unique in the workspace, and an optional expiry. */
export const createApiKeyRequestSchema = z.strictObject({
  name: z.string().max(100, 'at most 100 characters').regex(/\S/, 'must not be blank'),
  /** ISO 8601, in the future: the key answers 401 from then on. */
  expiresAt: z.iso
    .datetime({ offset: true, error: 'an ISO 8601 date-time' })
    .refine((at) => Number.isNaN(Date.parse(at)) || Date.parse(at) > Date.now(), 'must be in the future')
    .optional(),
});
export type CreateApiKeyRequest = z.output<typeof createApiKeyRequestSchema>;

/** An API key as the API shows it: never its value (only its SHA-256 is stored). */
export const apiKeySchema = z.object({
  id: z.string(),
  workspaceId: z.string(),
  name: z.string(),
  /** Who created it. The key belongs to the workspace: it keeps working when that user is demoted or leaves. */
  ownerId: z.string(),
  /** The key whose request created this one (null: created by a user or the seed); revoking that key revokes this one. */
  createdByKeyId: z.string().nullable(),
  rateLimitPerSecond: z.number().int(),
  expiresAt: z.string().nullable(),
  /** Accurate to about a minute (updated at most once a minute per key). */
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  creationDate: z.string(),
});
export type ApiKeyView = z.output<typeof apiKeySchema>;

export const apiKeysListResponseSchema = z.object({
  workspaces: z.array(z.object({ id: z.string(), name: z.string(), apiKeys: z.array(apiKeySchema), apiKeysCount: z.number().int() })),
});

/** Create and rotate: the key with its value, shown this once. */
export const apiKeyWithValueResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: apiKeySchema.extend({ key: z.string().describe('The key value: shown once, store it now') }),
});

export const apiKeyWriteResponseSchema = z.object({ status: z.literal('success'), message: z.string(), data: apiKeySchema });
