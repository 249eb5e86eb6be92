import { SERVICE_NAMES } from '@platica/contracts';
import { ROUTES } from './route-table';

describe('route table', () => {
  it('lists each method and path once', () => {
    const keys = ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('sends every route to a subject of a known service', () => {
    for (const route of ROUTES) {
      const [service, resource, operation] = route.subject.split('.');
      expect(SERVICE_NAMES).toContain(service);
      expect(resource && operation).toBeTruthy();
    }
  });

  it('makes every write target exactly one workspace', () => {
    for (const route of ROUTES.filter((r) => r.method !== 'GET')) expect(route.workspace).toBe('one');
  });

  it('covers the endpoints of the spec', () => {
    const keys = new Set(ROUTES.map((r) => `${r.method} ${r.path}`));
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
