import { z } from 'zod';
import type { WorkspaceRole } from './api-keys';

/** Dimensions `GET /v1/usage/conversations` breaks its figures down by (spec › Usage). */
export const USAGE_BREAKDOWNS = ['platform', 'agent', 'channel', 'tag'] as const;
export type UsageBreakdown = (typeof USAGE_BREAKDOWNS)[number];

/** Who sent an outgoing message (ARCHITECTURE.md › Usage figures). */
export const USAGE_ACTOR_TYPES = ['ai', 'api', 'user', 'campaign', 'system'] as const;
export type UsageActorType = (typeof USAGE_ACTOR_TYPES)[number];

/**
 * `startDate` / `endDate`: a calendar day (`2026-11-01`, a day of the workspace's timezone; an
 * `endDate` day is included whole) or an instant with its offset (`2026-11-01T08:00:00Z`, an
 * `endDate` instant is included).
 */
const rangeBound = z.iso.date().or(z.iso.datetime({ offset: true }));

const usageRangeQuery = {
  workspace: z.string().optional(),
  startDate: rangeBound.optional(),
  endDate: rangeBound.optional(),
};

export const usageConversationsQuerySchema = z.looseObject({
  ...usageRangeQuery,
  breakdown: z.enum(USAGE_BREAKDOWNS).optional(),
});

export const usageActorsQuerySchema = z.looseObject(usageRangeQuery);

const instant = z.string().describe("ISO 8601, with the workspace timezone's offset");
const rangeSchema = z.object({ startDate: instant, endDate: instant });

const usageWorkspace = {
  id: z.string(),
  name: z.string(),
  /** The calendar month in the workspace's timezone that holds the request's time. */
  billingPeriod: rangeSchema,
  /**
   * The workspace's credit limit (docs/usage.md › Credit limit): `limit` billable messages per
   * billing period (null: unlimited), `used` this period's billable messages, `remaining` what
   * is left (null when unlimited), `reached` once `used` is at the limit (sends answer 402).
   */
  credit: z
    .object({
      limit: z.number().int().nullable(),
      used: z.number().int(),
      remaining: z.number().int().nullable(),
      reached: z.boolean(),
    })
    .meta({ id: 'CreditUsage' }),
};

export const conversationUsageSchema = z
  .object({
    range: rangeSchema,
    freshness: z.object({ source: z.string(), lastUpdated: instant.nullable(), expectedLagMinutes: z.number() }),
    summary: z.object({
      conversationCount: z.number().int(),
      assistedConversationCount: z.number().int(),
      assistanceRequestCount: z.number().int(),
      autonomyRate: z.number(),
    }),
    breakdown: z.object({
      dimension: z.enum(USAGE_BREAKDOWNS),
      /** `key` null: conversations without an agent (agent) or without tags (tag). */
      totals: z.array(z.object({ key: z.string().nullable(), label: z.string(), value: z.number().int() })),
      /** Days of the workspace's timezone (`YYYY-MM-DD`) with at least one conversation. */
      series: z.array(z.object({ date: z.string(), key: z.string().nullable(), label: z.string(), value: z.number().int() })),
    }),
  })
  .meta({ id: 'ConversationUsage' });

export const actorUsageSchema = z
  .object({
    range: rangeSchema,
    freshness: z.object({ source: z.string(), lastUpdated: instant.nullable(), expectedLagSeconds: z.number() }),
    actorTypes: z.array(z.object({ actorType: z.enum(USAGE_ACTOR_TYPES), messages: z.number().int() })),
    workspaceUsers: z.array(z.object({ userId: z.string(), email: z.string().nullable(), messages: z.number().int() })),
    summary: z.object({ totalMessages: z.number().int() }),
    /**
     * Model tokens agent evaluations spent in the range (replayed turns and their judge), as the
     * provider reported them: apart from customers' figures (an evaluation sends no message).
     */
    evaluations: z.object({
      evaluationCount: z.number().int(),
      turnCount: z.number().int(),
      inputTokens: z.number().int(),
      outputTokens: z.number().int(),
      totalTokens: z.number().int(),
    }),
  })
  .meta({ id: 'ActorUsage' });

export const usageConversationsResponseSchema = z.object({
  workspaces: z.array(z.object({ ...usageWorkspace, conversations: conversationUsageSchema })),
  workspacesCount: z.number().int(),
});

export const usageActorsResponseSchema = z.object({
  workspaces: z.array(z.object({ ...usageWorkspace, actors: actorUsageSchema })),
  workspacesCount: z.number().int(),
});

/** What usage figures need of the gateway's workspaces: the timezone days follow, and the users. */
export interface WorkspaceProfile {
  id: string;
  timezone: string;
  /** Billable messages per billing period; null: unlimited (docs/usage.md › Credit limit). */
  creditLimit: number | null;
  /** `role`: in this workspace (docs/authentication.md › Roles). */
  users: { id: string; email: string; role?: WorkspaceRole }[];
}

/** One replayed evaluation turn's model tokens, reported by the agents service (`messaging.usage.evaluation`). */
export interface EvaluationUsageReport {
  workspaceId: string;
  evaluationId: string;
  turnId: string;
  inputTokens: number;
  outputTokens: number;
}
