import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
  type TextMapGetter,
  type TextMapSetter,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { Resource } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor, type SpanExporter, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { headers as natsHeaders, type MsgHdrs } from '@nats-io/transport-node';
import {
  makeWorkflowExporter,
  OpenTelemetryActivityInboundInterceptor,
  OpenTelemetryActivityOutboundInterceptor,
  OpenTelemetryWorkflowClientInterceptor,
} from '@temporalio/interceptors-opentelemetry';
import type { ClientInterceptors } from '@temporalio/client';
import type { WorkerOptions } from '@temporalio/worker';
import { existsSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * OpenTelemetry tracing of a service: an HTTP server span per request, a client and a server
 * span per NATS request (W3C trace context in the NATS headers), and Temporal's interceptors
 * for workflows and activities. Off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (or a test
 * passes an exporter): then nothing is installed and every helper here is a no-op.
 */
interface TracingState {
  provider: BasicTracerProvider;
  processor: SpanProcessor;
  resource: Resource;
}

let state: TracingState | null = null;

export function tracingEnabled(): boolean {
  return state !== null;
}

/** Installs the tracer provider, W3C propagation and async context; spans go to `exporter` or OTLP/HTTP. */
export function startTracing(service: string, options: { otlpEndpoint?: string; exporter?: SpanExporter }): void {
  if (state || (!options.otlpEndpoint && !options.exporter)) return;
  const resource = new Resource({ 'service.name': service });
  // The OTLP exporter reads OTEL_EXPORTER_OTLP_ENDPOINT (and the OTEL_EXPORTER_OTLP_TRACES_* overrides) itself.
  const processor = new BatchSpanProcessor(options.exporter ?? new OTLPTraceExporter());
  const provider = new BasicTracerProvider({ resource });
  provider.addSpanProcessor(processor);
  provider.register({ contextManager: new AsyncLocalStorageContextManager().enable(), propagator: new W3CTraceContextPropagator() });
  state = { provider, processor, resource };
}

/** Exports what is buffered; called last at shutdown. */
export async function stopTracing(): Promise<void> {
  const current = state;
  state = null;
  await current?.provider.shutdown().catch(() => undefined);
}

const tracer = () => trace.getTracer('platica');

const routesNotTraced = new Set(['/healthz', '/readyz', '/metrics']);
const requestSpans = new WeakMap<FastifyRequest, Span>();

/**
 * One server span per HTTP request, parented by an incoming `traceparent`, active while the
 * route's handler runs (so NATS requests it makes are its children). Registered before the
 * routes: it wraps each route's handler as the route is added.
 */
export function traceHttpServer(fastify: FastifyInstance): void {
  if (!state) return;
  fastify.addHook('onRoute', (route) => {
    if (routesNotTraced.has(route.url)) return;
    const handler = route.handler;
    const name = `${route.method.toString()} ${route.url}`;
    route.handler = function tracedHandler(this: unknown, request, reply) {
      const parent = propagation.extract(ROOT_CONTEXT, request.headers);
      const span = tracer().startSpan(
        name,
        { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method, 'http.route': route.url } },
        parent,
      );
      requestSpans.set(request, span);
      return context.with(trace.setSpan(parent, span), () => handler.call(this as never, request, reply));
    } as typeof handler;
  });
  fastify.addHook('onResponse', async (request, reply) => {
    const span = requestSpans.get(request);
    if (!span) return;
    span.setAttribute('http.response.status_code', reply.statusCode);
    if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
}

const headerSetter: TextMapSetter<MsgHdrs> = { set: (carrier, key, value) => carrier.set(key, value) };
const headerGetter: TextMapGetter<MsgHdrs> = {
  keys: (carrier) => carrier.keys(),
  get: (carrier, key) => carrier.get(key) || undefined,
};

/** Runs a NATS request inside a client span; `send` gets the headers carrying its trace context. */
export async function traceRpcRequest<T>(subject: string, send: (headers?: MsgHdrs) => Promise<T>): Promise<T> {
  if (!state) return send();
  return tracer().startActiveSpan(
    `rpc ${subject}`,
    { kind: SpanKind.CLIENT, attributes: { 'rpc.system': 'nats', 'rpc.method': subject } },
    async (span) => {
      const carrier = natsHeaders();
      propagation.inject(context.active(), carrier, headerSetter);
      try {
        return await send(carrier);
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** The context a NATS request's headers carry (the root context when tracing is off or none came). */
export function rpcParentContext(headers: MsgHdrs | undefined): Context {
  if (!state || !headers) return ROOT_CONTEXT;
  return propagation.extract(ROOT_CONTEXT, headers, headerGetter);
}

/** Starts the server span of a NATS request handler; null when tracing is off. */
export function startRpcServerSpan(subject: string, parent: Context): { span: Span; context: Context } | null {
  if (!state) return null;
  const span = tracer().startSpan(
    `handle ${subject}`,
    { kind: SpanKind.SERVER, attributes: { 'rpc.system': 'nats', 'rpc.method': subject } },
    parent,
  );
  return { span, context: trace.setSpan(parent, span) };
}

export function endRpcServerSpan(traced: { span: Span } | null, status: number): void {
  if (!traced) return;
  traced.span.setAttribute('rpc.platica.status', status);
  if (status >= 500) traced.span.setStatus({ code: SpanStatusCode.ERROR });
  traced.span.end();
}

/** The Temporal client's interceptors: a workflow started or signalled carries the caller's trace. */
export function temporalClientInterceptors(): ClientInterceptors | undefined {
  if (!state) return undefined;
  return { workflow: [new OpenTelemetryWorkflowClientInterceptor()] };
}

const WORKFLOW_INTERCEPTORS = '@temporalio/interceptors-opentelemetry/lib/workflow-interceptors';

/**
 * The worker's workflow source and, when tracing, Temporal's OpenTelemetry interceptors:
 * activities run in a span continuing the workflow's trace, and workflow spans are exported
 * through a sink. A prebuilt bundle cannot take interceptors afterwards, so tools/build.mjs
 * builds a second one with them (`*.traced.js`, beside the plain one).
 */
export function temporalWorkerTracing(
  workflows: Pick<WorkerOptions, 'workflowBundle' | 'workflowsPath'>,
): Pick<WorkerOptions, 'workflowBundle' | 'workflowsPath' | 'interceptors' | 'sinks'> {
  if (!state) return workflows;
  let source = workflows;
  const bundle = workflows.workflowBundle;
  if (bundle && 'codePath' in bundle) {
    const traced = bundle.codePath.replace(/\.js$/, '.traced.js');
    if (!existsSync(traced)) throw new Error(`tracing is on but the traced workflow bundle ${traced} is missing (run tools/build.mjs)`);
    source = { workflowBundle: { codePath: traced } };
  }
  return {
    ...source,
    interceptors: {
      activity: [
        (ctx) => ({
          inbound: new OpenTelemetryActivityInboundInterceptor(ctx),
          outbound: new OpenTelemetryActivityOutboundInterceptor(ctx),
        }),
      ],
      ...(source.workflowsPath ? { workflowModules: [require.resolve(WORKFLOW_INTERCEPTORS)] } : {}),
    },
    sinks: { exporter: makeWorkflowExporter(state.processor, state.resource) },
  };
}

/** For tools/build.mjs: the module the traced workflow bundle adds. */
export const workflowTracingInterceptorsModule = WORKFLOW_INTERCEPTORS;
