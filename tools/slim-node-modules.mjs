// Run by the Dockerfile's build stage after `npm prune --omit=dev`: leaves in node_modules only
// what the services load at run time (docs/operations.md › The image's size).
// - Temporal's worker bundles workflow code with webpack + swc when given a workflows path;
//   the services are given the bundle tools/build.mjs prebuilt, so the worker's two eager
//   requires of its bundler become lazy and the bundler's own dependencies go.
// - Temporal's native bridge ships every platform's binary: only this one's stays.
// - Type declarations, source maps and docs are not read at run time.
// Then every package no runtime dependency reaches is removed.
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? '.');
const modules = path.join(root, 'node_modules');

// 1. The worker's bundler: required on use only.
const bundlerOnly = new Set(['webpack', '@swc/core', 'swc-loader', 'source-map-loader', 'memfs', 'unionfs']);
for (const file of ['lib/index.js', 'lib/worker.js']) {
  const full = path.join(modules, '@temporalio/worker', file);
  const code = readFileSync(full, 'utf8');
  const eager = /(?:var|const) bundler_1 = require\("\.\/workflow\/bundler"\);/;
  if (!eager.test(code)) throw new Error(`${full}: the bundler require changed; review tools/slim-node-modules.mjs`);
  // The one value a prebuilt bundle needs (compared with the configured interceptors) is given
  // as the bundler computes it; everything else loads the bundler (and webpack) on first use.
  const lazy =
    'const bundler_1 = new Proxy({ defaultWorkflowInterceptorModules: [require.resolve("./workflow-log-interceptor")] }, ' +
    '{ get: (known, key) => (key in known ? known[key] : require("./workflow/bundler")[key]) });';
  writeFileSync(full, code.replace(eager, lazy));
}

// 2. The native bridge of this platform only (plus the bridge's Rust sources, not needed).
const target = { 'linux-x64': 'x86_64-unknown-linux-gnu', 'linux-arm64': 'aarch64-unknown-linux-gnu' }[`${process.platform}-${process.arch}`];
if (!target) throw new Error(`no Temporal bridge for ${process.platform}-${process.arch}`);
const bridge = path.join(modules, '@temporalio/core-bridge');
for (const release of readdirSync(path.join(bridge, 'releases'))) if (release !== target) rmSync(path.join(bridge, 'releases', release), { recursive: true });
for (const dir of ['sdk-core', 'src', 'bridge-macros', 'scripts']) rmSync(path.join(bridge, dir), { recursive: true, force: true });

// 3. What the runtime reaches from package.json's dependencies (Node's resolution: nearest node_modules up).
const reached = new Set();
function resolvePackage(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === root || dir === path.dirname(dir)) return undefined;
  }
}
function visit(dir, parentName) {
  if (reached.has(dir)) return;
  reached.add(dir);
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const names = { ...pkg.dependencies, ...pkg.optionalDependencies, ...pkg.peerDependencies };
  for (const name of Object.keys(names)) {
    if (parentName === '@temporalio/worker' && bundlerOnly.has(name)) continue;
    const found = resolvePackage(name, dir);
    if (found) visit(found, name);
  }
}
const rootPkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
for (const name of Object.keys(rootPkg.dependencies)) visit(resolvePackage(name, root), name);

let removed = 0;
function prune(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.name.startsWith('@')) {
      prune(full);
      continue;
    }
    if (!reached.has(full)) {
      rmSync(full, { recursive: true });
      removed++;
      continue;
    }
    if (existsSync(path.join(full, 'node_modules'))) prune(path.join(full, 'node_modules'));
  }
}
prune(modules);

// 4. Files nothing reads at run time.
let files = 0;
function strip(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) strip(full);
    else if (/\.(d\.[cm]?ts|map|md|markdown)$/i.test(entry.name) && statSync(full).isFile()) {
      rmSync(full);
      files++;
    }
  }
}
strip(modules);
console.log(`slim-node-modules: ${removed} unreached packages and ${files} declaration/map/doc files removed; Temporal bridge ${target} only`);
