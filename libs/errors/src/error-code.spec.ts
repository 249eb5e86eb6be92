import { ErrorCode, httpStatusOf } from './error-code';
import { DomainError } from './domain-error';
import { z } from 'zod';
import { fieldIssuesOf, parseOrThrow } from './zod-issues';

describe('errors', () => {
  it('maps every code to the status of the spec', () => {
    const expected: Record<ErrorCode, number> = {
      [ErrorCode.Validation]: 400,
      [ErrorCode.Unauthenticated]: 401,
      [ErrorCode.CreditLimit]: 402,
      [ErrorCode.Forbidden]: 403,
      [ErrorCode.InsufficientScope]: 403,
      [ErrorCode.NotFound]: 404,
      [ErrorCode.MethodNotAllowed]: 405,
      [ErrorCode.RequestTimeout]: 408,
      [ErrorCode.Conflict]: 409,
      [ErrorCode.Gone]: 410,
      [ErrorCode.PayloadTooLarge]: 413,
      [ErrorCode.UriTooLong]: 414,
      [ErrorCode.UnsupportedMediaType]: 415,
      [ErrorCode.Unprocessable]: 422,
      [ErrorCode.RateLimited]: 429,
      [ErrorCode.HeadersTooLarge]: 431,
      [ErrorCode.Internal]: 500,
      [ErrorCode.NotImplemented]: 501,
      [ErrorCode.UpstreamFailed]: 502,
      [ErrorCode.Unavailable]: 503,
      [ErrorCode.Timeout]: 504,
    };
    for (const code of Object.values(ErrorCode)) {
      expect(httpStatusOf(code)).toBe(expected[code]);
    }
  });

  it('renders the spec body {code, error, details}', () => {
    expect(new DomainError(ErrorCode.Conflict, 'busy', { conversationId: 'c1' }).toBody()).toEqual({
      code: 409,
      error: 'busy',
      details: { conversationId: 'c1' },
    });
  });

  it('names every failing field of a validation error', () => {
    const schema = z.object({ name: z.string().min(1), limits: z.object({ rate: z.number().int() }) });
    try {
      parseOrThrow(schema, { name: '', limits: { rate: 1.5 } });
      throw new Error('expected a validation error');
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      const body = (error as DomainError).toBody();
      expect(body.code).toBe(400);
      expect((body.details as { path: unknown[] }[]).map((d) => d.path)).toEqual([['name'], ['limits', 'rate']]);
    }
  });

  it('names each unknown key of a strict object by its path', () => {
    const schema = z.strictObject({ limit: z.string().optional(), nested: z.strictObject({}).optional() });
    const issues = fieldIssuesOf(schema.safeParse({ foo: '1', bar: '2', nested: { baz: 3 } }).error!);
    expect(issues).toEqual([
      { path: ['nested', 'baz'], message: 'unknown field "baz"' },
      { path: ['foo'], message: 'unknown field "foo"' },
      { path: ['bar'], message: 'unknown field "bar"' },
    ]);
  });
});
