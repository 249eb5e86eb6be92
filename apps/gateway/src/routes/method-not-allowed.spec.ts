import Fastify from 'fastify';
import { AdminController } from '../admin/admin.controller';
import { allowedMethods, controllerMethods, registerMethodNotAllowed, registerMethodsNotAllowed } from './method-not-allowed';
import { ROUTES } from './route-table';

describe('a method a path does not have', () => {
  it('is 405 naming the methods it has (Allow), beside every route of the table, with no route clashing', async () => {
    const fastify = Fastify();
    for (const route of ROUTES) {
      if (route.operation.streaming) fastify.get(route.url, { exposeHeadRoute: false }, async () => ({ stream: true }));
      else
        fastify.route({ method: route.operation.method, url: route.url, handler: async () => ({ served: route.operation.operationId }) });
    }
    registerMethodNotAllowed(fastify, ROUTES);
    await fastify.ready();
    const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD', url: string) => {
      const answer = await fastify.inject({ method, url, ...(method === 'POST' || method === 'PUT' ? { payload: {} } : {}) });
      return [answer.statusCode, answer.headers.allow ?? null, answer.statusCode === 405 ? answer.json().code : null];
    };
    expect(await call('POST', '/v1/workspaces')).toEqual([405, 'GET, HEAD', 405]);
    expect(await call('DELETE', '/v1/messages')).toEqual([405, 'POST', 405]);
    expect(await call('PUT', '/v1/agents/agt_1')).toEqual([405, 'GET, HEAD, PATCH, DELETE', 405]);
    expect(await call('POST', '/v1/events')).toEqual([405, 'GET', 405]);
    expect(await call('GET', '/v1/agents/agt_1')).toEqual([200, null, null]);
    expect(await call('HEAD', '/v1/agents/agt_1')).toEqual([200, null, null]);
    expect(await call('GET', '/v1/no-such-thing')).toEqual([404, null, null]);
    expect(allowedMethods(ROUTES).get('/v1/events')).toEqual(['GET']);
    await fastify.close();
  });

  it("is 405 on the admin API's paths too, read from its controller's decorators", async () => {
    const admin = controllerMethods(AdminController);
    expect(admin).toEqual(
      new Map([
        ['/admin/v1/seed', ['POST']],
        ['/admin/v1/tokens', ['POST']],
        ['/admin/v1/workspaces/:workspaceId', ['PATCH']],
      ]),
    );
    const fastify = Fastify();
    fastify.post('/admin/v1/seed', async () => ({ seeded: true }));
    fastify.patch('/admin/v1/workspaces/:workspaceId', async () => ({ updated: true }));
    registerMethodsNotAllowed(fastify, admin);
    await fastify.ready();
    const seedGet = await fastify.inject({ method: 'GET', url: '/admin/v1/seed' });
    expect([seedGet.statusCode, seedGet.headers.allow, seedGet.json().details]).toEqual([405, 'POST', { allow: 'POST' }]);
    expect((await fastify.inject({ method: 'POST', url: '/admin/v1/seed', payload: {} })).json()).toEqual({ seeded: true });
    const workspaceDelete = await fastify.inject({ method: 'DELETE', url: '/admin/v1/workspaces/ws_1' });
    expect([workspaceDelete.statusCode, workspaceDelete.headers.allow]).toEqual([405, 'PATCH']);
    await fastify.close();
  });
});
