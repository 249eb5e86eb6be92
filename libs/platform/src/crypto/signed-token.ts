import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signs small JSON payloads handed to clients and read back later (page tokens): HMAC-SHA256
 * under a key derived with HKDF from PLATICA_ENCRYPTION_KEY and a purpose label, so every
 * replica agrees, the encryption key itself never signs anything, and a token of one purpose
 * never verifies as another's. Form: `<payload>.<mac>`, both base64url.
 * Keys in PLATICA_ENCRYPTION_KEYS_PREVIOUS still verify (rotation). Without a configured key
 * (development) a random key per process is used: tokens then end with the process.
 */
export class TokenSigner {
  private readonly keys: Buffer[];

  constructor(purpose: string, base64Key: string | undefined, previousBase64Keys: string[] = []) {
    const secrets = base64Key ? [base64Key, ...previousBase64Keys].map((key) => Buffer.from(key, 'base64')) : [randomBytes(32)];
    this.keys = secrets.map((secret) => Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `platica/token-signer/${purpose}`, 32)));
  }

  static fromConfig(purpose: string, config: { PLATICA_ENCRYPTION_KEY?: string; PLATICA_ENCRYPTION_KEYS_PREVIOUS: string[] }): TokenSigner {
    return new TokenSigner(purpose, config.PLATICA_ENCRYPTION_KEY, config.PLATICA_ENCRYPTION_KEYS_PREVIOUS);
  }

  sign(payload: unknown): string {
    const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
    return `${body}.${mac(this.keys[0]!, body).toString('base64url')}`;
  }

  /** The payload of a token this signer issued; null for anything else (forged, altered, truncated, not JSON). */
  verify(token: string): unknown {
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined) return null;
    const given = Buffer.from(signature, 'base64url');
    const genuine = this.keys.some((key) => {
      const expected = mac(key, body);
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
    if (!genuine) return null;
    try {
      return JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
  }
}

function mac(key: Buffer, body: string): Buffer {
  return createHmac('sha256', key).update(body, 'utf8').digest();
}
