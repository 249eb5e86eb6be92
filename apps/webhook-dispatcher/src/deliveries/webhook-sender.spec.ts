import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { RESPONSE_EXCERPT_BYTES, sendAttempt } from './webhook-sender';

describe('sendAttempt: the answer excerpt', () => {
  let server: Server;
  let url = '';
  let answer = '';
  const dispatcher = new Agent();

  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(answer);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  afterAll(async () => {
    await dispatcher.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const attempt = () => sendAttempt(dispatcher, { url, key: Buffer.alloc(32), headers: {}, eventId: 'evt_1', body: '{}' }, 5_000);

  it('keeps the answer as text, without the NULs PostgreSQL cannot store', async () => {
    answer = 'bad\u0000 request: ñandú';
    expect(await attempt()).toMatchObject({ statusCode: 400, responseExcerpt: 'bad request: ñandú' });
  });

  it('keeps the first KiB of a long answer, whole characters only', async () => {
    // Two-byte characters from an odd offset: the cut falls inside one.
    answer = `x${'ñ'.repeat(2_000)}`;
    const { responseExcerpt } = await attempt();
    // 1 + 511 × 2 = 1,023 bytes; the 1,024th is half of the next ñ, left out.
    expect(responseExcerpt).toBe(`x${'ñ'.repeat(511)}`);
    expect(Buffer.byteLength(responseExcerpt!)).toBeLessThanOrEqual(RESPONSE_EXCERPT_BYTES);
  });

  it('is null for an empty answer', async () => {
    answer = '';
    expect((await attempt()).responseExcerpt).toBeNull();
  });
});
