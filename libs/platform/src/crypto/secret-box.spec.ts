import { randomBytes } from 'node:crypto';
import { SecretBox } from './secret-box';
import { hashCredential, newCredential, newId } from './tokens';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32).toString('base64'));

  it('seals so that only the same key opens, and never stores the plaintext', () => {
    const sealed = box.seal('EAAG-secret-token');
    expect(sealed).not.toContain('EAAG');
    expect(box.seal('EAAG-secret-token')).not.toBe(sealed); // a fresh IV each time
    expect(box.open(sealed)).toBe('EAAG-secret-token');
    expect(() => new SecretBox(randomBytes(32).toString('base64')).open(sealed)).toThrow();
  });

  it('refuses a tampered ciphertext', () => {
    const [v, iv, tag, ct] = box.seal('hello').split('.');
    const flipped = Buffer.from(ct!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([v, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
  });

  it('rotates: seals with the new key, still opens what the previous keys sealed, and tells which need sealing again', () => {
    const oldKey = randomBytes(32).toString('base64');
    const newKey = randomBytes(32).toString('base64');
    const sealedBefore = new SecretBox(oldKey).seal('EAAG-before');
    const ring = new SecretBox(newKey, [oldKey]);
    const sealedAfter = ring.seal('EAAG-after');
    expect(ring.open(sealedBefore)).toBe('EAAG-before');
    expect(ring.open(sealedAfter)).toBe('EAAG-after');
    expect(() => new SecretBox(oldKey).open(sealedAfter)).toThrow();
    expect([ring.isCurrent(sealedBefore), ring.isCurrent(sealedAfter)]).toEqual([false, true]);
    // Once the old key is dropped from the ring, what it alone sealed no longer opens.
    expect(() => new SecretBox(newKey).open(sealedBefore)).toThrow();
    expect(() => new SecretBox(newKey, ['short'])).toThrow(/PLATICA_ENCRYPTION_KEYS_PREVIOUS/);
  });

  it('refuses a key of the wrong size', () => {
    expect(() => new SecretBox(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
  });
});

describe('credentials and ids', () => {
  it('makes prefixed high-entropy credentials whose hash is stable', () => {
    const key = newCredential('pl_key_');
    expect(key).toMatch(/^pl_key_[\w-]{43}$/);
    expect(hashCredential(key)).toBe(hashCredential(key));
    expect(hashCredential(key)).not.toBe(hashCredential(newCredential('pl_key_')));
  });

  it('makes prefixed ids that sort by creation time', () => {
    const first = newId('evt');
    const later = new Promise<string>((resolve) => setTimeout(() => resolve(newId('evt')), 5));
    return later.then((second) => {
      expect(first).toMatch(/^evt_[0-9a-z]{25}$/);
      expect(second > first).toBe(true);
    });
  });
});
