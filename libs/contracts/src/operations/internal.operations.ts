import { chatListQuerySchema } from '../chat';
import { defineInternalOperation } from '../operation';
import { Subjects } from '../subjects';
import { ToolSubjects } from '../tools';

/**
 * Subjects services answer for each other (seed sections, chat threads, agent turns, inbound
 * verification). Their bodies are typed by the contracts the callers share (chat.ts,
 * turns.ts, seed.ts); the gateway never routes to them.
 */
const internal = (subject: string) => defineInternalOperation({ subject, responses: {} });

export const internalOperations = {
  messaging: {
    seedValidate: internal(Subjects.messaging.seedValidate),
    seedApply: internal(Subjects.messaging.seedApply),
    inboundVerify: internal(Subjects.messaging.inboundVerify),
    chatAccept: internal(Subjects.messaging.chatAccept),
    chatPrepare: internal(Subjects.messaging.chatPrepare),
    chatReject: internal(Subjects.messaging.chatReject),
    channelsDescribe: internal(Subjects.messaging.channelsDescribe),
    /** The chat service forwards `GET /v1/chat`'s query, already validated: the same schema reads it. */
    chatList: defineInternalOperation({ subject: Subjects.messaging.chatList, query: chatListQuerySchema, responses: {} }),
    chatGet: internal(Subjects.messaging.chatGet),
    turnContext: internal(Subjects.messaging.turnContext),
    turnReply: internal(Subjects.messaging.turnReply),
    turnFailure: internal(Subjects.messaging.turnFailure),
    turnPrevious: internal(Subjects.messaging.turnPrevious),
    turnMedia: internal(Subjects.messaging.turnMedia),
    campaignsPrepare: internal(Subjects.messaging.campaignsPrepare),
    campaignsSchedule: internal(Subjects.messaging.campaignsSchedule),
    campaignsDeliver: internal(Subjects.messaging.campaignsDeliver),
    templatesDescribe: internal(Subjects.messaging.templatesDescribe),
  },
  agents: {
    seedValidate: internal(Subjects.agents.seedValidate),
    seedApply: internal(Subjects.agents.seedApply),
    describe: internal(Subjects.agents.agentsDescribe),
    chatTurnStart: internal(Subjects.agents.chatTurnStart),
  },
  tools: {
    runtimeAgentTools: internal(ToolSubjects.runtimeAgentTools),
    runtimeExecute: internal(ToolSubjects.runtimeExecute),
    mcpOauthCallback: internal(ToolSubjects.mcpOauthCallback),
  },
  campaigns: {
    describe: internal(Subjects.campaigns.campaignsDescribe),
    seedValidate: internal(Subjects.campaigns.seedValidate),
    seedApply: internal(Subjects.campaigns.seedApply),
  },
};
