import { Injectable, Logger } from '@nestjs/common';
import { UnitOfWork } from '@platica/platform';
import { CHAT_SOURCE } from '../conversations/conversation.repository';
import { MessagingConfigService } from '../config/messaging.config';
import { ConversationExpiryRepository, type ExpiryCandidateRow } from './conversation-expiry.repository';
import { expiryCutoffs, expiryReason } from './expiry-rule';
import { ExpiryWorkflows } from './expiry.workflows';

/** Conversations read (and expired, each page in one transaction) at a time. */
const PAGE = 100;

/**
 * One expiry sweep (docs/sending-messages.md › Expiry): pages through the conversations the
 * rule may expire, leaves out those with a turn running, and expires the rest. Idempotent: a
 * conversation expires once (the update takes only open ones, and only if nothing was written
 * since it was read), so a sweep run twice, or interrupted and run again, expires nothing twice.
 */
@Injectable()
export class ConversationExpiryService {
  private readonly logger = new Logger('conversation-expiry');

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly repository: ConversationExpiryRepository,
    private readonly workflows: ExpiryWorkflows,
    private readonly config: MessagingConfigService,
  ) {}

  /** Expires what is due at `now`; answers how many. `progress` is called after each page (the activity's heartbeat). */
  async sweep(now = new Date(), progress: () => void = () => undefined): Promise<number> {
    const values = this.config.values;
    const cutoffs = expiryCutoffs(now, { chatIdleMs: values.PLATICA_CHAT_IDLE_EXPIRY_MS, quietMs: values.PLATICA_EXPIRY_QUIET_MS });
    let expired = 0;
    let after: { updatedAt: string; id: string } | null = null;
    for (;;) {
      const page = await this.repository.candidates(cutoffs, after, PAGE);
      if (!page.length) break;
      const running = await this.workflows.runningTurns(page.map((c) => ({ workspaceId: c.workspaceId, turnKey: turnKeyOf(c) })));
      const due = page.filter((c) => expiryReason(c, cutoffs, running.has(turnKeyOf(c))) !== null);
      const done = await this.unitOfWork.run((transaction) => this.repository.expire(transaction, cutoffs, due));
      expired += done.length;
      progress();
      const last = page.at(-1)!;
      after = { updatedAt: last.seenUpdatedAt, id: last.id };
      if (page.length < PAGE) break;
    }
    if (expired) this.logger.log({ msg: 'conversations expired', count: expired });
    return expired;
  }
}

/** A turn workflow is keyed by the chat's thread id for chats (the chat service starts it), by the conversation's id otherwise. */
function turnKeyOf(candidate: ExpiryCandidateRow): string {
  return candidate.source === CHAT_SOURCE ? candidate.conversationId : candidate.id;
}
