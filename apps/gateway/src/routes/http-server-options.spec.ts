import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { gatewayHttpOptions, writeClientError } from './http-server-options';
import { MAX_PARAM_LENGTH } from './input-guard';

/** A socket that keeps what is written to it. */
function fakeSocket() {
  const written: string[] = [];
  const socket = Object.assign(new EventEmitter(), {
    destroyed: false,
    writable: true,
    write: (chunk: string) => written.push(chunk),
    destroy: () => {
      socket.destroyed = true;
    },
  });
  return { socket: socket as unknown as Socket, written, state: socket };
}

const answerOf = (raw: string) => ({
  status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(raw)?.[1]),
  body: JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as unknown,
});

describe("the gateway's answer to requests Node's parser refuses", () => {
  it('is 431 in the spec shape for oversized headers', () => {
    const { socket, written, state } = fakeSocket();
    writeClientError(Object.assign(new Error('Header overflow'), { code: 'HPE_HEADER_OVERFLOW' }), socket);
    expect(answerOf(written.join(''))).toEqual({
      status: 431,
      body: { code: 431, error: 'The request headers are too large', details: { maxBytes: 16384 } },
    });
    expect(state.destroyed).toBe(true);
  });

  it('is 400 naming the headers for a control character in a header, and 400 for other parse errors', () => {
    const invalid = fakeSocket();
    writeClientError(Object.assign(new Error('Invalid header value char'), { code: 'HPE_INVALID_HEADER_TOKEN' }), invalid.socket);
    expect(answerOf(invalid.written.join(''))).toEqual({
      status: 400,
      body: { code: 400, error: 'Invalid header', details: [{ path: ['headers'], message: expect.any(String) }] },
    });
    const other = fakeSocket();
    writeClientError(Object.assign(new Error('bad'), { code: 'HPE_INVALID_METHOD' }), other.socket);
    expect(answerOf(other.written.join('')).status).toBe(400);
  });

  it('writes nothing on a reset connection', () => {
    const { socket, written } = fakeSocket();
    writeClientError(Object.assign(new Error('reset'), { code: 'ECONNRESET' }), socket);
    expect(written).toEqual([]);
  });
});

describe("the gateway's Fastify options", () => {
  it('configure Fastify without a deprecation warning, path parameters capped at MAX_PARAM_LENGTH', async () => {
    const warnings = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    const fastify = new FastifyAdapter(gatewayHttpOptions()).getInstance();
    try {
      expect(warnings.mock.calls.map((call) => JSON.stringify(call))).toEqual([]);
      fastify.get('/things/:id', async () => ({ ok: true }));
      expect((await fastify.inject({ url: `/things/${'a'.repeat(MAX_PARAM_LENGTH)}` })).statusCode).toBe(200);
      const tooLong = await fastify.inject({ url: `/things/${'a'.repeat(MAX_PARAM_LENGTH + 1)}` });
      expect(tooLong.statusCode).toBe(414);
    } finally {
      warnings.mockRestore();
      await fastify.close();
    }
  });
});
