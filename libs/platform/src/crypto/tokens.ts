import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new high-entropy credential: `<prefix>` + 32 random bytes, base64url. */
export function newCredential(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/**
 * Credentials are stored as their SHA-256: they carry 256 bits of entropy, so a fast hash
 * is safe and lets every request look the credential up by index.
 */
export function hashCredential(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

export function constantTimeEquals(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Prefixed ids for resources: `ws_…`, `usr_…`, `evt_…` (time-ordered, so indexes stay compact). */
export function newId(prefix: string): string {
  const time = Date.now().toString(36).padStart(9, '0');
  return `${prefix}_${time}${randomBytes(8).toString('hex')}`;
}

/**
 * The id a keyed request gives what it creates (`purpose` tells apart the resources of one
 * request): derived from the request's reference (RpcRequest.requestRef), so a retry of the
 * request names the same resource, whose primary key refuses a second one. The shape of `newId`.
 */
export function requestScopedId(prefix: string, requestRef: string, purpose: string): string {
  return `${prefix}_${createHash('sha256').update(`${requestRef}:${purpose}`, 'utf8').digest('hex').slice(0, 25)}`;
}
