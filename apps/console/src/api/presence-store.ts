/* Presence others announce, as the event stream relays it (docs/events.md › Presence); never stored by the API. */
import { useSyncExternalStore } from 'react';
import type { Answer } from './schema';

export type Presence = Answer<'conversations_presence'>['data'];

/** Who else is on each conversation, by workspace: kept until their presence's TTL passes or they leave. */
const seen = new Map<string, { presence: Presence; expiresAt: number }>();
const listeners = new Set<() => void>();
let snapshot: Presence[] = [];
let sweep: number | undefined;

function changed(): void {
  snapshot = [...seen.values()].map((entry) => entry.presence);
  for (const listener of listeners) listener();
}

/** Forgets presences whose TTL passed (a tab closed without saying it left). */
function expire(): void {
  const now = Date.now();
  let gone = false;
  for (const [key, entry] of seen) if (entry.expiresAt <= now) gone = seen.delete(key) || gone;
  if (gone) changed();
  if (seen.size === 0) {
    window.clearInterval(sweep);
    sweep = undefined;
  }
}

/** A `presence.updated` frame of the workspace's event stream (live-updates.ts), as the stream sends it. */
export function receivePresence(workspaceId: string, raw: unknown): void {
  let presence: Presence;
  try {
    const envelope = JSON.parse(String(raw)) as { workspaceId?: unknown; data?: Presence };
    if (envelope.workspaceId !== workspaceId || typeof envelope.data?.userId !== 'string') return;
    presence = envelope.data;
  } catch {
    return;
  }
  const key = `${workspaceId}/${presence.conversationId}/${presence.userId}`;
  if (presence.activity === 'left') seen.delete(key);
  else seen.set(key, { presence, expiresAt: Date.now() + presence.ttlSeconds * 1000 });
  sweep ??= window.setInterval(expire, 1_000);
  changed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The others (never `me`) viewing or typing in the conversation now. */
export function othersPresent(conversationId: string, me: string | undefined, all: Presence[] = snapshot): Presence[] {
  return all.filter((presence) => presence.conversationId === conversationId && presence.userId !== me);
}

/** othersPresent, kept current as presences come, go and expire. */
export function useOthersPresent(conversationId: string, me: string | undefined): Presence[] {
  return othersPresent(
    conversationId,
    me,
    useSyncExternalStore(subscribe, () => snapshot),
  );
}
