import type { ModelConnection } from './model-connection.entity';
import type { BreakerState } from './model-connection.repository';

/** A connection as the API answers it: its credential only as `hasCredential`. */
export function presentModelConnection(connection: ModelConnection, breaker: BreakerState | undefined) {
  const open = breaker?.openUntil != null && breaker.openUntil.getTime() > Date.now();
  return {
    id: connection.id,
    workspaceId: connection.workspaceId,
    name: connection.name,
    provider: connection.provider,
    baseUrl: connection.baseUrl,
    hasCredential: connection.credentialSealed !== null,
    models: connection.models,
    default: connection.isDefault,
    breaker: {
      state: open ? ('open' as const) : ('closed' as const),
      failures: breaker?.failures ?? 0,
      openUntil: open ? breaker!.openUntil!.toISOString() : null,
    },
    createdAt: connection.createdAt.toISOString(),
    updatedAt: connection.updatedAt.toISOString(),
  };
}
