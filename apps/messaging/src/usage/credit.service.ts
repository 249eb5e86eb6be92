import { Injectable } from '@nestjs/common';
import { domainEvent, type WorkspaceProfile, workspaceOperations } from '@platica/contracts';
import { DomainError } from '@platica/errors';
import {
  billingPeriod,
  datesOfSpan,
  isTimeZone,
  recordEvent,
  RpcClient,
  serviceRequest,
  splitByBuckets,
  UnitOfWork,
  type Span,
} from '@platica/platform';
import { creditFigures, type CreditFigures } from './credit-limit';
import { CreditRepository } from './credit.repository';
import { UsageRepository } from './usage.repository';

/** How long a workspace's profile (timezone, credit limit) from the gateway is reused: a changed limit applies within it. */
export const CREDIT_PROFILE_CACHE_MS = 5_000;

/** A limited workspace's credit now: its figures and the billing period they are of. */
export interface CreditStatus extends CreditFigures {
  billingPeriod: { startDate: string; endDate: string };
}

/**
 * The credit limit (docs/usage.md › Credit limit), the one place that decides it: the limit is
 * the gateway's (the workspace's profile), the count messaging's own (the billable messages of
 * the billing period, from the usage aggregates). Sends, chat turns, campaign sends and agent
 * turns all ask here. A workspace without a limit costs one cached profile lookup; one with a
 * limit, one indexed sum over the period's aggregate rows per check until the limit is reached,
 * then nothing (the reached state is kept as long as the profile).
 */
@Injectable()
export class CreditService {
  private readonly profiles = new Map<string, { at: number; profile: Promise<WorkspaceProfile | undefined> }>();
  /** The last profile the gateway gave of each workspace, for when it cannot answer. */
  private readonly lastKnown = new Map<string, WorkspaceProfile | undefined>();
  /** Workspaces seen at their limit, with the period it was in: a limit does not un-reach within a period unless raised. */
  private readonly reached = new Map<string, { at: number; periodStart: number; status: CreditStatus }>();

  constructor(
    private readonly usage: UsageRepository,
    private readonly credits: CreditRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly rpc: RpcClient,
  ) {}

  /**
   * The workspace's credit now, or null when it has no limit. The first time a period's count is
   * seen at the limit, `workspace.credit_limit.reached` is recorded (once per period).
   */
  async status(workspaceId: string, now = new Date()): Promise<CreditStatus | null> {
    const profile = await this.profileOf(workspaceId);
    const limit = profile?.creditLimit ?? null;
    if (limit === null) return null;
    const timeZone = profile && isTimeZone(profile.timezone) ? profile.timezone : 'UTC';
    const period = billingPeriod(now, timeZone);
    const known = this.reached.get(workspaceId);
    if (
      known &&
      known.periodStart === period.from.getTime() &&
      known.status.limit === limit &&
      Date.now() - known.at < CREDIT_PROFILE_CACHE_MS
    ) {
      return known.status;
    }
    const status = {
      ...creditFigures(limit, await this.billableMessages(workspaceId, period)),
      billingPeriod: datesOfSpan(period, timeZone),
    };
    if (!status.reached) {
      this.reached.delete(workspaceId);
      return status;
    }
    await this.recordReached(workspaceId, period, status);
    if (this.reached.size > 10_000) this.reached.clear();
    this.reached.set(workspaceId, { at: Date.now(), periodStart: period.from.getTime(), status });
    return status;
  }

  /** Throws 402 (the spec's "workspace reached its credit limit") when the workspace is at its limit. */
  async requireCredit(workspaceId: string): Promise<void> {
    const status = await this.status(workspaceId);
    if (status?.reached)
      throw DomainError.creditLimitReached({ limit: status.limit!, used: status.used, billingPeriod: status.billingPeriod });
  }

  /** Whether the workspace is at its limit (an agent turn stays silent). */
  async isReached(workspaceId: string): Promise<boolean> {
    return (await this.status(workspaceId))?.reached ?? false;
  }

  /**
   * After a send: the count may have reached the limit with it, and the event is recorded now
   * rather than at the next attempt. Never fails the send it follows.
   */
  observe(workspaceId: string): void {
    this.status(workspaceId).catch(() => undefined);
  }

  /** What `GET /v1/usage/*` shows for a workspace whose profile it holds. */
  async figures(workspaceId: string, profile: WorkspaceProfile | undefined, timeZone: string, now: Date): Promise<CreditFigures> {
    const used = await this.billableMessages(workspaceId, billingPeriod(now, timeZone));
    return creditFigures(profile?.creditLimit ?? null, used);
  }

  /** The span's billable messages: the aggregates' whole buckets, the rows at a partial edge. */
  private async billableMessages(workspaceId: string, span: Span): Promise<number> {
    const { buckets, edges } = splitByBuckets(span);
    const parts = await Promise.all([
      buckets ? this.usage.messagesByActor(workspaceId, buckets, 'aggregates') : [],
      ...edges.map((edge) => this.usage.messagesByActor(workspaceId, edge, 'recount')),
    ]);
    return parts.flat().reduce((sum, row) => sum + row.messages, 0);
  }

  /** The period's `workspace.credit_limit.reached`, recorded with the claim that makes it once per period. */
  private async recordReached(workspaceId: string, period: Span, status: CreditStatus): Promise<void> {
    await this.unitOfWork.run(async (tx) => {
      const first = await this.credits.claimReached(tx, {
        workspaceId,
        periodStart: period.from,
        creditLimit: status.limit!,
        billableMessages: status.used,
      });
      if (!first) return;
      await recordEvent(
        tx,
        'messaging',
        domainEvent('workspace.credit_limit.reached', workspaceId, {
          creditLimit: status.limit!,
          billableMessages: status.used,
          billingPeriod: status.billingPeriod,
        }),
      );
    });
  }

  /**
   * The workspace's timezone and credit limit from the gateway, reused for CREDIT_PROFILE_CACHE_MS.
   * When the gateway cannot answer, the last profile it gave is used (none: no limit known), so a
   * gateway outage never stops the scheduled and campaign sends that do not pass through it.
   */
  private profileOf(workspaceId: string): Promise<WorkspaceProfile | undefined> {
    const cached = this.profiles.get(workspaceId);
    if (cached && Date.now() - cached.at < CREDIT_PROFILE_CACHE_MS) return cached.profile;
    const profile = this.rpc
      .call(workspaceOperations.profiles, serviceRequest('messaging', workspaceId, {}))
      .then((answer) => {
        const found = answer.workspaces.find((w) => w.id === workspaceId);
        this.lastKnown.set(workspaceId, found);
        return found;
      })
      .catch(() => {
        this.profiles.delete(workspaceId);
        return this.lastKnown.get(workspaceId);
      });
    if (this.profiles.size > 10_000) this.profiles.clear();
    if (this.lastKnown.size > 10_000) this.lastKnown.clear();
    this.profiles.set(workspaceId, { at: Date.now(), profile });
    return profile;
  }
}
