import { APICallError } from '@ai-sdk/provider';
import type { TurnLogModelCall } from '@platica/contracts';

/** The longest error message a record keeps. */
const ERROR_MESSAGE_CHARS = 300;

/**
 * A failed call's error as an engineer reads it: the provider's HTTP status and error code
 * when it answered (an OpenAI error body's `code`, else its `type`), else the error's name
 * (a timeout, an abort, a refused connection); its message shortened, the API key blanked out.
 */
export function modelCallErrorOf(error: unknown, apiKey: string | undefined): NonNullable<TurnLogModelCall['error']> {
  // Errors of another realm (a DOMException from fetch's abort) are not `instanceof Error`.
  const named = error !== null && typeof error === 'object' && 'message' in error && 'name' in error;
  // A stream's error part may be a plain object (the provider's error body): shown as JSON, not `[object Object]`.
  const message = named ? String(error.message) : typeof error === 'object' && error !== null ? safeJson(error) : String(error);
  const redacted = apiKey && apiKey.length >= 4 ? message.split(apiKey).join('[redacted]') : message;
  const short = redacted.length > ERROR_MESSAGE_CHARS ? `${redacted.slice(0, ERROR_MESSAGE_CHARS - 1)}…` : redacted;
  if (APICallError.isInstance(error)) {
    const body = (error.data ?? {}) as { error?: { code?: unknown; type?: unknown } };
    const code = body.error?.code ?? body.error?.type;
    return {
      status: error.statusCode ?? null,
      code: typeof code === 'string' || typeof code === 'number' ? String(code) : null,
      message: short,
    };
  }
  return { status: null, code: named ? String(error.name) : null, message: short };
}

function safeJson(value: object): string {
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
