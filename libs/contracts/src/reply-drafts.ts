import { z } from 'zod';

/**
 * A person's copilot (an addition to the spec, docs/knowledge-from-people.md › Reply drafts): a
 * reply drafted for a conversation from its agent's knowledge, shown in the composer, never
 * sent by itself. The person edits and sends it; whether they used it is recorded and counted.
 */
const instant = z.string().describe('ISO 8601');

/** `as_drafted`: sent unchanged; `edited`: sent after changes; `not_used`: dropped; `pending`: not said yet. */
export const REPLY_DRAFT_OUTCOMES = ['as_drafted', 'edited', 'not_used'] as const;
export type ReplyDraftOutcome = (typeof REPLY_DRAFT_OUTCOMES)[number];

export const replyDraftSourceSchema = z.object({
  title: z.string().describe('the source’s title, or the page’s'),
  url: z.string().nullable().describe('the page’s URL (website sources)'),
  chunkId: z.string(),
});

export const replyDraftSchema = z
  .object({
    draftId: z.string().describe('rd_…'),
    text: z.string().describe('the drafted reply; empty when the knowledge had nothing that answers'),
    sources: z.array(replyDraftSourceSchema).describe('the chunks the draft was written from, best first'),
  })
  .meta({ id: 'ReplyDraft' });
export type ReplyDraftView = z.output<typeof replyDraftSchema>;

export const replyDraftOutcomeSchema = z
  .strictObject({
    used: z.boolean().describe('the person sent a reply from the draft'),
    sentText: z
      .string()
      .max(20_000)
      .optional()
      .describe('with used: the text sent; the same text as drafted (spaces aside) counts as as_drafted, another as edited'),
    messageId: z.string().min(1).max(100).optional().describe('with used: the message sent'),
  })
  .refine((body) => body.used || (body.sentText === undefined && body.messageId === undefined), {
    message: 'sentText and messageId go with used: true',
    path: ['sentText'],
  })
  .refine((body) => !body.used || body.sentText !== undefined, { message: 'give the text sent', path: ['sentText'] });

export const replyDraftOutcomeResultSchema = z.object({
  draftId: z.string(),
  outcome: z.enum(REPLY_DRAFT_OUTCOMES),
  decidedAt: instant,
});

const rangeBound = z.iso.date().or(z.iso.datetime({ offset: true }));
export const replyDraftCountsQuerySchema = z.object({
  startDate: rangeBound.optional().describe('drafts made from this instant (a date: its start, UTC); all time when not given'),
  endDate: rangeBound.optional().describe('drafts made before this instant (a date: the end of that day, UTC)'),
});

export const replyDraftCountsSchema = z.object({
  drafted: z.number().int().describe('drafts made in the range'),
  asDrafted: z.number().int().describe('sent unchanged'),
  edited: z.number().int().describe('sent after changes'),
  notUsed: z.number().int().describe('dropped by the person'),
  pending: z.number().int().describe('no outcome recorded (yet)'),
  usedRate: z.number().describe('100 × (asDrafted + edited) / drafted; 0 when none'),
});
export type ReplyDraftCounts = z.output<typeof replyDraftCountsSchema>;
