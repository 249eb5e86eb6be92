import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { api } from './client';
import type { Presence } from './presence-store';

type Activity = Presence['activity'];
/** A presence is repeated this often while it holds: well within the API's ttlSeconds. */
const HEARTBEAT_MS = 5_000;

/**
 * Tells the others that this person is on the conversation (docs/events.md › Presence):
 * "viewing" while it is open and the tab shown, "typing" while the reply box inside `composer`
 * holds text, repeated every HEARTBEAT_MS, and "left" when the page leaves the conversation, the
 * tab is hidden (a background tab's timers are slowed to a minute, so its presence would flicker
 * out and back) or closed. Answers the handler for the composer's input events, so typing is told at once.
 */
export function usePresence(workspaceId: string, conversationId: string, composer: RefObject<HTMLElement | null>): () => void {
  const last = useRef<{ activity: Activity; at: number } | null>(null);
  const send = useCallback(
    (activity: Activity, keepalive = false) => {
      last.current = activity === 'left' ? null : { activity, at: Date.now() };
      void api
        .POST('/v1/conversations/{conversationId}/presence', {
          params: { query: { workspace: workspaceId }, path: { conversationId } },
          body: { activity },
          // A closing tab's last word still goes out.
          keepalive,
        })
        .catch(() => undefined);
    },
    [workspaceId, conversationId],
  );
  const current = useCallback((): Activity => {
    const fields = composer.current?.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      'textarea, input[type="text"], input:not([type])',
    );
    return [...(fields ?? [])].some((field) => field.value.trim() !== '') ? 'typing' : 'viewing';
  }, [composer]);
  const tell = useCallback(() => {
    // Hidden or gone: nothing to tell until it is shown again.
    if (!last.current) return;
    const activity = current();
    if (last.current.activity !== activity || Date.now() - last.current.at >= HEARTBEAT_MS - 500) send(activity);
  }, [current, send]);

  useEffect(() => {
    let heartbeat: number | undefined;
    const start = () => {
      if (heartbeat !== undefined) return;
      send(current());
      heartbeat = window.setInterval(tell, HEARTBEAT_MS);
    };
    const stop = (keepalive: boolean) => {
      if (heartbeat === undefined) return;
      window.clearInterval(heartbeat);
      heartbeat = undefined;
      send('left', keepalive);
    };
    const visibility = () => (document.visibilityState === 'hidden' ? stop(true) : start());
    const pageHide = () => stop(true);
    if (document.visibilityState !== 'hidden') start();
    document.addEventListener('visibilitychange', visibility);
    window.addEventListener('pagehide', pageHide);
    return () => {
      document.removeEventListener('visibilitychange', visibility);
      window.removeEventListener('pagehide', pageHide);
      stop(false);
    };
  }, [send, tell, current]);
  return tell;
}
