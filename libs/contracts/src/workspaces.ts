import { z } from 'zod';

/** `GET /v1/workspaces`: the workspaces the credential can use (ARCHITECTURE.md). */
export const workspacesListResponseSchema = z.object({
  workspaces: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type WorkspacesListResponse = z.output<typeof workspacesListResponseSchema>;
