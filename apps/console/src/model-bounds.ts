/**
 * What a model connection and an agent's model settings may hold (the server's
 * `libs/contracts/src/models.ts`, which model-bounds.spec.ts checks this copy against): the
 * forms validate with these.
 */
export const MODEL_BOUNDS = {
  name: { max: 100 },
  baseUrl: { max: 2_000 },
  credential: { max: 8_000 },
  models: { minItems: 1, maxItems: 100 },
  modelId: { max: 200 },
  price: { min: 0, max: 100_000 },
  fallback: { maxItems: 5 },
} as const;

/** The providers a connection speaks, in the API's order. */
export const MODEL_PROVIDERS = ['openai_compatible', 'anthropic', 'google'] as const;
