import { Injectable } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { Counter, Histogram } from 'prom-client';
import { metricsRegistry } from '@platica/platform';

/**
 * Prometheus metrics of the gateway: requests and their latency per route pattern, method
 * and status (route patterns, never raw paths, keep the label set bounded), in the service's
 * shared registry (served at /metrics by libs/platform with the process and RPC figures).
 */
@Injectable()
export class HttpMetrics {
  readonly registry = metricsRegistry;
  private readonly requests = new Counter({
    name: 'platica_http_requests_total',
    help: 'HTTP requests answered by the gateway',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly duration = new Histogram({
    name: 'platica_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  instrument(fastify: FastifyInstance): void {
    fastify.addHook('onResponse', async (request, reply) => {
      const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
      this.requests.inc(labels);
      this.duration.observe(labels, reply.elapsedTime / 1000);
    });
  }
}
