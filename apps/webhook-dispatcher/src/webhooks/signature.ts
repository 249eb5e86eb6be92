import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (ARCHITECTURE.md › Events): `webhook-signature` is
 * `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`. The key of a `whsec_` secret is the
 * base64 after the prefix; any other secret is used as its UTF-8 bytes.
 */
export const SECRET_PREFIX = 'whsec_';

/** A new Standard Webhooks secret: `whsec_` + base64 of 32 random bytes. */
export function generateSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

export function signingKey(secret: string): Buffer {
  if (secret.startsWith(SECRET_PREFIX)) {
    const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
    if (key.length > 0) return key;
  }
  return Buffer.from(secret, 'utf8');
}

export function sign(key: Buffer, id: string, timestampSeconds: number, body: string): string {
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The three Standard Webhooks headers of one attempt (each attempt has its own timestamp). */
export function standardWebhookHeaders(key: Buffer, id: string, body: string, now: Date): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': sign(key, id, timestamp, body) };
}
