import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(__dirname, '..');

/**
 * The layer rules of eslint.config.mjs, shown to bite: ESLint's Node API lints fixture sources
 * as if they sat at these paths (nothing is written to the tree), and each forbidden import
 * must be reported by the rule that forbids it, while the allowed files pass clean.
 */
const fixtures = {
  nestInContracts: {
    filePath: 'libs/contracts/src/lint-fixture.ts',
    code: "import { Injectable } from '@nestjs/common';\nexport const injectable = Injectable;\n",
  },
  mikroOrmInContracts: {
    filePath: 'libs/contracts/src/lint-fixture.ts',
    code: "import type { EntityManager } from '@mikro-orm/postgresql';\nexport type Em = EntityManager;\n",
  },
  platformInContracts: {
    filePath: 'libs/contracts/src/lint-fixture.ts',
    code: "import { newId } from '@platica/platform';\nexport const id = newId;\n",
  },
  nodeFsInErrors: {
    filePath: 'libs/errors/src/lint-fixture.ts',
    code: "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
  },
  natsInErrors: {
    filePath: 'libs/errors/src/lint-fixture.ts',
    code: "import { connect } from '@nats-io/transport-node';\nexport const open = connect;\n",
  },
  appImportsApp: {
    filePath: 'apps/chat/src/lint-fixture.ts',
    code: "import { MessageRepository } from '../../messaging/src/messages/message.repository';\nexport const repository = MessageRepository;\n",
  },
  builtinInWorkflow: {
    filePath: 'libs/workflows/src/turns/lint-fixture.workflow.ts',
    code: "import { randomUUID } from 'node:crypto';\nexport async function fixtureWorkflow(): Promise<string> {\n  return randomUUID();\n}\n",
  },
  builtinInBundledContract: {
    filePath: 'libs/workflows/src/turns/lint-fixture.contract.ts',
    code: "import { setTimeout } from 'timers/promises';\nexport const wait = setTimeout;\n",
  },
  contractsValueInWorkflow: {
    filePath: 'libs/workflows/src/turns/lint-fixture.workflow.ts',
    code: "import { eventDataSchemas } from '@platica/contracts';\nexport async function fixtureWorkflow(): Promise<number> {\n  return Object.keys(eventDataSchemas).length;\n}\n",
  },
  contractsInlineTypeInWorkflow: {
    filePath: 'libs/workflows/src/turns/lint-fixture.workflow.ts',
    code: "import { type ChatAccepted } from '@platica/contracts';\nexport async function fixtureWorkflow(accepted: ChatAccepted): Promise<string> {\n  return accepted.id;\n}\n",
  },
  activitiesValueInWorkflow: {
    filePath: 'libs/workflows/src/diagnostics/lint-fixture.workflow.ts',
    code: "import { diagnosticsActivities } from './diagnostics.activities';\nexport async function fixtureWorkflow(): Promise<string> {\n  return diagnosticsActivities('x').describeWorker();\n}\n",
  },
  repositoryInController: {
    filePath: 'apps/gateway/src/admin/lint-fixture.controller.ts',
    code: [
      "import { Controller, Post } from '@nestjs/common';",
      "import { AccessTokenRepository } from '../oauth/access-token.repository';",
      "@Controller('admin/v1')",
      'export class FixtureController {',
      '  constructor(private readonly accessTokens: AccessTokenRepository) {}',
      "  @Post('tokens')",
      '  mint() {',
      "    return this.accessTokens.mint({ userEmail: 'a@b.c', workspaceIds: [], ttlSeconds: 60 });",
      '  }',
      '}',
      '',
    ].join('\n'),
  },
  entityManagerAlias: {
    filePath: 'apps/tools/src/mcp/lint-fixture.repository.ts',
    code: "import type { EntityManager } from '@mikro-orm/postgresql';\nexport type Transaction = EntityManager;\n",
  },
  entityManagerReexport: {
    filePath: 'apps/tools/src/mcp/lint-fixture.repository.ts',
    code: "export type { EntityManager } from '@mikro-orm/postgresql';\n",
  },
  allowedController: {
    filePath: 'apps/gateway/src/admin/lint-fixture.controller.ts',
    code: [
      "import type { MintedToken } from '../oauth/access-token.repository';",
      "import { SeedService } from './seed.service';",
      'export const providers = [SeedService];',
      'export class FixtureController {',
      '  constructor(private readonly seeds: SeedService) {}',
      '  token(): MintedToken | null {',
      '    return this.seeds ? null : null;',
      '  }',
      '}',
      '',
    ].join('\n'),
  },
  allowedWorkflow: {
    filePath: 'libs/workflows/src/turns/lint-fixture.workflow.ts',
    code: [
      "import { proxyActivities } from '@temporalio/workflow';",
      "import type { ChatAccepted } from '@platica/contracts';",
      "import type { ConversationTurnActivities } from './conversation-turn.contract';",
      '',
      "const { deliverReply } = proxyActivities<ConversationTurnActivities>({ startToCloseTimeout: '1 minute' });",
      '',
      'export async function fixtureWorkflow(accepted: ChatAccepted): Promise<string> {',
      "  const reply = await deliverReply({ workspaceId: 'ws', conversationRef: accepted.id, messageId: 'm', agentId: 'a', content: 'hola', seenUpTo: null });",
      '  return reply.messageId;',
      '}',
      '',
    ].join('\n'),
  },
  allowedContracts: {
    filePath: 'libs/contracts/src/lint-fixture.ts',
    code: "import { z } from 'zod';\nimport { ErrorCode } from '@platica/errors';\nexport const fixtureSchema = z.object({ code: z.enum(ErrorCode) });\n",
  },
  allowedErrors: {
    filePath: 'libs/errors/src/lint-fixture.ts',
    code: "import { z } from 'zod';\nimport { ErrorCode } from './error-code';\nexport const fixtureSchema = z.object({ code: z.enum(ErrorCode) });\n",
  },
} as const;

type Fixture = keyof typeof fixtures;

/**
 * The repository rule: MikroORM and the Database only in repositories, entities, migrations and
 * the database set-up. By case: the file, and whether it may import what it imports.
 */
const orm = "import { LockMode } from '@mikro-orm/core';\nexport const mode = LockMode.NONE;\n";
const ormType = "import type { EntityManager } from '@mikro-orm/postgresql';\nexport type Em = EntityManager;\n";
const database = "import { Database } from '@platica/platform';\nexport const database = Database;\n";
const repositoryCases = {
  'a service importing MikroORM': { filePath: 'apps/messaging/src/messages/lint-fixture.service.ts', code: orm, allowed: false },
  'a service importing an ORM type': { filePath: 'apps/messaging/src/turns/lint-fixture.service.ts', code: ormType, allowed: false },
  'a controller importing MikroORM': {
    filePath: 'apps/webhook-dispatcher/src/webhooks/lint-fixture.controller.ts',
    code: orm,
    allowed: false,
  },
  'a service injecting the Database': { filePath: 'apps/messaging/src/chat/lint-fixture.service.ts', code: database, allowed: false },
  'a library outside the database set-up': { filePath: 'libs/platform/src/nats/lint-fixture.client.ts', code: ormType, allowed: false },
  'a repository': {
    filePath: 'apps/messaging/src/messages/lint-fixture.repository.ts',
    code: `${orm}${database.replace('database =', 'db =')}`,
    allowed: true,
  },
  'an entity': { filePath: 'apps/messaging/src/messages/lint-fixture.entity.ts', code: orm, allowed: true },
  'a migration': { filePath: 'apps/messaging/migrations/lint-fixture.ts', code: orm, allowed: true },
  "the platform's database set-up": { filePath: 'libs/platform/src/database/lint-fixture.setup.ts', code: ormType, allowed: true },
  'the outbox': { filePath: 'libs/platform/src/outbox/lint-fixture.relay.ts', code: ormType, allowed: true },
};
type RepositoryCase = keyof typeof repositoryCases;
interface LintMessage {
  ruleId: string | null;
  message: string;
}

/** Every file the workflow bundle holds: what its entry (libs/workflows/src/index.ts) reaches by relative value imports. */
function bundledFiles(): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, typeOnly, specifier] of readFileSync(path.join(root, file), 'utf8').matchAll(
      /^(?:import|export)\s+(type\s+)?[^;]*?from\s+'(\.{1,2}\/[^']+)'/gm,
    )) {
      if (!typeOnly) visit(path.relative(root, path.resolve(root, path.dirname(file), `${specifier}.ts`)));
    }
  };
  visit('libs/workflows/src/index.ts');
  return [...seen].sort();
}

// One ESLint process for every fixture of the lint specs: loading the config and Nx's project
// graph is the slow part. Fixtures are linted from memory without type information: the rules
// shown here read imports, not types (type-aware parsing of each fixture took ~40 CPU-s).
const script = `
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
const { fixtures, bundled } = JSON.parse(process.argv[1]);
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: [{ files: ['**/*.ts'], ...tseslint.configs.disableTypeChecked }],
});
const messages = {};
for (const [name, { filePath, code }] of Object.entries(fixtures)) {
  const [result] = await eslint.lintText(code, { filePath });
  messages[name] = result.messages.map(({ ruleId, message }) => ({ ruleId, message }));
}
const sandboxed = {};
for (const file of bundled) {
  const rule = (await eslint.calculateConfigForFile(file)).rules?.['@typescript-eslint/no-restricted-imports'];
  sandboxed[file] = JSON.stringify(rule ?? null).includes('Workflow code is sandboxed');
}
process.stdout.write(JSON.stringify({ messages, sandboxed }));
`;

describe('lint rules (eslint.config.mjs)', () => {
  let messages: Record<Fixture | RepositoryCase, LintMessage[]>;
  let sandboxed: Record<string, boolean>;
  const bundled = bundledFiles();

  beforeAll(async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '-e', script, JSON.stringify({ fixtures: { ...fixtures, ...repositoryCases }, bundled })],
      { cwd: root, env: { ...process.env, NX_DAEMON: 'false' }, maxBuffer: 16 * 1024 * 1024, timeout: 420_000 },
    );
    ({ messages, sandboxed } = JSON.parse(stdout) as { messages: typeof messages; sandboxed: Record<string, boolean> });
  }, 430_000);

  const restricted = '@typescript-eslint/no-restricted-imports';
  it.each<[Fixture, string, RegExp]>([
    ['nestInContracts', restricted, /libs\/contracts imports only zod/],
    ['mikroOrmInContracts', restricted, /libs\/contracts imports only zod/],
    ['platformInContracts', restricted, /libs\/contracts imports only zod/],
    ['nodeFsInErrors', restricted, /libs\/errors imports only zod/],
    ['natsInErrors', restricted, /libs\/errors imports only zod/],
    ['appImportsApp', '@nx/enforce-module-boundaries', /relative or absolute path/],
    ['builtinInWorkflow', restricted, /no Node built-ins/],
    ['builtinInBundledContract', restricted, /no Node built-ins/],
    ['contractsValueInWorkflow', restricted, /as types only/],
    ['contractsInlineTypeInWorkflow', '@typescript-eslint/no-import-type-side-effects', /./],
    ['activitiesValueInWorkflow', restricted, /Activities run outside the sandbox/],
    ['repositoryInController', restricted, /Controllers inject services, not repositories/],
    ['entityManagerAlias', 'no-restricted-syntax', /Don't export an EntityManager/],
    ['entityManagerReexport', 'no-restricted-syntax', /Don't export an EntityManager/],
  ])('refuses %s (%s)', (fixture, rule, message) => {
    expect(messages[fixture]).toContainEqual({ ruleId: rule, message: expect.stringMatching(message) });
  });

  it.each<Fixture>(['allowedWorkflow', 'allowedContracts', 'allowedErrors', 'allowedController'])('passes %s clean', (fixture) => {
    expect(messages[fixture]).toEqual([]);
  });

  it('applies the workflow sandbox rule to every file bundled into the workflows', () => {
    expect(bundled).toEqual(
      expect.arrayContaining(['libs/workflows/src/index.ts', 'libs/workflows/src/turns/conversation-turn.contract.ts']),
    );
    expect(Object.entries(sandboxed).filter(([, covered]) => !covered)).toEqual([]);
    expect(Object.keys(sandboxed).sort()).toEqual(bundled);
  });

  describe('repositories own the ORM', () => {
    // A fixture that failed to parse (ruleId null) counts too, so that an allowed case cannot pass unlinted.
    const restrictedImports = (name: RepositoryCase) =>
      messages[name].filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === null);
    const cases = Object.entries(repositoryCases) as [RepositoryCase, (typeof repositoryCases)[RepositoryCase]][];

    it.each(cases.filter(([, { allowed }]) => !allowed).map(([name]) => name))('fails %s', (name) => {
      expect(restrictedImports(name)).toHaveLength(1);
    });

    it.each(cases.filter(([, { allowed }]) => allowed).map(([name]) => name))('allows %s', (name) => {
      expect(restrictedImports(name)).toEqual([]);
    });
  });
});
