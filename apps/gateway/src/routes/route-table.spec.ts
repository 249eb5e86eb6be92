import { SERVICE_NAMES } from '@platica/contracts';
import { ROUTES } from './route-table';

describe('route table', () => {
  const operations = ROUTES.map((r) => r.operation);

  it('lists each method and path once, and each operationId once', () => {
    const keys = operations.map((o) => `${o.method} ${o.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const ids = operations.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sends every route to a subject of a known service', () => {
    for (const operation of operations) {
      const [service, resource, name] = operation.subject.split('.');
      expect(SERVICE_NAMES).toContain(service);
      expect(resource && name).toBeTruthy();
    }
  });

  it('makes every write need the write scope and target exactly one workspace', () => {
    for (const operation of operations.filter((o) => o.method !== 'GET')) {
      expect([operation.operationId, operation.scope, operation.workspace]).toEqual([operation.operationId, 'write', 'one']);
    }
  });

  it('covers the endpoints of the spec', () => {
    const keys = new Set(ROUTES.map((r) => `${r.operation.method} ${r.url}`));
    for (const expected of [
      'GET /v1/workspaces',
      'POST /v1/messages',
      'GET /v1/messages/scheduled',
      'PATCH /v1/messages/scheduled/:messageId',
      'DELETE /v1/messages/scheduled/:messageId',
      'POST /v1/chat',
      'GET /v1/conversations/:id',
      'PATCH /v1/agents/:agentId/guardrails',
      'POST /v1/agents/:agentId/subagents/create',
      'POST /v1/tools/apis/:integrationId/enable',
      'POST /v1/tools/mcp/:mcpId/tools/sync',
      'POST /v1/campaigns/:campaignId/send',
      'GET /v1/usage/actors',
      'GET /v1/clients/:id',
      'POST /v1/webhooks',
    ]) {
      expect(keys).toContain(expected);
    }
  });
});
