import { defineInternalOperation } from '../operation';
import { Subjects } from '../subjects';

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
    chatList: internal(Subjects.messaging.chatList),
    chatGet: internal(Subjects.messaging.chatGet),
    turnContext: internal(Subjects.messaging.turnContext),
    turnReply: internal(Subjects.messaging.turnReply),
    turnFailure: internal(Subjects.messaging.turnFailure),
  },
  agents: {
    seedValidate: internal(Subjects.agents.seedValidate),
    seedApply: internal(Subjects.agents.seedApply),
    describe: internal(Subjects.agents.agentsDescribe),
  },
  campaigns: {
    seedValidate: internal(Subjects.campaigns.seedValidate),
    seedApply: internal(Subjects.campaigns.seedApply),
  },
};
