import { adminRequest, UsageError } from './seed';

const USAGE = 'platica token --user EMAIL --workspace ID [--workspace ID…] [--scope platica:read|platica:write…] [--expires SECONDS]';

/** `platica token`: mints an OAuth access token (pl_at_…) through POST /admin/v1/tokens. */
export async function token(args: string[]): Promise<void> {
  const values = (flag: string) => args.flatMap((arg, i) => (arg === flag && args[i + 1] !== undefined ? [args[i + 1]!] : []));
  const [userEmail] = values('--user');
  const workspaceIds = values('--workspace');
  const scopes = values('--scope');
  const [expires] = values('--expires');
  if (!userEmail || workspaceIds.length === 0) throw new UsageError(USAGE);
  const answer = await adminRequest('POST', '/admin/v1/tokens', {
    userEmail,
    workspaceIds,
    scopes: scopes.length > 0 ? scopes : ['platica:read'],
    ...(expires ? { expiresInSeconds: Number(expires) } : {}),
  });
  process.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
}
