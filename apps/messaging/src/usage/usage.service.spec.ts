import { agentOperations, workspaceOperations, type UsageBreakdown, type WorkspaceProfile } from '@platica/contracts';
import { DomainError } from '@platica/errors';
import { fake, newTestService } from '@platica/testing/test-service';
import type { Span } from '@platica/platform';
import { creditFigures } from './credit-limit';
import { CreditService } from './credit.service';
import { UsageRepository } from './usage.repository';
import { UsageService } from './usage.service';

const PROFILES = workspaceOperations.profiles.subject;

interface Read {
  what: string;
  workspaceId: string;
  span: Span;
  source: string;
  dimension?: UsageBreakdown;
}

/**
 * The usage service over aggregates in memory: every read answers `perRead` conversations on
 * the range's first day (by key), one assisted conversation of two requests, and is recorded;
 * the gateway answers `profiles`.
 */
function world(profiles: WorkspaceProfile[], perRead: { key: string | null; value: number }[] = [{ key: 'whatsapp', value: 3 }]) {
  const reads: Read[] = [];
  const recorded: unknown[] = [];
  const built = newTestService(
    UsageService,
    fake(UsageRepository, {
      conversationsByDay: async (workspaceId: string, _starts: Date[], span: Span, dimension: UsageBreakdown, source: string) => {
        reads.push({ what: 'conversations', workspaceId, span, source, dimension });
        return perRead.map((row) => ({ day: 1, ...row }));
      },
      assistance: async (workspaceId: string, span: Span, source: string) => {
        reads.push({ what: 'assistance', workspaceId, span, source });
        return { assisted: 1, requests: 2 };
      },
      assistanceOfConversationsCreated: async (workspaceId: string, span: Span) => {
        reads.push({ what: 'assistance', workspaceId, span, source: 'recount' });
        return { assisted: 1, requests: 2 };
      },
      channelNames: async () => new Map([['ch_1', 'Ventas']]),
      messagesByActor: async (workspaceId: string, span: Span, source: string) => {
        reads.push({ what: 'actors', workspaceId, span, source });
        return [];
      },
      evaluationTokens: async (workspaceId: string, span: Span) => {
        reads.push({ what: 'evaluations', workspaceId, span, source: 'recount' });
        return { evaluationCount: 1, turnCount: 2, inputTokens: 300, outputTokens: 45 };
      },
      recordEvaluationTurn: async (report: unknown) => void recorded.push(report),
    }),
    // The credit's own figures are credit.service.spec.ts's: here, each workspace's limit as its profile says, none used.
    fake(CreditService, {
      figures: async (_id: string, profile: WorkspaceProfile | undefined) => creditFigures(profile?.creditLimit ?? null, 0),
    }),
  );
  let gatewayFails = false;
  built.rpc.answer(PROFILES, () => {
    if (gatewayFails) throw new Error('gateway unavailable');
    return { workspaces: profiles };
  });
  return { service: built.service, rpc: built.rpc, reads, recorded, failGateway: (fails: boolean) => (gatewayFails = fails) };
}

const lima = { id: 'ws_lima', name: 'Lima' };
const elsewhere = { id: 'ws_x', name: 'Somewhere' };
const request = (workspaces: { id: string; name: string }[], workspaceId?: string) =>
  ({ auth: { principal: 'user:u1', workspaces }, ...(workspaceId ? { workspaceId } : {}) }) as never;

describe('UsageService.conversations', () => {
  it('names the agents of the by-agent breakdown as the agents service does, by id where it cannot', async () => {
    const w = world(
      [{ id: 'ws_x', timezone: 'UTC', creditLimit: null, users: [] }],
      [
        { key: 'agt_1', value: 2 },
        { key: 'agt_gone', value: 1 },
        { key: null, value: 1 },
      ],
    );
    w.rpc.answer(agentOperations.list.subject, () => ({
      workspaces: [{ id: 'ws_x', name: 'Somewhere', agents: [{ id: 'agt_1', name: 'Sofía' }] }],
    }));
    const named = await w.service.conversations(request([elsewhere]), { breakdown: 'agent' });
    expect(named.workspaces[0]!.conversations.breakdown.totals.map((row) => [row.key, row.label])).toEqual([
      ['agt_1', 'Sofía'],
      [null, 'No agent'],
      ['agt_gone', 'agt_gone'],
    ]);
  });

  it("resolves the range's days in each workspace's timezone, UTC when its timezone is unknown", async () => {
    const w = world([
      { id: 'ws_lima', timezone: 'America/Lima', creditLimit: null, users: [] },
      { id: 'ws_x', timezone: 'Mars/Olympus', creditLimit: null, users: [] },
    ]);
    const answer = await w.service.conversations(request([lima, elsewhere]), { startDate: '2026-03-10', endDate: '2026-03-11' });
    const spanOf = (id: string) => w.reads.find((r) => r.workspaceId === id && r.what === 'conversations')!.span;
    expect(spanOf('ws_lima')).toEqual({ from: new Date('2026-03-10T05:00:00Z'), to: new Date('2026-03-12T05:00:00Z') });
    expect(spanOf('ws_x')).toEqual({ from: new Date('2026-03-10T00:00:00Z'), to: new Date('2026-03-12T00:00:00Z') });
    expect(answer.workspacesCount).toBe(2);
    expect(answer.workspaces[0]).toMatchObject({
      id: 'ws_lima',
      name: 'Lima',
      conversations: {
        range: { startDate: expect.stringMatching(/^2026-03-10T00:00:00(\.000)?-05:00$/) as unknown },
        breakdown: { dimension: 'platform', series: [{ date: '2026-03-10', key: 'whatsapp', value: 3 }] },
      },
    });
  });

  it('refuses a range that ends before it starts, naming endDate, before reading any figure', async () => {
    const w = world([{ id: 'ws_lima', timezone: 'America/Lima', creditLimit: null, users: [] }]);
    const refused = await w.service
      .conversations(request([lima]), { startDate: '2026-03-11', endDate: '2026-03-10' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).toBody()).toMatchObject({ code: 400, details: [expect.objectContaining({ path: ['endDate'] })] });
    expect(w.reads).toEqual([]);
  });

  it('reads whole 15-minute buckets from the aggregates and recounts the partial edges, summing both', async () => {
    const w = world([{ id: 'ws_x', timezone: 'UTC', creditLimit: null, users: [] }]);
    const answer = await w.service.conversations(request([elsewhere]), {
      startDate: '2026-03-10T10:07:00Z',
      endDate: '2026-03-10T11:52:00Z',
    });
    const conversationReads = w.reads.filter((r) => r.what === 'conversations');
    expect(conversationReads.map((r) => [r.source, r.span.from.toISOString()])).toEqual([
      ['aggregates', '2026-03-10T10:15:00.000Z'],
      ['recount', '2026-03-10T10:07:00.000Z'],
      ['recount', '2026-03-10T11:45:00.000Z'],
    ]);
    expect(conversationReads[0]!.span.to.toISOString()).toBe('2026-03-10T11:45:00.000Z');
    // Three reads of 3 conversations, one assisted (of two requests) in each.
    expect(answer.workspaces[0]!.conversations.summary).toEqual({
      conversationCount: 9,
      assistedConversationCount: 3,
      assistanceRequestCount: 6,
      autonomyRate: 66.67,
    });
  });

  it("counts a conversation once in the summary when broken down by tag (it has many), from the platform's counts", async () => {
    const w = world(
      [{ id: 'ws_x', timezone: 'UTC', creditLimit: null, users: [] }],
      [
        { key: 'vip', value: 4 },
        { key: null, value: 1 },
      ],
    );
    const answer = await w.service.conversations(request([elsewhere]), {
      startDate: '2026-03-10',
      endDate: '2026-03-10',
      breakdown: 'tag',
    });
    expect(w.reads.filter((r) => r.what === 'conversations').map((r) => r.dimension)).toEqual(['tag', 'platform']);
    const { summary, breakdown } = answer.workspaces[0]!.conversations;
    expect(summary.conversationCount).toBe(5);
    expect(breakdown.totals.map((t) => t.label)).toEqual(['vip', 'No tag']);
  });

  it("labels channels by their names, an unknown channel by its id and none as 'Unknown'", async () => {
    const w = world(
      [{ id: 'ws_x', timezone: 'UTC', creditLimit: null, users: [] }],
      [
        { key: 'ch_1', value: 3 },
        { key: 'ch_gone', value: 2 },
        { key: null, value: 1 },
      ],
    );
    const answer = await w.service.conversations(request([elsewhere]), {
      startDate: '2026-03-10',
      endDate: '2026-03-10',
      breakdown: 'channel',
    });
    expect(answer.workspaces[0]!.conversations.breakdown.totals.map((t) => t.label)).toEqual(['Ventas', 'ch_gone', 'Unknown']);
  });

  it('reads only the workspace the request names, of those in its scope', async () => {
    const w = world([{ id: 'ws_x', timezone: 'UTC', creditLimit: null, users: [] }]);
    const answer = await w.service.conversations(request([lima, elsewhere], 'ws_x'), {});
    expect(answer.workspaces.map((ws) => ws.id)).toEqual(['ws_x']);
    expect(new Set(w.reads.map((r) => r.workspaceId))).toEqual(new Set(['ws_x']));
  });

  it("asks the gateway for the workspaces' timezones once for a while, and again after it failed", async () => {
    const w = world([{ id: 'ws_x', timezone: 'UTC', creditLimit: null, users: [] }]);
    w.failGateway(true);
    await expect(w.service.conversations(request([elsewhere]), {})).rejects.toThrow('gateway unavailable');
    w.failGateway(false);
    await w.service.conversations(request([elsewhere]), {});
    await w.service.actors(request([elsewhere]), {});
    expect(w.rpc.bodiesTo(PROFILES)).toHaveLength(2);
  });
});

describe('UsageService evaluation tokens', () => {
  it("answers the range's evaluation tokens apart from the actors' messages, read over the whole range", async () => {
    const w = world([{ id: 'ws_x', timezone: 'UTC', creditLimit: null, users: [] }]);
    const answer = await w.service.actors(request([elsewhere]), { startDate: '2026-11-01T08:07:00Z', endDate: '2026-11-02T00:00:00Z' });
    expect(answer.workspaces[0]!.actors).toMatchObject({
      summary: { totalMessages: 0 },
      evaluations: { evaluationCount: 1, turnCount: 2, inputTokens: 300, outputTokens: 45, totalTokens: 345 },
    });
    const [read] = w.reads.filter((r) => r.what === 'evaluations');
    expect(read!.span.from.toISOString()).toBe('2026-11-01T08:07:00.000Z');
  });

  it('records a reported turn with whole, non-negative token counts', async () => {
    const w = world([]);
    await w.service.recordEvaluationTurn({ workspaceId: 'ws_x', evaluationId: 'ev_1', turnId: 't1', inputTokens: 12.4, outputTokens: -3 });
    expect(w.recorded).toEqual([{ workspaceId: 'ws_x', evaluationId: 'ev_1', turnId: 't1', inputTokens: 12, outputTokens: 0 }]);
  });
});
