import { fake, newTestService } from '@platica/testing/test-service';
import type { Conversation } from '../conversations/conversation.entity';
import { MessagingConfigService, type MessagingConfig } from '../config/messaging.config';
import { ConversationExpiryRepository, type ExpiryCandidateRow } from './conversation-expiry.repository';
import { ConversationExpiryService } from './conversation-expiry.service';
import { ExpiryWorkflows } from './expiry.workflows';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const HOUR = 3_600_000;

function candidate(id: string, changes: Partial<ExpiryCandidateRow> = {}): ExpiryCandidateRow {
  const updatedAt = new Date(NOW.getTime() - 25 * HOUR);
  return {
    id,
    workspaceId: 'ws_1',
    conversationId: `521555${id}`,
    platform: 'whatsapp',
    source: 'meta',
    status: 'active',
    operation: 'automatic',
    lastUserMessageAt: updatedAt,
    resumeRequestedAt: null,
    updatedAt,
    replyInFlight: false,
    scheduledPending: false,
    seenUpdatedAt: `${updatedAt.toISOString()} (${id})`,
    ...changes,
  };
}

/** The sweep over pages the repository answers, with the turns Temporal says are running. */
function world(pages: ExpiryCandidateRow[][], running: string[] = []) {
  const asked: { after: unknown; limit: number }[] = [];
  const expired: { id: string; seenUpdatedAt: string }[][] = [];
  const describedKeys: string[][] = [];
  const { service } = newTestService(
    ConversationExpiryService,
    fake(ConversationExpiryRepository, {
      candidates: async (_cutoffs, after, limit) => {
        asked.push({ after, limit });
        return pages[asked.length - 1] ?? [];
      },
      expire: async (_transaction, _cutoffs, seen) => {
        expired.push(seen.map(({ id, seenUpdatedAt }) => ({ id, seenUpdatedAt })));
        return seen.map(({ id }) => ({ id }) as Conversation);
      },
    }),
    fake(ExpiryWorkflows, {
      runningTurns: async (keys) => {
        describedKeys.push(keys.map((k) => k.turnKey));
        return new Set(keys.map((k) => k.turnKey).filter((key) => running.includes(key)));
      },
    }),
    fake(MessagingConfigService, {
      values: { PLATICA_CHAT_IDLE_EXPIRY_MS: 2 * HOUR, PLATICA_EXPIRY_QUIET_MS: 60_000 } as MessagingConfig,
    }),
  );
  return { service, asked, expired, describedKeys };
}

describe('ConversationExpiryService.sweep', () => {
  it('expires the candidates whose turn is not running, asking Temporal by the key each turn workflow has', async () => {
    const chat = candidate('conv_chat', { platform: 'service', source: 'api_chat', conversationId: 'chat_7f' });
    const { service, expired, describedKeys } = world([[candidate('conv_a'), candidate('conv_busy'), chat]], ['conv_busy']);
    expect(await service.sweep(NOW)).toBe(2);
    // A chat's turn workflow is keyed by its thread id (the chat service starts it), a Meta conversation's by its id.
    expect(describedKeys).toEqual([['conv_a', 'conv_busy', 'chat_7f']]);
    expect(expired).toEqual([
      [
        { id: 'conv_a', seenUpdatedAt: expect.stringContaining('(conv_a)') },
        { id: 'conv_chat', seenUpdatedAt: expect.stringContaining('(conv_chat)') },
      ],
    ]);
  });

  it('pages through every candidate, each page after the last one read (those left open included)', async () => {
    const first = Array.from({ length: 100 }, (_, i) => candidate(`conv_${String(i).padStart(3, '0')}`));
    const { service, asked, expired } = world([first, [candidate('conv_last')]], ['conv_099']);
    expect(await service.sweep(NOW)).toBe(100);
    expect(asked).toEqual([
      { after: null, limit: 100 },
      { after: { updatedAt: first[99]!.seenUpdatedAt, id: 'conv_099' }, limit: 100 },
    ]);
    expect(expired.map((page) => page.length)).toEqual([99, 1]);
  });

  it('expires nothing (and writes nothing) when nothing is due', async () => {
    const { service, asked, expired } = world([]);
    expect(await service.sweep(NOW)).toBe(0);
    expect([asked.length, expired]).toEqual([1, []]);
  });
});
