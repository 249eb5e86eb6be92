import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hostServices } from './one-process-host';

describe('the one-process host', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'one-process-host-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** An entry that records, as it loads, the environment the host gave its service (as runService reads it first thing). */
  const entry = (name: string) => {
    const file = path.join(dir, `${name}.js`);
    writeFileSync(
      file,
      `const env = globalThis[Symbol.for('platica.hostedServices')].get(${JSON.stringify(name)});
       (globalThis.loaded ??= []).push({ name: ${JSON.stringify(name)}, port: env.PLATICA_HTTP_PORT, own: env.OWN });`,
    );
    return file;
  };

  it("loads every service's entry in turn, each with this process's environment plus its own", () => {
    process.env.SHARED_BY_ALL = 'yes';
    hostServices([
      { name: 'gateway', entry: entry('gateway'), env: { PLATICA_HTTP_PORT: '4001' } },
      { name: 'chat', entry: entry('chat'), env: { PLATICA_HTTP_PORT: '4002', OWN: 'chat only' } },
    ]);
    expect((globalThis as { loaded?: unknown }).loaded).toEqual([
      { name: 'gateway', port: '4001', own: undefined },
      { name: 'chat', port: '4002', own: 'chat only' },
    ]);
    const hosted = (globalThis as Record<symbol, Map<string, NodeJS.ProcessEnv>>)[Symbol.for('platica.hostedServices')]!;
    expect(hosted.get('chat')).toMatchObject({ PLATICA_HTTP_PORT: '4002', OWN: 'chat only', SHARED_BY_ALL: 'yes' });
    expect(process.env.PLATICA_HTTP_PORT).toBeUndefined();
  });
});
