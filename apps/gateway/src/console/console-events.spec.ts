import Fastify, { type FastifyInstance } from 'fastify';
import type { GatewayConfigService } from '../config/gateway-config.service';
import type { EventStreamEndpoint } from '../events/event-stream.endpoint';
import type { OAuthGrantRepository } from '../oauth/oauth-grant.repository';
import type { OAuthTokenService } from '../oauth/oauth-token.service';
import { CONSOLE_EVENTS_PATH, ConsoleBff } from './console-bff';
import type { ConsoleSession, ConsoleSessions } from './console-sessions';

const PUBLIC_URL = 'https://platica.example';
const SESSION_ID = 'a'.repeat(43);

/**
 * `/console/api/v1/events`: the session's stream, opened by the gateway's own stream endpoint
 * with the session's token (refreshed when near expiry), never with what the browser sends.
 */
describe('the console event stream', () => {
  let fastify: FastifyInstance;
  let session: ConsoleSession | null;
  let streamedWith: (string | undefined)[];
  let streamTags: (string | undefined)[];
  let endedTags: string[];
  let revokeFails: boolean;
  let refreshes: number;

  beforeEach(async () => {
    session = { accessToken: 'pl_at_current', refreshToken: 'pl_rt_1', accessExpiresAt: Date.now() + 3_600_000 };
    streamedWith = [];
    streamTags = [];
    endedTags = [];
    revokeFails = false;
    refreshes = 0;
    const sessions = {
      find: (id: string) => Promise.resolve(id === SESSION_ID ? session : null),
      refreshOnce: async (_id: string, _stale: ConsoleSession, refresh: (current: ConsoleSession) => Promise<ConsoleSession | null>) =>
        (session = await refresh(session!)),
      delete: () => {
        session = null;
        return Promise.resolve();
      },
    } as unknown as ConsoleSessions;
    const tokens = {
      exchange: () => {
        refreshes += 1;
        return Promise.resolve({ access_token: 'pl_at_fresh', refresh_token: 'pl_rt_2', expires_in: 3600 });
      },
      revoke: () => (revokeFails ? Promise.reject(new Error('database unreachable')) : Promise.resolve()),
    } as unknown as OAuthTokenService;
    const eventStream = {
      serve: async (request: { headers: { authorization?: string } }, reply: { send: (body: string) => Promise<void> }, tag?: string) => {
        streamedWith.push(request.headers.authorization);
        streamTags.push(tag);
        await reply.send('streamed');
      },
      endTagged: (tag: string) => {
        endedTags.push(tag);
        return Promise.resolve();
      },
    } as unknown as EventStreamEndpoint;
    const config = { publicUrl: PUBLIC_URL } as GatewayConfigService;
    const bff = new ConsoleBff(sessions, tokens, {} as OAuthGrantRepository, config, eventStream);
    fastify = Fastify();
    // Only the stream's routes and sign-out: the rest of register() serves the SPA's files.
    bff['registerEvents'](fastify);
    fastify.post('/console/logout', (request, reply) => bff['logout'](request, reply));
    await fastify.ready();
  });
  afterEach(() => fastify.close());

  const open = (headers: Record<string, string> = {}) =>
    fastify.inject({
      method: 'GET',
      url: `${CONSOLE_EVENTS_PATH}?workspace=ws_1`,
      headers: { cookie: `platica_console=${SESSION_ID}`, ...headers },
    });

  it("streams with the session's token, whatever Authorization the browser sends", async () => {
    const res = await open({ authorization: 'Bearer pl_key_someone_else' });
    expect(res.payload).toBe('streamed');
    expect(streamedWith).toEqual(['Bearer pl_at_current']);
  });

  it('refreshes a token near its expiry before streaming with it', async () => {
    session!.accessExpiresAt = Date.now() + 10_000;
    await open();
    expect(refreshes).toBe(1);
    expect(streamedWith).toEqual(['Bearer pl_at_fresh']);
  });

  it('answers 401 without a session or with an ended one, and 403 to another origin', async () => {
    const anonymous = await fastify.inject({ method: 'GET', url: CONSOLE_EVENTS_PATH });
    expect([anonymous.statusCode, anonymous.json().details]).toEqual([401, { reason: 'signed_out' }]);
    session = null;
    const ended = await open();
    expect([ended.statusCode, ended.json().details]).toEqual([401, { reason: 'session_expired' }]);
    expect(ended.headers['set-cookie']).toMatch(/^platica_console=; .*Max-Age=0/);
    session = { accessToken: 'pl_at_current', refreshToken: 'pl_rt_1', accessExpiresAt: Date.now() + 3_600_000 };
    const foreign = await open({ origin: 'https://evil.example' });
    expect([foreign.statusCode, foreign.json().details]).toEqual([403, { header: 'origin' }]);
    expect((await open({ origin: PUBLIC_URL })).payload).toBe('streamed');
    expect(streamedWith).toHaveLength(1);
  });

  it("ends the session's streams at sign-out, on every replica, even when revoking its grant failed", async () => {
    await open();
    revokeFails = true;
    const signedOut = await fastify.inject({
      method: 'POST',
      url: '/console/logout',
      headers: { cookie: `platica_console=${SESSION_ID}`, 'x-platica-console': '1' },
    });
    expect(signedOut.statusCode).toBe(204);
    expect(streamTags).toHaveLength(1);
    expect(streamTags[0]).toMatch(/^console-session:/);
    expect(streamTags[0]).not.toContain(SESSION_ID);
    expect(endedTags).toEqual(streamTags);
  });

  it('answers HEAD 405 naming GET, without opening a stream', async () => {
    const head = await fastify.inject({
      method: 'HEAD',
      url: `${CONSOLE_EVENTS_PATH}?workspace=ws_1`,
      headers: { cookie: `platica_console=${SESSION_ID}` },
    });
    expect([head.statusCode, head.headers.allow]).toEqual([405, 'GET']);
    expect(streamedWith).toEqual([]);
    expect((await open()).payload).toBe('streamed');
  });
});
