import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { seedDocumentSchema } from '@platica/contracts';

/** The example README and `scripts/up` point to must be a seed the admin API accepts, with a user who can sign in to the console. */
describe('examples/seed.yaml', () => {
  const document = parseYaml(readFileSync(path.resolve(__dirname, '../examples/seed.yaml'), 'utf8')) as unknown;

  it('is a valid seed document whose user has a console password', () => {
    const parsed = seedDocumentSchema.safeParse(document);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data?.users[0]).toMatchObject({ email: 'ana@acme.test', password: expect.any(String) });
  });
});
