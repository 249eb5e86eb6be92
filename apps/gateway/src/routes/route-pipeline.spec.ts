import { defineOperation } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import type { RpcClient } from '@platica/platform';
import type { Credential } from '../credentials/credential';
import { RoutePipeline } from './route-pipeline';

describe('RoutePipeline.execute', () => {
  const credential: Credential = {
    auth: {
      principal: 'key:k1',
      credentialType: 'api_key',
      workspaceIds: ['ws_1'],
      workspaces: [{ id: 'ws_1', name: 'Uno' }],
      scopes: ['platica:read', 'platica:write'],
      userId: null,
      userEmail: null,
    },
    rateLimitPerSecond: 30,
    rateLimitSubject: 'key:k1',
  };
  const operation = (pending?: string) =>
    defineOperation({
      operationId: 'things_create',
      method: 'POST',
      path: '/v1/things',
      subject: 'tools.things.create',
      summary: 'Create a thing',
      tag: 'tools',
      scope: 'write',
      workspace: 'one',
      ...(pending ? { pending } : {}),
      responses: {},
    });
  const requests: string[] = [];
  const rpc = { request: async (subject: string) => (requests.push(subject), { status: 201, body: {} }) } as unknown as RpcClient;
  const pipeline = new RoutePipeline(null as never, null as never, null as never, rpc, null as never, null as never);
  const input = { params: {}, query: {}, body: {}, requestId: 'req_1' };

  it('answers an honest 501 for an operation not built yet, after the scope and workspace checks, sending nothing', async () => {
    const refusal = await pipeline.execute(operation('things'), credential, input).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ code: ErrorCode.NotImplemented, details: { pending: 'things' } });
    expect(requests).toEqual([]);
  });

  it('hands a built operation to its owning service', async () => {
    await expect(pipeline.execute(operation(), credential, input)).resolves.toEqual({ status: 201, body: {} });
    expect(requests).toEqual(['tools.things.create']);
  });
});
