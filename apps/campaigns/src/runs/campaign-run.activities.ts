import { Injectable, Logger } from '@nestjs/common';
import { Context } from '@temporalio/activity';
import { internalOperations, type CampaignDeliverRequest } from '@platica/contracts';
import { RpcClient, serviceRequest } from '@platica/platform';
import type { CampaignRunActivities } from '@platica/workflows/activities';
import { CampaignsConfigService } from '../campaigns.config';
import type { CampaignRun, RecipientStatus } from './campaign-run.entity';
import { CampaignRunRepository, type ClaimedRecipient } from './campaign-run.repository';

/** How long one slice sends before it returns to the workflow (a few history events per slice). */
const SLICE_MS = 20_000;
/** Recipients per request to messaging, and requests in flight at once. */
const BATCH = 25;
const IN_FLIGHT = 8;
/** Recipients claimed at a time. */
const CLAIM = BATCH * IN_FLIGHT;
/** How long a batch may take in messaging; a batch it never answers (it died) is asked about again after this. */
const DELIVER_TIMEOUT_MS = 20_000;

/**
 * The campaigns worker's side of a run: claims the next recipients, hands them to messaging
 * in batches paced to the channel's rate, and records each outcome. A batch messaging did not
 * answer (it crashed, it timed out) stays `attempting`: the retried slice asks again, and
 * messaging answers from the record it made before the Graph call, so nothing is sent twice.
 */
@Injectable()
export class CampaignRunActivitiesFactory {
  private readonly logger = new Logger('campaign-runs');
  private readonly stopping = new AbortController();

  constructor(
    private readonly runs: CampaignRunRepository,
    private readonly rpc: RpcClient,
    private readonly config: CampaignsConfigService,
  ) {}

  activities(): CampaignRunActivities {
    return {
      prepareCampaignRun: (runId) => this.prepare(runId),
      sendCampaignSlice: (runId) => this.slice(runId),
      completeCampaignRun: (runId) => this.runs.setStatus(runId, 'completed'),
    };
  }

  stop(): void {
    this.stopping.abort();
  }

  private async run(runId: string): Promise<CampaignRun> {
    const run = await this.runs.find(runId);
    if (!run) throw new Error(`campaign run ${runId} not found`);
    return run;
  }

  /** A dated run's messages become scheduled messages of messaging (shown until sent). */
  private async prepare(runId: string): Promise<void> {
    const run = await this.run(runId);
    let after = -1;
    for (;;) {
      // Idempotent: messaging stores each message once, by its id.
      const items = await this.runs.page(runId, 1000, after);
      if (!items.length) return;
      await this.rpc.call(
        internalOperations.messaging.campaignsSchedule,
        serviceRequest('campaigns', run.workspaceId, {
          runId,
          campaignId: run.campaignId,
          channelId: run.channelId,
          executeAt: run.scheduledFor!.toISOString(),
          template: run.template,
          items: items.map(({ messageId, recipient }) => ({ messageId, recipient })),
        }),
        60_000,
      );
      after = items[items.length - 1]!.position;
      Context.current().heartbeat();
    }
  }

  private async slice(runId: string): Promise<{ open: number }> {
    const context = Context.current();
    const run = await this.run(runId);
    if (run.status === 'completed') return { open: 0 };
    if (run.status === 'scheduled') await this.runs.setStatus(runId, 'sending');
    const rate = this.config.rateOf(run.channelId);
    // Heartbeats while this process lives (also while a batch waits on messaging): Temporal
    // retries the slice elsewhere only when this worker is gone, never beside it.
    const beat = setInterval(() => context.heartbeat(), 2_000);
    try {
      return await this.sendFor(runId, run, rate, context);
    } finally {
      clearInterval(beat);
    }
  }

  private async sendFor(runId: string, run: CampaignRun, rate: number, context: Context): Promise<{ open: number }> {
    const until = Date.now() + SLICE_MS;
    let nextAt = Date.now();
    while (Date.now() < until && !this.stopping.signal.aborted && !context.cancellationSignal.aborted) {
      const claimed = await this.runs.claim(runId, rate > 0 ? Math.max(1, Math.min(CLAIM, Math.ceil(rate * 2))) : CLAIM);
      if (!claimed.length) break;
      const batchSize = rate > 0 ? Math.max(1, Math.min(BATCH, Math.floor(rate / 4) || 1)) : BATCH;
      const batches: ClaimedRecipient[][] = [];
      for (let i = 0; i < claimed.length; i += batchSize) batches.push(claimed.slice(i, i + batchSize));

      const inFlight = new Set<Promise<void>>();
      let failure: unknown = null;
      let settled = 0;
      for (const batch of batches) {
        if (rate > 0) {
          const wait = nextAt - Date.now();
          if (wait > 0) await sleep(wait);
          nextAt = Math.max(nextAt, Date.now() - 1000) + (batch.length / rate) * 1000;
        }
        while (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
        const sent = this.deliver(run, batch).then(
          (n) => void (settled += n),
          (error: unknown) => void (failure ??= error),
        );
        inFlight.add(sent);
        void sent.finally(() => inFlight.delete(sent));
        context.heartbeat();
      }
      await Promise.all(inFlight);
      context.heartbeat();
      // Messaging did not answer a batch: those recipients stay `attempting`; the slice is retried.
      if (failure) throw failure;
      // Every one of them is being sent by another attempt still under way: give it a moment.
      if (settled === 0) await sleep(500);
    }
    return { open: await this.runs.openCount(runId) };
  }

  /** Hands a batch to messaging and records the outcomes; answers how many were settled. */
  private async deliver(run: CampaignRun, batch: ClaimedRecipient[]): Promise<number> {
    const answer = await this.rpc.call(
      internalOperations.messaging.campaignsDeliver,
      serviceRequest('campaigns', run.workspaceId, {
        runId: run.id,
        campaignId: run.campaignId,
        channelId: run.channelId,
        agentForNew: run.agentForNew as CampaignDeliverRequest['agentForNew'],
        scheduled: run.scheduledFor !== null && run.scheduledFor !== undefined,
        template: run.template,
        items: batch.map(({ messageId, recipient, retry }) => ({ messageId, recipient, retry })),
      }),
      DELIVER_TIMEOUT_MS,
    );
    const byMessage = new Map(batch.map((item) => [item.messageId, item]));
    const outcomes: { position: number; status: RecipientStatus; error: string | null }[] = [];
    const refused: string[] = [];
    const delivered: string[] = [];
    for (const result of answer.results) {
      const item = byMessage.get(result.messageId);
      // `retry`: another attempt is under way; the recipient stays open and is asked about again.
      if (!item || result.outcome === 'retry') continue;
      const status: RecipientStatus = result.outcome === 'cancelled' ? 'failed' : result.outcome;
      outcomes.push({ position: item.position, status, error: result.outcome === 'cancelled' ? 'cancelled' : result.error });
      if (result.graphRefused) refused.push(item.recipient.phoneNumber);
      if (result.outcome === 'sent') delivered.push(item.recipient.phoneNumber);
    }
    await this.runs.record(run.id, outcomes);
    await this.runs.markContacts(run.workspaceId, refused, delivered);
    const unknown = outcomes.filter((o) => o.status === 'unknown').length;
    if (unknown) this.logger.warn({ msg: 'campaign sends whose outcome a crash left unknown (not sent again)', runId: run.id, unknown });
    return outcomes.length;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
