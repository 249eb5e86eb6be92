import { createHash } from 'node:crypto';
import { z } from 'zod';
import { DomainError } from '@platica/errors';

/**
 * `pageToken` of `GET /v1/conversations`: opaque to clients, it carries the keyset position
 * (the last row's sort value and id) and a fingerprint of the filters, sort and workspaces it
 * was issued for, so a token replayed with other filters is refused instead of paging wrongly.
 */
const tokenSchema = z.object({ v: z.literal(1), f: z.string(), s: z.string(), i: z.string() });

export function filtersFingerprint(query: Record<string, unknown>): string {
  const canonical = JSON.stringify(
    Object.keys(query)
      .sort()
      .map((key) => [key, query[key]]),
  );
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 22);
}

export function encodePageToken(fingerprint: string, position: { value: string; id: string }): string {
  return Buffer.from(JSON.stringify({ v: 1, f: fingerprint, s: position.value, i: position.id })).toString('base64url');
}

export function decodePageToken(token: string, fingerprint: string): { value: string; id: string } {
  let parsed: z.output<typeof tokenSchema>;
  try {
    parsed = tokenSchema.parse(JSON.parse(Buffer.from(token, 'base64url').toString('utf8')));
  } catch {
    throw DomainError.validation(
      [{ path: ['pageToken'], message: 'not a page token of this listing: send nextPageToken unchanged' }],
      'Invalid pageToken',
    );
  }
  if (parsed.f !== fingerprint) {
    throw DomainError.validation(
      [{ path: ['pageToken'], message: 'the filters or the sort changed since this token was issued: start again without pageToken' }],
      'Invalid pageToken',
    );
  }
  return { value: parsed.s, id: parsed.i };
}
