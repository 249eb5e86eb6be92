import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeModerationEndpoint } from './fake-moderation';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null | { type: string; text?: string }[];
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

export interface ChatCompletionRequest {
  model: string;
  messages: ChatMessage[];
  tools?: { type: 'function'; function: { name: string; description?: string; parameters?: unknown } }[];
  stream?: boolean;
}

/** What the fake answers: a text, or a call of one of the offered tools. */
export type FakeAnswer = { text: string } | { toolCall: { name: string; arguments: Record<string, unknown> } };

/** Whether a request is the guardrail evaluator's: it offers `flag_guardrail_violation` (ARCHITECTURE.md › Agent runtime). */
export function isGuardrailEvaluation(request: ChatCompletionRequest): boolean {
  return request.tools?.some((tool) => tool.function.name === 'flag_guardrail_violation') ?? false;
}

/**
 * The evaluator's verdict as tests script it: a customer message holding `[[violate:N]]`
 * breaks rule N (flagged at `severity`, category `harassment`); anything else passes.
 */
export function scriptedGuardrailVerdict(request: ChatCompletionRequest, severity: 'low' | 'medium' | 'high'): FakeAnswer {
  const violated = /\[\[violate:(\d)\]\]/.exec(textOf(lastOf(request.messages, 'user')));
  if (!violated) return { text: 'OK' };
  return {
    toolCall: {
      name: 'flag_guardrail_violation',
      arguments: { ruleIndex: Number(violated[1]), severity, categories: ['harassment'], matchedTerms: ['violate'] },
    },
  };
}

/**
 * A fake OpenAI-compatible model on loopback speaking the Chat Completions protocol
 * (`POST /v1/chat/completions`, streamed as `data:` chunks ending in `data: [DONE]`, or not;
 * native tool calls; `usage`). By default it answers TEXT when the last user message holds
 * `[[reply:TEXT]]`, else `ECHO: <last user text>`; tests program it with `answer` and `usage`,
 * make it fail with `failNext`, slow with `delayMs` or `hold()`, and read `requests` and `timings`.
 */
export class FakeLlm {
  readonly requests: ChatCompletionRequest[] = [];
  /** Every text `POST /v1/embeddings` was asked to embed, in order. */
  readonly embeddingInputs: string[] = [];
  /** Dimensions of the vectors `POST /v1/embeddings` answers (the knowledge bench asks for 256, a real model's order). */
  embeddingDimensions = FAKE_EMBEDDING_DIMENSIONS;
  /** When each request arrived and when its answer ended (ms since epoch), in arrival order. */
  readonly timings: { request: ChatCompletionRequest; startedAt: number; finishedAt: number | null }[] = [];
  answer: (request: ChatCompletionRequest) => FakeAnswer = (request) => {
    const said = textOf(lastOf(request.messages, 'user'));
    return { text: /\[\[reply:([\s\S]*?)\]\]/.exec(said)?.[1] ?? `ECHO: ${said}` };
  };
  delayMs = 0;
  /** A delay by request, beside `delayMs` (one workspace's model slow, another's quick). */
  delayFor: ((request: ChatCompletionRequest) => number) | null = null;
  /** The token counts every answer reports (`usage`); `null`: none reported. */
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number } | null = {
    prompt_tokens: 10,
    completion_tokens: 5,
    total_tokens: 15,
  };
  private failures: number[] = [];
  private held: { until: Promise<void>; release(): void } | null = null;
  /** Completions of the requests `matches` picks wait until their hold is released (holdWhere). */
  private readonly heldWhere: { matches: (request: ChatCompletionRequest) => boolean; until: Promise<void> }[] = [];
  private server: Server | null = null;
  /** The base URL to give as LLM_BASE_URL (and as MODERATION_BASE_URL: it also answers `/v1/moderations`). */
  url = '';
  /** Its `POST /v1/moderations`, OpenAI's moderation protocol (fake-moderation.ts). */
  readonly moderation = new FakeModerationEndpoint();

  static async start(): Promise<FakeLlm> {
    const fake = new FakeLlm();
    fake.server = createServer((req, res) => void fake.handle(req, res));
    await new Promise<void>((resolve) => fake.server!.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/v1`;
    return fake;
  }

  async stop(): Promise<void> {
    this.held?.release();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** The settings that point a stack's model calls at this fake; `strict-model` is the other model it offers (evaluations' candidates). */
  env(): { LLM_BASE_URL: string; LLM_API_KEY: string; LLM_MODEL: string; LLM_ALLOWED_MODELS: string } {
    return { LLM_BASE_URL: this.url, LLM_API_KEY: 'test-key', LLM_MODEL: 'fake-model', LLM_ALLOWED_MODELS: 'strict-model' };
  }

  /**
   * Every completion waits, from now until the returned function is called: a model slow for
   * exactly as long as a test needs, however loaded the machine (`delayMs` is a fixed time).
   */
  hold(): () => void {
    let resolve = (): void => undefined;
    const held = {
      until: new Promise<void>((done) => (resolve = done)),
      release: () => {
        if (this.held === held) this.held = null;
        resolve();
      },
    };
    this.held = held;
    return held.release;
  }

  /** Like `hold`, for the requests `matches` picks only (one workspace's agent, say); the others answer meanwhile. */
  holdWhere(matches: (request: ChatCompletionRequest) => boolean): () => void {
    let release = (): void => undefined;
    const held = { matches, until: new Promise<void>((done) => (release = done)) };
    this.heldWhere.push(held);
    return () => {
      const at = this.heldWhere.indexOf(held);
      if (at >= 0) this.heldWhere.splice(at, 1);
      release();
    };
  }

  /** The next `count` completions answer `status` (an OpenAI error body). */
  failNext(count: number, status = 500): void {
    this.failures.push(...Array.from({ length: count }, () => status));
  }

  /** `POST /v1/embeddings` as OpenAI answers it (input: a string or strings). */
  private async embed(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = JSON.parse(await bodyOf(req)) as { model: string; input: string | string[] };
    const inputs = typeof body.input === 'string' ? [body.input] : body.input;
    this.embeddingInputs.push(...inputs);
    const failure = this.failures.shift();
    if (failure !== undefined) return json(res, failure, { error: { message: 'the fake model was told to fail', type: 'server_error' } });
    const tokens = inputs.reduce((sum, input) => sum + Math.ceil(input.length / 4), 0);
    return json(res, 200, {
      object: 'list',
      data: inputs.map((input, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(input, this.embeddingDimensions) })),
      model: body.model,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method === 'GET' && req.url === '/v1/models')
      return json(res, 200, { object: 'list', data: [{ id: 'fake-model', object: 'model', owned_by: 'platica' }] });
    if (req.method === 'POST' && req.url === '/v1/moderations') return this.moderation.handle(req, res, await bodyOf(req));
    if (req.method === 'POST' && req.url === '/v1/embeddings') return this.embed(req, res);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
      return json(res, 404, { error: { message: 'not found', type: 'invalid_request_error' } });
    const request = JSON.parse(await bodyOf(req)) as ChatCompletionRequest;
    this.requests.push(request);
    const timing = { request, startedAt: Date.now(), finishedAt: null as number | null };
    this.timings.push(timing);
    res.on('close', () => (timing.finishedAt = Date.now()));
    const failure = this.failures.shift();
    if (failure !== undefined) return json(res, failure, { error: { message: 'the fake model was told to fail', type: 'server_error' } });
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.held) await this.held.until;
    const delay = this.delayFor?.(request) ?? 0;
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    for (const held of this.heldWhere.filter((h) => h.matches(request))) await held.until;

    const answer = this.answer(request);
    const id = `chatcmpl-${randomBytes(8).toString('hex')}`;
    const created = Math.floor(Date.now() / 1000);
    const usage = this.usage;
    const toolCall =
      'toolCall' in answer
        ? {
            id: `call_${randomBytes(6).toString('hex')}`,
            type: 'function' as const,
            function: { name: answer.toolCall.name, arguments: JSON.stringify(answer.toolCall.arguments) },
          }
        : null;
    const message = toolCall
      ? { role: 'assistant', content: null, tool_calls: [toolCall] }
      : { role: 'assistant', content: (answer as { text: string }).text };
    const finish = toolCall ? 'tool_calls' : 'stop';

    if (!request.stream) {
      return json(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model: request.model,
        choices: [{ index: 0, message, finish_reason: finish }],
        ...(usage ? { usage } : {}),
      });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const send = (delta: Record<string, unknown>, finishReason: string | null, withUsage = false) =>
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: request.model, choices: [{ index: 0, delta, finish_reason: finishReason }], ...(withUsage && usage ? { usage } : {}) })}\n\n`,
      );
    send({ role: 'assistant' }, null);
    if (toolCall) send({ tool_calls: [{ index: 0, ...toolCall }] }, null);
    else for (const piece of (answer as { text: string }).text.match(/.{1,16}/gsu) ?? ['']) send({ content: piece }, null);
    send({}, finish, true);
    res.end('data: [DONE]\n\n');
  }
}

/** Dimensions of the fake's embeddings, unless told otherwise (`embeddingDimensions`). */
export const FAKE_EMBEDDING_DIMENSIONS = 64;

/**
 * A bag of words hashed into `dimensions` buckets (lower case, accents removed): texts sharing
 * words are similar, as with a real model, and the same text always embeds alike.
 */
export function fakeEmbedding(text: string, dimensions = FAKE_EMBEDDING_DIMENSIONS): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  const words =
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]{3,}/gu) ?? [];
  for (const word of words) {
    let hash = 2166136261;
    for (const char of word) hash = Math.imul(hash ^ char.codePointAt(0)!, 16777619);
    vector[(hash >>> 0) % dimensions]! += 1;
  }
  return vector;
}

export function textOf(message: ChatMessage | undefined): string {
  if (!message) return '';
  if (typeof message.content === 'string') return message.content;
  return (message.content ?? []).map((part) => part.text ?? '').join('');
}

export function lastOf(messages: ChatMessage[], role: ChatMessage['role']): ChatMessage | undefined {
  return [...messages].reverse().find((m) => m.role === role);
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
