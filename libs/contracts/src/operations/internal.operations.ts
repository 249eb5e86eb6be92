import type {
  CampaignDeliverAnswer,
  CampaignDeliverRequest,
  CampaignPrepareAnswer,
  CampaignPrepareRequest,
  CampaignScheduleRequest,
  TemplateDescribeAnswer,
  TemplateDescribeRequest,
} from '../campaigns';
import { chatListQuerySchema } from '../chat';
import type { MessageMedia, MessageMediaRequest } from '../media';
import type { MetaVerification } from '../messaging';
import { defineInternalOperation, trusted } from '../operation';
import { chatDetailSchema, chatListResponseSchema } from '../resources';
import type { IntegrationOauthCallback, IntegrationOauthCallbackResult } from '../integrations';
import type { AgentKnowledgeSearchAnswer, AgentKnowledgeSearchRequest, KnowledgeProposalDraft } from '../knowledge-proposals';
import type { SeedSectionRequest, SeedSectionResult, SeedValidateRequest } from '../seed';
import type {
  McpOauthCallback,
  McpOauthCallbackResult,
  RuntimeAgentToolsRequest,
  RuntimeExecuteRequest,
  RuntimeExecuteResult,
  RuntimeTool,
} from '../tools';
import type {
  ChannelsDescribed,
  ChannelsDescribeRequest,
  ChannelsOfAgentRequest,
  ChatAccepted,
  ChatAcceptRequest,
  ChatPrepared,
  ChatPrepareRequest,
  ChatRejectRequest,
  ChatOutcomeRequest,
  ChatRequestOutcome,
  ChatTurnStart,
  ChatTurnStarted,
  PreviousConversation,
  PreviousConversationRequest,
  TurnContext,
  TurnContextRequest,
  TurnFailureRequest,
  TurnHandOverRequest,
  TurnMedia,
  TurnMediaRequest,
  TurnReplyRequest,
  TurnReplyResult,
} from '../turns';
import type { EvaluationUsageReport } from '../usage';

/**
 * Subjects services answer for each other (seed sections, chat threads, agent turns, inbound
 * verification); the gateway never routes to them. Callers and handlers share these objects:
 * `rpc.call(operation, envelope)` is typed by the body and answer stated here, and `@Handles`
 * hands the handler the same body (`OperationRequest<typeof operation>`). Bodies come from our
 * own services, so they are `trusted` (checked by TypeScript only) unless a schema exists anyway.
 */
const internal = <Body, Answer>(subject: string) =>
  defineInternalOperation({ subject, body: trusted<Body>(), responses: { 200: trusted<Answer>() } });

/** A seed section asked of its owning service (the gateway's `POST /admin/seed`): first whether it can, then done. */
const seedOperations = (service: string) => ({
  seedValidate: internal<SeedValidateRequest, { ok: true }>(`${service}.seed.validate`),
  seedApply: internal<SeedSectionRequest, SeedSectionResult>(`${service}.seed.apply`),
});

export const internalOperations = {
  messaging: {
    ...seedOperations('messaging'),
    /** Meta's subscription check, forwarded by the gateway's `GET /hooks/meta`. */
    inboundVerify: internal<MetaVerification, { challenge: string }>('messaging.inbound.verify'),
    /** `context` only when the request asks `withContext`. */
    chatAccept: internal<ChatAcceptRequest, ChatAccepted & { context?: TurnContext }>('messaging.chat.accept'),
    chatPrepare: internal<ChatPrepareRequest, ChatPrepared>('messaging.chat.prepare'),
    chatReject: internal<ChatRejectRequest, { id: string | null }>('messaging.chat.reject'),
    /** What became of a keyed chat request, if it was accepted (chat, before running a retried one). */
    chatOutcome: internal<ChatOutcomeRequest, { outcome: ChatRequestOutcome | null }>('messaging.chat.outcome'),
    /** The workspace's channels among ids or phone numbers (agents, before assigning channels to an agent). */
    channelsDescribe: internal<ChannelsDescribeRequest, ChannelsDescribed>('messaging.channels.describe'),
    /** The workspace's channels whose new conversations go to an agent (agents, before deleting it). */
    channelsOfAgent: internal<ChannelsOfAgentRequest, ChannelsDescribed>('messaging.channels.ofAgent'),
    /** The chat service forwards `GET /v1/chat`'s request, already validated: the same schemas read it and its answer. */
    chatList: defineInternalOperation({
      subject: 'messaging.chat.list',
      query: chatListQuerySchema,
      responses: { 200: chatListResponseSchema },
    }),
    /** `GET /v1/chat/{id}` forwarded: the id is the envelope's `params.id`. */
    chatGet: defineInternalOperation({ subject: 'messaging.chat.get', responses: { 200: chatDetailSchema } }),
    turnContext: internal<TurnContextRequest, TurnContext>('messaging.turns.context'),
    turnReply: internal<TurnReplyRequest, TurnReplyResult>('messaging.turns.reply'),
    turnFailure: internal<TurnFailureRequest, TurnReplyResult>('messaging.turns.failure'),
    /** `operation: assistance` and `conversation.assistance.requested`, no message sent; `handedOver` false when it was already. */
    turnHandOver: internal<TurnHandOverRequest, { handedOver: boolean }>('messaging.turns.handOver'),
    /** The client's previous conversation with an agent and its latest messages (agents, to recall it). */
    turnPrevious: internal<PreviousConversationRequest, PreviousConversation>('messaging.turns.previous'),
    /** A WhatsApp media of a conversation, its bytes through Graph (agents, for a model given attachments). */
    turnMedia: internal<TurnMediaRequest, TurnMedia>('messaging.turns.media'),
    /** A stored message's media, its bytes through Graph in chunks (the gateway's `GET …/messages/{messageId}/media`; the envelope's workspace). */
    messageMedia: internal<MessageMediaRequest, MessageMedia>('messaging.media.read'),
    /** An agent evaluation's replayed turn: its model tokens, for usage's evaluation figures. */
    usageEvaluation: internal<EvaluationUsageReport, { recorded: true }>('messaging.usage.evaluation'),
    /** A campaign send checked against channel and template; the blocked part of its audience (campaigns). */
    campaignsPrepare: internal<CampaignPrepareRequest, CampaignPrepareAnswer>('messaging.campaigns.prepare'),
    /** A dated campaign run's messages stored as scheduled ones (campaigns). */
    campaignsSchedule: internal<CampaignScheduleRequest, { scheduled: number }>('messaging.campaigns.schedule'),
    /** A slice of a campaign run sent, idempotently by message id (campaigns). */
    campaignsDeliver: internal<CampaignDeliverRequest, CampaignDeliverAnswer>('messaging.campaigns.deliver'),
    /** Whether the workspace has a template of a name (campaigns, PATCH templateName). */
    templatesDescribe: internal<TemplateDescribeRequest, TemplateDescribeAnswer>('messaging.templates.describe'),
  },
  agents: {
    ...seedOperations('agents'),
    /** Whether an agent of the workspace exists and its status (chat, campaigns, tools); 404 when it is not the workspace's. */
    describe: internal<{ agentId: string }, { id: string; status: string }>('agents.agents.describe'),
    /** The strike thresholds of an agent of the workspace, or the defaults for none (messaging, for a person's flag); 404 when it is not the workspace's. */
    strikeThresholds: internal<{ agentId: string | null }, { conversationStrikeThreshold: number; clientStrikeThreshold: number }>(
      'agents.guardrails.thresholds',
    ),
    /** Starts a synchronous chat turn's workflow where its worker runs (the chat service, then it waits for the outcome). */
    chatTurnStart: internal<ChatTurnStart, ChatTurnStarted>('agents.turns.chat-start'),
  },
  tools: {
    /** The tools a turn offers the model (the agents runtime). */
    runtimeAgentTools: internal<RuntimeAgentToolsRequest, RuntimeTool[]>('tools.runtime.agentTools'),
    /** One tool call of a turn; its failure is an answer, never an error (the agents runtime). */
    runtimeExecute: internal<RuntimeExecuteRequest, RuntimeExecuteResult>('tools.runtime.execute'),
    /** An authorization server's redirect, forwarded by the gateway (`GET /hooks/mcp/oauth/callback`); never fails. */
    mcpOauthCallback: internal<McpOauthCallback, McpOauthCallbackResult>('tools.mcp.oauthCallback'),
    /** A provider's authorization server redirect, forwarded by the gateway (`GET /hooks/integrations/oauth/callback`); never fails. */
    integrationOauthCallback: internal<IntegrationOauthCallback, IntegrationOauthCallbackResult>('tools.integrations.oauthCallback'),
    /** A knowledge entry drafted from a person's answer, kept as a pending proposal; once per exchange (the agents service). */
    knowledgePropose: internal<KnowledgeProposalDraft, { proposalId: string; created: boolean }>('tools.knowledge.proposals.propose'),
    /** The agent's connected knowledge bases searched, as its knowledge search tool searches them (agents, for a reply draft). */
    knowledgeAgentSearch: internal<AgentKnowledgeSearchRequest, AgentKnowledgeSearchAnswer>('tools.knowledge.agentSearch'),
  },
  campaigns: {
    ...seedOperations('campaigns'),
    /** Whether a campaign is the workspace's (messaging, before attributing a send to it); 404 when not. */
    describe: internal<{ campaignId: string }, { id: string; title: string }>('campaigns.campaigns.describe'),
  },
};
