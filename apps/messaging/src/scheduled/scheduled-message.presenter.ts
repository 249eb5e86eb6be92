import type { ScheduledMessageResource } from '@platica/contracts';
import type { ScheduledMessage } from './scheduled-message.entity';

const RESCHEDULABLE = new Set(['creating', 'delayed', 'scheduled']);

export function presentScheduled(row: ScheduledMessage): ScheduledMessageResource {
  const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);
  return {
    messageId: row.id,
    kind: row.kind,
    status: row.status,
    channelId: row.channelId,
    conversationId: row.conversationId ?? null,
    campaignId: row.campaignId ?? null,
    messageType: row.messageType ?? null,
    templateName: row.templateName ?? null,
    preview: row.preview ?? null,
    phoneNumber: row.phoneNumber ?? null,
    name: row.name ?? null,
    executeAt: new Date(row.executeAt).toISOString(),
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    cancelledAt: iso(row.cancelledAt),
    sentAt: iso(row.sentAt),
    failedAt: iso(row.failedAt),
    error: row.error ?? null,
    // A campaign run's message is sent by its run, at the run's date: cancelled, never rescheduled.
    reschedulable: RESCHEDULABLE.has(row.status) && !row.runId,
  };
}

export function isReschedulable(row: ScheduledMessage): boolean {
  return RESCHEDULABLE.has(row.status);
}
