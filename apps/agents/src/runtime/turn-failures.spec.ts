import { ApplicationFailure } from '@temporalio/activity';
import { DomainError, ErrorCode } from '@platica/errors';
import { MODEL_FAILED } from '@platica/workflows/activities';
import { MODEL_ATTEMPTS, ModelFailures, refusalsEndTheTurn } from './turn-failures';

describe('refusalsEndTheTurn', () => {
  const failingWith = (error: unknown) => refusalsEndTheTurn({ step: async () => Promise.reject(error) });

  it("makes a service's refusal (4xx) non-retryable, under its code", async () => {
    const failure = await failingWith(DomainError.notFound('Conversation', 'conv_1'))
      .step()
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ nonRetryable: true, type: 'not_found' });
  });

  it('leaves an unavailable dependency, a 5xx or anything else retryable as it is', async () => {
    const unavailable = new DomainError(ErrorCode.Unavailable, 'The service is unavailable', { service: 'tools' });
    const refused = new Error('connect ECONNREFUSED 127.0.0.1:5432');
    expect(
      await failingWith(unavailable)
        .step()
        .catch((e: unknown) => e),
    ).toBe(unavailable);
    expect(
      await failingWith(refused)
        .step()
        .catch((e: unknown) => e),
    ).toBe(refused);
  });

  it('passes results through', async () => {
    expect(await refusalsEndTheTurn({ step: async (n: number) => n + 1 }).step(1)).toBe(2);
  });
});

describe('ModelFailures', () => {
  it('gives the model call its attempts, then ends it as a model error', () => {
    const failures = new ModelFailures();
    const error = new Error('the provider is down');
    for (let attempt = 1; attempt < MODEL_ATTEMPTS; attempt++) expect(failures.failed('run:turn:0', error)).toBe(error);
    expect(failures.failed('run:turn:0', error)).toMatchObject({ nonRetryable: true, type: MODEL_FAILED, message: 'the provider is down' });
  });

  it('counts each model call apart', () => {
    const failures = new ModelFailures();
    const error = new Error('down');
    failures.failed('run:turn:0', error);
    failures.failed('run:turn:0', error);
    expect(failures.failed('run:turn:1', error)).toBe(error);
  });
});
