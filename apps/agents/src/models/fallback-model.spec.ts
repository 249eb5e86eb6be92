import { APICallError, type LanguageModelV4, type LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { generateText } from 'ai';
import { FallbackModel, type FallbackDeps, type ModelCandidate } from './fallback-model';
import { fallbackReasonOf, retryAfterSeconds } from './fallback-reasons';

const usage = {
  inputTokens: { total: 3, noCache: 3, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** A model answering by `script`: text, an error to throw, or a wait until the call is aborted. */
function model(id: string, script: (string | Error | 'hang')[]): LanguageModelV4 & { calls: number } {
  const steps = [...script];
  const m = {
    specificationVersion: 'v4' as const,
    provider: 'test',
    modelId: id,
    supportedUrls: {},
    calls: 0,
    doGenerate(options: LanguageModelV4CallOptions) {
      m.calls++;
      const step = steps.shift() ?? `answer from ${id}`;
      if (step === 'hang') {
        return new Promise<never>((_, reject) => options.abortSignal?.addEventListener('abort', () => reject(options.abortSignal!.reason)));
      }
      if (step instanceof Error) return Promise.reject(step);
      return Promise.resolve({
        content: [{ type: 'text' as const, text: step }],
        finishReason: { unified: 'stop' as const, raw: 'stop' },
        usage,
        warnings: [],
      });
    },
    doStream(): never {
      throw new Error('not streamed here');
    },
  };
  return m;
}

const apiError = (statusCode: number, headers: Record<string, string> = {}) =>
  new APICallError({
    message: `status ${statusCode}`,
    url: 'http://provider.test/v1/chat/completions',
    requestBodyValues: {},
    statusCode,
    responseHeaders: headers,
    isRetryable: statusCode >= 500 || statusCode === 429,
  });

function candidate(key: string, m: LanguageModelV4): ModelCandidate {
  return { breakerKey: key, connectionId: key, provider: 'test', modelId: m.modelId, model: m, secret: undefined, offer: null };
}

function harness(candidates: ModelCandidate[], open: string[] = []) {
  const tries: string[] = [];
  const failures: string[] = [];
  const successes: string[] = [];
  const deps: FallbackDeps = {
    candidates: () => Promise.resolve(candidates),
    breakers: () => Promise.resolve({ failing: new Set(open), open: new Set(open) }),
    failed: (c, reason) => Promise.resolve(void failures.push(`${c.breakerKey} ${reason}`)),
    succeeded: (c) => Promise.resolve(void successes.push(c.breakerKey)),
    recorded: (c, index) => {
      tries.push(`${index} ${c.breakerKey}`);
      return c.model;
    },
    skipped: (c, index) => void tries.push(`${index} ${c.breakerKey} skipped`),
    timeoutMs: 200,
  };
  return { model: new FallbackModel(deps), tries, failures, successes };
}

describe('FallbackModel', () => {
  it('calls the first model again after a 5xx, then falls back after a time-out; the answer closes no breaker that counted nothing', async () => {
    const first = model('first', [apiError(500), 'hang']);
    const h = harness([candidate('a', first), candidate('b', model('second', []))]);
    const { text } = await generateText({ model: h.model, prompt: 'x', maxRetries: 0 });
    expect(text).toBe('answer from second');
    expect(h.tries).toEqual(['0 a', '1 a', '2 b']);
    expect(h.failures).toEqual(['a server_error', 'a timeout']);
    expect(h.successes).toEqual([]);
  });

  it('falls back at once on an authentication failure or a long retry-after; a short one is the turn’s to wait out', async () => {
    const auth = harness([candidate('a', model('first', [apiError(401)])), candidate('b', model('second', []))]);
    await expect(generateText({ model: auth.model, prompt: 'x', maxRetries: 0 })).resolves.toMatchObject({ text: 'answer from second' });
    expect(auth.tries).toEqual(['0 a', '1 b']);

    const long = harness([candidate('a', model('first', [apiError(429, { 'retry-after': '120' })])), candidate('b', model('second', []))]);
    await expect(generateText({ model: long.model, prompt: 'x', maxRetries: 0 })).resolves.toMatchObject({ text: 'answer from second' });

    const short = harness([candidate('a', model('first', [apiError(429, { 'retry-after': '2' })])), candidate('b', model('second', []))]);
    await expect(generateText({ model: short.model, prompt: 'x', maxRetries: 0 })).rejects.toThrow('status 429');
    expect(short.tries).toEqual(['0 a']);
  });

  it('a bad request is not the provider’s failure: it ends the call without a fallback', async () => {
    const h = harness([candidate('a', model('first', [apiError(400)])), candidate('b', model('second', []))]);
    await expect(generateText({ model: h.model, prompt: 'x', maxRetries: 0 })).rejects.toThrow('status 400');
    expect(h.failures).toEqual([]);
  });

  it('skips a connection whose breaker is open, and an answer from one that had failed closes its breaker', async () => {
    const first = model('first', []);
    const h = harness([candidate('a', first), candidate('b', model('second', []))], ['a']);
    await expect(generateText({ model: h.model, prompt: 'x', maxRetries: 0 })).resolves.toMatchObject({ text: 'answer from second' });
    expect(first.calls).toBe(0);
    expect(h.tries).toEqual(['0 a skipped', '1 b']);

    const last = harness([candidate('a', model('first', []))], ['a']);
    // The only model is tried even with its breaker open (and one model reads no breaker at all).
    await expect(generateText({ model: last.model, prompt: 'x', maxRetries: 0 })).resolves.toMatchObject({ text: 'answer from first' });

    const recovering = harness([candidate('a', model('first', [])), candidate('b', model('second', []))]);
    (recovering as unknown as { model: { deps: FallbackDeps } }).model.deps.breakers = () =>
      Promise.resolve({ failing: new Set(['a']), open: new Set() });
    await generateText({ model: recovering.model, prompt: 'x', maxRetries: 0 });
    expect(recovering.successes).toEqual(['a']);
  });

  it('every model failing: the last failure ends the call; one model alone is called once, as before fallbacks', async () => {
    const h = harness([candidate('a', model('first', [apiError(503), apiError(503)])), candidate('b', model('second', [apiError(502)]))]);
    await expect(generateText({ model: h.model, prompt: 'x', maxRetries: 0 })).rejects.toThrow('status 502');
    expect(h.tries).toEqual(['0 a', '1 a', '2 b']);

    const alone = harness([candidate('a', model('first', [apiError(500)]))]);
    await expect(generateText({ model: alone.model, prompt: 'x', maxRetries: 0 })).rejects.toThrow('status 500');
    expect(alone.tries).toEqual(['0 a']);
    expect(alone.failures).toEqual([]);
  });
});

describe('fallbackReasonOf', () => {
  it('names the failures retrying the same provider will not fix soon', () => {
    expect(fallbackReasonOf(apiError(500), false)).toBe('server_error');
    expect(fallbackReasonOf(apiError(403), false)).toBe('auth');
    expect(fallbackReasonOf(apiError(404), false)).toBeNull();
    expect(fallbackReasonOf(new Error('anything'), true)).toBe('timeout');
    expect(fallbackReasonOf(new APICallError({ message: 'refused', url: 'u', requestBodyValues: {}, isRetryable: true }), false)).toBe(
      'unreachable',
    );
  });

  it('reads retry-after as seconds or as a date', () => {
    expect(retryAfterSeconds({ 'retry-after': '30' })).toBe(30);
    expect(retryAfterSeconds({ 'retry-after': new Date(60_000).toUTCString() }, 0)).toBe(60);
    expect(retryAfterSeconds({})).toBe(0);
  });
});
