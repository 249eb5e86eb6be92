import Fastify from 'fastify';
import { allowedMethods, registerMethodNotAllowed } from './method-not-allowed';
import { ROUTES } from './route-table';

describe('a method a path does not have', () => {
  it('is 405 naming the methods it has (Allow), beside every route of the table, with no route clashing', async () => {
    const fastify = Fastify();
    for (const route of ROUTES) {
      if (route.operation.streaming) fastify.get(route.url, { exposeHeadRoute: false }, async () => ({ stream: true }));
      else fastify.route({ method: route.operation.method, url: route.url, handler: async () => ({ served: route.operation.operationId }) });
    }
    registerMethodNotAllowed(fastify, ROUTES);
    await fastify.ready();
    const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD', url: string) => {
      const answer = await fastify.inject({ method, url, ...(method === 'POST' || method === 'PUT' ? { payload: {} } : {}) });
      return [answer.statusCode, answer.headers.allow ?? null, answer.statusCode === 405 ? answer.json().code : null];
    };
    expect(await call('POST', '/v1/workspaces')).toEqual([405, 'GET, HEAD', 405]);
    expect(await call('DELETE', '/v1/messages')).toEqual([405, 'POST', 405]);
    expect(await call('PUT', '/v1/agents/agt_1')).toEqual([405, 'GET, HEAD, PATCH', 405]);
    expect(await call('POST', '/v1/events')).toEqual([405, 'GET', 405]);
    expect(await call('GET', '/v1/agents/agt_1')).toEqual([200, null, null]);
    expect(await call('HEAD', '/v1/agents/agt_1')).toEqual([200, null, null]);
    expect(await call('GET', '/v1/no-such-thing')).toEqual([404, null, null]);
    expect(allowedMethods(ROUTES).get('/v1/events')).toEqual(['GET']);
    await fastify.close();
  });
});
