import type { AuthContext } from '@platica/contracts';
import { ErrorCode } from '@platica/errors';
import { fake, FakeUnitOfWork, newTestService, refusal, testAuth } from '@platica/testing/test-service';
import { CustomFieldRepository } from '../custom-fields/custom-field.repository';
import type { Client } from './client.entity';
import { ClientRepository } from './client.repository';
import { ClientsService } from './clients.service';

function client(id: string, workspaceId: string, fields: Partial<Client> = {}): Client {
  return {
    id,
    workspaceId,
    contactKey: '5215550100',
    phoneNumber: '5215550100',
    name: 'Ana',
    status: 'active',
    moderation: {},
    tags: ['vip'],
    owners: [],
    customFields: { plan: 'gold', retired: 'x' },
    createdAt: new Date('2026-11-01T00:00:00Z'),
    updatedAt: new Date('2026-11-02T00:00:00Z'),
    ...fields,
  } as unknown as Client;
}

/** Clients in memory (the same phone in both workspaces); status changes applied to the row and recorded as calls. */
function world(clients: Client[] = [client('cl_1', 'ws_1'), client('cl_2', 'ws_2')]) {
  const stored = new Map(clients.map((c) => [c.id, c]));
  const writes: unknown[][] = [];
  const unitOfWork = new FakeUnitOfWork();
  const built = newTestService(
    ClientsService,
    unitOfWork,
    fake(ClientRepository, {
      findByIdOrPhone: async (workspaceIds, idOrPhone) =>
        [...stored.values()].filter((c) => workspaceIds.includes(c.workspaceId) && (c.id === idOrPhone || c.phoneNumber === idOrPhone)),
      get: async (id) => stored.get(id)!,
      setStatus: async (_transaction, row, block) => {
        writes.push(['setStatus', row.id, block]);
        Object.assign(row, {
          status: block ? 'blocked' : 'active',
          moderation: { ...row.moderation, blockedReason: block?.reason ?? null },
        });
      },
      changeBlockedReason: async (_transaction, row, reason) => {
        writes.push(['changeBlockedReason', row.id, reason]);
        Object.assign(row, { moderation: { ...row.moderation, blockedReason: reason } });
      },
    }),
    fake(CustomFieldRepository, {
      activeKeys: async (workspaceIds) => new Map(workspaceIds.map((id) => [id, new Set(id === 'ws_1' ? ['plan'] : [])])),
    }),
  );
  return { ...built, stored, writes };
}

function request(fields: { workspaceId?: string; params?: object; body?: unknown; auth?: AuthContext }) {
  return { auth: testAuth(), params: {}, query: {}, body: undefined, requestId: 'req_1', ...fields } as never;
}

describe('ClientsService.get', () => {
  it('finds a client by phone in every workspace of the scope, each with only its active custom fields', async () => {
    const { service } = world();
    const answer = await service.get(request({ params: { id: '5215550100' } }));
    expect(answer.workspaces.map((w) => [w.id, w.name, w.clientsCount, w.clients.map((c) => c.id)])).toEqual([
      ['ws_1', 'One', 1, ['cl_1']],
      ['ws_2', 'Two', 1, ['cl_2']],
    ]);
    expect(answer.workspaces[0]!.clients[0]).toMatchObject({
      phoneNumber: '5215550100',
      name: 'Ana',
      status: 'active',
      customFields: { plan: 'gold' },
      moderation: expect.objectContaining({ totalStrikes: 0, blockedAt: null }),
      creationDate: '2026-11-01T00:00:00.000Z',
    });
    expect(answer.workspaces[1]!.clients[0]!.customFields).toEqual({});
  });

  it('reads only the named workspace, leaving out workspaces without a match, and answers 404 when none has it', async () => {
    const { service } = world();
    const one = await service.get(request({ workspaceId: 'ws_2', params: { id: 'cl_2' } }));
    expect(one.workspaces.map((w) => w.id)).toEqual(['ws_2']);
    const byId = await service.get(request({ params: { id: 'cl_1' } }));
    expect(byId.workspaces.map((w) => w.id)).toEqual(['ws_1']);
    const error = await refusal(service.get(request({ workspaceId: 'ws_2', params: { id: 'cl_1' } })));
    expect([error.code, error.details]).toEqual([ErrorCode.NotFound, expect.objectContaining({ id: 'cl_1' })]);
  });
});

describe('ClientsService.update', () => {
  const patch = (id: string, body: object, auth = testAuth()) => request({ workspaceId: 'ws_1', params: { id }, body, auth });

  it('blocks an active client with the reason and who blocked it, in one transaction, and answers the record', async () => {
    const { service, writes, unitOfWork } = world();
    const answer = await service.update(patch('cl_1', { status: 'blocked', reason: 'spam' }, testAuth({ userEmail: 'ana@acme.test' })));
    expect(writes).toEqual([['setStatus', 'cl_1', { reason: 'spam', by: 'ana@acme.test' }]]);
    expect(answer).toMatchObject({
      status: 'success',
      message: 'Client blocked',
      data: { id: 'cl_1', status: 'blocked', customFields: { plan: 'gold' } },
    });
    expect(unitOfWork.outcomes.committed).toBe(1);
  });

  it('blocks with the reason api_request by default; blocking a blocked client only changes its reason', async () => {
    const { service, writes } = world([client('cl_1', 'ws_1'), client('cl_3', 'ws_1', { phoneNumber: '5215550103', status: 'blocked' })]);
    await service.update(patch('cl_1', { status: 'blocked' }));
    await service.update(patch('cl_3', { status: 'blocked', reason: 'abuse' }));
    expect(writes).toEqual([
      ['setStatus', 'cl_1', { reason: 'api_request', by: null }],
      ['changeBlockedReason', 'cl_3', 'abuse'],
    ]);
  });

  it('unblocks a blocked client, and leaves an active one as it is', async () => {
    const { service, writes } = world([client('cl_1', 'ws_1'), client('cl_3', 'ws_1', { phoneNumber: '5215550103', status: 'blocked' })]);
    const answer = await service.update(patch('cl_3', { status: 'active' }));
    expect(answer).toMatchObject({ message: 'Client active', data: { id: 'cl_3', status: 'active' } });
    await service.update(patch('cl_1', { status: 'active' }));
    expect(writes).toEqual([['setStatus', 'cl_3', null]]);
  });

  it("answers 404 for another workspace's client (by id or phone) and writes nothing", async () => {
    const { service, writes, unitOfWork } = world([client('cl_2', 'ws_2')]);
    for (const id of ['cl_2', '5215550100']) {
      const error = await refusal(service.update(patch(id, { status: 'blocked' })));
      expect([error.code, error.details]).toEqual([ErrorCode.NotFound, expect.objectContaining({ id })]);
    }
    expect(writes).toEqual([]);
    expect(unitOfWork.outcomes.committed).toBe(0);
  });
});
