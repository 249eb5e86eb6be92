import type { AdminWorkspace } from '@platica/contracts';
import { ErrorCode } from '@platica/errors';
import { fake, newTestService, refusal } from '@platica/testing/test-service';
import { IdentityRepository } from '../identity/identity.repository';
import { WorkspaceSettingsService } from './workspace-settings.service';

/** Workspace `ws_1` in memory; the credit limits written. */
function world() {
  const written: [string, number | null][] = [];
  const built = newTestService(
    WorkspaceSettingsService,
    fake(IdentityRepository, {
      setCreditLimit: async (workspaceId, creditLimit) => {
        written.push([workspaceId, creditLimit]);
        return workspaceId === 'ws_1'
          ? ({ id: 'ws_1', name: 'One', timezone: 'America/Lima', creditLimit } satisfies AdminWorkspace)
          : null;
      },
    }),
  );
  return { ...built, written };
}

describe('WorkspaceSettingsService.update', () => {
  it("sets the workspace's credit limit and answers the workspace", async () => {
    const w = world();
    expect(await w.service.update('ws_1', { creditLimit: 5000 })).toEqual({
      id: 'ws_1',
      name: 'One',
      timezone: 'America/Lima',
      creditLimit: 5000,
    });
    expect(w.written).toEqual([['ws_1', 5000]]);
  });

  it('lifts the limit with null', async () => {
    const w = world();
    expect((await w.service.update('ws_1', { creditLimit: null })).creditLimit).toBeNull();
    expect(w.written).toEqual([['ws_1', null]]);
  });

  it.each([
    ['a negative limit', { creditLimit: -1 }, ['creditLimit']],
    ['a fraction', { creditLimit: 1.5 }, ['creditLimit']],
    ['no limit at all', {}, ['creditLimit']],
    ['an unknown field', { creditLimit: 1, name: 'x' }, ['name']],
  ])('refuses %s with a 400 naming the field, writing nothing', async (_case, body, path) => {
    const w = world();
    const error = await refusal(w.service.update('ws_1', body));
    expect(error.toBody()).toMatchObject({ code: 400, error: 'Invalid workspace settings' });
    expect((error.details as { path: unknown[] }[])[0]!.path).toEqual(path);
    expect(w.written).toEqual([]);
  });

  it('answers 404 for an unknown workspace', async () => {
    const w = world();
    const error = await refusal(w.service.update('ws_9', { creditLimit: 10 }));
    expect([error.code, error.details]).toEqual([ErrorCode.NotFound, { id: 'ws_9' }]);
  });
});
