// The console's API types, generated from the gateway's OpenAPI document (the one /docs/openapi.json
// serves) by openapi-typescript. Run by tools/build.mjs; the output is committed so that the
// typecheck of a fresh clone sees it, and tools/build.mjs rewrites it whenever an operation changes.
import openapiTS, { astToString } from 'openapi-typescript';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const API_TYPES_FILE = path.join(import.meta.dirname, 'src/api/openapi.d.ts');

export async function generateApiTypes(document) {
  const ast = await openapiTS(document);
  const text =
    "// Generated from the gateway's OpenAPI document by apps/console/generate-api-types.mjs (tools/build.mjs). Do not edit.\n" +
    '// Over 400 lines: one generated declaration of every public operation, rewritten whole by each build.\n' +
    astToString(ast);
  const previous = await readFile(API_TYPES_FILE, 'utf8').catch(() => '');
  if (previous !== text) await writeFile(API_TYPES_FILE, text);
}
