import { accessSync, constants } from 'node:fs';
import { z } from 'zod';

/**
 * Environment shared by every service. Each service extends it with its own variables and
 * loads it once at start-up; bad config refuses to start and names the variable.
 * Every name two runs could share is configurable, so test runs never collide.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

export const baseConfigSchema = z.object({
  PLATICA_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  PLATICA_HTTP_HOST: z.string().default('0.0.0.0'),
  PLATICA_HTTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).default('postgres://postgres@127.0.0.1:5432/platica'),
  /** Connections each service process may hold open to PostgreSQL (its pool's ceiling). */
  PLATICA_DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  /** Prepended to every NATS subject (request/reply and events), e.g. `run42.`. */
  PLATICA_NATS_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9_-]+\.)?$/, 'empty, or a token followed by a dot such as "test1."')
    .default(''),
  PLATICA_EVENTS_STREAM: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default('PLATICA_EVENTS'),
  /** Copies of the events stream on a JetStream cluster (3: an acknowledged event survives a node's loss). */
  PLATICA_EVENTS_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  TEMPORAL_ADDRESS: z.string().default('127.0.0.1:7233'),
  TEMPORAL_NAMESPACE: z.string().default('default'),
  /** TLS to Temporal with the system's CAs (implied by a client certificate, a CA file or an API key). */
  TEMPORAL_TLS: booleanFlag,
  /** mTLS: the client certificate and its key (PEM files, e.g. a mounted Secret); both or neither. */
  TEMPORAL_TLS_CERT_PATH: z.string().min(1).optional(),
  TEMPORAL_TLS_KEY_PATH: z.string().min(1).optional(),
  /** The server's CA (PEM) when it is not one the system trusts (a self-hosted cluster's own CA). */
  TEMPORAL_TLS_CA_PATH: z.string().min(1).optional(),
  TEMPORAL_TLS_SERVER_NAME: z.string().min(1).optional(),
  /** Temporal Cloud API key (sent as a bearer token over TLS). */
  TEMPORAL_API_KEY: z.string().min(1).optional(),
  PLATICA_TASK_QUEUE_PREFIX: z.string().default(''),
  PLATICA_RPC_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(15_000),
  /** 32 bytes, base64: encrypts stored secrets. Required in production. */
  PLATICA_ENCRYPTION_KEY: z
    .string()
    .optional()
    .refine((v) => v === undefined || Buffer.from(v, 'base64').length === 32, '32 bytes, base64-encoded'),
  /** Keys replaced by PLATICA_ENCRYPTION_KEY, comma-separated: secrets sealed with them still open (rotation). */
  PLATICA_ENCRYPTION_KEYS_PREVIOUS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean),
    )
    .refine((keys) => keys.every((key) => Buffer.from(key, 'base64').length === 32), 'each key 32 bytes, base64-encoded, comma-separated'),
  PLATICA_ALLOW_PRIVATE_NETWORKS: booleanFlag,
  /**
   * What this process runs: `all` (NATS handlers, background parts and the Temporal worker),
   * `handlers` (everything but the worker) or `worker` (only the Temporal worker), so the
   * worker can be its own Deployment and scale apart from the handlers.
   */
  PLATICA_ROLE: z.enum(['all', 'handlers', 'worker']).default('all'),
  /** Traces are exported by OTLP/HTTP here when set (e.g. http://otel-collector:4318); off otherwise. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
});

export type BaseConfig = z.output<typeof baseConfigSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Validates `env` against `schema`; throws a ConfigError naming each bad variable. */
export function loadConfig<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const config = result.data as z.output<S> & BaseConfig;
  if (config.PLATICA_ENV === 'production' && !config.PLATICA_ENCRYPTION_KEY) {
    throw new ConfigError(['PLATICA_ENCRYPTION_KEY: required in production (32 bytes, base64)']);
  }
  const temporalProblems = temporalTlsProblems(config);
  if (temporalProblems.length > 0) throw new ConfigError(temporalProblems);
  return config;
}

/** A client certificate needs its key (and the reverse), and every file named must be readable. */
function temporalTlsProblems(config: BaseConfig): string[] {
  const problems: string[] = [];
  if (config.TEMPORAL_TLS_CERT_PATH && !config.TEMPORAL_TLS_KEY_PATH) {
    problems.push('TEMPORAL_TLS_KEY_PATH: required with TEMPORAL_TLS_CERT_PATH (mTLS needs the certificate and its key)');
  }
  if (config.TEMPORAL_TLS_KEY_PATH && !config.TEMPORAL_TLS_CERT_PATH) {
    problems.push('TEMPORAL_TLS_CERT_PATH: required with TEMPORAL_TLS_KEY_PATH (mTLS needs the certificate and its key)');
  }
  for (const name of ['TEMPORAL_TLS_CERT_PATH', 'TEMPORAL_TLS_KEY_PATH', 'TEMPORAL_TLS_CA_PATH'] as const) {
    const file = config[name];
    if (!file) continue;
    try {
      accessSync(file, constants.R_OK);
    } catch {
      problems.push(`${name}: cannot read ${file}`);
    }
  }
  return problems;
}
