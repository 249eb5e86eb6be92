import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports';
import { startService, stopService, waitReady, type RunningService } from './service-processes';

// A stand-in for a service's dist/ entry: FAKE_START says how it starts.
const FAKE_SERVICE = `
const http = require('node:http');
const mode = process.env.FAKE_START;
const serve = () => http.createServer((req, res) => res.writeHead(200).end()).listen(Number(process.env.PLATICA_HTTP_PORT), '127.0.0.1');
if (mode === 'crash') { console.log('loading config'); console.error('DATABASE_URL is not a URL'); process.exit(3); }
if (mode === 'busy') { const until = Date.now() + 4000; while (Date.now() < until); serve(); }
// Holds its port, answering 503 as a service still starting does, so no other process's /readyz answers in its place.
if (mode === 'stalled') { console.log('waiting for a dependency that never answers'); http.createServer((req, res) => res.writeHead(503).end()).listen(Number(process.env.PLATICA_HTTP_PORT), '127.0.0.1'); }
`;

describe('waitReady', () => {
  let root: string;
  const started: RunningService[] = [];

  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'platica-ready-'));
    mkdirSync(path.join(root, 'dist/apps/gateway/src'), { recursive: true });
    writeFileSync(path.join(root, 'dist/apps/gateway/src/main.js'), FAKE_SERVICE);
  });
  afterAll(async () => {
    await Promise.all(started.map(stopService));
    rmSync(root, { recursive: true, force: true });
  });

  async function start(mode: string): Promise<RunningService> {
    const service = startService(
      root,
      { name: 'gateway', port: await freePort() },
      { PATH: process.env.PATH, FAKE_START: mode },
      () => undefined,
      {
        sourceMaps: false,
      },
    );
    started.push(service);
    return service;
  }

  it('keeps waiting while a slow start makes progress, past the time allowed without progress', async () => {
    await expect(waitReady(await start('busy'), 1_500)).resolves.toBeUndefined();
  });

  it('fails as soon as the service exits, with its last lines', async () => {
    const began = Date.now();
    await expect(waitReady(await start('crash'), 30_000)).rejects.toThrow(/gateway exited \(3\)[\s\S]*DATABASE_URL is not a URL/);
    expect(Date.now() - began).toBeLessThan(10_000);
  });

  it('fails after the time allowed without progress, naming PLATICA_READY_TIMEOUT_MS and the last lines', async () => {
    await expect(waitReady(await start('stalled'), 1_500)).rejects.toThrow(
      /gateway was not ready[\s\S]*PLATICA_READY_TIMEOUT_MS=1500[\s\S]*waiting for a dependency that never answers/,
    );
  });
});
