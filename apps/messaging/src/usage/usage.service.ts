import { Injectable } from '@nestjs/common';
import {
  agentOperations,
  type EvaluationUsageReport,
  type RpcRequest,
  type UsageBreakdown,
  type WorkspaceProfile,
  type WorkspaceRef,
  workspaceOperations,
} from '@platica/contracts';
import {
  billingPeriod,
  datesOfSpan,
  formatInstant,
  isTimeZone,
  localDays,
  readScope,
  resolveRange,
  RpcClient,
  splitByBuckets,
  type Span,
} from '@platica/platform';
import { CreditService } from './credit.service';
import { actorFigures, autonomyRate, breakdownOf, mergeActorCounts, mergeDayCounts, platformLabel } from './usage-figures';
import { UsageRepository } from './usage.repository';

/** The envelope of a usage request (its query, already parsed, is passed on its own). */
type UsageRequest = Omit<RpcRequest, 'query'>;

interface RangeQuery {
  startDate?: string;
  endDate?: string;
}

/** How long the workspaces' timezones and users from the gateway are reused. */
const PROFILE_CACHE_MS = 5_000;

/** The aggregates are written in the transaction of the rows they count: never behind. */
const FRESHNESS_SOURCE = 'aggregates';

/**
 * Usage figures (spec › Usage; ARCHITECTURE.md › Usage figures): each workspace in scope, its
 * range resolved in its timezone, read from the aggregates for whole 15-minute buckets and
 * recounted from the rows at the range's partial edges.
 */
@Injectable()
export class UsageService {
  private readonly profiles = new Map<string, { at: number; profiles: Promise<WorkspaceProfile[]> }>();

  constructor(
    private readonly usage: UsageRepository,
    private readonly rpc: RpcClient,
    private readonly credit: CreditService,
  ) {}

  async conversations(request: UsageRequest, query: RangeQuery & { breakdown?: UsageBreakdown }) {
    const dimension = query.breakdown ?? 'platform';
    return this.perWorkspace(request, query, async (workspace, timeZone, span, now) => {
      const { buckets, edges } = splitByBuckets(span);
      const days = localDays(span, timeZone);
      const byDay = async (of: UsageBreakdown) => {
        const parts = await Promise.all([
          buckets ? this.usage.conversationsByDay(workspace.id, days.starts, buckets, of, 'aggregates') : [],
          ...edges.map((edge) => this.usage.conversationsByDay(workspace.id, days.starts, edge, of, 'recount')),
        ]);
        return mergeDayCounts(...parts.map((rows) => rows.map((row) => ({ ...row, day: days.dates[row.day - 1]! }))));
      };
      const assistanceParts = await Promise.all([
        buckets ? this.usage.assistance(workspace.id, buckets, 'aggregates') : { assisted: 0, requests: 0 },
        ...edges.map((edge) => this.usage.assistanceOfConversationsCreated(workspace.id, edge)),
      ]);
      const [rows, totalRows, labels] = await Promise.all([
        byDay(dimension),
        // A conversation counts once per tag: the summary's count comes from a one-key dimension.
        dimension === 'tag' ? byDay('platform') : null,
        this.labels(request, workspace.id, dimension),
      ]);
      const conversationCount = (totalRows ?? rows).reduce((sum, row) => sum + row.value, 0);
      const assisted = assistanceParts.reduce((sum, part) => sum + part.assisted, 0);
      return {
        conversations: {
          range: datesOfSpan(span, timeZone),
          freshness: { source: FRESHNESS_SOURCE, lastUpdated: formatInstant(now, timeZone), expectedLagMinutes: 0 },
          summary: {
            conversationCount,
            assistedConversationCount: assisted,
            assistanceRequestCount: assistanceParts.reduce((sum, part) => sum + part.requests, 0),
            autonomyRate: autonomyRate(conversationCount, assisted),
          },
          breakdown: { dimension, ...breakdownOf(rows, labels) },
        },
      };
    });
  }

  async actors(request: UsageRequest, query: RangeQuery) {
    return this.perWorkspace(request, query, async (workspace, timeZone, span, now, profile) => {
      const { buckets, edges } = splitByBuckets(span);
      const [evaluations, ...parts] = await Promise.all([
        this.usage.evaluationTokens(workspace.id, span),
        buckets ? this.usage.messagesByActor(workspace.id, buckets, 'aggregates') : [],
        ...edges.map((edge) => this.usage.messagesByActor(workspace.id, edge, 'recount')),
      ]);
      return {
        actors: {
          range: datesOfSpan(span, timeZone),
          freshness: { source: FRESHNESS_SOURCE, lastUpdated: formatInstant(now, timeZone), expectedLagSeconds: 0 },
          ...actorFigures(mergeActorCounts(...parts), profile?.users ?? []),
          evaluations: { ...evaluations, totalTokens: evaluations.inputTokens + evaluations.outputTokens },
        },
      };
    });
  }

  /** An evaluation turn's tokens, reported by the agents service (`messaging.usage.evaluation`). */
  async recordEvaluationTurn(report: EvaluationUsageReport): Promise<{ recorded: true }> {
    await this.usage.recordEvaluationTurn({
      ...report,
      inputTokens: Math.max(0, Math.round(report.inputTokens)),
      outputTokens: Math.max(0, Math.round(report.outputTokens)),
    });
    return { recorded: true };
  }

  /** The grouped payload: one entry per workspace in scope, with its billing period, its credit (docs/usage.md › Credit limit) and figures. */
  private async perWorkspace<Figures extends object>(
    request: UsageRequest,
    query: RangeQuery,
    figures: (workspace: WorkspaceRef, timeZone: string, span: Span, now: Date, profile: WorkspaceProfile | undefined) => Promise<Figures>,
  ) {
    const scope = readScope(request);
    const profiles = await this.profilesOf(request, scope);
    const now = new Date();
    // Every range is resolved (and refused) before any figure is read.
    const plans = scope.map((workspace) => {
      const profile = profiles.find((p) => p.id === workspace.id);
      const timeZone = profile && isTimeZone(profile.timezone) ? profile.timezone : 'UTC';
      return { workspace, profile, timeZone, span: resolveRange(query, now, timeZone) };
    });
    const workspaces = await Promise.all(
      plans.map(async ({ workspace, profile, timeZone, span }) => {
        const [credit, own] = await Promise.all([
          this.credit.figures(workspace.id, profile, timeZone, now),
          figures(workspace, timeZone, span, now, profile),
        ]);
        return {
          id: workspace.id,
          name: workspace.name,
          billingPeriod: datesOfSpan(billingPeriod(now, timeZone), timeZone),
          credit,
          ...own,
        };
      }),
    );
    return { workspaces, workspacesCount: workspaces.length };
  }

  /**
   * Timezones and users of the workspaces in scope, from the gateway; reused for PROFILE_CACHE_MS
   * (a changed timezone or a new user shows within it). The scope is the request's, which the
   * gateway has authorised: the key is its workspace ids.
   */
  private async agentNames(request: UsageRequest, workspaceId: string): Promise<Map<string, string>> {
    try {
      const answer = await this.rpc.call(agentOperations.list, { ...request, workspaceId, query: {}, body: undefined });
      const agents = answer.workspaces.find((w) => w.id === workspaceId)?.agents ?? [];
      return new Map(agents.map((a) => [a.id, a.name]));
    } catch {
      return new Map();
    }
  }

  private profilesOf(request: UsageRequest, scope: WorkspaceRef[]): Promise<WorkspaceProfile[]> {
    const key = scope
      .map((w) => w.id)
      .sort()
      .join(',');
    const cached = this.profiles.get(key);
    if (cached && Date.now() - cached.at < PROFILE_CACHE_MS) return cached.profiles;
    const profiles = this.rpc.call(workspaceOperations.profiles, { ...request, query: {} }).then((answer) => answer.workspaces);
    if (this.profiles.size > 10_000) this.profiles.clear();
    this.profiles.set(key, { at: Date.now(), profiles });
    profiles.catch(() => this.profiles.delete(key));
    return profiles;
  }

  private async labels(request: UsageRequest, workspaceId: string, dimension: UsageBreakdown): Promise<(key: string | null) => string> {
    switch (dimension) {
      case 'platform':
        return platformLabel;
      case 'channel': {
        const names = await this.usage.channelNames(workspaceId);
        return (key) => (key === null ? 'Unknown' : (names.get(key) ?? key));
      }
      case 'agent': {
        // Agents belong to the agents service: named by it, by id where it cannot answer (or the agent is gone).
        const names = await this.agentNames(request, workspaceId);
        return (key) => (key === null ? 'No agent' : (names.get(key) ?? key));
      }
      case 'tag':
        return (key) => key ?? 'No tag';
    }
  }
}
