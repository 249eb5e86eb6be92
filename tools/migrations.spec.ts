import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';

const apps = path.resolve(__dirname, '../apps');

/** A migration file that is not listed in its service's index never runs: catch it here, not in production. */
describe('committed migrations', () => {
  const services = readdirSync(apps).filter((name) => existsSync(path.join(apps, name, 'migrations/index.ts')));

  it('exist for every service', () => {
    expect(services.sort()).toEqual(['agents', 'campaigns', 'chat', 'gateway', 'messaging', 'tools', 'webhook-dispatcher']);
  });

  it.each(services)('of %s are all listed, in order, in migrations/index.ts', (service) => {
    const dir = path.join(apps, service, 'migrations');
    const files = readdirSync(dir)
      .filter((file) => /^Migration\d{14}_\w+\.ts$/.test(file))
      .map((file) => file.replace(/\.ts$/, ''))
      .sort();
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- each service's list, loaded by path
    const listed = Object.values(require(path.join(dir, 'index.ts')) as Record<string, { name: string }[]>)[0]!;
    expect(listed.map((migration) => migration.name)).toEqual(files);
    expect(existsSync(path.join(dir, `.snapshot-${service.replace(/-/g, '_')}.json`))).toBe(true);
  });
});
