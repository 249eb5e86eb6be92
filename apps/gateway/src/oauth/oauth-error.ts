import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { sendError } from '../http/http-errors';

/** RFC 6749 §5.2 and RFC 7591 §3.2.2 error codes the authorization server answers. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'unsupported_response_type'
  | 'access_denied'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata'
  | 'unsupported_token_type';

/** An error of the OAuth endpoints, answered in OAuth's shape (`{error, error_description}`), not the API's. */
export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    /** 401 for invalid_client (RFC 6749 §5.2), 400 otherwise. */
    readonly status = error === 'invalid_client' ? 401 : 400,
  ) {
    super(description);
    this.name = 'OAuthError';
  }

  toBody(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.error, error_description: this.description };
  }
}

/** On the OAuth endpoints: OAuthErrors in RFC 6749's shape, never cached; anything else as the API answers it. */
@Catch()
export class OAuthErrorFilter implements ExceptionFilter {
  async catch(error: unknown, host: ArgumentsHost): Promise<void> {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const oauthError = error instanceof OAuthError ? error : malformedRequest(error);
    if (!oauthError) {
      await sendError(reply, error);
      return;
    }
    await reply.status(oauthError.status).headers({ 'cache-control': 'no-store', pragma: 'no-cache' }).send(oauthError.toBody());
  }
}

/** Fastify's own client errors (malformed body, unsupported media type) are OAuth's invalid_request. */
function malformedRequest(error: unknown): OAuthError | null {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500 || status === 404) return null;
  return new OAuthError('invalid_request', (error as Error).message || 'malformed request');
}
