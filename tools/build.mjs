// Compiles every TypeScript source of apps/ and libs/ to dist/ with swc (type checking is
// `npm run typecheck`'s job). Imports of @platica/<lib> are rewritten to relative paths so
// that the compiled tree runs with plain `node`, in a container as on a developer machine.
import { createRequire } from 'node:module';
import { transformFile } from '@swc/core';
import { cp, mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// Built beside dist/ and swapped in at the end, so processes running from dist/ (a stack,
// another test run) never see it half-written.
const finalOut = path.join(root, 'dist');
const out = path.join(root, `.dist-building-${process.pid}`);
const swcrc = JSON.parse(await readFile(path.join(root, '.swcrc'), 'utf8'));
delete swcrc.$schema;

async function* sources(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      // The console is a browser app: Vite bundles it below, swc has nothing to compile there.
      if (entry.name !== 'node_modules' && full !== path.join(root, 'apps', 'console')) yield* sources(full);
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') && !/\.(spec|integration-spec)\.ts$/.test(entry.name)) {
      yield full;
    } else if (entry.name.endsWith('.json') && entry.name.startsWith('.snapshot')) {
      yield full;
    }
  }
}

const libImport = /(require\(|from\s+)(['"])@platica\/([a-z-]+)(\/[a-z-]+)?\2/g;

await rm(out, { recursive: true, force: true });
let count = 0;
for (const top of ['apps', 'libs', 'bench']) {
  if (!existsSync(path.join(root, top))) continue;
  for await (const file of sources(path.join(root, top))) {
    const rel = path.relative(root, file);
    const target = path.join(out, rel.replace(/\.ts$/, '.js'));
    await mkdir(path.dirname(target), { recursive: true });
    if (file.endsWith('.json')) {
      await cp(file, target);
      continue;
    }
    const { code, map } = await transformFile(file, {
      ...swcrc,
      filename: file,
      sourceFileName: path.relative(path.dirname(target), file),
    });
    const fromDir = path.dirname(target);
    const rewritten = code.replace(libImport, (_m, head, quote, lib, subpath) => {
      let relative = path.relative(fromDir, path.join(out, 'libs', lib, 'src', `${subpath ? subpath.slice(1) : 'index'}.js`));
      if (!relative.startsWith('.')) relative = `./${relative}`;
      return `${head}${quote}${relative}${quote}`;
    });
    await writeFile(target, `${rewritten}\n//# sourceMappingURL=${path.basename(target)}.map\n`);
    if (map) await writeFile(`${target}.map`, map);
    count++;
  }
}
console.log(`built ${count} files`);

// The prebuilt workflow bundle that production workers load (no bundling at start-up).
const { bundleWorkflowCode } = await import('@temporalio/worker');
const workflowsPath = path.join(out, 'libs/workflows/src/index.js');
const { code } = await bundleWorkflowCode({ workflowsPath, logger: quietLogger() });
await writeFile(path.join(out, 'libs/workflows/workflow-bundle.js'), code);
// The same workflows with Temporal's OpenTelemetry interceptors, loaded by workers when tracing
// is on (OTEL_EXPORTER_OTLP_ENDPOINT): a prebuilt bundle cannot take interceptors afterwards.
const traced = await bundleWorkflowCode({
  workflowsPath,
  workflowInterceptorModules: [createRequire(import.meta.url).resolve('@temporalio/interceptors-opentelemetry/lib/workflow-interceptors')],
  logger: quietLogger(),
});
await writeFile(path.join(out, 'libs/workflows/workflow-bundle.traced.js'), traced.code);
console.log('bundled the workflows into dist/libs/workflows/workflow-bundle.js (and workflow-bundle.traced.js)');

// The console (apps/console): its typed API client is generated from the gateway's own OpenAPI
// document (built above, no running stack needed), then Vite bundles the SPA into
// dist/apps/console, which the gateway serves under /console (console-assets.ts).
const { buildOpenApiDocument } = createRequire(import.meta.url)(path.join(out, 'apps/gateway/src/docs/openapi.js'));
const { generateApiTypes } = await import('../apps/console/generate-api-types.mjs');
await generateApiTypes(buildOpenApiDocument('http://localhost:8080'));
const { build: viteBuild } = await import('vite');
const { consoleViteConfig } = await import('../apps/console/vite.config.mjs');
await viteBuild(consoleViteConfig(path.join(out, 'apps/console')));
console.log('generated apps/console/src/api/openapi.d.ts and bundled the console into dist/apps/console');

const previous = path.join(root, `.dist-previous-${process.pid}`);
await rename(finalOut, previous).catch((error) => {
  if (error.code !== 'ENOENT') throw error;
});
await rename(out, finalOut);
await rm(previous, { recursive: true, force: true });

function quietLogger() {
  const log = (level) => (message) => level !== 'DEBUG' && level !== 'TRACE' && level !== 'INFO' && console.log(`[bundler] ${message}`);
  return {
    log: (level, message) => log(level)(message),
    trace: log('TRACE'),
    debug: log('DEBUG'),
    info: log('INFO'),
    warn: log('WARN'),
    error: log('ERROR'),
  };
}
