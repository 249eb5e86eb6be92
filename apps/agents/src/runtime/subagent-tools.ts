import type { RuntimeTool } from '@platica/contracts';
import type { SubagentConnection } from '../subagents/subagent-connection.entity';

/** ARCHITECTURE.md › Agent runtime: fixed names (tests depend on them). */
export const CONSULT_PREFIX = 'consult_';
export const DELEGATE_PREFIX = 'delegate_to_';
export const COMPLETE_DELEGATION = 'complete_delegation';

/** Tool ids of the built-in sub-agent tools: handled by the agents service, never sent to the tools service. */
export const SUBAGENT_TOOL_ID = 'subagent:';
export const consultToolId = (subagentId: string) => `subagent:consult:${subagentId}`;
export const delegateToolId = (subagentId: string) => `subagent:delegate:${subagentId}`;
export const COMPLETE_TOOL_ID = 'subagent:complete';

/** The slug of a connection's name: lower case ASCII letters, digits and underscores. */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return slug || 'agent';
}

/**
 * One tool per active connection: `consult_<slug> {question}` for `assist` (described by
 * `description`), `delegate_to_<slug> {reason}` for `delegate` (by `delegationCriteria`).
 * Two connections with one slug get `_2`, `_3`… in connection order.
 */
export function subagentTools(connections: SubagentConnection[]): RuntimeTool[] {
  const used = new Map<string, number>();
  return connections.map((connection) => {
    const base = slugOf(connection.name);
    const count = (used.get(base) ?? 0) + 1;
    used.set(base, count);
    const slug = count === 1 ? base : `${base}_${count}`;
    if (connection.task === 'assist') {
      return {
        toolId: consultToolId(connection.subagentId),
        name: `${CONSULT_PREFIX}${slug}`,
        description: `Ask ${connection.name} a question; you get their answer and keep the conversation. ${connection.description}`.trim(),
        parameters: stringArgument('question', 'The question, with the context they need'),
      };
    }
    return {
      toolId: delegateToolId(connection.subagentId),
      name: `${DELEGATE_PREFIX}${slug}`,
      description:
        `Hand the conversation to ${connection.name}, who answers the customer until done. ${connection.delegationCriteria}`.trim(),
      parameters: stringArgument('reason', 'Why the conversation is handed over'),
    };
  });
}

/** `complete_delegation {summary}`: offered to a sub-agent answering under delegation, described by `completionCriteria`. */
export function completeDelegationTool(completionCriteria: string): RuntimeTool {
  return {
    toolId: COMPLETE_TOOL_ID,
    name: COMPLETE_DELEGATION,
    description: `Return the conversation to the principal agent when your part is done. ${completionCriteria}`.trim(),
    parameters: stringArgument('summary', 'What was done, for the principal agent'),
  };
}

function stringArgument(name: string, description: string): Record<string, unknown> {
  return { type: 'object', properties: { [name]: { type: 'string', description } }, required: [name], additionalProperties: false };
}
