import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Encrypts secrets at rest (channel tokens, API credentials, webhook secrets) with
 * AES-256-GCM under PLATICA_ENCRYPTION_KEY. Stored form: `v1.<iv>.<tag>.<ciphertext>`, base64url.
 * A key ring for rotation: it seals with the current key and opens with the current key or
 * any previous one (PLATICA_ENCRYPTION_KEYS_PREVIOUS); GCM's tag tells which key fits.
 */
export class SecretBox {
  private readonly key: Buffer;
  private readonly previousKeys: Buffer[];

  constructor(base64Key: string, previousBase64Keys: string[] = []) {
    this.key = keyOf(base64Key, 'PLATICA_ENCRYPTION_KEY');
    this.previousKeys = previousBase64Keys.map((key) => keyOf(key, 'PLATICA_ENCRYPTION_KEYS_PREVIOUS'));
  }

  /** The service's box from its configuration; null when no key is configured (development). */
  static fromConfig(config: { PLATICA_ENCRYPTION_KEY?: string; PLATICA_ENCRYPTION_KEYS_PREVIOUS: string[] }): SecretBox | null {
    return config.PLATICA_ENCRYPTION_KEY ? new SecretBox(config.PLATICA_ENCRYPTION_KEY, config.PLATICA_ENCRYPTION_KEYS_PREVIOUS) : null;
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('not a sealed secret');
    let failure: unknown;
    for (const key of [this.key, ...this.previousKeys]) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
      } catch (error) {
        failure ??= error;
      }
    }
    throw failure;
  }

  /** Whether `sealed` was sealed with the current key (false: it needs sealing again before the old key goes). */
  isCurrent(sealed: string): boolean {
    return new SecretBox(this.key.toString('base64')).opens(sealed);
  }

  private opens(sealed: string): boolean {
    try {
      this.open(sealed);
      return true;
    } catch {
      return false;
    }
  }
}

function keyOf(base64Key: string, variable: string): Buffer {
  const key = Buffer.from(base64Key, 'base64');
  if (key.length !== 32) throw new Error(`${variable} must be 32 bytes, base64-encoded`);
  return key;
}
