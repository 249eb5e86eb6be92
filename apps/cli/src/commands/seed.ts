import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';

/** `platica seed FILE`: POST /admin/v1/seed with a JSON or YAML seed document (docs/seed.md). */
export async function seed(args: string[]): Promise<void> {
  const file = args[0];
  if (!file) throw new UsageError('platica seed FILE.(json|yaml)');
  const text = readFileSync(file, 'utf8');
  const document: unknown = /\.ya?ml$/i.test(file) ? parseYaml(text) : JSON.parse(text);
  const answer = await adminRequest('POST', '/admin/v1/seed', document);
  process.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
}

export class UsageError extends Error {}

export async function adminRequest(method: string, path: string, body?: unknown): Promise<unknown> {
  const base = process.env.PLATICA_URL ?? process.env.BASE_URL ?? `http://127.0.0.1:${process.env.PLATICA_HTTP_PORT ?? 8080}`;
  const token = process.env.PLATICA_ADMIN_TOKEN;
  if (!token) throw new UsageError('set PLATICA_ADMIN_TOKEN (platica up prints it)');
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const parsed: unknown = text ? JSON.parse(text) : null;
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(parsed, null, 2)}`);
  return parsed;
}
