import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { OPENAI_MODERATION_EXAMPLE, type OpenAiModerationResult } from './fixtures/openai-moderation';

export { OPENAI_MODERATION_EXAMPLE, OPENAI_MODERATION_EXAMPLE_CATEGORIES } from './fixtures/openai-moderation';

/** A `POST /v1/moderations` body (OpenAI's protocol): one text, several, or multi-modal parts. */
export interface ModerationRequest {
  model?: string;
  input: string | string[] | { type: string; text?: string }[];
}

const FLAGGED = OPENAI_MODERATION_EXAMPLE.results[0]!;

/** A result flagging nothing, in the example's shape: every category false, every score low. */
function cleanResult(): OpenAiModerationResult {
  const categories = Object.fromEntries(Object.keys(FLAGGED.categories).map((name) => [name, false]));
  const scores = Object.fromEntries(Object.keys(FLAGGED.category_scores).map((name) => [name, 0.00001]));
  return { ...FLAGGED, flagged: false, categories, category_scores: scores } as OpenAiModerationResult;
}

/**
 * The moderation endpoint of the fake model (`POST /v1/moderations`, OpenAI's protocol: one
 * result per input, in the shape of the API reference's example, fixtures/openai-moderation.ts).
 * By default an input holding `[[flag]]` gets the example's flagged result (harassment,
 * harassment/threatening, violence, violence/graphic), any other a clean one. Tests script
 * `result`, make it fail with `failNext` or slow with `delayMs`, and read `requests`.
 */
export class FakeModerationEndpoint {
  readonly requests: { body: ModerationRequest; authorization: string | undefined }[] = [];
  result: (input: string) => OpenAiModerationResult = (input) => (input.includes('[[flag]]') ? FLAGGED : cleanResult());
  delayMs = 0;
  private failures: number[] = [];

  /** The next `count` requests answer `status` (an OpenAI error body). */
  failNext(count: number, status = 500): void {
    this.failures.push(...Array.from({ length: count }, () => status));
  }

  /** The texts of every request so far, in order. */
  inputs(): string[][] {
    return this.requests.map(({ body }) => textsOf(body.input));
  }

  async handle(req: IncomingMessage, res: ServerResponse, body: string): Promise<void> {
    const request = JSON.parse(body) as ModerationRequest;
    this.requests.push({ body: request, authorization: req.headers.authorization });
    const failure = this.failures.shift();
    if (failure !== undefined)
      return json(res, failure, { error: { message: 'the fake moderation was told to fail', type: 'server_error' } });
    if (request.input === undefined)
      return json(res, 400, { error: { message: "'input' is a required property", type: 'invalid_request_error' } });
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    json(res, 200, {
      id: `modr-${randomBytes(16).toString('hex')}`,
      model: request.model ?? OPENAI_MODERATION_EXAMPLE.model,
      results: textsOf(request.input).map((text) => this.result(text)),
    });
  }
}

function textsOf(input: ModerationRequest['input']): string[] {
  if (typeof input === 'string') return [input];
  return input.map((part) => (typeof part === 'string' ? part : (part.text ?? '')));
}

function json(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
