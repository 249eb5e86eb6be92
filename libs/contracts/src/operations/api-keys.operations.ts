import { errorBodySchema, defineOperation } from '../operation';
import {
  apiKeyWithValueResponseSchema,
  apiKeyWriteResponseSchema,
  apiKeysListResponseSchema,
  createApiKeyRequestSchema,
} from '../api-keys';

/**
 * The gateway's API key management (docs/authentication.md › API keys): API keys and OAuth
 * users with the `admin` role of the workspace may call them.
 */
export const apiKeyOperations = {
  list: defineOperation({
    operationId: 'api_keys_list',
    method: 'GET',
    path: '/v1/api-keys',
    subject: 'gateway.apiKeys.list',
    tag: 'api keys',
    summary: 'List API keys (never their values), revoked ones included, grouped by workspace',
    scope: 'read',
    workspace: 'all',
    responses: { 200: apiKeysListResponseSchema },
  }),
  create: defineOperation({
    operationId: 'api_keys_create',
    method: 'POST',
    path: '/v1/api-keys',
    subject: 'gateway.apiKeys.create',
    tag: 'api keys',
    summary: 'Create an API key; its value is in this answer only',
    scope: 'write',
    workspace: 'one',
    body: createApiKeyRequestSchema,
    responses: { 201: apiKeyWithValueResponseSchema, 409: errorBodySchema, 422: errorBodySchema },
  }),
  revoke: defineOperation({
    operationId: 'api_keys_revoke',
    method: 'DELETE',
    path: '/v1/api-keys/{id}',
    subject: 'gateway.apiKeys.revoke',
    tag: 'api keys',
    summary: 'Revoke an API key: it answers 401 from the next request, on every replica',
    scope: 'write',
    workspace: 'one',
    responses: { 200: apiKeyWriteResponseSchema, 404: errorBodySchema },
  }),
  rotate: defineOperation({
    operationId: 'api_keys_rotate',
    method: 'POST',
    path: '/v1/api-keys/{id}/rotate',
    subject: 'gateway.apiKeys.rotate',
    tag: 'api keys',
    summary:
      'Give a live API key a new value (shown once); the old value answers 401 at once. A revoked or expired key, or one rotated concurrently, is 409',
    scope: 'write',
    workspace: 'one',
    responses: { 200: apiKeyWithValueResponseSchema, 404: errorBodySchema, 409: errorBodySchema },
  }),
};
