import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

/**
 * The repository rule of eslint.config.mjs, on fixture sources linted as if they lived at these
 * paths: MikroORM and the Database only in repositories, entities, migrations and the database
 * set-up. Type information is switched off: the fixtures exist only in memory.
 */
describe('lint: repositories own the ORM', () => {
  const eslint = new ESLint({
    cwd: `${__dirname}/..`,
    overrideConfig: [{ ...tseslint.configs.disableTypeChecked, files: ['**/*.ts'] }],
  });

  async function restrictedImports(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
  }

  const orm = "import { LockMode } from '@mikro-orm/core';\nexport const mode = LockMode.NONE;\n";
  const ormType = "import type { EntityManager } from '@mikro-orm/postgresql';\nexport type Em = EntityManager;\n";
  const database = "import { Database } from '@platica/platform';\nexport const database = Database;\n";

  it.each([
    ['a service importing MikroORM', 'apps/messaging/src/messages/fixture.service.ts', orm],
    ['a service importing an ORM type', 'apps/messaging/src/turns/fixture.service.ts', ormType],
    ['a controller importing MikroORM', 'apps/webhook-dispatcher/src/webhooks/fixture.controller.ts', orm],
    ['a service injecting the Database', 'apps/messaging/src/chat/fixture.service.ts', database],
    ['a library outside the database set-up', 'libs/platform/src/nats/fixture.ts', ormType],
  ])(
    'fails %s',
    async (_case, filePath, code) => {
      expect(await restrictedImports(filePath, code)).toHaveLength(1);
    },
    120_000,
  );

  it.each([
    ['a repository', 'apps/messaging/src/messages/fixture.repository.ts', `${orm}${database.replace('database =', 'db =')}`],
    ['an entity', 'apps/messaging/src/messages/fixture.entity.ts', orm],
    ['a migration', 'apps/messaging/migrations/fixture.ts', orm],
    ["the platform's database set-up", 'libs/platform/src/database/fixture.ts', ormType],
    ['the outbox', 'libs/platform/src/outbox/fixture.ts', ormType],
  ])(
    'allows %s',
    async (_case, filePath, code) => {
      expect(await restrictedImports(filePath, code)).toEqual([]);
    },
    120_000,
  );
});
