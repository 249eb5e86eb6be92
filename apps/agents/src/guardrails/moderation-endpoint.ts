import { z } from 'zod';
import type { ModerationSeverity } from '@platica/contracts';
import type { AgentsConfig } from '../config/agents.config';

/**
 * The moderation source of the guardrails (`lastSource: openai`): a moderation endpoint speaking
 * OpenAI's `/v1/moderations` protocol (API reference › Moderations: request `{model, input}`,
 * answer `{id, model, results[{flagged, categories, category_scores, …}]}`, one result per input).
 * The installation's endpoint is set by MODERATION_* variables (docs/configuration.md); a
 * workspace's own model connection may replace it later.
 */
export interface ModerationEndpointSettings {
  /** The API's base, e.g. `https://api.openai.com/v1`: requests go to `{baseUrl}/moderations`. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

/** What a flagged answer found: the categories it flagged (highest score first) and the severity they amount to. */
export interface ModerationFinding {
  severity: ModerationSeverity;
  categories: string[];
}

/** Only what Plática reads of the answer; other fields (`category_applied_input_types`, new ones) are let through. */
const moderationAnswerSchema = z.object({
  results: z
    .array(
      z.object({
        flagged: z.boolean(),
        categories: z.record(z.string(), z.boolean().nullable()),
        category_scores: z.record(z.string(), z.number()),
      }),
    )
    .min(1),
});
type ModerationResult = z.output<typeof moderationAnswerSchema>['results'][number];

/** A flagged category's score from which its severity is `high` or `medium` (below: `low`). */
const HIGH_SCORE = 0.9;
const MEDIUM_SCORE = 0.5;

/** The endpoint the installation configures, or null when MODERATION_BASE_URL is unset (no moderation). */
export function moderationEndpointOf(config: AgentsConfig): ModerationEndpoint | null {
  if (!config.MODERATION_BASE_URL) return null;
  return new ModerationEndpoint({
    baseUrl: config.MODERATION_BASE_URL,
    apiKey: config.MODERATION_API_KEY,
    model: config.MODERATION_MODEL,
    timeoutMs: config.MODERATION_TIMEOUT_MS,
  });
}

export class ModerationEndpoint {
  constructor(private readonly settings: ModerationEndpointSettings) {}

  /**
   * The customer's messages (one input each) judged in one request: a finding when any is
   * flagged, else null. Throws when the endpoint fails or answers what the protocol does not
   * (the caller decides what a failure means).
   */
  async check(messages: string[], signal?: AbortSignal): Promise<ModerationFinding | null> {
    const { baseUrl, apiKey, model, timeoutMs } = this.settings;
    const timeout = AbortSignal.timeout(timeoutMs);
    const response = await fetch(`${baseUrl.replace(/\/+$/, '')}/moderations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
      body: JSON.stringify({ model, input: messages }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (!response.ok) throw new Error(`the moderation endpoint answered ${response.status}`);
    const parsed = moderationAnswerSchema.safeParse(await response.json());
    if (!parsed.success) throw new Error(`the moderation endpoint's answer is not a moderation object: ${parsed.error.message}`);
    return findingOf(parsed.data.results);
  }
}

/**
 * The categories flagged across the results (each once, highest score first); the severity
 * from the highest of their scores: `high` from 0.9, `medium` from 0.5, else `low`. A result
 * flagged without any category set true still counts (as `low` with no categories).
 */
export function findingOf(results: ModerationResult[]): ModerationFinding | null {
  const flagged = results.filter((result) => result.flagged);
  if (!flagged.length) return null;
  const scores = new Map<string, number>();
  for (const result of flagged) {
    for (const [category, set] of Object.entries(result.categories)) {
      if (set !== true) continue;
      const score = result.category_scores[category] ?? 0;
      scores.set(category, Math.max(score, scores.get(category) ?? 0));
    }
  }
  const ranked = [...scores.entries()].sort((a, b) => b[1] - a[1]);
  const top = ranked[0]?.[1] ?? 0;
  return {
    severity: top >= HIGH_SCORE ? 'high' : top >= MEDIUM_SCORE ? 'medium' : 'low',
    categories: ranked.map(([category]) => category),
  };
}
