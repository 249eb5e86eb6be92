import { ErrorCode, httpStatusOf } from './error-code';

/** One failing field of a validation error: the spec's `{path: [<field>...], message}`. */
export interface FieldIssue {
  path: (string | number)[];
  message: string;
}

export type ErrorDetails = string | Record<string, unknown> | FieldIssue[];

/** The spec's error body: `{code: <HTTP status>, error: <message>, details}`. */
export interface ErrorBody {
  code: number;
  error: string;
  details: ErrorDetails;
}

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetails = '',
  ) {
    super(message);
    this.name = 'DomainError';
  }

  get status(): number {
    return httpStatusOf(this.code);
  }

  toBody(): ErrorBody {
    return { code: this.status, error: this.message, details: this.details };
  }

  static validation(issues: FieldIssue[], message = 'Validation failed'): DomainError {
    return new DomainError(ErrorCode.Validation, message, issues);
  }

  static notFound(what: string, id?: string): DomainError {
    return new DomainError(ErrorCode.NotFound, `${what} not found`, id === undefined ? '' : { id });
  }

  /** A refusal clients may branch on: its stable `reason` travels in `details.reason`. */
  static refused(code: ErrorCode, reason: DomainReason, message: string, details: Record<string, unknown> = {}): DomainError {
    return new DomainError(code, message, { reason, ...details });
  }

  /** A chat turn refused for its agent (`consequence`: what the caller should know or do). */
  static agentInactive(agentId: string, consequence: string): DomainError {
    return DomainError.refused(ErrorCode.Unprocessable, DomainReason.AgentInactive, `Agent ${agentId} is inactive: ${consequence}`, {
      agentId,
    });
  }

  /** 409: another message of the chat thread is being answered; nothing of this request was accepted. */
  static turnInProgress(conversationId: string): DomainError {
    return DomainError.refused(
      ErrorCode.Conflict,
      DomainReason.TurnInProgress,
      'The agent is still answering an earlier message of this chat: retry when it has finished',
      { conversationId, accepted: false },
    );
  }

  /**
   * 402: the workspace's billable messages this billing period reached its credit limit
   * (docs/usage.md › Credit limit); `details` names the limit, the count and the period.
   */
  static creditLimitReached(credit: { limit: number; used: number; billingPeriod: { startDate: string; endDate: string } }): DomainError {
    return DomainError.refused(
      ErrorCode.CreditLimit,
      DomainReason.CreditLimitReached,
      `The workspace reached its credit limit: ${credit.used} of ${credit.limit} billable messages this billing period`,
      { creditLimit: credit.limit, billableMessages: credit.used, billingPeriod: credit.billingPeriod },
    );
  }

  static notImplemented(what: string): DomainError {
    return new DomainError(ErrorCode.NotImplemented, `${what} is not implemented yet`, { feature: what });
  }
}

/** Stable names of domain refusals (`details.reason`), whatever the message's wording. */
export const DomainReason = {
  WindowClosed: 'window_closed',
  ClientBlocked: 'client_blocked',
  TemplateNotFound: 'template_not_found',
  TemplateNotApproved: 'template_not_approved',
  TypeNotOnChannel: 'type_not_on_channel',
  AgentInactive: 'agent_inactive',
  TurnInProgress: 'turn_in_progress',
  WebhookDisabled: 'webhook_disabled',
  EncryptionKeyMissing: 'encryption_key_missing',
  McpUnreachable: 'mcp_unreachable',
  McpUnauthorized: 'mcp_unauthorized',
  AudienceExcluded: 'audience_excluded',
  AmbiguousConversation: 'ambiguous_conversation',
  /** Another person has the conversation (409): taking it from them says so (`takeFrom`). */
  ConversationTaken: 'conversation_taken',
  /** A per-workspace bound (live API keys, evaluations running at once) is reached. */
  WorkspaceLimitReached: 'workspace_limit_reached',
  /** The workspace's billable messages this billing period reached its credit limit (402). */
  CreditLimitReached: 'credit_limit_reached',
  /** `moderationEnabled` asked of an installation with no moderation endpoint (MODERATION_BASE_URL unset): 422. */
  ModerationNotConfigured: 'moderation_not_configured',
  /** Only a customer's (incoming) message can be flagged: 422. */
  NotACustomerMessage: 'not_a_customer_message',
  /** The message was flagged already: one strike per message (409). */
  MessageAlreadyFlagged: 'message_already_flagged',
} as const;
export type DomainReason = (typeof DomainReason)[keyof typeof DomainReason];
