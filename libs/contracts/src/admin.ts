import { z } from 'zod';
import { SCOPES } from './rpc';
import { creditLimitSchema } from './seed';

/** `POST /admin/v1/tokens`: mints an OAuth access token without the browser flow (ARCHITECTURE.md). */
export const mintTokenRequestSchema = z.object({
  userEmail: z.email(),
  workspaceIds: z.array(z.string().min(1)).min(1),
  scopes: z.array(z.enum(SCOPES)).min(1),
  /** Lifetime; one hour unless given. */
  expiresInSeconds: z
    .number()
    .int()
    .min(60)
    .max(30 * 24 * 3600)
    .default(3600),
});
export type MintTokenRequest = z.output<typeof mintTokenRequestSchema>;

/**
 * `PATCH /admin/v1/workspaces/{workspaceId}`: the operator's settings of a workspace. `creditLimit`:
 * billable messages per billing period, `null` for none (docs/usage.md › Credit limit).
 */
export const updateWorkspaceRequestSchema = z.strictObject({
  creditLimit: creditLimitSchema.nullable(),
});
export type UpdateWorkspaceRequest = z.output<typeof updateWorkspaceRequestSchema>;

/** A workspace as the admin API shows it. */
export interface AdminWorkspace {
  id: string;
  name: string;
  timezone: string;
  creditLimit: number | null;
}
