import { defineEntity, p } from '@mikro-orm/core';
import type { AuthContext, ScheduledStatus } from '@platica/contracts';
import type { ServiceSendBody, TemplateSendBody } from './schedule-timing';

/**
 * A send accepted for later (202). This row is the schedule: the API reads and changes it
 * with conditional updates, the dispatcher claims it when it is due and runs its stored send
 * command, and the message it sends is stored under the same id.
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
    /** A campaign run's message (issue 16): its run sends it, throttled; the dispatcher leaves it alone. */
    runId: p.text().nullable(),
    messageType: p.text().nullable(),
    templateName: p.text().nullable(),
    preview: p.text().nullable(),
    phoneNumber: p.text().nullable(),
    name: p.text().nullable(),
    executeAt: p.datetime(),
    delayMs: p.integer().nullable(),
    scheduledTime: p.text().nullable(),
    /** The validated send without `delay` / `scheduleTime` (a SendCommand's body), run at its time. */
    request: p.json<ServiceSendBody | TemplateSendBody>(),
    /** Who scheduled it (the credential's auth context), so the send is attributed to them. */
    actor: p.json<AuthContext>(),
    /** Reschedules written (a legacy per-message workflow numbers its own; an older one never overwrites). */
    revision: p.integer().default(0),
    /** While `processing`: until when the dispatcher that claimed it holds it (a crash lets it expire). */
    claimedUntil: p.datetime().nullable(),
    /** Claims so far: more than one means a dispatcher stopped mid-send and the send was retried. */
    attempts: p.integer().default(0),
    /** Meta's id for the send, written the moment Graph accepted it: a retried claim stores it without sending again. */
    deliveredExternalId: p.text().nullable(),
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
