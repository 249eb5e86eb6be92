import { APICallError, type LanguageModelV4, type LanguageModelV4Content, type LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { generateText, jsonSchema, streamText, tool } from 'ai';
import type { TurnLogModelCall } from '@platica/contracts';
import type { RecordedModelCall } from '../turn-log/turn-log.entity';
import { modelCallErrorOf } from '../models/model-call-errors';
import { costOf, modelCallOutcome, recordingModel } from '../models/recorded-calls';
import { turnModel } from './model-call-records';

const usage = (input: number | undefined, output: number | undefined) => ({
  inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: output, text: output, reasoning: undefined },
});

/** A model answering `parts` (generated or streamed), or failing with `error`. */
function scriptedModel(script: { parts?: LanguageModelV4StreamPart[]; error?: unknown; streamError?: unknown }): LanguageModelV4 {
  const parts = script.parts ?? [];
  return {
    specificationVersion: 'v4',
    provider: 'test',
    modelId: 'test-model',
    supportedUrls: {},
    doGenerate: () => {
      if (script.error) return Promise.reject(script.error);
      const finish = parts.find((part) => part.type === 'finish');
      return Promise.resolve({
        content: parts.flatMap((part): LanguageModelV4Content[] =>
          part.type === 'text-delta' ? [{ type: 'text', text: part.delta }] : part.type === 'tool-call' ? [part] : [],
        ),
        finishReason: finish?.type === 'finish' ? finish.finishReason : { unified: 'other', raw: undefined },
        usage: finish?.type === 'finish' ? finish.usage : usage(undefined, undefined),
        warnings: [],
      });
    },
    doStream: () => {
      if (script.error) return Promise.reject(script.error);
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
          for (const part of parts) controller.enqueue(part);
          if (script.streamError) controller.enqueue({ type: 'error', error: script.streamError });
          controller.close();
        },
      });
      return Promise.resolve({ stream });
    },
  };
}

const textAnswer: LanguageModelV4StreamPart[] = [
  { type: 'text-start', id: 't' },
  { type: 'text-delta', id: 't', delta: 'hola' },
  { type: 'text-end', id: 't' },
  { type: 'finish', usage: usage(42, 7), finishReason: { unified: 'stop', raw: 'stop' } },
];
const toolAnswer: LanguageModelV4StreamPart[] = [
  { type: 'tool-call', toolCallId: 'c1', toolName: 'lookup', input: '{}' },
  { type: 'tool-call', toolCallId: 'c2', toolName: 'lookup', input: '{}' },
  { type: 'finish', usage: usage(undefined, undefined), finishReason: { unified: 'tool-calls', raw: 'tool_calls' } },
];
const refused = new APICallError({
  message: 'Incorrect API key provided: sk-secret-123',
  url: 'https://llm.example.com/v1/chat/completions',
  requestBodyValues: {},
  statusCode: 401,
  data: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } },
});

/** What `recordingModel` reports of one call, made with `call`. */
async function recorded(model: LanguageModelV4, call: (model: LanguageModelV4) => Promise<unknown>) {
  const records: { answered: Parameters<typeof modelCallOutcome>[0]; error: unknown; startedAt: number }[] = [];
  const outcome = await call(recordingModel(model, (startedAt, answered, error) => records.push({ startedAt, answered, error }))).then(
    () => 'ok',
    () => 'thrown',
  );
  // A streamed call is recorded as its stream closes, just after the SDK resolves what it read.
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(records).toHaveLength(1);
  return { outcome, ...records[0]!, record: modelCallOutcome(records[0]!.answered, records[0]!.error, 'sk-secret-123') };
}

const tools = { lookup: tool({ inputSchema: jsonSchema<Record<string, unknown>>({ type: 'object', properties: {} }) }) };

describe('recordingModel', () => {
  it("records a generated answer's tokens, finish reason and no tool calls", async () => {
    const { outcome, record } = await recorded(scriptedModel({ parts: textAnswer }), (model) =>
      generateText({ model, prompt: 'x', maxRetries: 0 }),
    );
    expect(outcome).toBe('ok');
    expect(record).toEqual({ outcome: 'ok', inputTokens: 42, outputTokens: 7, finishReason: 'stop', toolCallCount: 0, error: null });
  });

  it('counts the tool calls asked for; tokens the provider did not report are null', async () => {
    const { record } = await recorded(scriptedModel({ parts: toolAnswer }), (model) =>
      generateText({ model, prompt: 'x', maxRetries: 0, tools }),
    );
    expect(record).toMatchObject({ outcome: 'ok', inputTokens: null, outputTokens: null, finishReason: 'tool_calls', toolCallCount: 2 });
  });

  it("records a refused call's status, code and message, without the API key, and the caller still gets the error", async () => {
    const { outcome, record } = await recorded(scriptedModel({ error: refused }), (model) =>
      generateText({ model, prompt: 'x', maxRetries: 0 }),
    );
    expect(outcome).toBe('thrown');
    expect(record).toEqual({
      outcome: 'error',
      inputTokens: null,
      outputTokens: null,
      finishReason: null,
      toolCallCount: 0,
      error: { status: 401, code: 'invalid_api_key', message: 'Incorrect API key provided: [redacted]' },
    });
  });

  it('records a streamed answer once it is read whole', async () => {
    const { outcome, record } = await recorded(scriptedModel({ parts: toolAnswer }), async (model) => {
      const result = streamText({ model, prompt: 'x', maxRetries: 0, tools });
      await result.toolCalls;
    });
    expect(outcome).toBe('ok');
    expect(record).toMatchObject({ outcome: 'ok', finishReason: 'tool_calls', toolCallCount: 2 });
  });

  it('records a stream that fails before it starts, and one that fails midway', async () => {
    const before = await recorded(scriptedModel({ error: refused }), async (model) => {
      let failure: unknown;
      const result = streamText({ model, prompt: 'x', maxRetries: 0, onError: ({ error }) => void (failure ??= error) });
      await Promise.resolve(result.text).catch(() => undefined);
      if (failure) throw failure;
    });
    expect(before.record.error).toMatchObject({ status: 401, code: 'invalid_api_key' });

    const midway = await recorded(
      scriptedModel({ parts: textAnswer.slice(0, 2), streamError: new Error('upstream reset') }),
      async (model) => {
        const result = streamText({ model, prompt: 'x', maxRetries: 0, onError: () => undefined });
        await Promise.resolve(result.text).catch(() => undefined);
      },
    );
    expect(midway.record).toMatchObject({ outcome: 'error', error: { status: null, code: 'Error', message: 'upstream reset' } });
  });
});

describe('modelCallErrorOf', () => {
  it("names a timeout by its error's name, and shortens a long message", () => {
    const timeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    expect(modelCallErrorOf(timeout, undefined)).toEqual({ status: null, code: 'TimeoutError', message: timeout.message });
    const long = modelCallErrorOf(new Error('x'.repeat(1000)), undefined);
    expect(long.message).toHaveLength(300);
    expect(long.message.endsWith('…')).toBe(true);
  });

  it("takes an OpenAI error body's type when it has no code", () => {
    const failed = new APICallError({
      message: 'the fake model was told to fail',
      url: 'http://127.0.0.1/v1/chat/completions',
      requestBodyValues: {},
      statusCode: 500,
      data: { error: { message: 'the fake model was told to fail', type: 'server_error' } },
    });
    expect(modelCallErrorOf(failed, 'test-key')).toEqual({ status: 500, code: 'server_error', message: 'the fake model was told to fail' });
  });

  it("shows a stream's plain error object as JSON, the API key blanked out", () => {
    const part = { error: { message: 'bad key sk-secret-123', type: 'invalid_request_error' } };
    expect(modelCallErrorOf(part, 'sk-secret-123')).toEqual({
      status: null,
      code: null,
      message: '{"error":{"message":"bad key [redacted]","type":"invalid_request_error"}}',
    });
  });
});

describe('turnModel', () => {
  const candidate = (model = scriptedModel({ parts: textAnswer })) => ({
    breakerKey: 'mc_1',
    connectionId: 'mc_1',
    provider: 'anthropic',
    modelId: 'test-model',
    model,
    secret: 'sk-secret-123',
    offer: { id: 'test-model', inputUsdPerMillion: 3, outputUsdPerMillion: 15 },
  });
  const deps = (written: RecordedModelCall[]) => ({
    chains: { candidates: () => Promise.resolve([candidate()]) },
    breakers: { read: () => Promise.resolve({ failing: new Set(), open: new Set() }) },
    config: { values: { LLM_API_KEY: 'sk-secret-123', LLM_TIMEOUT_MS: 5_000 } },
    turnLog: { modelCall: (_ref: unknown, call: RecordedModelCall) => Promise.resolve(void written.push(call)) },
    logger: { warn: jest.fn() },
  });
  const ref = { turnId: 'msg_1', workspaceId: 'ws_1', conversationRef: 'conv_1' };
  const chooser = { workspaceId: 'ws_1', agentId: 'agt_1', models: null, slot: 'reply' as const };

  it("files the call under the turn, keyed by its purpose, id and the step's attempt, with its connection, agent and cost", async () => {
    const written: RecordedModelCall[] = [];
    const model = turnModel(deps(written) as never, ref, { purpose: 'reply', round: 2, id: 2 }, chooser);
    await generateText({ model, prompt: 'x', maxRetries: 0 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toEqual([
      {
        key: 'reply:2:1',
        purpose: 'reply',
        round: 2,
        attempt: 1,
        model: 'test-model',
        provider: 'anthropic',
        connectionId: 'mc_1',
        agentId: 'agt_1',
        fallbackIndex: 0,
        outcome: 'ok',
        at: expect.any(String),
        durationMs: expect.any(Number),
        inputTokens: 42,
        outputTokens: 7,
        // 42 × 3 + 7 × 15 dollars per million tokens.
        costUsd: 0.000231,
        finishReason: 'stop',
        toolCallCount: 0,
        error: null,
      } satisfies RecordedModelCall & Partial<TurnLogModelCall>,
    ]);
  });

  it('a lost record never fails the call; a turn without a log entry records nothing', async () => {
    const failing = { ...deps([]), turnLog: { modelCall: () => Promise.reject(new Error('database down')) } };
    const model = turnModel(failing as never, ref, { purpose: 'guardrail', round: 0, id: 0 }, chooser);
    await expect(generateText({ model, prompt: 'x', maxRetries: 0 })).resolves.toMatchObject({ text: 'hola' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(failing.logger.warn).toHaveBeenCalledWith(expect.objectContaining({ msg: 'a turn log record was not written' }));
    const written: RecordedModelCall[] = [];
    const plain = deps(written);
    await generateText({
      model: turnModel(plain as never, null, { purpose: 'reply', round: 0, id: 0 }, chooser),
      prompt: 'x',
      maxRetries: 0,
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toEqual([]);
  });
});

describe('costOf', () => {
  it('needs both prices and some usage', () => {
    const offer = { id: 'm', inputUsdPerMillion: 1, outputUsdPerMillion: 2 };
    expect(costOf(offer, { inputTokens: 1_000_000, outputTokens: 500_000 })).toBe(2);
    expect(costOf({ ...offer, outputUsdPerMillion: null }, { inputTokens: 10, outputTokens: 10 })).toBeNull();
    expect(costOf(offer, { inputTokens: null, outputTokens: null })).toBeNull();
    expect(costOf(null, { inputTokens: 10, outputTokens: 10 })).toBeNull();
  });
});
