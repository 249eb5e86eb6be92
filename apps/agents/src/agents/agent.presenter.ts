import type { Agent, AgentFields } from './agent.entity';

/** The spec's Agent read shape (`comunicationChannel.*` always arrays). */
export function presentAgent(agent: AgentFields): Record<string, unknown> {
  return {
    id: agent.id,
    name: agent.name,
    status: agent.status,
    channel: agent.channel,
    owners: agent.owners,
    comunicationChannel: { channelId: agent.channelIds, phoneNumber: agent.phoneNumbers },
    systemPrompt: agent.systemPrompt,
    activePromptId: agent.activePromptId,
    imageUrl: agent.imageUrl,
    supportInformation: agent.supportInformation,
    assistanceTriggers: agent.assistanceTriggers,
    waitMessage: agent.waitMessage,
    assistanceEnabled: agent.assistanceEnabled,
    recallLastConversation: agent.recallLastConversation,
    enableFileAttachments: agent.enableFileAttachments,
    disableContextSummarization: agent.disableContextSummarization,
    requireEvaluation: agent.requireEvaluation,
    readNotes: agent.readNotes,
    answerOnlyFromKnowledge: agent.answerOnlyFromKnowledge,
    unknownAnswerMessage: agent.unknownAnswerMessage,
    workingMessage: agent.workingMessage,
    creationDate: agent.createdAt.toISOString(),
    lastUpdate: agent.updatedAt.toISOString(),
  };
}

export function presentGuardrails(agent: Agent): Record<string, unknown> {
  const { enabled, rules, message, conversationStrikeThreshold, clientStrikeThreshold, moderationEnabled = false } = agent.guardrails;
  return { enabled, rules, message, conversationStrikeThreshold, clientStrikeThreshold, moderationEnabled };
}

export function presentAssistRules(agent: Agent): Record<string, unknown> {
  return { assistanceTriggers: agent.assistanceTriggers, assistanceEnabled: agent.assistanceEnabled, waitMessage: agent.waitMessage };
}
