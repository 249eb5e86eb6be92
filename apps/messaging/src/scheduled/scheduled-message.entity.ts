import { defineEntity, p } from '@mikro-orm/core';
import type { AuthContext, ScheduledStatus } from '@platica/contracts';

/**
 * A send accepted for later (202). Its workflow (`scheduled-message-<id>`) owns the timing;
 * this row is what the API reads, and what the execution replays: the original request body
 * and the credential that sent it.
 */
const ScheduledMessageSchema = defineEntity({
  name: 'ScheduledMessage',
  tableName: 'scheduled_message',
  properties: {
    id: p.text().primary(),
    workspaceId: p.text(),
    kind: p.text().$type<'service' | 'template'>(),
    status: p.text().$type<ScheduledStatus>(),
    channelId: p.text(),
    conversationId: p.text().nullable(),
    campaignId: p.text().nullable(),
    messageType: p.text().nullable(),
    templateName: p.text().nullable(),
    preview: p.text().nullable(),
    phoneNumber: p.text().nullable(),
    name: p.text().nullable(),
    executeAt: p.datetime(),
    delayMs: p.integer().nullable(),
    scheduledTime: p.text().nullable(),
    /** The send's body without `delay` / `scheduleTime`, replayed at execution. */
    request: p.json<Record<string, unknown>>(),
    /** Who scheduled it (the credential's auth context), so the send is attributed to them. */
    actor: p.json<AuthContext>(),
    /** The newest reschedule written (the workflow numbers them; an older one never overwrites). */
    revision: p.integer().default(0),
    sentMessageId: p.text().nullable(),
    error: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    cancelledAt: p.datetime().nullable(),
    sentAt: p.datetime().nullable(),
    failedAt: p.datetime().nullable(),
  },
  indexes: [{ properties: ['workspaceId', 'executeAt', 'id'], name: 'scheduled_message_workspace_execute_at_index' }],
});
export class ScheduledMessage extends ScheduledMessageSchema.class {}
ScheduledMessageSchema.setClass(ScheduledMessage);
