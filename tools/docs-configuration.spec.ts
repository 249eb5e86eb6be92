import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Every environment variable the code reads is in docs/configuration.md, and every variable the
 * page lists is still read somewhere: an operator never meets a setting only the source names.
 */
const root = path.resolve(__dirname, '..');
const page = readFileSync(path.join(root, 'docs/configuration.md'), 'utf8');
/** The operating system's, not Plática's settings. */
const notOurs = new Set(['PATH', 'HOME']);

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return entry === 'node_modules' ? [] : filesUnder(full, keep);
    return keep(full) ? [full] : [];
  });
}

const isTest = (file: string) => /\.(spec|integration-spec|e2e-spec)\.ts$/.test(file) || file.split(path.sep).includes('e2e');
const sources = ['apps', 'libs'].flatMap((dir) => filesUnder(path.join(root, dir), (file) => file.endsWith('.ts') && !isTest(file)));
const relative = (file: string) => path.relative(root, file);

/** Every variable a config schema declares: the keys of each exported `…ConfigSchema` (zod objects, validated at start-up). */
function schemaVariables(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sources.filter((source) => /export const \w+ConfigSchema\b/.test(readFileSync(source, 'utf8')))) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- each schema, loaded by path
    const exported = require(file) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exported)) {
      if (!name.endsWith('ConfigSchema') || !(value instanceof z.ZodObject)) continue;
      for (const variable of Object.keys(value.shape)) found.set(variable, relative(file));
    }
  }
  return found;
}

/** Variables read directly: `process.env.X`, `env.X` / `env?.X` of a passed environment, `env['X']`, `const { X } = process.env`. */
function directReads(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sources) {
    const text = readFileSync(file, 'utf8');
    const names = [
      ...[...text.matchAll(/\benv\??\.([A-Z][A-Z0-9_]+)\b/g)].map((match) => match[1]!),
      ...[...text.matchAll(/\benv\[['"`]([A-Z][A-Z0-9_]+)['"`]\]/g)].map((match) => match[1]!),
      ...[...text.matchAll(/\{([^{}]+)\}\s*=\s*process\.env\b/g)].flatMap((match) =>
        [...match[1]!.matchAll(/\b([A-Z][A-Z0-9_]+)\b/g)].map((name) => name[1]!),
      ),
    ];
    for (const name of names) if (!notOurs.has(name)) found.set(name, relative(file));
  }
  return found;
}

/** Names in backticks anywhere on the page. */
const documented = new Set([...page.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]!));

describe('docs/configuration.md', () => {
  const schemas = schemaVariables();

  it("finds the config schema of every service and the platform's", () => {
    const services = readdirSync(path.join(root, 'apps')).filter((app) => existsSync(path.join(root, 'apps', app, 'migrations/index.ts')));
    const withSchema = new Set([...schemas.values()].map((file) => file.split(path.sep).slice(0, 2).join('/')));
    expect(services.filter((service) => !withSchema.has(`apps/${service}`))).toEqual([]);
    expect(withSchema).toContain('libs/platform');
  });

  it('documents every variable a config schema declares', () => {
    const missing = [...schemas].filter(([name]) => !documented.has(name)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it('documents every variable the code reads directly', () => {
    const missing = [...directReads()].filter(([name]) => !documented.has(name)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it('lists no variable that nothing reads any more', () => {
    const everything = ['apps', 'libs', 'scripts', 'bench', 'tools', 'deploy']
      .flatMap((dir) => filesUnder(path.join(root, dir), (file) => !file.endsWith('.md')))
      .concat(['Dockerfile', 'docker-compose.yml'].map((file) => path.join(root, file)))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const listed = page
      .split('\n')
      .filter((line) => /^\| `/.test(line))
      .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]!));
    expect(listed.length).toBeGreaterThan(40);
    expect(listed.filter((name) => !new RegExp(`\\b${name}\\b`).test(everything))).toEqual([]);
  });
});
