import { Injectable } from '@nestjs/common';
import { type RpcRequest, Subjects, type UsageBreakdown, type WorkspaceProfile, type WorkspaceRef } from '@platica/contracts';
import { readScope, RpcClient } from '@platica/platform';
import { actorFigures, autonomyRate, breakdownOf, mergeActorCounts, mergeDayCounts, platformLabel } from './usage-figures';
import { billingPeriod, formatInstant, isTimeZone, presentSpan, resolveRange, splitByBuckets, type Span } from './usage-range';
import { UsageRepository } from './usage.repository';

/** The envelope of a usage request (its query, already parsed, is passed on its own). */
type UsageRequest = Omit<RpcRequest, 'query'>;

interface RangeQuery {
  startDate?: string;
  endDate?: string;
}

/** The aggregates are written in the transaction of the rows they count: never behind. */
const FRESHNESS_SOURCE = 'aggregates';

/**
 * Usage figures (spec › Usage; ARCHITECTURE.md › Usage figures): each workspace in scope, its
 * range resolved in its timezone, read from the aggregates for whole 15-minute buckets and
 * recounted from the rows at the range's partial edges.
 */
@Injectable()
export class UsageService {
  constructor(
    private readonly usage: UsageRepository,
    private readonly rpc: RpcClient,
  ) {}

  async conversations(request: UsageRequest, query: RangeQuery & { breakdown?: UsageBreakdown }) {
    const dimension = query.breakdown ?? 'platform';
    return this.perWorkspace(request, query, async (workspace, timeZone, span, now) => {
      const { buckets, edges } = splitByBuckets(span);
      const byDay = async (of: UsageBreakdown) =>
        mergeDayCounts(
          buckets ? await this.usage.conversationsByDay(workspace.id, timeZone, buckets, of, 'aggregates') : [],
          ...(await Promise.all(edges.map((edge) => this.usage.conversationsByDay(workspace.id, timeZone, edge, of, 'recount')))),
        );
      const assistanceParts = await Promise.all([
        buckets ? this.usage.assistance(workspace.id, buckets, 'aggregates') : { assisted: 0, requests: 0 },
        ...edges.map((edge) => this.usage.assistanceOfConversationsCreated(workspace.id, edge)),
      ]);
      const [rows, totalRows, labels] = await Promise.all([
        byDay(dimension),
        // A conversation counts once per tag: the summary's count comes from a one-key dimension.
        dimension === 'tag' ? byDay('platform') : null,
        this.labels(workspace.id, dimension),
      ]);
      const conversationCount = (totalRows ?? rows).reduce((sum, row) => sum + row.value, 0);
      const assisted = assistanceParts.reduce((sum, part) => sum + part.assisted, 0);
      return {
        conversations: {
          range: presentSpan(span, timeZone),
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
      const parts = await Promise.all([
        buckets ? this.usage.messagesByActor(workspace.id, buckets, 'aggregates') : [],
        ...edges.map((edge) => this.usage.messagesByActor(workspace.id, edge, 'recount')),
      ]);
      return {
        actors: {
          range: presentSpan(span, timeZone),
          freshness: { source: FRESHNESS_SOURCE, lastUpdated: formatInstant(now, timeZone), expectedLagSeconds: 0 },
          ...actorFigures(mergeActorCounts(...parts), profile?.users ?? []),
        },
      };
    });
  }

  /** The grouped payload: one entry per workspace in scope, with its billing period and figures. */
  private async perWorkspace<Figures extends object>(
    request: UsageRequest,
    query: RangeQuery,
    figures: (workspace: WorkspaceRef, timeZone: string, span: Span, now: Date, profile: WorkspaceProfile | undefined) => Promise<Figures>,
  ) {
    const scope = readScope(request);
    const { workspaces: profiles } = await this.rpc.call<{ workspaces: WorkspaceProfile[] }>(Subjects.gateway.workspaceProfiles, {
      ...request,
      query: {},
    });
    const now = new Date();
    // Every range is resolved (and refused) before any figure is read.
    const plans = scope.map((workspace) => {
      const profile = profiles.find((p) => p.id === workspace.id);
      const timeZone = profile && isTimeZone(profile.timezone) ? profile.timezone : 'UTC';
      return { workspace, profile, timeZone, span: resolveRange(query, now, timeZone) };
    });
    const workspaces = await Promise.all(
      plans.map(async ({ workspace, profile, timeZone, span }) => ({
        id: workspace.id,
        name: workspace.name,
        billingPeriod: presentSpan(billingPeriod(now, timeZone), timeZone),
        ...(await figures(workspace, timeZone, span, now, profile)),
      })),
    );
    return { workspaces, workspacesCount: workspaces.length };
  }

  private async labels(workspaceId: string, dimension: UsageBreakdown): Promise<(key: string | null) => string> {
    switch (dimension) {
      case 'platform':
        return platformLabel;
      case 'channel': {
        const names = await this.usage.channelNames(workspaceId);
        return (key) => (key === null ? 'Unknown' : (names.get(key) ?? key));
      }
      case 'agent':
        // Agents belong to the agents service: the label is the agent's id (README › Usage).
        return (key) => key ?? 'No agent';
      case 'tag':
        return (key) => key ?? 'No tag';
    }
  }
}
