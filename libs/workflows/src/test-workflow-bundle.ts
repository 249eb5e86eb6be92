import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundleWorkflowCode, DefaultLogger, type WorkflowBundle } from '@temporalio/worker';

/**
 * The workflows bundled once for the unit specs' workers and replays (bundling is ~10 s of
 * webpack, and each `workflowsPath` given to a worker or a replay bundles again), in the spirit
 * of tools/build.mjs's bundle but from the sources.
 *
 * The bundle is cached on disk by content: beside it lies every file webpack read with its hash
 * and every path it looked for and did not find. It is reused only while each of those files
 * is unchanged and each missing path still missing, as webpack's own cache decides, so an edit
 * to a workflow, a contract it imports or a package it bundles makes a new one.
 */
export function testWorkflowBundle(): Promise<WorkflowBundle> {
  bundled ??= cachedBundle();
  return bundled;
}

let bundled: Promise<WorkflowBundle> | undefined;
const workflowsPath = path.join(__dirname, 'index.ts');
const cacheDir = path.join(tmpdir(), 'platica-workflow-bundles');
/** What the bundle is made with besides the files webpack reads: the options and the installed packages. */
const key = createHash('sha256')
  .update(JSON.stringify({ workflowsPath }))
  .update(readFileSync(path.resolve(__dirname, '../../../package-lock.json')))
  .digest('hex')
  .slice(0, 32);

/**
 * A file's content hash (a directory's: its listing), or null where there is nothing (a path
 * webpack looked for, or its entry point, which lives in memory).
 */
function contentOf(file: string): string | null {
  try {
    const content = statSync(file).isDirectory() ? readdirSync(file).sort().join('\n') : readFileSync(file);
    return createHash('sha256').update(content).digest('hex');
  } catch {
    return null;
  }
}

interface CachedBundle {
  code: string;
  /** By path: the content hash webpack's inputs had, null for the paths it found missing. */
  inputs: Record<string, string | null>;
}

async function cachedBundle(): Promise<WorkflowBundle> {
  const cached = path.join(cacheDir, `${key}.json`);
  if (existsSync(cached)) {
    const { code, inputs } = JSON.parse(readFileSync(cached, 'utf8')) as CachedBundle;
    if (Object.entries(inputs).every(([file, hash]) => contentOf(file) === hash)) return { code };
  }
  const read = new Set<string>();
  const { code } = await bundleWorkflowCode({
    workflowsPath,
    logger: new DefaultLogger('WARN'),
    webpackConfigHook: (config) => ({
      ...config,
      plugins: [
        ...(config.plugins ?? []),
        {
          apply: (compiler) =>
            compiler.hooks.done.tap('PlaticaTestWorkflowBundle', ({ compilation }) => {
              for (const dependencies of [compilation.fileDependencies, compilation.contextDependencies, compilation.missingDependencies])
                for (const file of dependencies) read.add(file);
            }),
        },
      ],
    }),
  });
  const inputs = Object.fromEntries([...read].sort().map((file) => [file, contentOf(file)]));
  // Written beside and renamed, so a spec file in another worker never reads half of it.
  mkdirSync(cacheDir, { recursive: true });
  const partial = `${cached}.${process.pid}`;
  writeFileSync(partial, JSON.stringify({ code, inputs } satisfies CachedBundle));
  renameSync(partial, cached);
  return { code };
}
