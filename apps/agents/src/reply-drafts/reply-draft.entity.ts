import { defineEntity, p } from '@mikro-orm/core';
import type { ReplyDraftOutcome } from '@platica/contracts';

/**
 * A reply drafted for a person (docs/knowledge-from-people.md › Reply drafts), kept so that what
 * they did with it (sent as drafted, edited, not used) can be recorded and counted.
 */
const ReplyDraftSchema = defineEntity({
  name: 'ReplyDraft',
  tableName: 'reply_draft',
  properties: {
    id: p.text().primary(),
    workspaceId: p.text(),
    conversationRef: p.text(),
    agentId: p.text(),
    /** Who asked for it: a user id, or `key:<id>`. */
    requestedBy: p.text(),
    text: p.text(),
    sources: p.json<{ title: string; url: string | null; chunkId: string }[]>(),
    outcome: p.text().$type<ReplyDraftOutcome>().nullable(),
    messageId: p.text().nullable(),
    decidedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  indexes: [{ properties: ['workspaceId', 'createdAt'], name: 'reply_draft_workspace_created_index' }],
});
export class ReplyDraft extends ReplyDraftSchema.class {}
ReplyDraftSchema.setClass(ReplyDraft);
