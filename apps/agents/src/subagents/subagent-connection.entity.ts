import { defineEntity, p } from '@mikro-orm/core';

/**
 * A parent agent's connection to another agent of its workspace (spec › Sub-agent
 * connection). No foreign key to the connected agent: connecting or disconnecting never
 * changes it, and the list reports `agentExists` from a lookup. One agent can sit under many
 * parents; a parent connects a given agent once (the primary key).
 */
const SubagentConnectionSchema = defineEntity({
  name: 'SubagentConnection',
  tableName: 'subagent_connection',
  properties: {
    parentAgentId: p.text().primary(),
    subagentId: p.text().primary(),
    workspaceId: p.text(),
    /** Copied from the sub-agent at connection time; can be overridden on the connection. */
    name: p.text(),
    agentName: p.text(),
    agentImageUrl: p.text().nullable(),
    status: p.enum(['active', 'inactive'] as const),
    task: p.enum(['assist', 'delegate'] as const),
    description: p.text(),
    delegationCriteria: p.text(),
    completionCriteria: p.text(),
    connectedAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  indexes: [{ properties: ['subagentId'], name: 'subagent_connection_subagent_index' }],
});
export class SubagentConnection extends SubagentConnectionSchema.class {}
SubagentConnectionSchema.setClass(SubagentConnection);
