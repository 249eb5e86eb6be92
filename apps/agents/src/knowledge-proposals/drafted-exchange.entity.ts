import { defineEntity, p } from '@mikro-orm/core';

/**
 * One person's exchange the drafter took (docs/knowledge-from-people.md): the dedup of the
 * consumers of hand-backs and closes, which may both see the same exchange, and of redelivered
 * events. `outcome` is `drafting` while a consumer holds it (taken again once stale: the one
 * that held it died), then `proposed` or `nothing`.
 */
const DraftedExchangeSchema = defineEntity({
  name: 'DraftedExchange',
  tableName: 'drafted_exchange',
  properties: {
    workspaceId: p.text().primary(),
    conversationRef: p.text().primary(),
    exchangeKey: p.text().primary(),
    outcome: p.text().$type<'drafting' | 'proposed' | 'nothing'>(),
    proposalId: p.text().nullable(),
    updatedAt: p.datetime(),
  },
});
export class DraftedExchange extends DraftedExchangeSchema.class {}
DraftedExchangeSchema.setClass(DraftedExchange);
