import {
  APICallError,
  type LanguageModelV4,
  type LanguageModelV4FinishReason,
  type LanguageModelV4StreamPart,
  type LanguageModelV4Usage,
} from '@ai-sdk/provider';
import { wrapLanguageModel } from 'ai';
import type { TurnLogModelCall } from '@platica/contracts';
import type { TurnRef } from '../turn-log/turn-log.repository';
import { currentAttempt, note, type TurnDeps } from './turn-deps';

/** Which of a turn's model calls this is (docs/agents.md › Turn log). */
export interface ModelCallOf {
  purpose: TurnLogModelCall['purpose'];
  round: number | null;
  /** What tells it from the turn's other calls of its purpose: its round, its summary's kind, its tool call's id. */
  id: string | number;
}

/** What the provider answered, as the record keeps it: counts and reasons, never the text. */
interface Answered {
  usage: LanguageModelV4Usage | null;
  finishReason: LanguageModelV4FinishReason | null;
  toolCallCount: number;
}

/** The longest error message a record keeps. */
const ERROR_MESSAGE_CHARS = 300;

/**
 * The turn's model, each call it makes recorded in the turn log (`ref`'s): what it was for,
 * how long it took, the tokens and finish reason the provider reported, or its error. The
 * record is written alongside (note() never fails the call); a turn without a log entry (no
 * id) gets the model as it is.
 */
export function turnModel(deps: Pick<TurnDeps, 'model' | 'config' | 'turnLog' | 'logger'>, ref: TurnRef | null, of: ModelCallOf) {
  const model = deps.model.model;
  if (!ref) return model;
  const attempt = currentAttempt();
  const apiKey = deps.config.values.LLM_API_KEY;
  const record = (startedAt: number, answered: Answered | null, error: unknown) =>
    void note(deps, ref, (r) =>
      deps.turnLog.modelCall(r, {
        key: `${of.purpose}:${of.id}:${attempt}`,
        purpose: of.purpose,
        round: of.round,
        attempt,
        model: model.modelId,
        provider: deps.model.providerName,
        ...modelCallOutcome(answered, error, apiKey),
        at: new Date(startedAt).toISOString(),
        durationMs: Date.now() - startedAt,
      }),
    );
  return recordingModel(model, record);
}

/**
 * `model` reporting each call to `record` when it ends: with what the provider answered, or
 * the error. A streamed call ends with its stream (read whole, failed, or cancelled).
 */
export function recordingModel(
  model: LanguageModelV4,
  record: (startedAt: number, answered: Answered | null, error: unknown) => void,
): LanguageModelV4 {
  return wrapLanguageModel({
    model,
    middleware: {
      specificationVersion: 'v4',
      wrapGenerate: async ({ doGenerate }) => {
        const startedAt = Date.now();
        try {
          const result = await doGenerate();
          const toolCallCount = result.content.filter((part) => part.type === 'tool-call').length;
          record(startedAt, { usage: result.usage, finishReason: result.finishReason, toolCallCount }, null);
          return result;
        } catch (error) {
          record(startedAt, null, error);
          throw error;
        }
      },
      wrapStream: async ({ doStream }) => {
        const startedAt = Date.now();
        let started;
        try {
          started = await doStream();
        } catch (error) {
          record(startedAt, null, error);
          throw error;
        }
        const answered: Answered = { usage: null, finishReason: null, toolCallCount: 0 };
        let failure: unknown = null;
        let ended = false;
        const end = (error: unknown) => {
          if (ended) return;
          ended = true;
          record(startedAt, error === null ? answered : null, error);
        };
        // `cancel` (Node's streams call it when the stream fails or is cancelled) is not in TypeScript's lib yet.
        const watcher: Transformer<LanguageModelV4StreamPart, LanguageModelV4StreamPart> & { cancel: (reason: unknown) => void } = {
          transform(part, controller) {
            if (part.type === 'tool-call') answered.toolCallCount++;
            else if (part.type === 'finish') Object.assign(answered, { usage: part.usage, finishReason: part.finishReason });
            else if (part.type === 'error') failure ??= part.error;
            controller.enqueue(part);
          },
          flush: () => end(failure),
          cancel: (reason) => end(reason ?? new Error('the stream was cancelled')),
        };
        return { ...started, stream: started.stream.pipeThrough(new TransformStream(watcher)) };
      },
    },
  });
}

/** A record's outcome: the provider's answer (counts and reasons), or its error, the API key never in it. */
export function modelCallOutcome(
  answered: Answered | null,
  error: unknown,
  apiKey: string | undefined,
): Pick<TurnLogModelCall, 'outcome' | 'inputTokens' | 'outputTokens' | 'finishReason' | 'toolCallCount' | 'error'> {
  return {
    outcome: error === null && answered ? 'ok' : 'error',
    inputTokens: answered?.usage?.inputTokens.total ?? null,
    outputTokens: answered?.usage?.outputTokens.total ?? null,
    finishReason: answered?.finishReason ? finishReasonOf(answered.finishReason) : null,
    toolCallCount: answered?.toolCallCount ?? 0,
    error: error === null ? null : modelCallErrorOf(error, apiKey),
  };
}

/** The SDK's unified finish reason, spelled like the API's other enums (`tool-calls` is `tool_calls`). */
function finishReasonOf(reason: LanguageModelV4FinishReason): NonNullable<TurnLogModelCall['finishReason']> {
  return reason.unified.replace('-', '_') as NonNullable<TurnLogModelCall['finishReason']>;
}

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
