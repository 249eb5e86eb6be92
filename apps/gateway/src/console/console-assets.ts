import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Where tools/build.mjs puts the built SPA: dist/apps/console, beside the gateway's dist/apps/gateway. */
export const CONSOLE_ASSETS_DIR = path.resolve(__dirname, '../../../console');

/**
 * The SPA's own policy: scripts and styles only from this origin (Vite emits no inline script),
 * API calls only to this origin, never framed. Inline `style` attributes stay allowed (React's).
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The built console under /console: hashed files in /console/assets/ cached for good, and
 * every other path answered with index.html (the SPA's router reads the path), never cached so
 * that a new release is picked up on the next load.
 */
export function registerConsoleAssets(fastify: FastifyInstance): void {
  const built = existsSync(path.join(CONSOLE_ASSETS_DIR, 'index.html'));
  void fastify.register(fastifyStatic, { root: CONSOLE_ASSETS_DIR, serve: false });
  const securityHeaders = {
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
  };
  fastify.get('/console', (_request, reply) => reply.redirect('/console/', 301));
  fastify.get('/console/*', async (request, reply) => {
    if (!built) {
      return reply.status(404).send({ code: 404, error: 'The console is not built: run `node tools/build.mjs`', details: {} });
    }
    const file = (request.params as { '*': string })['*'];
    void reply.headers(securityHeaders);
    if (/^assets\/[\w.-]+$/.test(file) && existsSync(path.join(CONSOLE_ASSETS_DIR, file))) {
      return reply.sendFile(file, { immutable: true, maxAge: '365d' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });
}
