import type { ConversationStatus } from '@platica/contracts';
import { CHAT_SOURCE } from '../conversations/conversation.repository';

/** Meta's customer service window: 24 hours from the customer's latest message (spec › Send custom message, channel rules 1-2). */
export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The platforms whose conversations live by Meta's service window. */
export const WINDOWED_PLATFORMS = ['whatsapp', 'instagram', 'facebook'] as const;
/** The statuses that expire; `finished`, `spam` and `expired` itself never do. */
export const EXPIRING_STATUSES = ['initiated', 'active'] as const satisfies readonly ConversationStatus[];

/** Why a conversation expires. */
export type ExpiryReason = 'service_window_closed' | 'chat_idle';

export interface ExpirySettings {
  /** PLATICA_CHAT_IDLE_EXPIRY_MS */
  chatIdleMs: number;
  /** PLATICA_EXPIRY_QUIET_MS */
  quietMs: number;
}

/** The instants the rule compares with, from one `now` (the SQL and the rule take the same ones). */
export interface ExpiryCutoffs {
  /** A window whose reference instant is at or before this has closed. */
  windowClosedBefore: Date;
  /** A chat thread untouched since at or before this is idle. */
  chatIdleBefore: Date;
  /** A conversation untouched since at or before this is quiet. */
  quietBefore: Date;
}

export function expiryCutoffs(now: Date, settings: ExpirySettings): ExpiryCutoffs {
  return {
    windowClosedBefore: new Date(now.getTime() - SERVICE_WINDOW_MS),
    chatIdleBefore: new Date(now.getTime() - settings.chatIdleMs),
    quietBefore: new Date(now.getTime() - settings.quietMs),
  };
}

/** What the rule reads of a conversation: its row, and the open work messaging knows of. */
export interface ExpiryCandidate {
  platform: string;
  source: string | null;
  status: ConversationStatus;
  operation: 'automatic' | 'assistance';
  lastUserMessageAt: Date | null;
  resumeRequestedAt: Date | null;
  updatedAt: Date;
  /** An agent's reply claimed for delivery and not settled (`sending`). */
  replyInFlight: boolean;
  /** A scheduled message of the conversation still `creating`, `delayed`, `scheduled` or `processing`. */
  scheduledPending: boolean;
}

/**
 * Whether a conversation expires now, and why (docs/sending-messages.md › Expiry):
 * - a chat thread (`api_chat`) untouched for PLATICA_CHAT_IDLE_EXPIRY_MS;
 * - a WhatsApp, Instagram or Messenger conversation whose service window has closed: 24 hours
 *   after the customer's latest message (by Meta's timestamp), or, when the customer never
 *   wrote (a conversation a template opened), 24 hours after its latest write;
 * and in both cases only with nothing open: `initiated` or `active`, not in human assistance
 * (`operation: assistance`), no `resume` instruction waiting for the agent, no reply being
 * delivered, no scheduled message pending, no turn running (`turnRunning`, asked of Temporal)
 * and nothing written for PLATICA_EXPIRY_QUIET_MS (a turn asked for by the latest write may
 * still be on its way to the agent runtime). Other conversations (email, telegram, internal
 * ones that are not chats) have no window and never expire.
 */
export function expiryReason(candidate: ExpiryCandidate, cutoffs: ExpiryCutoffs, turnRunning: boolean): ExpiryReason | null {
  if (!(EXPIRING_STATUSES as readonly string[]).includes(candidate.status)) return null;
  const openWork =
    candidate.operation === 'assistance' ||
    candidate.resumeRequestedAt !== null ||
    candidate.replyInFlight ||
    candidate.scheduledPending ||
    turnRunning ||
    candidate.updatedAt > cutoffs.quietBefore;
  if (openWork) return null;
  if (candidate.source === CHAT_SOURCE) return candidate.updatedAt <= cutoffs.chatIdleBefore ? 'chat_idle' : null;
  if (!(WINDOWED_PLATFORMS as readonly string[]).includes(candidate.platform)) return null;
  const windowFrom = candidate.lastUserMessageAt ?? candidate.updatedAt;
  return windowFrom <= cutoffs.windowClosedBefore ? 'service_window_closed' : null;
}
