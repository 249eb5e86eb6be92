import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { liveKeys } from './live-keys';
import { receivePresence } from './presence-store';

/** How often the inbox and an open conversation are fetched again while the event stream is down. */
export const FALLBACK_POLL_SECONDS = 60;
/**
 * EventSource gives up on an answer other than 200 (signed out, 429, 503): a new one is tried
 * this much later, doubling with each refusal in a row up to MAX_REOPEN_MS (a sixth tab of a
 * session, refused 429 while five others hold the session's streams, polls instead of knocking).
 */
const REOPEN_MS = 15_000;
const MAX_REOPEN_MS = 5 * 60_000;
/** A burst of events is one refetch per query: invalidations are gathered this long. */
const COALESCE_MS = 150;
/** Leaving one page for another unsubscribes before the next page subscribes: the connection waits this long for it. */
const LINGER_MS = 2_000;

/** The events that change what the inbox or a conversation shows, and the queries each makes stale. */
const STALE_QUERIES = {
  'conversation.created': ['inbox'],
  'conversation.status.updated': ['inbox', 'conversation'],
  'conversation.assistance.requested': ['inbox', 'conversation'],
  'conversation.operation.updated': ['inbox', 'conversation'],
  'conversation.assignee.updated': ['inbox', 'conversation'],
  // A person read a conversation (in this tab or another): their unread counts.
  'conversation.read': ['inbox'],
  'message.created': ['inbox', 'conversation'],
  'message.status.updated': ['conversation'],
  'conversation.note.created': ['conversation'],
  'conversation.note.deleted': ['conversation'],
} as const;
type EventType = keyof typeof STALE_QUERIES;

/**
 * The tab's one connection to the workspace's event stream (`/console/api/v1/events`, served by
 * the gateway with the session's token). Each relevant event marks the inbox's and the
 * conversations' queries stale, so react-query fetches the ones on screen again. EventSource
 * reconnects by itself with `Last-Event-ID` (no event missed); after a refusal it is opened again
 * with `lastEventId`, and whatever is on screen is read again once it is back.
 */
class LiveConnection {
  open = false;
  users = 0;
  private source: EventSource | null = null;
  private lastEventId = '';
  private opened = false;
  /** Refusals in a row since the stream was last open: they pace the next try. */
  private refusals = 0;
  private stale = new Set<'inbox' | 'conversation'>();
  private timers: { reopen?: number; flush?: number; linger?: number } = {};

  constructor(
    readonly workspaceId: string,
    private readonly queryClient: QueryClient,
  ) {
    this.connect();
  }

  /** One more page uses the connection; the function says it no longer does. */
  use(): () => void {
    this.users += 1;
    window.clearTimeout(this.timers.linger);
    return () => {
      this.users -= 1;
      if (this.users === 0) this.timers.linger = window.setTimeout(() => this.close(), LINGER_MS);
    };
  }

  close(): void {
    this.source?.close();
    for (const timer of Object.values(this.timers)) window.clearTimeout(timer);
    this.setOpen(false);
    if (current === this) current = null;
  }

  private connect(): void {
    // Presence too (docs/events.md › Presence): frames without an id, relayed as they come, never replayed.
    const types = [...Object.keys(STALE_QUERIES), 'presence.updated'];
    const query = new URLSearchParams({ workspace: this.workspaceId, types: types.join(',') });
    if (this.lastEventId) query.set('lastEventId', this.lastEventId);
    const source = new EventSource(`/console/api/v1/events?${query}`);
    this.source = source;
    source.onopen = () => {
      // Back after a gap: what changed meanwhile (polled at the fallback's pace) is read now.
      if (this.opened) this.markStale(['inbox', 'conversation']);
      this.opened = true;
      this.refusals = 0;
      this.setOpen(true);
    };
    source.onerror = () => {
      this.setOpen(false);
      if (source.readyState !== EventSource.CLOSED) return; // reconnecting by itself, with Last-Event-ID
      // Refused: what is on screen is fetched now (a session that ended sends the browser to sign in), then polled until a new try.
      this.markStale(['inbox', 'conversation']);
      this.refusals += 1;
      this.timers.reopen = window.setTimeout(() => this.connect(), reopenDelayMs(this.refusals));
    };
    source.addEventListener('presence.updated', (event) => receivePresence(this.workspaceId, event.data));
    for (const type of Object.keys(STALE_QUERIES) as EventType[]) {
      source.addEventListener(type, (event) => {
        this.lastEventId = event.lastEventId || this.lastEventId;
        this.markStale(STALE_QUERIES[type]);
        if (type === 'conversation.assistance.requested') announce(this.workspaceId, 'assistance', assistanceOf(event.data));
        if (type === 'conversation.note.created') announce(this.workspaceId, 'note', noteOf(event.data));
      });
    }
  }

  private markStale(queries: readonly ('inbox' | 'conversation')[]): void {
    for (const query of queries) this.stale.add(query);
    this.timers.flush ??= window.setTimeout(() => {
      this.timers.flush = undefined;
      // Only the queries on screen are fetched again; the others are fetched when next shown.
      if (this.stale.has('inbox')) void this.queryClient.invalidateQueries({ queryKey: liveKeys.inbox });
      if (this.stale.has('conversation')) void this.queryClient.invalidateQueries({ queryKey: liveKeys.conversations(this.workspaceId) });
      this.stale.clear();
    }, COALESCE_MS);
  }

  private setOpen(open: boolean): void {
    if (this.open === open) return;
    this.open = open;
    for (const listener of listeners) listener();
  }
}

/**
 * How long after the `refusals`-th refusal in a row the stream is tried again: REOPEN_MS,
 * doubled each time up to MAX_REOPEN_MS, less up to a fifth at random so that a session's
 * refused tabs do not all try at once.
 */
export function reopenDelayMs(refusals: number, random: () => number = Math.random): number {
  const delay = Math.min(MAX_REOPEN_MS, REOPEN_MS * 2 ** Math.min(Math.max(refusals - 1, 0), 10));
  return Math.round(delay * (1 - random() * 0.2));
}

export type AssistanceRequest = { conversationId: string; contactName: string | null };
/** A note was written: on which conversation, by whom (their email where known), and whom it mentions (user ids). */
export type NoteWritten = { conversationId: string; author: string; mentions: string[] };
type Announced = { assistance: AssistanceRequest; note: NoteWritten };
const announcementListeners = new Set<{ workspaceId: string; kind: keyof Announced; listener: (value: never) => void }>();

/** What of an event's `data` the announcements read, each field checked before use. */
type AnnouncedData = {
  conversationId?: unknown;
  mentions?: unknown;
  conversation?: { contactName?: unknown };
  note?: { author?: { id?: unknown; email?: unknown } };
};

/** The event's `data` (the envelope as the stream sends it), or null when it is not JSON. */
function dataOf(raw: unknown): AnnouncedData | null {
  try {
    const data = (JSON.parse(String(raw)) as { data?: unknown }).data;
    return data && typeof data === 'object' ? (data as AnnouncedData) : null;
  } catch {
    return null;
  }
}

function assistanceOf(raw: unknown): AssistanceRequest | null {
  const data = dataOf(raw);
  if (typeof data?.conversationId !== 'string') return null;
  const name: unknown = data.conversation?.contactName;
  return { conversationId: data.conversationId, contactName: typeof name === 'string' ? name : null };
}

function noteOf(raw: unknown): NoteWritten | null {
  const data = dataOf(raw);
  if (typeof data?.conversationId !== 'string' || !Array.isArray(data.mentions)) return null;
  const author: unknown = data.note?.author?.email ?? data.note?.author?.id;
  return { conversationId: data.conversationId, author: typeof author === 'string' ? author : '', mentions: data.mentions.map(String) };
}

/** What the workspace's stream brought, told to whoever listens for it there. */
function announce<K extends keyof Announced>(workspaceId: string, kind: K, value: Announced[K] | null): void {
  if (!value) return;
  for (const entry of announcementListeners)
    if (entry.workspaceId === workspaceId && entry.kind === kind) (entry.listener as (v: Announced[K]) => void)(value);
}

function listen<K extends keyof Announced>(workspaceId: string, kind: K, listener: (value: Announced[K]) => void): () => void {
  const entry = { workspaceId, kind, listener };
  announcementListeners.add(entry);
  return () => announcementListeners.delete(entry);
}

/** Calls `listener` for each request for a person the workspace's stream brings; the function stops it. */
export function onAssistanceRequested(workspaceId: string, listener: (request: AssistanceRequest) => void): () => void {
  return listen(workspaceId, 'assistance', listener);
}

/** Calls `listener` for each note written in the workspace (mentions to tell the people mentioned); the function stops it. */
export function onNoteWritten(workspaceId: string, listener: (note: NoteWritten) => void): () => void {
  return listen(workspaceId, 'note', listener);
}

let current: LiveConnection | null = null;
/** Set at sign-out: no page opens a stream again in this tab. */
let ended = false;
const listeners = new Set<() => void>();

/**
 * Closes the tab's stream for good (sign-out): before the session ends, whatever the sign-out's
 * outcome, so a stream the server could not end does not outlive it here.
 */
export function endLiveUpdates(): void {
  ended = true;
  current?.close();
}

/** The calling page uses the tab's connection to the workspace's stream (opened if need be); the function says it no longer does. */
export function attachLiveConnection(workspaceId: string, queryClient: QueryClient): (() => void) | undefined {
  if (ended) return undefined;
  if (current?.workspaceId !== workspaceId) {
    current?.close();
    current = new LiveConnection(workspaceId, queryClient);
  }
  return current.use();
}

function onOpenChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Keeps the workspace's queries fresh from the event stream while the calling page is shown
 * (one connection per tab, shared by the pages). Answers the `refetchInterval` to give its
 * queries: none while the stream is open, FALLBACK_POLL_SECONDS while it is down.
 */
export function useLiveUpdates(workspaceId: string): { live: boolean; refetchInterval: number | false } {
  const queryClient = useQueryClient();
  useEffect(() => attachLiveConnection(workspaceId, queryClient), [workspaceId, queryClient]);
  const live = useSyncExternalStore(onOpenChange, () => current?.workspaceId === workspaceId && current.open);
  return { live, refetchInterval: live ? false : FALLBACK_POLL_SECONDS * 1000 };
}
