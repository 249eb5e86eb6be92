import type { WorkspaceProfile } from '@platica/contracts';
import { fake, newTestService, testAuth } from '@platica/testing/test-service';
import { IdentityRepository } from '../identity/identity.repository';
import { WorkspacesService } from './workspaces.service';

/** The gateway's identity tables in memory: workspaces ws_1..ws_3, user usr_1 an admin of ws_1 and an agent of ws_2. */
function world() {
  const asked: unknown[][] = [];
  const names: Record<string, string> = { ws_1: 'One', ws_2: 'Two', ws_3: 'Three' };
  const built = newTestService(
    WorkspacesService,
    fake(IdentityRepository, {
      workspaces: async (ids) => {
        asked.push(['workspaces', ids]);
        return ids.map((id) => ({ id, name: names[id]! }));
      },
      memberships: async (userId, ids) => {
        asked.push(['memberships', userId, ids]);
        return ids.map((id) => ({ id, name: names[id]!, role: id === 'ws_1' ? ('admin' as const) : ('agent' as const) }));
      },
      user: async (id) => ({ id, email: 'ana@example.com', name: 'Ana' }),
      memberEmailsOf: async (workspaceId) => {
        asked.push(['memberEmailsOf', workspaceId]);
        return new Set(workspaceId === 'ws_1' ? ['ana@example.com', 'bo@example.com'] : []);
      },
      profiles: async (ids) => {
        asked.push(['profiles', ids]);
        return ids.map((id) => ({ id, name: names[id]! }) as unknown as WorkspaceProfile);
      },
    }),
  );
  return { ...built, asked };
}

const oauthUser = testAuth({ credentialType: 'oauth_token', principal: 'usr_1', userId: 'usr_1', userEmail: 'ana@example.com' });

describe('WorkspacesService', () => {
  it("answers a signed-in user's workspaces with their role in each, and who they are", async () => {
    const w = world();
    expect(await w.service.list({ auth: oauthUser } as never)).toEqual({
      workspaces: [
        { id: 'ws_1', name: 'One', role: 'admin' },
        { id: 'ws_2', name: 'Two', role: 'agent' },
      ],
      user: { id: 'usr_1', email: 'ana@example.com', name: 'Ana' },
    });
    expect(w.asked).toEqual([['memberships', 'usr_1', ['ws_1', 'ws_2']]]);
  });

  it("answers an API key's workspaces with no role and no user", async () => {
    const w = world();
    expect(await w.service.list({ auth: testAuth() } as never)).toEqual({
      workspaces: [
        { id: 'ws_1', name: 'One', role: null },
        { id: 'ws_2', name: 'Two', role: null },
      ],
      user: null,
    });
    expect(w.asked).toEqual([['workspaces', ['ws_1', 'ws_2']]]);
  });

  it("answers the member emails of the request's workspace, and none without one", async () => {
    const w = world();
    expect(await w.service.members({ auth: testAuth(), workspaceId: 'ws_1' } as never)).toEqual({
      emails: ['ana@example.com', 'bo@example.com'],
    });
    expect(await w.service.members({ auth: testAuth() } as never)).toEqual({ emails: [] });
    expect(w.asked).toEqual([['memberEmailsOf', 'ws_1']]);
  });

  it('answers the profiles of the workspaces in scope only', async () => {
    const w = world();
    expect((await w.service.profiles({ auth: testAuth(), workspaceId: 'ws_2' } as never)).workspaces.map((p) => p.id)).toEqual(['ws_2']);
    expect((await w.service.profiles({ auth: testAuth() } as never)).workspaces.map((p) => p.id)).toEqual(['ws_1', 'ws_2']);
    expect(w.asked).toEqual([
      ['profiles', ['ws_2']],
      ['profiles', ['ws_1', 'ws_2']],
    ]);
  });
});
