import { z } from 'zod';
import { WORKSPACE_ROLES } from './api-keys';

/**
 * `GET /v1/workspaces`: the workspaces the credential can use (ARCHITECTURE.md), with the
 * caller's role in each and who the caller is, so a dashboard can show only what the user may do.
 */
export const workspacesListResponseSchema = z.object({
  workspaces: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      role: z
        .enum(WORKSPACE_ROLES)
        .nullable()
        .describe("The signed-in user's role in the workspace; null for an API key, which has full access to its workspace"),
    }),
  ),
  user: z
    .object({ id: z.string(), email: z.string(), name: z.string().nullable() })
    .nullable()
    .describe('The signed-in user of an OAuth token; null for an API key (it belongs to the workspace, not to a user)'),
});
export type WorkspacesListResponse = z.output<typeof workspacesListResponseSchema>;
