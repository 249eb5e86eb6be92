import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  PUBLIC_OPERATIONS,
  internalOperations,
  isPublicOperation,
  successStatuses,
  workspaceOperations,
  type Operation,
} from '@platica/contracts';
import { boundHandlers } from '@platica/platform';

const root = path.resolve(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(file);
    return /\.ts$/.test(name) && !/\.(spec|e2e-spec|integration-spec)\.ts$/.test(name) ? [file] : [];
  });
}

const controllers = readdirSync(path.join(root, 'apps')).flatMap((app) =>
  sourceFiles(path.join(root, 'apps', app, 'src')).filter((f) => f.endsWith('.controller.ts')),
);

/**
 * An endpoint is one operation object plus one handler bound to it with `@Handles`: this
 * catches an operation nobody serves, a handler serving something no operation states, and
 * an operation whose answers the OpenAPI document could not describe.
 */
describe('operations and their handlers', () => {
  beforeAll(() => {
    // Binding happens when a controller class is defined: load every service's controllers.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- controllers of every app, loaded by path
    for (const file of controllers) require(file);
  });

  const known: Operation[] = [
    ...PUBLIC_OPERATIONS,
    workspaceOperations.members,
    workspaceOperations.profiles,
    ...Object.values(internalOperations).flatMap((service) => Object.values(service) as Operation[]),
  ];

  it('binds every implemented public operation to exactly one handler', () => {
    const unserved = PUBLIC_OPERATIONS.filter(
      // A stream is served by the gateway's own HTTP handler (apps/gateway/src/events), not over NATS.
      (operation) => !operation.pending && !operation.streaming && boundHandlers.get(operation.subject)?.operation !== operation,
    );
    expect(unserved.map((o) => o.operationId)).toEqual([]);
  });

  it('serves no operation that is still marked pending (it would never be reached)', () => {
    const pendingServed = PUBLIC_OPERATIONS.filter((operation) => operation.pending && boundHandlers.has(operation.subject));
    expect(pendingServed.map((o) => o.operationId)).toEqual([]);
  });

  it('binds handlers only to stated operations', () => {
    const stray = [...boundHandlers.values()].filter(({ operation }) => !known.includes(operation)).map((b) => b.handler);
    expect(stray).toEqual([]);
  });

  it('declares a success schema for every implemented public operation', () => {
    const undescribed = PUBLIC_OPERATIONS.filter((operation) => !operation.pending && successStatuses(operation).length === 0);
    expect(undescribed.map((o) => o.operationId)).toEqual([]);
  });

  it('gives every public operation a unique operationId, and every subject one operation', () => {
    const ids = PUBLIC_OPERATIONS.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const subjects = known.map((o) => o.subject);
    expect(new Set(subjects).size).toBe(subjects.length);
    expect(known.filter(isPublicOperation)).toHaveLength(PUBLIC_OPERATIONS.length);
  });

  it('states the answer of every internal operation, so its callers are typed by it', () => {
    const internal = known.filter((operation) => !isPublicOperation(operation));
    expect(internal.filter((operation) => successStatuses(operation).length === 0).map((o) => o.subject)).toEqual([]);
  });

  it('calls other services through operation objects, not a subject and a type picked at the call', () => {
    const untyped = sourceFiles(path.join(root, 'apps'))
      .filter((file) => /\.call<[^>]*>\(/.test(readFileSync(file, 'utf8')))
      .map((f) => path.relative(root, f));
    expect(untyped).toEqual([]);
  });

  it('parses in a service only what no operation validated, saying which (comment above)', () => {
    const unexplained = sourceFiles(path.join(root, 'apps')).flatMap((file) => {
      const lines = readFileSync(file, 'utf8').split('\n');
      return lines
        .map((line, index) => ({ line, above: lines[index - 1] ?? '' }))
        .filter(({ line, above }) => /\bparseOrThrow\(/.test(line) && !/^\s*\/\//.test(above))
        .map(({ line }) => `${path.relative(root, file)}: ${line.trim()}`);
    });
    expect(unexplained).toEqual([]);
  });

  it('registers NATS handlers only through @Handles (no bare MessagePattern)', () => {
    const bare = ['apps', 'libs']
      .flatMap((dir) => sourceFiles(path.join(root, dir)))
      .filter((file) => !file.endsWith(path.join('nats', 'rpc-handler.ts')) && /\bMessagePattern\(/.test(readFileSync(file, 'utf8')));
    expect(bare.map((f) => path.relative(root, f))).toEqual([]);
  });
});
