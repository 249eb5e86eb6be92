import { ErrorCode } from '@platica/errors';
import { fake, newTestService, refusal } from '@platica/testing/test-service';
import { AccessTokenRepository } from '../oauth/access-token.repository';
import { TokenMintingService } from './token-minting.service';

/** The access tokens minted, each answered as `pl_at_<n>`. */
function world() {
  const minted: Parameters<AccessTokenRepository['mint']>[0][] = [];
  const built = newTestService(
    TokenMintingService,
    fake(AccessTokenRepository, {
      mint: async (input) => {
        minted.push(input);
        return {
          token: `pl_at_${minted.length}`,
          expiresAt: '2026-11-20T13:00:00.000Z',
          scopes: input.scopes,
          workspaceIds: input.workspaceIds,
        };
      },
    }),
  );
  return { ...built, minted };
}

const body = { userEmail: 'ana@example.com', workspaceIds: ['ws_1'], scopes: ['platica:read'] };

describe('TokenMintingService.mint', () => {
  it('mints for one hour unless told otherwise, answering what the repository minted', async () => {
    const w = world();
    expect(await w.service.mint(body)).toEqual({
      token: 'pl_at_1',
      expiresAt: '2026-11-20T13:00:00.000Z',
      scopes: ['platica:read'],
      workspaceIds: ['ws_1'],
    });
    expect(w.minted).toEqual([{ ...body, expiresInSeconds: 3600, ttlSeconds: 3600 }]);
  });

  it('passes the lifetime asked for as the ttl', async () => {
    const w = world();
    await w.service.mint({ ...body, expiresInSeconds: 600 });
    expect(w.minted[0]!.ttlSeconds).toBe(600);
  });

  it.each([
    ['an email that is none', { ...body, userEmail: 'ana' }, ['userEmail']],
    ['no workspaces', { ...body, workspaceIds: [] }, ['workspaceIds']],
    ['an unknown scope', { ...body, scopes: ['platica:root'] }, ['scopes', 0]],
    ['a lifetime under a minute', { ...body, expiresInSeconds: 59 }, ['expiresInSeconds']],
  ])('refuses %s with a 400 naming the field, minting nothing', async (_case, given, path) => {
    const w = world();
    // mint validates before it returns its promise: a refusal is thrown, not a rejected promise.
    const error = await refusal(Promise.resolve().then(() => w.service.mint(given)));
    expect([error.code, error.message]).toEqual([ErrorCode.Validation, 'Invalid token request']);
    expect((error.details as { path: unknown[] }[]).map((issue) => issue.path)).toEqual([path]);
    expect(w.minted).toEqual([]);
  });
});
