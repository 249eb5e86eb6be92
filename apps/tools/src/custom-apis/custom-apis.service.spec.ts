import { randomBytes } from 'node:crypto';
import { toolOperations, type Operation, type OperationRequest } from '@platica/contracts';
import { ErrorCode, parseOrThrow } from '@platica/errors';
import { serviceRequest, type Transaction } from '@platica/platform';
import { fake, FakeUnitOfWork, newTestService, refusal } from '@platica/testing/test-service';
import { CatalogRepository, PUBLISHED, WITHDRAWN } from '../catalog/catalog.repository';
import type { CatalogTool } from '../catalog/catalog-tool.entity';
import { ToolsConfigService, type ToolsConfig } from '../config/tools.config';
import { CustomApiCaller } from './custom-api-caller';
import { CustomApiSecrets } from './custom-api-secrets';
import type { CustomApi } from './custom-api.entity';
import { CustomApiRepository } from './custom-api.repository';
import { CustomApisService } from './custom-apis.service';

const config = new ToolsConfigService({
  PLATICA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  PLATICA_ENCRYPTION_KEYS_PREVIOUS: [],
  PLATICA_ALLOW_PRIVATE_NETWORKS: false,
} as unknown as ToolsConfig);
const secrets = new CustomApiSecrets(config);

const weather = {
  name: 'weather',
  description: 'The weather in a city, for the agent.',
  request: {
    method: 'GET',
    url: 'https://93.184.216.34/weather/{{city}}',
    headers: [{ key: 'Authorization', value: 'Token s3cret' }],
  },
  variables: [{ name: 'city', type: 'string', description: 'The city', required: true }],
};

/**
 * The tools database in memory: custom APIs and catalog entries, mutated in place like
 * MikroORM's managed entities; a transaction that throws puts both back as they were.
 */
function world(options: { otherTools?: string[] } = {}) {
  const apis = new Map<string, CustomApi>();
  const catalog = new Map<string, CatalogTool>();
  const takenByOthers = new Set(options.otherTools ?? []);
  /** A transaction that throws puts both maps back as they were before it began. */
  class RollbackUnitOfWork extends FakeUnitOfWork {
    override async run<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
      const before = [structuredClone([...apis]), structuredClone([...catalog])] as const;
      try {
        return await super.run(work);
      } catch (error) {
        apis.clear();
        catalog.clear();
        for (const [id, api] of before[0]) apis.set(id, api);
        for (const [id, entry] of before[1]) catalog.set(id, entry);
        throw error;
      }
    }
  }
  const built = newTestService(
    CustomApisService,
    new RollbackUnitOfWork(),
    fake(CustomApiRepository, {
      nameTaken: async (workspaceId, name, exceptId) =>
        [...apis.values()].some((api) => api.workspaceId === workspaceId && api.name === name && api.id !== exceptId),
      create: (_em, fields) => {
        const at = new Date();
        const api = { ...fields, createdAt: at, updatedAt: at } as CustomApi;
        apis.set(api.id, api);
        return api;
      },
      find: async (workspaceIds, id) => (apis.get(id) && workspaceIds.includes(apis.get(id)!.workspaceId) ? apis.get(id)! : null),
      findForUpdate: async (workspaceId, id) => (apis.get(id)?.workspaceId === workspaceId ? apis.get(id)! : null),
    }),
    fake(CatalogRepository, {
      find: async (workspaceId, id) => (catalog.get(id)?.workspaceId === workspaceId ? catalog.get(id)! : null),
      nameTaken: async (_workspaceId, name) => takenByOthers.has(name),
      createEntry: (_em, fields) => {
        const entry = { ...fields, createdAt: new Date() } as CatalogTool;
        catalog.set(entry.id, entry);
        return entry;
      },
    }),
    fake(CustomApiSecrets, { seal: (s) => secrets.seal(s), open: (sealed) => secrets.open(sealed) }),
    fake(ToolsConfigService, { values: config.values }),
    fake(CustomApiCaller, {}),
  );
  return { ...built, apis, catalog };
}

/** The envelope a handler of `operation` receives: its body validated by the operation's schema. */
function request<O extends Operation>(operation: O, body: unknown = {}, integrationId?: string): OperationRequest<O> {
  const params: Record<string, string> = integrationId ? { integrationId } : {};
  const parsed = operation.body ? parseOrThrow(operation.body, body) : body;
  return { ...serviceRequest('test', 'ws_1', parsed), params } as OperationRequest<O>;
}

async function created(w: ReturnType<typeof world>, body: Record<string, unknown> = weather): Promise<string> {
  const answer = await w.service.create(request(toolOperations.apisCreate, body));
  return answer.body.data.id;
}

describe('CustomApisService', () => {
  it('creates a draft whose secrets are sealed apart, never in the stored definition', async () => {
    const w = world();
    const answer = await w.service.create(request(toolOperations.apisCreate, weather));
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ name: 'weather', toolName: 'api_weather', status: 'draft' });
    const stored = w.apis.get(answer.body.data.id)!;
    expect(JSON.stringify(stored.definition)).not.toContain('s3cret');
    expect(JSON.stringify(secrets.open(stored.secretsSealed))).toContain('s3cret');
    expect(w.catalog.size).toBe(0);
  });

  it('refuses a second API of the same name in the workspace (409) and a private address (400 on request.url)', async () => {
    const w = world();
    await created(w);
    const duplicate = await refusal(w.service.create(request(toolOperations.apisCreate, weather)));
    expect([duplicate.code, duplicate.details]).toEqual([ErrorCode.Conflict, { name: 'weather' }]);

    const internal = await refusal(
      w.service.create(
        request(toolOperations.apisCreate, { ...weather, name: 'internal', request: { method: 'GET', url: 'http://10.0.0.8/x' } }),
      ),
    );
    expect(internal.status).toBe(400);
    expect(internal.details).toEqual([expect.objectContaining({ path: ['request', 'url'] })]);
    expect(w.apis.size).toBe(1);
  });

  it('enabling publishes it to the catalog under api_<name> with its parameters, and bumps its version', async () => {
    const w = world();
    const id = await created(w);
    await w.service.enable(request(toolOperations.apisEnable, {}, id));
    expect(w.apis.get(id)).toMatchObject({ status: 'enabled', version: 2, enabledFunctionRef: id });
    expect(w.catalog.get(id)).toMatchObject({
      kind: 'api',
      name: 'api_weather',
      status: PUBLISHED,
      parameters: expect.objectContaining({ required: ['city'] }),
    });
  });

  it('refuses to enable it when another tool has its tool name (409), leaving it a draft', async () => {
    const w = world({ otherTools: ['api_weather'] });
    const id = await created(w);
    const error = await refusal(w.service.enable(request(toolOperations.apisEnable, {}, id)));
    expect([error.code, error.details]).toEqual([ErrorCode.Conflict, { name: 'api_weather' }]);
    expect(w.apis.get(id)).toMatchObject({ status: 'draft', version: 1 });
    expect(w.catalog.size).toBe(0);
  });

  it('pausing withdraws the catalog entry but keeps it; a draft cannot be paused (409)', async () => {
    const w = world();
    const id = await created(w);
    expect((await refusal(w.service.pause(request(toolOperations.apisPause, {}, id)))).code).toBe(ErrorCode.Conflict);
    await w.service.enable(request(toolOperations.apisEnable, {}, id));
    await w.service.pause(request(toolOperations.apisPause, {}, id));
    expect(w.apis.get(id)).toMatchObject({ status: 'paused', enabledFunctionRef: null, version: 3 });
    expect(w.catalog.get(id)).toMatchObject({ status: WITHDRAWN, name: 'api_weather' });
  });

  it('refuses an update made against an older version (409 with both versions) and changes nothing', async () => {
    const w = world();
    const id = await created(w);
    const error = await refusal(
      w.service.update(request(toolOperations.apisUpdate, { description: 'Another description here.', expectedVersion: 0 }, id)),
    );
    expect([error.code, error.details]).toEqual([ErrorCode.Conflict, { expectedVersion: 0, version: 1 }]);
    expect(w.apis.get(id)).toMatchObject({ description: weather.description, version: 1 });
  });

  it("an enabled API's update reaches its catalog entry at once, keeping omitted secrets", async () => {
    const w = world();
    const id = await created(w);
    await w.service.enable(request(toolOperations.apisEnable, {}, id));
    await w.service.update(request(toolOperations.apisUpdate, { name: 'forecast', expectedVersion: 2 }, id));
    expect(w.catalog.get(id)).toMatchObject({ name: 'api_forecast', status: PUBLISHED });
    expect(JSON.stringify(secrets.open(w.apis.get(id)!.secretsSealed))).toContain('s3cret');
  });

  it("never reveals another workspace's API (404)", async () => {
    const w = world();
    const id = await created(w);
    const other = { ...serviceRequest('test', 'ws_2', {}), params: { integrationId: id } } as OperationRequest<
      typeof toolOperations.apisGet
    >;
    expect((await refusal(w.service.get(other))).status).toBe(404);
  });
});
