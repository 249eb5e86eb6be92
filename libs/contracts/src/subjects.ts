/**
 * NATS subjects, `<service>.<resource>.<operation>` (ARCHITECTURE.md). Every request/reply
 * subject is stated by its operation object (`libs/contracts/src/operations`); these are the
 * rest. The deployment's subject prefix (PLATICA_NATS_PREFIX) is applied by the platform's
 * NATS wiring, not here.
 */
export const SERVICE_NAMES = ['gateway', 'messaging', 'chat', 'agents', 'tools', 'campaigns', 'webhook-dispatcher'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export const Subjects = {
  messaging: {
    /** Meta's deliveries, forwarded as raw bytes with their headers (no envelope, so no operation). */
    inboundMeta: 'messaging.inbound.meta',
  },
} as const;

/** Events go to `events.<type>` on the stream. */
export function eventSubject(type: string): string {
  return `events.${type}`;
}
