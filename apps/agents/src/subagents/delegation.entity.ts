import { defineEntity, p } from '@mikro-orm/core';

/**
 * A conversation's active delegation (ARCHITECTURE.md › Agent runtime: `delegate_to_<slug>`):
 * the sub-agent answers the customer until it calls `complete_delegation`. The conversation's
 * `agentId` never changes; `principalAgentId` is who delegated, so a delegation made under
 * another principal is reset (spec › Chat rule 8).
 */
const DelegationSchema = defineEntity({
  name: 'Delegation',
  tableName: 'delegation',
  properties: {
    conversationRef: p.text().primary(),
    workspaceId: p.text(),
    principalAgentId: p.text(),
    subagentId: p.text(),
    reason: p.text(),
    startedAt: p.datetime().onCreate(() => new Date()),
  },
});
export class Delegation extends DelegationSchema.class {}
DelegationSchema.setClass(Delegation);
