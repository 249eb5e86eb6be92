import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { assertPublicHttpUrl, createOutboundDispatcher, guardedLookup, UnsafeUrlError } from './outbound';

/** The connect-time guard against a real local server: refused by default, reached when private networks are allowed. */
describe('outbound dispatcher', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('refuses a loopback IP literal and a name resolving to loopback at connect time', async () => {
    const dispatcher = createOutboundDispatcher({ allowPrivateNetworks: false });
    try {
      await expect(request(`http://127.0.0.1:${port}/`, { dispatcher })).rejects.toThrow(/non-public/);
      // `localhost` resolves to 127.0.0.1 / ::1: the lookup refuses it, as it would a rebinding name.
      await expect(request(`http://localhost:${port}/`, { dispatcher })).rejects.toThrow(/non-public/);
    } finally {
      await dispatcher.close();
    }
  });

  it('reaches loopback when private networks are allowed', async () => {
    const dispatcher = createOutboundDispatcher({ allowPrivateNetworks: true });
    try {
      const answer = await request(`http://localhost:${port}/`, { dispatcher });
      expect(answer.statusCode).toBe(200);
      expect(await answer.body.text()).toBe('ok');
    } finally {
      await dispatcher.close();
    }
  });

  it('guards lookups in both callback forms', async () => {
    const lookup = guardedLookup({ allowPrivateNetworks: false });
    const error = await new Promise<Error | null>((resolve) => lookup('localhost', {}, (e) => resolve(e)));
    expect(error).toBeInstanceOf(UnsafeUrlError);
    const all = await new Promise<unknown>((resolve) =>
      guardedLookup({ allowPrivateNetworks: true })('localhost', { all: true }, (_e, addresses) => resolve(addresses)),
    );
    expect(Array.isArray(all)).toBe(true);
  });

  it('checks a URL when it is saved', async () => {
    await expect(assertPublicHttpUrl('http://localhost/x', { allowPrivateNetworks: false })).rejects.toThrow(UnsafeUrlError);
    await expect(assertPublicHttpUrl('http://10.0.0.8/x', { allowPrivateNetworks: false })).rejects.toThrow(UnsafeUrlError);
    await expect(assertPublicHttpUrl('http://127.0.0.1/x', { allowPrivateNetworks: true })).resolves.toBeInstanceOf(URL);
    await expect(assertPublicHttpUrl('https://8.8.8.8/x', { allowPrivateNetworks: false })).resolves.toBeInstanceOf(URL);
  });
});
