import { Controller, Get, Header } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The one Prometheus registry of a service process, served at `/metrics` on its HTTP port.
 * Every service has the RPC handler and process figures; the others are filled where the
 * work happens (outbox relays, messaging's sends, the agents' turns, the webhook dispatcher).
 * No `service` label: Prometheus adds the scrape target's (the pod's and its Deployment's).
 * Labels stay bounded: subjects and statuses, never ids.
 */
export const metricsRegistry = new Registry();

let defaultsCollected = false;

/** Process figures (CPU, memory, event-loop lag, GC) as `platica_process_*` / `platica_nodejs_*`. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  collectDefaultMetrics({ register: metricsRegistry, prefix: 'platica_' });
  defaultsCollected = true;
}

export const rpcHandlerDuration = new Histogram({
  name: 'platica_rpc_handler_duration_seconds',
  help: 'Time a NATS request handler took, by subject and the status it answered (its _count is the request count)',
  labelNames: ['subject', 'status'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry],
});

export const rpcHandlersInFlight = new Gauge({
  name: 'platica_rpc_handlers_in_flight',
  help: 'NATS requests being handled now (a shutdown waits for them)',
  registers: [metricsRegistry],
});

export const outboxPublished = new Counter({
  name: 'platica_outbox_published_total',
  help: 'Domain events the outbox relay published to JetStream',
  labelNames: ['schema'] as const,
  registers: [metricsRegistry],
});

export const messageSends = new Counter({
  name: 'platica_message_sends_total',
  help: 'Outbound messages handed to a channel, by platform and outcome (sent, failed)',
  labelNames: ['platform', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const agentTurns = new Counter({
  name: 'platica_agent_turns_total',
  help: 'Agent turns finished, by outcome (answered, failed, silent)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export const moderationChecks = new Counter({
  name: 'platica_moderation_checks_total',
  help: 'Customer texts sent to the moderation endpoint, by outcome (flagged, passed, failed: the turn went on without its verdict)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export const webhookAttempts = new Counter({
  name: 'platica_webhook_attempts_total',
  help: 'Webhook delivery attempts, by outcome (delivered, failed)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

/** What each database gauge reads, by name and then by source (a service's schema). */
const databaseGaugeReads = new Map<string, Map<string, () => Promise<number>>>();

/**
 * A gauge read from the database when scraped (a backlog), e.g. unpublished outbox rows.
 * Registered once per name; `read` answers the current value of `source`. A process holds
 * one service, so one source; the test stacks' one-process host holds several, and the
 * gauge is their sum (a source registered again replaces its read).
 */
export function databaseGauge(name: string, help: string, read: () => Promise<number>, source = ''): Gauge {
  const reads = databaseGaugeReads.get(name) ?? new Map<string, () => Promise<number>>();
  databaseGaugeReads.set(name, reads);
  reads.set(source, read);
  const existing = metricsRegistry.getSingleMetric(name);
  if (existing) metricsRegistry.removeSingleMetric(name);
  let last = new Map<string, number>();
  return new Gauge({
    name,
    help,
    registers: [metricsRegistry],
    async collect() {
      // A failed read leaves the last value: a scrape never fails because the database is slow.
      const values = new Map<string, number>();
      await Promise.all(
        [...reads].map(async ([key, readOne]) => {
          try {
            values.set(key, await readOne());
          } catch {
            const kept = last.get(key);
            if (kept !== undefined) values.set(key, kept);
          }
        }),
      );
      last = values;
      if (values.size > 0) this.set([...values.values()].reduce((sum, value) => sum + value, 0));
    },
  });
}

/** `GET /metrics` on every service's HTTP port, in Prometheus' text format. */
@Controller()
export class MetricsController {
  @Get('metrics')
  @Header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
  scrape(): Promise<string> {
    return metricsRegistry.metrics();
  }
}
