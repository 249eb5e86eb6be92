import { Injectable, Logger } from '@nestjs/common';
import { describeOutboundError } from '@platica/platform';
import { MessagingConfigService } from '../config/messaging.config';
import type { GraphBody } from './graph-payloads';

/** Meta's error object, as far as a failed call is read. */
interface GraphErrorBody {
  message?: unknown;
  code?: unknown;
  error_subcode?: unknown;
  fbtrace_id?: unknown;
}

/** What Graph answers a send: WhatsApp `messages[0].id`, the Send API `message_id`. */
interface GraphAnswer {
  messages?: { id?: string }[];
  message_id?: string;
}

/**
 * Why a send did not reach the customer: Graph could not be reached (no answer, no connection),
 * Meta refused it, Meta refused it because the customer's 24-hour window is closed, it could
 * not be sent at all (a channel without credentials, a template off WhatsApp), or messaging
 * stopped while Graph held it and Meta never confirmed it (messages/unconfirmed-sends.ts).
 */
export type GraphFailureReason = 'unreachable' | 'refused' | 'window_closed' | 'unsendable' | 'unconfirmed';

/** A Graph API call that failed: Meta's answer (status and error object) or the transport failure. */
export class GraphError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly graphCode: number | null,
    readonly fbtraceId: string | null,
    readonly reason: GraphFailureReason = status === null ? 'unreachable' : 'refused',
  ) {
    super(message);
    this.name = 'GraphError';
  }

  /** The failure a stored failed message kept (`toDetails`), again: a retried request's answer names it as the first did. */
  static fromDetails(details: Record<string, unknown>): GraphError {
    const text = (value: unknown) => (typeof value === 'string' ? value : null);
    const number = (value: unknown) => (typeof value === 'number' ? value : null);
    const reason = text(details.reason) as GraphFailureReason | null;
    return new GraphError(
      text(details.message) ?? 'the message was not sent',
      number(details.status),
      number(details.code),
      text(details.fbtraceId),
      reason ?? undefined,
    );
  }

  /** What a stored failed message keeps (its `error`): the reason, Meta's status, code and text. */
  toDetails(): Record<string, unknown> {
    return {
      provider: 'meta',
      reason: this.reason,
      status: this.status,
      code: this.graphCode,
      message: this.message,
      fbtraceId: this.fbtraceId,
    };
  }

  /** The failure in a sentence that names its cause (a scheduled message's `error`, the 502's `error`). */
  describe(): string {
    const code = this.graphCode !== null ? `code ${this.graphCode}` : `HTTP ${this.status}`;
    switch (this.reason) {
      case 'unreachable':
        return `Meta's Graph API could not be reached: ${this.message}`;
      case 'refused':
        return `Meta's Graph API refused the message (${code}): ${this.message}`;
      case 'window_closed':
        return `Meta's Graph API refused the message: the customer's 24-hour window is closed (${code}): ${this.message}`;
      case 'unsendable':
        return `The message could not be sent: ${this.message}`;
      case 'unconfirmed':
        return `The send's outcome is unknown and it was not sent again: ${this.message}`;
    }
  }
}

/**
 * Meta's codes for a send outside the customer's window: WhatsApp's re-engagement error
 * (131047), Messenger's and Instagram's `10` with the outside-the-window subcodes.
 */
function outsideWindow(code: unknown, subcode: unknown): boolean {
  return code === 131047 || (code === 10 && (subcode === 2018278 || subcode === 2534022));
}

/**
 * Outbound calls to Meta's Graph API (`META_GRAPH_BASE_URL`): the channel's access token as
 * a bearer token, a bounded timeout, Meta's error object turned into a GraphError.
 */
@Injectable()
export class MetaGraphAdapter {
  private readonly logger = new Logger('meta-graph');

  constructor(private readonly config: MessagingConfigService) {}

  /** `POST /{object-id}/messages`; answers Meta's message id (`messages[0].id` or `message_id`). */
  async sendMessage(objectId: string, accessToken: string, body: GraphBody): Promise<string> {
    const answer = await this.post(`${encodeURIComponent(objectId)}/messages`, accessToken, body);
    const id = answer.messages?.[0]?.id ?? answer.message_id;
    if (typeof id !== 'string') throw new GraphError('the Graph API answered without a message id', 200, null, null);
    return id;
  }

  private async post(path: string, accessToken: string, body: GraphBody): Promise<GraphAnswer> {
    const url = `${this.config.values.META_GRAPH_BASE_URL.replace(/\/+$/, '')}/${path}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.config.values.META_GRAPH_TIMEOUT_MS),
      });
    } catch (error) {
      throw new GraphError(describeOutboundError(error, this.config.values.META_GRAPH_TIMEOUT_MS), null, null, null, 'unreachable');
    }
    const text = await response.text();
    let parsed: (GraphAnswer & { error?: GraphErrorBody }) | null = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (!response.ok) {
      const error: GraphErrorBody = parsed?.error ?? {};
      this.logger.warn({ msg: 'Graph API call failed', status: response.status, code: error.code, fbtraceId: error.fbtrace_id });
      throw new GraphError(
        typeof error.message === 'string' ? error.message : `the Graph API answered ${response.status}`,
        response.status,
        typeof error.code === 'number' ? error.code : null,
        typeof error.fbtrace_id === 'string' ? error.fbtrace_id : null,
        outsideWindow(error.code, error.error_subcode) ? 'window_closed' : 'refused',
      );
    }
    return parsed ?? {};
  }
}
