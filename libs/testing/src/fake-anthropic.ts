import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake of Anthropic's Messages API on loopback (`POST /v1/messages`), answering as the real
 * API does, streamed (server-sent events) or not, text or a `tool_use` block, with `usage`.
 *
 * Wire format: Anthropic's API reference (https://docs.anthropic.com/en/api/messages: the
 * message object, `stop_reason`, `usage`, the error body `{type: "error", error: {type, message}}`)
 * and its streaming guide (https://docs.anthropic.com/en/docs/build-with-claude/streaming:
 * `event:` lines `message_start`, `content_block_start`, `ping`, `content_block_delta` with
 * `text_delta` or `input_json_delta`, `content_block_stop`, `message_delta`, `message_stop`),
 * shaped after recorded responses in the AI SDK's test fixtures (github.com/vercel/ai,
 * packages/anthropic/src/__fixtures__/anthropic-text.chunks.txt, anthropic-tool-no-args.json
 * and anthropic-tool-no-args.chunks.txt).
 */
export interface AnthropicRequest {
  model: string;
  max_tokens: number;
  system?: string | { type: 'text'; text: string }[];
  messages: { role: 'user' | 'assistant'; content: string | { type: string; text?: string; content?: unknown }[] }[];
  tools?: { name: string; description?: string; input_schema?: unknown }[];
  stream?: boolean;
}

/** A request as it arrived: its body and the headers that carry credentials. */
export interface AnthropicCall {
  body: AnthropicRequest;
  apiKey: string | undefined;
  version: string | undefined;
}

export type AnthropicAnswer = { text: string } | { toolUse: { name: string; input: Record<string, unknown> } };

export class FakeAnthropic {
  readonly calls: AnthropicCall[] = [];
  /** Answers TEXT for `[[reply:TEXT]]` in the last user message, else `CLAUDE: <last user text>`. */
  answer: (request: AnthropicRequest) => AnthropicAnswer = (request) => {
    const said = lastUserText(request);
    return { text: /\[\[reply:([\s\S]*?)\]\]/.exec(said)?.[1] ?? `CLAUDE: ${said}` };
  };
  usage = { input_tokens: 12, output_tokens: 30 };
  /** Statuses the next requests answer with Anthropic's error body (500 api_error, 529 overloaded_error, 401 authentication_error). */
  private failures: number[] = [];
  private server: Server | null = null;
  /** The base URL a connection names (`…/v1`, as Anthropic's SDKs take it). */
  url = '';

  static async start(): Promise<FakeAnthropic> {
    const fake = new FakeAnthropic();
    fake.server = createServer((req, res) => void fake.handle(req, res));
    await new Promise<void>((resolve) => fake.server!.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/v1`;
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
    if (req.method !== 'POST' || req.url !== '/v1/messages') return error(res, 404, 'not_found_error', 'Not found');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as AnthropicRequest;
    this.calls.push({ body, apiKey: header(req, 'x-api-key'), version: header(req, 'anthropic-version') });
    const failure = this.failures.shift();
    if (failure !== undefined) return error(res, failure, ERROR_TYPES[failure] ?? 'api_error', 'the fake was told to fail');
    if (!body.model || !Array.isArray(body.messages) || typeof body.max_tokens !== 'number') {
      return error(res, 400, 'invalid_request_error', 'model, messages and max_tokens are required');
    }

    const answer = this.answer(body);
    const id = `msg_${randomBytes(12).toString('hex')}`;
    const block =
      'toolUse' in answer
        ? { type: 'tool_use', id: `toolu_${randomBytes(12).toString('hex')}`, name: answer.toolUse.name, input: answer.toolUse.input }
        : { type: 'text', text: answer.text };
    const stopReason = 'toolUse' in answer ? 'tool_use' : 'end_turn';
    if (!body.stream) {
      return json(res, 200, {
        model: body.model,
        id,
        type: 'message',
        role: 'assistant',
        content: [block],
        stop_reason: stopReason,
        stop_sequence: null,
        usage: { ...this.usage, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
      });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const send = (data: Record<string, unknown>) => res.write(`event: ${String(data.type)}\ndata: ${JSON.stringify(data)}\n\n`);
    send({
      type: 'message_start',
      message: {
        model: body.model,
        id,
        type: 'message',
        role: 'assistant',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: this.usage.input_tokens, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 1 },
      },
    });
    if (block.type === 'tool_use') {
      send({ type: 'content_block_start', index: 0, content_block: { ...block, input: {} } });
      send({ type: 'ping' });
      const input = JSON.stringify((block as { input: unknown }).input);
      for (const piece of input.match(/.{1,12}/gsu) ?? ['']) {
        send({ type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: piece } });
      }
    } else {
      send({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
      send({ type: 'ping' });
      for (const piece of (block as { text: string }).text.match(/.{1,16}/gsu) ?? ['']) {
        send({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: piece } });
      }
    }
    send({ type: 'content_block_stop', index: 0 });
    send({
      type: 'message_delta',
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: {
        input_tokens: this.usage.input_tokens,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        output_tokens: this.usage.output_tokens,
      },
    });
    send({ type: 'message_stop' });
    res.end();
  }
}

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

export function lastUserText(request: AnthropicRequest): string {
  const last = [...request.messages].reverse().find((m) => m.role === 'user');
  if (!last) return '';
  if (typeof last.content === 'string') return last.content;
  return last.content.map((part) => (part.type === 'text' ? (part.text ?? '') : '')).join('');
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function error(res: ServerResponse, status: number, type: string, message: string): void {
  json(res, status, { type: 'error', error: { type, message } });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res
    .writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(8).toString('hex')}` })
    .end(JSON.stringify(body));
}
