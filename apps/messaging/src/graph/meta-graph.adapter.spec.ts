import { Logger } from '@nestjs/common';
import type { MessagingConfigService } from '../config/messaging.config';
import { GraphError, MetaGraphAdapter } from './meta-graph.adapter';

const config = { values: { META_GRAPH_BASE_URL: 'https://graph.test/v21.0/', META_GRAPH_TIMEOUT_MS: 5_000 } } as MessagingConfigService;

/** What the adapter throws when `fetch` answers (or fails) as `answer` does. */
async function failureOf(answer: () => Promise<Response>): Promise<GraphError> {
  jest.spyOn(globalThis, 'fetch').mockImplementation(answer);
  const error = await new MetaGraphAdapter(config)
    .sendMessage('phone_1', 'token', { messaging_product: 'whatsapp' })
    .catch((e: unknown) => e);
  if (!(error instanceof GraphError)) throw new Error(`expected a GraphError, got ${String(error)}`);
  return error;
}

const metaError = (status: number, error: Record<string, unknown>) => async () => new Response(JSON.stringify({ error }), { status });

describe('MetaGraphAdapter: why a send failed', () => {
  beforeEach(() => jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => {}));
  afterEach(() => jest.restoreAllMocks());

  it('a connection that fails is unreachable, with what it failed with', async () => {
    const failure = await failureOf(async () => {
      throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    });
    expect([failure.reason, failure.status, failure.graphCode, failure.message]).toEqual([
      'unreachable',
      null,
      null,
      'ECONNREFUSED: fetch failed',
    ]);
    expect(failure.describe()).toBe("Meta's Graph API could not be reached: ECONNREFUSED: fetch failed");
  });

  it('no answer within the timeout is unreachable, naming the timeout', async () => {
    const failure = await failureOf(async () => {
      // What AbortSignal.timeout throws (a DOMException of that name).
      throw Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' });
    });
    expect(failure.reason).toBe('unreachable');
    expect(failure.describe()).toBe("Meta's Graph API could not be reached: no answer within 5000 ms");
  });

  it("Meta's error object is a refusal with Meta's status, code and text", async () => {
    const failure = await failureOf(metaError(400, { message: '(#131026) Message undeliverable', code: 131026, fbtrace_id: 'Atrace' }));
    expect(failure.toDetails()).toEqual({
      provider: 'meta',
      reason: 'refused',
      status: 400,
      code: 131026,
      message: '(#131026) Message undeliverable',
      fbtraceId: 'Atrace',
    });
    expect(failure.describe()).toBe("Meta's Graph API refused the message (code 131026): (#131026) Message undeliverable");
  });

  it('a refusal without an error object names the HTTP status', async () => {
    const failure = await failureOf(async () => new Response('Bad gateway', { status: 502 }));
    expect(failure.describe()).toBe("Meta's Graph API refused the message (HTTP 502): the Graph API answered 502");
  });

  it.each([
    ['WhatsApp re-engagement (131047)', { message: 'Re-engagement message', code: 131047 }],
    [
      'Messenger outside the window (10 / 2018278)',
      { message: 'This message is sent outside of allowed window.', code: 10, error_subcode: 2018278 },
    ],
  ])("Meta's code for a closed window is window_closed: %s", async (_name, error) => {
    const failure = await failureOf(metaError(400, error));
    expect(failure.reason).toBe('window_closed');
    expect(failure.describe()).toContain("the customer's 24-hour window is closed (code ");
  });

  it('code 10 with another subcode (a permission) stays a refusal', async () => {
    const failure = await failureOf(
      metaError(403, { message: '(#10) Application does not have permission', code: 10, error_subcode: 2018028 }),
    );
    expect(failure.reason).toBe('refused');
  });
});
