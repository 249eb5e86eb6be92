import { Injectable, Logger } from '@nestjs/common';
import { ChannelRepository } from '../channels/channel.repository';
import { MessagingConfigService } from '../config/messaging.config';
import { DueSoon } from '../scheduled/due-soon';
import { ScheduledMessageRepository } from '../scheduled/scheduled-message.repository';
import { ScheduledSendExecutor } from './scheduled-send.executor';

/** How often the table is read for what is due soon (a message accepted in another replica is seen within it). */
const POLL_MS = 250;
/** How far ahead channels (with their decrypted secrets) are opened: inside the channel cache's 5 s. */
const PREPARE_AHEAD_MS = 3_000;
/** Sends in flight at once: the re-checks and Graph calls of a due batch run concurrently. */
const CONCURRENCY = 32;

/**
 * Sends scheduled messages at their time. It runs inside the dispatcher activity, which
 * Temporal keeps running on some messaging worker (scheduledSendsDispatcherWorkflow): when
 * a worker dies, the activity's heartbeat stops and Temporal runs it again elsewhere.
 *
 * It wakes at the earliest due message (or every POLL_MS), claims what is due with
 * `FOR UPDATE SKIP LOCKED` and sends the batch concurrently. Channels are opened ahead of
 * their messages' time, so the due instant costs the re-checks, the Graph call and one write.
 */
@Injectable()
export class ScheduledSendsDispatcher {
  private readonly logger = new Logger('scheduled-dispatcher');
  private readonly leaseMs: number;

  constructor(
    private readonly repository: ScheduledMessageRepository,
    private readonly executor: ScheduledSendExecutor,
    private readonly channels: ChannelRepository,
    private readonly dueSoon: DueSoon,
    config: MessagingConfigService,
  ) {
    // A claim outlives the slowest send it covers, so it never expires under a live send.
    this.leaseMs = config.values.META_GRAPH_TIMEOUT_MS + 5_000;
  }

  /** Dispatches until `until` (epoch ms) or `signal`; returns once the sends it started have ended. */
  async run(until: number, signal: AbortSignal, heartbeat: () => void): Promise<void> {
    const inFlight = new Set<Promise<void>>();
    const sleep: { wake: (() => void) | null; until: number } = { wake: null, until: 0 };
    const wakeNow = () => sleep.wake?.();
    // A message accepted here due before the planned wake moves the wake up.
    this.dueSoon.listen((at) => {
      if (at < sleep.until) wakeNow();
    });
    const onSlotFreed = () => {
      if (sleep.until === Infinity) wakeNow();
    };
    signal.addEventListener('abort', wakeNow);
    try {
      while (!signal.aborted && Date.now() < until) {
        heartbeat();
        const backlog = await this.claimAndStart(inFlight, onSlotFreed);
        const upcoming = await this.repository.upcoming(new Date(Date.now() + PREPARE_AHEAD_MS));
        for (const channel of upcoming) void this.channels.findForWorkspace(channel.workspaceId, channel.channelId).catch(() => undefined);
        const nextDue = Math.min(...upcoming.map((u) => u.nextDueAt.getTime()));
        // With more due than free slots, the next wake is a freed slot.
        if (backlog && inFlight.size < CONCURRENCY) continue; // slots freed meanwhile
        sleep.until = backlog ? Infinity : Math.min(Date.now() + POLL_MS, nextDue, until);
        const delay = backlog ? POLL_MS : sleep.until - Date.now();
        if (delay > 0 && !signal.aborted) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, delay);
            sleep.wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          sleep.wake = null;
        }
      }
    } finally {
      this.dueSoon.listen(null);
      signal.removeEventListener('abort', wakeNow);
      await Promise.allSettled([...inFlight]);
    }
  }

  /** Claims what is due into the free slots; true when slots ran out before the due messages did. */
  private async claimAndStart(inFlight: Set<Promise<void>>, onSlotFreed: () => void): Promise<boolean> {
    for (;;) {
      const free = CONCURRENCY - inFlight.size;
      if (free <= 0) return true;
      const now = Date.now();
      const claimed = await this.repository.claimDue(new Date(now), new Date(now + this.leaseMs), free);
      for (const send of claimed) {
        const running: Promise<void> = this.executor
          .run(send)
          .catch((error: unknown) => this.logger.error({ msg: 'scheduled send failed', messageId: send.id, error: String(error) }))
          .finally(() => {
            inFlight.delete(running);
            onSlotFreed();
          });
        inFlight.add(running);
      }
      if (claimed.length < free) return false;
    }
  }
}
