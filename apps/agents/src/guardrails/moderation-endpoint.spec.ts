import { FakeLlm } from '@platica/testing/fake-llm';
import { OPENAI_MODERATION_EXAMPLE, OPENAI_MODERATION_EXAMPLE_CATEGORIES } from '@platica/testing/fake-moderation';
import { findingOf, ModerationEndpoint, moderationEndpointOf } from './moderation-endpoint';
import { agentsConfigSchema } from '../config/agents.config';
import { loadConfig } from '@platica/platform';

describe('findingOf (OpenAI moderation results)', () => {
  it("reads the API reference's flagged example: its true categories, highest score first, high severity", () => {
    expect(findingOf(OPENAI_MODERATION_EXAMPLE.results)).toEqual({ severity: 'high', categories: OPENAI_MODERATION_EXAMPLE_CATEGORIES });
  });

  it('takes the severity from the highest flagged score, across every result', () => {
    const result = (flagged: boolean, scores: Record<string, number>) => ({
      flagged,
      categories: Object.fromEntries(Object.keys(scores).map((name) => [name, flagged])),
      category_scores: scores,
    });
    expect(findingOf([result(false, { hate: 0.99 })])).toBeNull();
    expect(findingOf([result(true, { hate: 0.6 }), result(true, { harassment: 0.7, hate: 0.1 })])).toEqual({
      severity: 'medium',
      categories: ['harassment', 'hate'],
    });
    expect(findingOf([result(true, { sexual: 0.3 })])).toEqual({ severity: 'low', categories: ['sexual'] });
  });
});

describe('ModerationEndpoint against a fake speaking the protocol', () => {
  let fake: FakeLlm;
  beforeAll(async () => (fake = await FakeLlm.start()));
  afterAll(() => fake.stop());
  beforeEach(() => fake.moderation.requests.splice(0));

  const endpoint = (timeoutMs = 2_000) =>
    new ModerationEndpoint({ baseUrl: fake.url, apiKey: 'sk-mod', model: 'omni-moderation-latest', timeoutMs });

  it('sends {model, input} with one input per customer message and the key as a bearer token', async () => {
    expect(await endpoint().check(['hola', 'te voy a [[flag]] golpear'])).toEqual({
      severity: 'high',
      categories: OPENAI_MODERATION_EXAMPLE_CATEGORIES,
    });
    expect(fake.moderation.requests).toEqual([
      { body: { model: 'omni-moderation-latest', input: ['hola', 'te voy a [[flag]] golpear'] }, authorization: 'Bearer sk-mod' },
    ]);
    expect(await endpoint().check(['hola'])).toBeNull();
  });

  it('throws on an error answer, a time-out or an answer outside the protocol', async () => {
    fake.moderation.failNext(1, 503);
    await expect(endpoint().check(['hola'])).rejects.toThrow('answered 503');
    fake.moderation.delayMs = 500;
    await expect(endpoint(150).check(['hola'])).rejects.toThrow();
    fake.moderation.delayMs = 0;
    const answers = fake.moderation.result;
    fake.moderation.result = () => ({ flagged: 'yes' }) as never;
    await expect(endpoint().check(['hola'])).rejects.toThrow('not a moderation object');
    fake.moderation.result = answers;
  });
});

describe('moderationEndpointOf', () => {
  it('is off while MODERATION_BASE_URL is unset (or empty), with omni-moderation-latest as the default model', () => {
    expect(moderationEndpointOf(loadConfig(agentsConfigSchema, { MODERATION_BASE_URL: '' }))).toBeNull();
    const config = loadConfig(agentsConfigSchema, { MODERATION_BASE_URL: 'https://api.openai.com/v1' });
    expect(config.MODERATION_MODEL).toBe('omni-moderation-latest');
    expect(moderationEndpointOf(config)).toBeInstanceOf(ModerationEndpoint);
  });
});
