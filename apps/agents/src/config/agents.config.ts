import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { baseConfigSchema } from '@platica/platform';

/** An empty variable (`LLM_BASE_URL=` in a compose file or a manifest) counts as unset. */
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema);

export const agentsConfigSchema = baseConfigSchema.extend({
  /**
   * An OpenAI-compatible Chat Completions endpoint (`POST {LLM_BASE_URL}/chat/completions`).
   * Unset: the built-in development model answers, so the stack runs without a provider.
   */
  LLM_BASE_URL: unsetWhenEmpty(z.url({ protocol: /^https?$/ }).optional()),
  LLM_API_KEY: unsetWhenEmpty(z.string().optional()),
  LLM_MODEL: unsetWhenEmpty(z.string().min(1).default('gpt-4o-mini')),
  /**
   * Other models of the provider an evaluation may name as its candidate or judge (comma-separated);
   * LLM_MODEL is always allowed. Unset: LLM_MODEL only.
   */
  LLM_ALLOWED_MODELS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((model) => model.trim())
        .filter(Boolean),
    ),
  /**
   * What the installation's connection charges for LLM_MODEL, US dollars per million input and
   * output tokens, for the usage figures' cost (docs/usage.md › Model cost). Unset, or only one of
   * the two: its calls are unpriced, as a connection's model without both prices is.
   */
  LLM_PRICE_INPUT_PER_MTOK: unsetWhenEmpty(z.coerce.number().min(0).max(100_000).optional()),
  LLM_PRICE_OUTPUT_PER_MTOK: unsetWhenEmpty(z.coerce.number().min(0).max(100_000).optional()),
  /** Evaluations one workspace may have running at once (each replays turns against the provider). */
  PLATICA_EVALUATIONS_RUNNING_PER_WORKSPACE: z.coerce.number().int().min(1).max(100).default(3),
  /** The provider's name in the turn log (`openai`, `vllm`…); unset: read from LLM_BASE_URL's host when well known. */
  LLM_PROVIDER_NAME: unsetWhenEmpty(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9._-]{0,39}$/i, 'a short name: letters, digits, ".", "_" or "-"')
      .optional(),
  ),
  /** Ask for streamed completions (`stream: true`), read whole. */
  LLM_STREAM: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
  /**
   * The moderation endpoint (OpenAI's `/v1/moderations` protocol: `POST {MODERATION_BASE_URL}/moderations`)
   * that agents with `moderationEnabled` send each customer message to; unset: no moderation
   * (docs/agents.md › Moderation endpoint). A workspace's own model connection may replace it later.
   */
  MODERATION_BASE_URL: unsetWhenEmpty(z.url({ protocol: /^https?$/ }).optional()),
  MODERATION_API_KEY: unsetWhenEmpty(z.string().optional()),
  MODERATION_MODEL: unsetWhenEmpty(z.string().min(1).default('omni-moderation-latest')),
  /** One moderation call's limit: past it the turn goes on without its verdict (fail-open). */
  MODERATION_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** One model call's limit; the turn retries it (three attempts) before recording a failure. */
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(60_000),
  /** Provider failures in a row (5xx, long 429, time-out, auth, unreachable) after which a model connection's breaker opens. */
  PLATICA_MODEL_BREAKER_FAILURES: z.coerce.number().int().min(1).max(1_000).default(5),
  /** How long calls skip a connection whose breaker opened, before one call tries it again. */
  PLATICA_MODEL_BREAKER_OPEN_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  /** Customer messages arriving within this window of each other are answered in one turn. */
  PLATICA_TURN_DEBOUNCE_MS: z.coerce.number().int().min(0).max(60_000).default(1_500),
  /**
   * Multiplies the backoffs of a turn's retries (docs/workflows.md › Retries and outages): 1 in
   * production; tests wait out a shorter outage through the same retries (e.g. 0.1).
   */
  PLATICA_TURN_RETRY_SCALE: z.coerce.number().positive().max(1).default(1),
  /**
   * Fair turns across workspaces (docs/agents.md): model calls (each with the tool rounds it
   * runs) one workspace may have in flight; its further turns wait, oldest first, holding no
   * worker slot.
   */
  PLATICA_MODEL_CALLS_PER_WORKSPACE: z.coerce.number().int().min(1).max(1_000).default(8),
  /** Model calls in flight across all workspaces and all of the agents service's workers, shared fairly between workspaces. */
  PLATICA_MODEL_CALLS_IN_FLIGHT: z.coerce.number().int().min(1).max(10_000).default(32),
  /**
   * This worker's slots for workflow tasks and for local activities (a turn's debounce, its
   * acceptance and its model call hold one of each while they run): above
   * PLATICA_MODEL_CALLS_IN_FLIGHT, so debounces and acceptances find room beside the model calls.
   */
  PLATICA_AGENTS_WORKER_SLOTS: z.coerce.number().int().min(2).max(10_000).default(100),
  /** Rounds of tool calls one turn may make; the model must answer in text after the last. */
  PLATICA_TURN_MAX_TOOL_ROUNDS: z.coerce.number().int().min(1).max(20).default(5),
  /** How much of a conversation's history (characters, newest first) a turn gives the model. */
  PLATICA_TURN_HISTORY_CHARS: z.coerce.number().int().min(1_000).max(2_000_000).default(60_000),
  /**
   * Context summarisation: once a conversation holds more than this many messages past its
   * summary, the older ones are folded into it (a turn is given the latest 50 messages, so at most 45).
   */
  PLATICA_CONTEXT_SUMMARY_AFTER_MESSAGES: z.coerce.number().int().min(4).max(45).default(30),
  /** How many of the latest messages stay verbatim when older ones are summarised (fewer than the bound above). */
  PLATICA_CONTEXT_RECENT_MESSAGES: z.coerce.number().int().min(2).max(40).default(10),
  /** Attachments read for the model (PDF, WAV/MP3, text; `enableFileAttachments`): the largest file, and one read's limit. */
  PLATICA_ATTACHMENT_MAX_BYTES: z.coerce.number().int().min(1_000).max(50_000_000).default(10_000_000),
  PLATICA_ATTACHMENT_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(60_000).default(10_000),
});

export type AgentsConfig = z.output<typeof agentsConfigSchema>;

/** The agents service's validated configuration, injectable. */
@Injectable()
export class AgentsConfigService {
  constructor(readonly values: AgentsConfig) {}
}
