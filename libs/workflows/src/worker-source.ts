import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Where a worker loads the workflows from: the bundle prebuilt by tools/build.mjs in
 * dist/ (production, no bundling at start-up), else the sources (tests).
 */
export function workflowSource(): { workflowBundle: { codePath: string } } | { workflowsPath: string } {
  const bundle = path.resolve(__dirname, '../workflow-bundle.js');
  if (existsSync(bundle)) return { workflowBundle: { codePath: bundle } };
  return { workflowsPath: require.resolve('./index') };
}
