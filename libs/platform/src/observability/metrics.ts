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

export const webhookAttempts = new Counter({
  name: 'platica_webhook_attempts_total',
  help: 'Webhook delivery attempts, by outcome (delivered, failed)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

/**
 * A gauge read from the database when scraped (a backlog), e.g. unpublished outbox rows.
 * Registered once per name; `read` answers the current value.
 */
export function databaseGauge(name: string, help: string, read: () => Promise<number>): Gauge {
  const existing = metricsRegistry.getSingleMetric(name);
  if (existing) metricsRegistry.removeSingleMetric(name);
  return new Gauge({
    name,
    help,
    registers: [metricsRegistry],
    async collect() {
      // A failed read leaves the last value: a scrape never fails because the database is slow.
      try {
        this.set(await read());
      } catch {
        // keep the last value
      }
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
