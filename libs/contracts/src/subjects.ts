/**
 * NATS subjects, `<service>.<resource>.<operation>` (ARCHITECTURE.md). The deployment's
 * subject prefix (PLATICA_NATS_PREFIX) is applied by the platform's NATS wiring, not here.
 */
export const SERVICE_NAMES = ['gateway', 'messaging', 'chat', 'agents', 'tools', 'campaigns', 'webhook-dispatcher'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export const Subjects = {
  gateway: {
    workspacesList: 'gateway.workspaces.list',
    /** Emails of a workspace's users, for services that validate `owners`. */
    workspaceMembers: 'gateway.workspaces.members',
    /** Timezone and users of the request's workspaces, for usage figures. */
    workspaceProfiles: 'gateway.workspaces.profiles',
  },
  messaging: {
    seedValidate: 'messaging.seed.validate',
    seedApply: 'messaging.seed.apply',
    messagesSend: 'messaging.messages.send',
    messagesSendTemplate: 'messaging.messages.sendTemplate',
    conversationsList: 'messaging.conversations.list',
    conversationsGet: 'messaging.conversations.get',
    conversationsUpdate: 'messaging.conversations.update',
    clientsGet: 'messaging.clients.get',
    clientsUpdate: 'messaging.clients.update',
    inboundMeta: 'messaging.inbound.meta',
    inboundVerify: 'messaging.inbound.verify',
    chatAccept: 'messaging.chat.accept',
    chatPrepare: 'messaging.chat.prepare',
    chatReject: 'messaging.chat.reject',
    /** The workspace's channels among ids or phone numbers (agents, before assigning channels to an agent). */
    channelsDescribe: 'messaging.channels.describe',
    chatList: 'messaging.chat.list',
    chatGet: 'messaging.chat.get',
    turnContext: 'messaging.turns.context',
    turnReply: 'messaging.turns.reply',
    turnFailure: 'messaging.turns.failure',
    /** The client's previous conversation with an agent and its latest messages (agents, to recall it). */
    turnPrevious: 'messaging.turns.previous',
    /** A WhatsApp media of a conversation, its bytes through Graph (agents, for a model given attachments). */
    turnMedia: 'messaging.turns.media',
    /** A campaign send checked against channel and template; the blocked part of its audience (campaigns). */
    campaignsPrepare: 'messaging.campaigns.prepare',
    /** A dated campaign run's messages stored as scheduled ones (campaigns). */
    campaignsSchedule: 'messaging.campaigns.schedule',
    /** A slice of a campaign run sent, idempotently by message id (campaigns). */
    campaignsDeliver: 'messaging.campaigns.deliver',
    /** Whether the workspace has a template of a name (campaigns, PATCH templateName). */
    templatesDescribe: 'messaging.templates.describe',
  },
  agents: {
    seedValidate: 'agents.seed.validate',
    seedApply: 'agents.seed.apply',
    /** Whether an agent of the workspace exists and is active (the chat service, before a turn). */
    agentsDescribe: 'agents.agents.describe',
    turnsList: 'agents.turns.list',
    /** Starts a synchronous chat turn's workflow where its worker runs (the chat service, then it waits for the outcome). */
    chatTurnStart: 'agents.turns.chat-start',
  },
  chat: {
    turnsSend: 'chat.turns.send',
    chatsList: 'chat.chats.list',
    chatsGet: 'chat.chats.get',
  },
  campaigns: {
    /** Whether a campaign is the workspace's (messaging, before attributing a send to it). */
    campaignsDescribe: 'campaigns.campaigns.describe',
    seedValidate: 'campaigns.seed.validate',
    seedApply: 'campaigns.seed.apply',
  },
} as const;

/** Events go to `events.<type>` on the stream. */
export function eventSubject(type: string): string {
  return `events.${type}`;
}
