import { QueryClient } from '@tanstack/react-query';
import { conversationKeys } from '../pages/conversation/conversation-queries';
import { inboxKeys } from '../pages/inbox/inbox-queries';
import type * as LiveUpdates from './live-updates';
import type * as PresenceStore from './presence-store';

/** A stand-in for the browser's EventSource: each instance is one connection attempt, refused or opened by the test. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.made.push(this);
  }
  readonly listeners = new Map<string, (event: { data: string; lastEventId: string }) => void>();
  addEventListener(type: string, listener: (event: { data: string; lastEventId: string }) => void): void {
    this.listeners.set(type, listener);
  }
  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** An answer other than 200 (429, 401, 503): EventSource gives up, closed. */
  refuse(): void {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
  accept(): void {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
}

const queryClient = new QueryClient();

describe('the console’s live updates', () => {
  let live: typeof LiveUpdates;

  beforeEach(() => {
    jest.useFakeTimers();
    jest.resetModules();
    FakeEventSource.made = [];
    Object.assign(globalThis, { window: globalThis, EventSource: FakeEventSource });
    live = jest.requireActual('./live-updates');
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  /** Refuses every attempt made within `ms`, answering each as the server would. */
  function refuseEveryAttemptFor(ms: number): void {
    for (let elapsed = 0; elapsed < ms; elapsed += 1_000) {
      for (const source of FakeEventSource.made) if (source.readyState === FakeEventSource.CONNECTING) source.refuse();
      jest.advanceTimersByTime(1_000);
    }
  }

  it('backs off a refused stream (a sixth tab answered 429): doubling waits, at most every 5 minutes', () => {
    live.attachLiveConnection('ws_1', queryClient);
    refuseEveryAttemptFor(60 * 60_000);
    // 15 s, 30 s, 1, 2, 4 then 5 min (less a fifth at most): about 15 tries in an hour, not one every 15 s (240).
    expect(FakeEventSource.made.length).toBeGreaterThanOrEqual(12);
    expect(FakeEventSource.made.length).toBeLessThanOrEqual(20);
  });

  it('waits the first delay again once the stream was open', () => {
    jest.spyOn(Math, 'random').mockReturnValue(0); // no jitter: the tries fall at known times
    live.attachLiveConnection('ws_1', queryClient);
    refuseEveryAttemptFor(10 * 60_000);
    const before = FakeEventSource.made.length;
    jest.advanceTimersByTime(5 * 60_000);
    FakeEventSource.made.at(-1)!.accept();
    FakeEventSource.made.at(-1)!.refuse();
    jest.advanceTimersByTime(15_000);
    expect(FakeEventSource.made.length).toBe(before + 2);
  });

  it('pauses doubling from 15 s to 5 min, never less than four fifths of it', () => {
    expect([1, 2, 3, 4, 5, 6, 40].map((n) => live.reopenDelayMs(n, () => 0))).toEqual([
      15_000, 30_000, 60_000, 120_000, 240_000, 300_000, 300_000,
    ]);
    expect(live.reopenDelayMs(1, () => 0.999)).toBeGreaterThanOrEqual(12_000);
  });

  it('closes the tab’s stream at sign-out and opens none after', () => {
    live.attachLiveConnection('ws_1', queryClient);
    FakeEventSource.made[0].accept();
    live.endLiveUpdates();
    expect(FakeEventSource.made[0].readyState).toBe(FakeEventSource.CLOSED);
    expect(live.attachLiveConnection('ws_2', queryClient)).toBeUndefined();
    jest.advanceTimersByTime(10 * 60_000);
    expect(FakeEventSource.made).toHaveLength(1);
  });

  it('marks stale, once a burst is over, the inbox’s or the workspace’s conversations’ queries each event changes', () => {
    const cache = new QueryClient();
    const inbox = inboxKeys.list({ workspace: 'ws_1', limit: 1 });
    const open = conversationKeys.messages('ws_1', 'c1');
    const elsewhere = conversationKeys.detail('ws_2', 'c9');
    const seed = () => [inbox, open, elsewhere].forEach((key) => cache.setQueryData(key, {}));
    const stale = () => [inbox, open, elsewhere].map((key) => cache.getQueryState(key)?.isInvalidated);
    live.attachLiveConnection('ws_1', cache);
    const source = FakeEventSource.made[0];
    source.accept();
    const emit = (type: string) => source.listeners.get(type)!({ data: '{}', lastEventId: '1' });

    seed();
    emit('message.status.updated');
    expect(stale()).toEqual([false, false, false]);
    jest.advanceTimersByTime(200);
    expect(stale()).toEqual([false, true, false]);

    seed();
    emit('conversation.created');
    emit('conversation.read');
    jest.advanceTimersByTime(200);
    expect(stale()).toEqual([true, false, false]);

    seed();
    emit('message.created');
    jest.advanceTimersByTime(200);
    expect(stale()).toEqual([true, true, false]);
  });

  it('tells the workspace’s listeners of a request for a person, with the contact’s name', () => {
    live.attachLiveConnection('ws_1', queryClient);
    const heard: unknown[] = [];
    const other: unknown[] = [];
    const stop = live.onAssistanceRequested('ws_1', (request) => heard.push(request));
    live.onAssistanceRequested('ws_2', (request) => other.push(request));
    const dispatch = (data: string) =>
      FakeEventSource.made[0].listeners.get('conversation.assistance.requested')!({ data, lastEventId: '7' });
    dispatch(
      JSON.stringify({ type: 'conversation.assistance.requested', data: { conversationId: 'c1', conversation: { contactName: 'Marta' } } }),
    );
    dispatch(JSON.stringify({ data: { conversationId: 'c2', conversation: { contactName: null } } }));
    // Nothing readable, nothing told.
    dispatch('not json');
    dispatch(JSON.stringify({ data: {} }));
    expect(heard).toEqual([
      { conversationId: 'c1', contactName: 'Marta' },
      { conversationId: 'c2', contactName: null },
    ]);
    expect(other).toEqual([]);
    stop();
    dispatch(JSON.stringify({ data: { conversationId: 'c3' } }));
    expect(heard).toHaveLength(2);
  });
  it('asks for presence and keeps who else is on a conversation until they leave or their TTL passes', () => {
    const store = jest.requireActual<typeof PresenceStore>('./presence-store');
    live.attachLiveConnection('ws_1', queryClient);
    const source = FakeEventSource.made[0];
    expect(new URL(source.url, 'http://console.test').searchParams.get('types')).toContain('presence.updated');
    const frame = (userId: string, activity: string, workspaceId = 'ws_1') =>
      source.listeners.get('presence.updated')!({
        data: JSON.stringify({
          type: 'presence.updated',
          workspaceId,
          data: { conversationId: 'c1', userId, name: userId, activity, ttlSeconds: 15, at: '' },
        }),
        lastEventId: '',
      });
    frame('usr_ana', 'viewing');
    frame('usr_beto', 'typing');
    frame('usr_eve', 'viewing', 'ws_2');
    expect(store.othersPresent('c1', 'usr_ana').map((p) => [p.userId, p.activity])).toEqual([['usr_beto', 'typing']]);
    expect(store.othersPresent('c2', 'usr_ana')).toEqual([]);
    frame('usr_beto', 'left');
    expect(store.othersPresent('c1', 'usr_ana')).toEqual([]);
    // Ana's tab closed without a word: her presence goes once its TTL has passed.
    expect(store.othersPresent('c1', undefined).map((p) => p.userId)).toEqual(['usr_ana']);
    jest.advanceTimersByTime(16_000);
    expect(store.othersPresent('c1', undefined)).toEqual([]);
  });
});
