import type { NatsConnection } from '@nats-io/transport-node';
import type { Presence } from '@platica/contracts';
import { natsSubject } from '@platica/platform';

/** How long a presence holds unless repeated: the console repeats it every PRESENCE_TTL_SECONDS / 3. */
export const PRESENCE_TTL_SECONDS = 15;

/**
 * The core NATS subject of a workspace's presence (ARCHITECTURE.md › Additions): every gateway
 * replica's streams of the workspace subscribe to it, so a heartbeat reaching one replica is
 * relayed by all. Core NATS, not JetStream: nothing is stored, a stream opened later sees only
 * what comes next.
 */
export function presenceSubject(workspaceId: string): string {
  return natsSubject(`presence.${workspaceId}`);
}

export function publishPresence(nats: NatsConnection, workspaceId: string, presence: Presence): void {
  nats.publish(
    presenceSubject(workspaceId),
    JSON.stringify({ type: 'presence.updated', workspaceId, occurredAt: presence.at, data: presence }),
  );
}

/**
 * Writes each presence of the workspace to `write` as an SSE frame without `id:` (never replayed,
 * and the client's Last-Event-ID stays that of the last stored event) until the function answered is called.
 */
export function relayPresence(nats: NatsConnection, workspaceId: string, write: (frame: string) => void): () => void {
  const subscription = nats.subscribe(presenceSubject(workspaceId), {
    callback: (error, message) => {
      if (!error) write(`event: presence.updated\ndata: ${message.string()}\n\n`);
    },
  });
  return () => subscription.unsubscribe();
}
