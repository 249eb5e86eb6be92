import type { SubagentConnection } from './subagent-connection.entity';

export function presentConnection(connection: SubagentConnection) {
  return {
    reference: connection.subagentId,
    name: connection.name,
    agentName: connection.agentName,
    agentImageUrl: connection.agentImageUrl,
    status: connection.status,
    task: connection.task,
    description: connection.description,
    delegationCriteria: connection.delegationCriteria,
    completionCriteria: connection.completionCriteria,
  };
}
