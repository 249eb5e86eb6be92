import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake of Google's Gemini API on loopback (`POST /v1beta/models/{model}:generateContent` and
 * `:streamGenerateContent?alt=sse`), answering as the real API does: a text part or a
 * `functionCall` part, `finishReason`, `usageMetadata`; streamed as `data:` events, each a whole
 * `GenerateContentResponse`, the last one carrying the finish reason.
 *
 * Wire format: Google's API reference (https://ai.google.dev/api/generate-content: the request's
 * `contents`, `systemInstruction`, `tools[].functionDeclarations`, `generationConfig`; the
 * response's `candidates[].content.parts`, `finishReason`, `usageMetadata` with
 * `promptTokenCount`, `candidatesTokenCount`, `totalTokenCount`; `x-goog-api-key`), its errors
 * (https://ai.google.dev/gemini-api/docs/troubleshooting: `{error: {code, message, status}}`,
 * status `INTERNAL`, `UNAVAILABLE`, `RESOURCE_EXHAUSTED`, `UNAUTHENTICATED`), shaped after
 * recorded responses in the AI SDK's test fixtures (github.com/vercel/ai,
 * packages/google/src/__fixtures__/google-text.chunks.txt, google-tool-call.json and
 * google-tool-call.chunks.txt: a streamed function call arrives whole in one chunk, then a
 * chunk with an empty text part and `finishReason: "STOP"`).
 */
export interface GeminiPart {
  text?: string;
  functionCall?: { name: string; args?: Record<string, unknown> };
  functionResponse?: { name: string; response: unknown };
}

export interface GeminiRequest {
  contents: { role: 'user' | 'model'; parts: GeminiPart[] }[];
  systemInstruction?: { parts: { text: string }[] };
  tools?: { functionDeclarations?: { name: string; description?: string; parameters?: unknown }[] }[];
  generationConfig?: { maxOutputTokens?: number; temperature?: number };
}

/** A request as it arrived: the model and method from its path, its body, the credential header. */
export interface GeminiCall {
  model: string;
  streamed: boolean;
  body: GeminiRequest;
  apiKey: string | undefined;
}

export type GeminiAnswer = { text: string } | { functionCall: { name: string; args: Record<string, unknown> } };

export class FakeGoogle {
  readonly calls: GeminiCall[] = [];
  /** Answers TEXT for `[[reply:TEXT]]` in the last user turn, else `GEMINI: <last user text>`. */
  answer: (request: GeminiRequest) => GeminiAnswer = (request) => {
    const said = lastGeminiUserText(request);
    return { text: /\[\[reply:([\s\S]*?)\]\]/.exec(said)?.[1] ?? `GEMINI: ${said}` };
  };
  usage = { promptTokenCount: 9, candidatesTokenCount: 23 };
  /** Statuses the next requests answer with Google's error body. */
  private failures: number[] = [];
  private server: Server | null = null;
  /** The base URL a connection names (`…/v1beta`, as the AI SDK's provider takes it). */
  url = '';

  static async start(): Promise<FakeGoogle> {
    const fake = new FakeGoogle();
    fake.server = createServer((req, res) => void fake.handle(req, res));
    await new Promise<void>((resolve) => fake.server!.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/v1beta`;
    return fake;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  failNext(count: number, status = 500): void {
    this.failures.push(...Array.from({ length: count }, () => status));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const route = /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)(\?alt=sse)?$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !route || (route[2] === 'streamGenerateContent') !== Boolean(route[3])) {
      return error(res, 404, `${req.method} ${req.url} is not found`);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as GeminiRequest;
    const streamed = route[2] === 'streamGenerateContent';
    this.calls.push({ model: decodeURIComponent(route[1]!), streamed, body, apiKey: header(req, 'x-goog-api-key') });
    const failure = this.failures.shift();
    if (failure !== undefined) return error(res, failure, 'the fake was told to fail');
    if (!Array.isArray(body.contents) || !body.contents.length)
      return error(res, 400, '* GenerateContentRequest.contents: contents is not specified');

    const answer = this.answer(body);
    const part: GeminiPart = 'functionCall' in answer ? { functionCall: answer.functionCall } : { text: answer.text };
    const usageMetadata = {
      ...this.usage,
      totalTokenCount: this.usage.promptTokenCount + this.usage.candidatesTokenCount,
      promptTokensDetails: [{ modality: 'TEXT', tokenCount: this.usage.promptTokenCount }],
    };
    const responseId = randomBytes(12).toString('base64url');
    const response = (parts: GeminiPart[], finishReason?: string) => ({
      candidates: [{ content: { parts, role: 'model' }, ...(finishReason ? { finishReason } : {}), index: 0 }],
      usageMetadata,
      modelVersion: route[1],
      responseId,
    });
    if (!streamed) return json(res, 200, response([part], 'STOP'));

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\r\n\r\n`);
    if (part.functionCall) {
      send(response([part]));
      send(response([{ text: '' }], 'STOP'));
    } else {
      const pieces = part.text!.match(/.{1,16}/gsu) ?? [''];
      pieces.forEach((text, index) => send(response([{ text }], index === pieces.length - 1 ? 'STOP' : undefined)));
    }
    res.end();
  }
}

/** Google's RPC status for an HTTP status, as its error bodies name it. */
const STATUSES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** The text of the last user turn (its text parts). */
export function lastGeminiUserText(request: GeminiRequest): string {
  const last = [...request.contents].reverse().find((content) => content.role === 'user' && content.parts.some((p) => p.text));
  return last?.parts.map((part) => part.text ?? '').join('') ?? '';
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function error(res: ServerResponse, status: number, message: string): void {
  json(res, status, { error: { code: status, message, status: STATUSES[status] ?? 'UNKNOWN' } });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(body));
}
