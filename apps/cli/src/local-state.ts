import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Secrets the local stack generates once and keeps between runs, in `local.env` of its
 * state directory (the git-ignored `.platica/` by default): the encryption key (stored secrets must stay readable) and the admin token.
 */
export function localSecrets(
  dir: string,
  env: NodeJS.ProcessEnv,
): { encryptionKey: string; adminToken: string; generatedAdminToken: boolean } {
  const file = path.join(dir, 'local.env');
  const saved: Record<string, string> = {};
  if (existsSync(file)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const at = line.indexOf('=');
      if (at > 0) saved[line.slice(0, at)] = line.slice(at + 1);
    }
  }
  const encryptionKey = env.PLATICA_ENCRYPTION_KEY ?? saved.PLATICA_ENCRYPTION_KEY ?? randomBytes(32).toString('base64');
  const generatedAdminToken = !env.PLATICA_ADMIN_TOKEN;
  const adminToken = env.PLATICA_ADMIN_TOKEN ?? saved.PLATICA_ADMIN_TOKEN ?? `adm_${randomBytes(24).toString('base64url')}`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    file,
    `PLATICA_ENCRYPTION_KEY=${saved.PLATICA_ENCRYPTION_KEY ?? encryptionKey}\nPLATICA_ADMIN_TOKEN=${saved.PLATICA_ADMIN_TOKEN ?? adminToken}\n`,
    { mode: 0o600 },
  );
  return { encryptionKey, adminToken, generatedAdminToken };
}
