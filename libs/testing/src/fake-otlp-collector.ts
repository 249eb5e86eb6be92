import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as an OpenTelemetry Collector receives it, with the service that exported it. */
export interface CollectedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  /** When it started and ended, in epoch milliseconds (fractional). */
  startMs: number;
  endMs: number;
}

interface OtlpJsonValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpJsonAttribute {
  key: string;
  value: OtlpJsonValue;
}
interface OtlpJsonExport {
  resourceSpans?: {
    resource?: { attributes?: OtlpJsonAttribute[] };
    scopeSpans?: {
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        attributes?: OtlpJsonAttribute[];
        startTimeUnixNano: string;
        endTimeUnixNano: string;
      }[];
    }[];
  }[];
}

const millisOf = (unixNano: string) => Number(BigInt(unixNano) / 1000n) / 1000;
const valueOf = (value: OtlpJsonValue): unknown => value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue;
const attributesOf = (list: OtlpJsonAttribute[] = []) => Object.fromEntries(list.map((a) => [a.key, valueOf(a.value)]));

/**
 * An OpenTelemetry Collector on loopback speaking OTLP/HTTP with JSON bodies (`POST
 * /v1/traces`), as the services' exporter sends them: point OTEL_EXPORTER_OTLP_ENDPOINT at
 * `url`, then read what every process exported.
 */
export class FakeOtlpCollector {
  readonly spans: CollectedSpan[] = [];
  url = '';
  private server!: Server;

  static async start(): Promise<FakeOtlpCollector> {
    const collector = new FakeOtlpCollector();
    collector.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (req.method !== 'POST' || req.url !== '/v1/traces' || !String(req.headers['content-type']).startsWith('application/json')) {
          res.writeHead(415).end();
          return;
        }
        collector.receive(JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpJsonExport);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.server.listen(0, '127.0.0.1', resolve));
    collector.url = `http://127.0.0.1:${(collector.server.address() as AddressInfo).port}`;
    return collector;
  }

  /** The spans of one trace. */
  trace(traceId: string): CollectedSpan[] {
    return this.spans.filter((span) => span.traceId === traceId);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private receive(body: OtlpJsonExport): void {
    for (const resourceSpans of body.resourceSpans ?? []) {
      const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name'] ?? 'unknown');
      for (const scope of resourceSpans.scopeSpans ?? []) {
        for (const span of scope.spans ?? []) {
          this.spans.push({
            service,
            traceId: span.traceId,
            spanId: span.spanId,
            parentSpanId: span.parentSpanId || undefined,
            name: span.name,
            kind: span.kind,
            attributes: attributesOf(span.attributes),
            startMs: millisOf(span.startTimeUnixNano),
            endMs: millisOf(span.endTimeUnixNano),
          });
        }
      }
    }
  }
}
