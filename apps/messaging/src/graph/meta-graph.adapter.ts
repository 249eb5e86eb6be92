import { Injectable, Logger } from '@nestjs/common';
import { MessagingConfigService } from '../config/messaging.config';
import type { GraphBody } from './graph-payloads';

/** What Graph answers a send: WhatsApp `messages[0].id`, the Send API `message_id`. */
interface GraphAnswer {
  messages?: { id?: string }[];
  message_id?: string;
}

/** A Graph API call that failed: Meta's answer (status and error object) or the transport failure. */
export class GraphError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly graphCode: number | null,
    readonly fbtraceId: string | null,
  ) {
    super(message);
    this.name = 'GraphError';
  }

  toDetails(): Record<string, unknown> {
    return { provider: 'meta', status: this.status, code: this.graphCode, message: this.message, fbtraceId: this.fbtraceId };
  }
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
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new GraphError(
        timedOut
          ? `the Graph API did not answer within ${this.config.values.META_GRAPH_TIMEOUT_MS} ms`
          : `the Graph API could not be reached: ${String(error)}`,
        null,
        null,
        null,
      );
    }
    const text = await response.text();
    let parsed: (GraphAnswer & { error?: { message?: unknown; code?: unknown; fbtrace_id?: unknown } }) | null = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (!response.ok) {
      const error: { message?: unknown; code?: unknown; fbtrace_id?: unknown } = parsed?.error ?? {};
      this.logger.warn({ msg: 'Graph API call failed', status: response.status, code: error.code, fbtraceId: error.fbtrace_id });
      throw new GraphError(
        typeof error.message === 'string' ? error.message : `the Graph API answered ${response.status}`,
        response.status,
        typeof error.code === 'number' ? error.code : null,
        typeof error.fbtrace_id === 'string' ? error.fbtrace_id : null,
      );
    }
    return parsed ?? {};
  }
}
