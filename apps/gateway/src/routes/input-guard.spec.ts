import { DomainError } from '@platica/errors';
import { apiBodyLimit, frameworkError, guardedJsonText, MAX_JSON_DEPTH, queryEncodingIssues } from './input-guard';

const detailsOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError).toBody();
  }
  throw new Error('expected a DomainError');
};

describe('input guard', () => {
  it('reads valid UTF-8 JSON up to the depth bound', () => {
    const atBound = `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`;
    expect(guardedJsonText(Buffer.from(atBound))).toBe(atBound);
    expect(guardedJsonText(Buffer.from('{"name":"Sofía 👋"}'))).toBe('{"name":"Sofía 👋"}');
  });

  it('refuses invalid UTF-8 and nesting past the bound with 400, before parsing', () => {
    expect(detailsOf(() => guardedJsonText(Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d])))).toEqual({
      code: 400,
      error: 'Invalid request body',
      details: [{ path: [], message: 'the body is not valid UTF-8' }],
    });
    const deep = Buffer.from(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`);
    expect(detailsOf(() => guardedJsonText(deep)).details).toEqual([
      { path: [], message: `the body nests deeper than ${MAX_JSON_DEPTH} levels` },
    ]);
  });

  it('names each query parameter that is not valid percent-encoded UTF-8', () => {
    expect(queryEncodingIssues({ url: '/v1/conversations?channelId=%ED%B0%80&limit=5&tags=a%E0%A4%A' })).toEqual([
      { path: ['channelId'], message: 'must be valid percent-encoded UTF-8' },
      { path: ['tags'], message: 'must be valid percent-encoded UTF-8' },
    ]);
    expect(queryEncodingIssues({ url: '/v1/conversations?tags=caf%C3%A9&q=a+b&flag' })).toEqual([]);
    expect(queryEncodingIssues({ url: '/v1/agents' })).toEqual([]);
  });

  it("maps Fastify's router refusals to the spec's statuses", () => {
    expect(frameworkError({ code: 'FST_ERR_MAX_PARAM_LENGTH', message: 'x' }).toBody()).toEqual({
      code: 414,
      error: 'A path parameter is too long',
      details: { maxLength: 100 },
    });
    expect(frameworkError({ code: 'FST_ERR_BAD_URL', message: 'x' }).status).toBe(400);
  });

  it('keeps room for the envelope below NATS max_payload', () => {
    expect(apiBodyLimit(1024 * 1024)).toBe(960 * 1024);
  });
});
