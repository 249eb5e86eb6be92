/**
 * A hostile client's edit of a page token: the payload (the part before any `.`) decoded,
 * changed and re-encoded, whatever follows it kept. The server must refuse the result (400).
 */
export function reencodedPageToken(token: string, change: (payload: Record<string, unknown>) => Record<string, unknown>): string {
  const [body, ...rest] = token.split('.');
  const payload = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8')) as Record<string, unknown>;
  return [Buffer.from(JSON.stringify(change(payload)), 'utf8').toString('base64url'), ...rest].join('.');
}
