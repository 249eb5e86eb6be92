import { isSensitiveName, REDACTED } from '@platica/contracts';
import type { FieldIssue } from '@platica/errors';

/**
 * The headers a PATCH leaves: the stored ones when it sends none, else the ones it sends, each
 * `[REDACTED]` value replaced by the stored one; `kept` names the stored secret values it keeps.
 */
export function headersAfter(
  incoming: Record<string, string> | undefined,
  stored: Record<string, string>,
): { values: Record<string, string>; kept: string[]; issues: FieldIssue[] } {
  if (incoming === undefined) return { values: stored, kept: Object.keys(stored).filter(isSensitiveName), issues: [] };
  const values: Record<string, string> = {};
  const kept: string[] = [];
  const issues: FieldIssue[] = [];
  for (const [name, value] of Object.entries(incoming)) {
    const storedName = Object.keys(stored).find((key) => key.toLowerCase() === name.toLowerCase());
    if (value !== REDACTED) values[name] = value;
    else if (storedName === undefined)
      issues.push({ path: ['headers', name], message: `${REDACTED} keeps a stored value, and none is stored here` });
    else {
      values[name] = stored[storedName]!;
      if (isSensitiveName(name)) kept.push(name);
    }
  }
  return { values, kept, issues };
}

/**
 * A stored secret header goes only to the origin it was saved with (as custom APIs' secrets,
 * docs/security.md): a PATCH that moves the URL to another origin must send each again, or drop
 * them; each it keeps, by leaving `headers` out or by `[REDACTED]`, is an issue.
 */
export function headersMovedIssues(fromUrl: string, toUrl: string, kept: string[]): FieldIssue[] {
  const from = new URL(fromUrl).origin;
  const to = new URL(toUrl).origin;
  if (from === to) return [];
  return kept.map((name) => ({
    path: ['headers', name],
    message: `the URL's origin changes (${from} to ${to}): send this secret header again, or leave it out of headers to drop it; ${REDACTED} keeps it only for the origin it was saved with`,
  }));
}
