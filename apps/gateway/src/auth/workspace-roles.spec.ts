import { PUBLIC_OPERATIONS, type PublicOperation } from '@platica/contracts';
import { type DomainError, ErrorCode } from '@platica/errors';
import type { Credential } from '../credentials/credential';
import { AGENT_AREAS, requireRole } from './workspace-roles';

const operation = (id: string): PublicOperation => PUBLIC_OPERATIONS.find((o) => o.operationId === id)!;

function credential(roles?: Credential['roles']): Credential {
  return {
    auth: {
      principal: 'user:usr_1',
      credentialType: roles ? 'oauth_token' : 'api_key',
      workspaceIds: ['ws_a', 'ws_b'],
      workspaces: [
        { id: 'ws_a', name: 'A' },
        { id: 'ws_b', name: 'B' },
      ],
      scopes: ['platica:read', 'platica:write'],
      userId: 'usr_1',
      userEmail: 'ana@example.test',
    },
    rateLimitPerSecond: 30,
    rateLimitSubject: 'token:tok_1',
    roles,
  };
}

function refusal(fn: () => void): DomainError | null {
  try {
    fn();
    return null;
  } catch (error) {
    return error as DomainError;
  }
}

describe('requireRole', () => {
  it('names only areas that exist among the operations', () => {
    const tags = new Set(PUBLIC_OPERATIONS.map((o) => o.tag));
    expect([...AGENT_AREAS].filter((area) => !tags.has(area))).toEqual([]);
  });

  it('lets an agent reach the inbox: conversations, messages, clients, the event stream', () => {
    const agent = credential({ ws_a: 'agent' });
    for (const id of ['conversations_list', 'conversations_update', 'messages_send', 'clients_get', 'clients_list', 'events_stream', 'workspaces_list']) {
      expect(refusal(() => requireRole(operation(id), agent, 'ws_a'))).toBeNull();
    }
  });

  it('refuses an agent everything else with 403 naming the role and the workspaces', () => {
    const error = refusal(() => requireRole(operation('api_keys_create'), credential({ ws_a: 'agent', ws_b: 'admin' }), 'ws_a'));
    expect(error?.code).toBe(ErrorCode.Forbidden);
    expect(error?.details).toEqual({ requiredRole: 'admin', role: 'agent', workspaces: ['ws_a'] });
    expect(refusal(() => requireRole(operation('agents_list'), credential({ ws_a: 'agent' }), 'ws_a'))?.code).toBe(ErrorCode.Forbidden);
  });

  it('needs admin in every workspace a read spans when none is named', () => {
    const mixed = credential({ ws_a: 'admin', ws_b: 'agent' });
    expect(refusal(() => requireRole(operation('agents_list'), mixed, null))?.details).toMatchObject({ workspaces: ['ws_b'] });
    expect(refusal(() => requireRole(operation('agents_list'), mixed, 'ws_a'))).toBeNull();
  });

  it('leaves API keys alone: they have full access to their workspace', () => {
    expect(refusal(() => requireRole(operation('api_keys_revoke'), credential(), 'ws_a'))).toBeNull();
  });
});
