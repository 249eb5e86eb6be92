import { Injectable } from '@nestjs/common';
import { type OperationRequest, type WorkspaceProfile, type WorkspacesListResponse, workspaceOperations } from '@platica/contracts';
import { readScope } from '@platica/platform';
import { IdentityRepository } from '../identity/identity.repository';

/** `GET /v1/workspaces`: the workspaces the credential can use, read from the gateway's own schema. */
@Injectable()
export class WorkspacesService {
  constructor(private readonly identity: IdentityRepository) {}

  /** A signed-in user also learns their role in each workspace and who they are; an API key has no role (full access). */
  async list(request: OperationRequest<typeof workspaceOperations.list>): Promise<WorkspacesListResponse> {
    const { auth } = request;
    if (auth.credentialType === 'oauth_token' && auth.userId) {
      const [workspaces, user] = await Promise.all([
        this.identity.memberships(auth.userId, auth.workspaceIds),
        this.identity.user(auth.userId),
      ]);
      return { workspaces, user };
    }
    const workspaces = await this.identity.workspaces(auth.workspaceIds);
    return { workspaces: workspaces.map((w) => ({ ...w, role: null })), user: null };
  }

  async members(request: OperationRequest<typeof workspaceOperations.members>): Promise<{ emails: string[] }> {
    if (!request.workspaceId) return { emails: [] };
    return { emails: [...(await this.identity.memberEmailsOf(request.workspaceId))] };
  }

  async profiles(request: OperationRequest<typeof workspaceOperations.profiles>): Promise<{ workspaces: WorkspaceProfile[] }> {
    return { workspaces: await this.identity.profiles(readScope(request).map((w) => w.id)) };
  }
}
