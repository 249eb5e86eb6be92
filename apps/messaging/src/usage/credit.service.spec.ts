import { workspaceOperations, type WorkspaceProfile } from '@platica/contracts';
import { DomainError } from '@platica/errors';
import { fake, newTestService } from '@platica/testing/test-service';
import { creditFigures } from './credit-limit';
import { CreditRepository } from './credit.repository';
import { CreditService } from './credit.service';
import type { Span } from '@platica/platform';
import { UsageRepository } from './usage.repository';

/**
 * The credit service over a count in memory (`used` billable messages, spread over actor
 * types as the aggregates answer them) and a gateway answering the workspace's profile.
 */
function world(options: { creditLimit: number | null; used: number; timezone?: string }) {
  const state = { ...options, gatewayDown: false };
  const reads: Span[] = [];
  const claims = new Set<string>();
  const built = newTestService(
    CreditService,
    fake(UsageRepository, {
      messagesByActor: async (_workspaceId: string, span: Span, source: string) => {
        reads.push(span);
        // The period's whole buckets hold everything; a partial edge (none for a month) nothing.
        if (source !== 'aggregates') return [];
        const ai = Math.floor(state.used / 2);
        return [
          { actorType: 'ai', actorId: null, messages: ai },
          { actorType: 'api', actorId: null, messages: state.used - ai },
        ];
      },
    }),
    fake(CreditRepository, {
      claimReached: async (_tx, claim) => {
        const key = `${claim.workspaceId}|${claim.periodStart.toISOString()}`;
        if (claims.has(key)) return false;
        claims.add(key);
        return true;
      },
    }),
  );
  built.rpc.answer(workspaceOperations.profiles.subject, (_body, envelope) => {
    if (state.gatewayDown) throw new Error('gateway unavailable');
    const workspaceId = (envelope as { workspaceId: string }).workspaceId;
    const profile: WorkspaceProfile = {
      id: workspaceId,
      timezone: state.timezone ?? 'America/Mexico_City',
      creditLimit: state.creditLimit,
      users: [],
    };
    return { workspaces: [profile] };
  });
  return { ...built, state, reads };
}

async function refusalOf(work: Promise<unknown>): Promise<DomainError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe('creditFigures', () => {
  it.each([
    [null, 5, { limit: null, used: 5, remaining: null, reached: false }],
    [10, 9, { limit: 10, used: 9, remaining: 1, reached: false }],
    [10, 10, { limit: 10, used: 10, remaining: 0, reached: true }],
    // Sends in flight when the limit is reached may pass it: never a negative remainder.
    [10, 12, { limit: 10, used: 12, remaining: 0, reached: true }],
    [0, 0, { limit: 0, used: 0, remaining: 0, reached: true }],
  ])('limit %p, %p used', (limit, used, expected) => {
    expect(creditFigures(limit, used)).toEqual(expected);
  });
});

describe('CreditService', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-11-23T15:00:00Z'), doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  });
  afterEach(() => jest.useRealTimers());

  it('lets a workspace without a limit through without counting anything', async () => {
    const w = world({ creditLimit: null, used: 1_000_000 });
    await expect(w.service.requireCredit('ws_1')).resolves.toBeUndefined();
    expect(await w.service.status('ws_1')).toBeNull();
    expect(w.reads).toEqual([]);
    expect(w.unitOfWork.events).toEqual([]);
  });

  it("counts the billing period's billable messages (the calendar month in the workspace's timezone)", async () => {
    const w = world({ creditLimit: 3, used: 2 });
    expect(await w.service.status('ws_1')).toEqual({
      limit: 3,
      used: 2,
      remaining: 1,
      reached: false,
      billingPeriod: { startDate: '2026-11-01T00:00:00.000-06:00', endDate: '2026-11-30T23:59:59.999-06:00' },
    });
    expect(w.reads).toEqual([{ from: new Date('2026-11-01T06:00:00Z'), to: new Date('2026-12-01T06:00:00Z') }]);
    await expect(w.service.requireCredit('ws_1')).resolves.toBeUndefined();
    expect(w.unitOfWork.events).toEqual([]);
  });

  it("refuses with 402 in the spec's shape once the count is at the limit, naming the limit and the period", async () => {
    const w = world({ creditLimit: 3, used: 3 });
    const refusal = await refusalOf(w.service.requireCredit('ws_1'));
    expect(refusal.toBody()).toEqual({
      code: 402,
      error: 'The workspace reached its credit limit: 3 of 3 billable messages this billing period',
      details: {
        reason: 'credit_limit_reached',
        creditLimit: 3,
        billableMessages: 3,
        billingPeriod: { startDate: '2026-11-01T00:00:00.000-06:00', endDate: '2026-11-30T23:59:59.999-06:00' },
      },
    });
  });

  it('records workspace.credit_limit.reached once per billing period, through the outbox', async () => {
    const w = world({ creditLimit: 3, used: 4 });
    await refusalOf(w.service.requireCredit('ws_1'));
    await refusalOf(w.service.requireCredit('ws_1'));
    jest.advanceTimersByTime(60_000); // past every cache: the claim, not the cache, keeps it once
    expect(await w.service.isReached('ws_1')).toBe(true);
    expect(w.unitOfWork.events.map(({ schema, type, workspaceId, data }) => ({ schema, type, workspaceId, data }))).toEqual([
      {
        schema: 'messaging',
        type: 'workspace.credit_limit.reached',
        workspaceId: 'ws_1',
        data: {
          creditLimit: 3,
          billableMessages: 4,
          billingPeriod: { startDate: '2026-11-01T00:00:00.000-06:00', endDate: '2026-11-30T23:59:59.999-06:00' },
        },
      },
    ]);

    // The next month is a new period: reached again, a new event.
    jest.setSystemTime(new Date('2026-12-02T15:00:00Z'));
    expect(await w.service.isReached('ws_1')).toBe(true);
    expect(w.unitOfWork.events.map((e) => (e.data as { billingPeriod: { startDate: string } }).billingPeriod.startDate)).toEqual([
      '2026-11-01T00:00:00.000-06:00',
      '2026-12-01T00:00:00.000-06:00',
    ]);
  });

  it('reads the count again on every check below the limit, and keeps a reached limit only as long as the profile', async () => {
    const w = world({ creditLimit: 3, used: 1 });
    expect(await w.service.isReached('ws_1')).toBe(false);
    w.state.used = 3;
    expect(await w.service.isReached('ws_1')).toBe(true);
    expect(w.reads).toHaveLength(2);
    expect(await w.service.isReached('ws_1')).toBe(true);
    expect(w.reads).toHaveLength(2); // reached: not counted again while the profile is fresh

    // The operator raises the limit: it applies once the profile is read again (5 s).
    w.state.creditLimit = 10;
    jest.advanceTimersByTime(5_001);
    expect(await w.service.status('ws_1')).toMatchObject({ limit: 10, used: 3, remaining: 7, reached: false });
  });

  it('keeps the last profile the gateway gave when it cannot answer', async () => {
    const w = world({ creditLimit: 3, used: 3 });
    expect(await w.service.isReached('ws_1')).toBe(true);
    w.state.gatewayDown = true;
    jest.advanceTimersByTime(60_000);
    expect(await w.service.isReached('ws_1')).toBe(true);
    // A workspace never profiled has no limit known: its sends go on.
    expect(await w.service.isReached('ws_2')).toBe(false);
  });

  it("shows a workspace's credit in usage whether or not it has a limit", async () => {
    const w = world({ creditLimit: null, used: 7 });
    const profile = { id: 'ws_1', timezone: 'UTC', creditLimit: 5, users: [] };
    expect(await w.service.figures('ws_1', profile, 'UTC', new Date())).toEqual({ limit: 5, used: 7, remaining: 0, reached: true });
    expect(await w.service.figures('ws_1', { ...profile, creditLimit: null }, 'UTC', new Date())).toEqual({
      limit: null,
      used: 7,
      remaining: null,
      reached: false,
    });
  });
});
