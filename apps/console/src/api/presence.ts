import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { api } from './client';
import type { Presence } from './presence-store';

type Activity = Presence['activity'];
/** A presence is repeated this often while it holds: well within the API's ttlSeconds. */
const HEARTBEAT_MS = 5_000;

/**
 * Tells the others that this person is on the conversation (docs/events.md › Presence):
 * "viewing" while it is open, "typing" while the reply box inside `composer` holds text,
 * repeated every HEARTBEAT_MS, and "left" when the page leaves it. Answers the handler for the
 * composer's input events, so typing is told at once.
 */
export function usePresence(workspaceId: string, conversationId: string, composer: RefObject<HTMLElement | null>): () => void {
  const last = useRef<{ activity: Activity; at: number } | null>(null);
  const send = useCallback(
    (activity: Activity) => {
      last.current = { activity, at: Date.now() };
      void api
        .POST('/v1/conversations/{conversationId}/presence', {
          params: { query: { workspace: workspaceId }, path: { conversationId } },
          body: { activity },
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
    const activity = current();
    if (last.current?.activity !== activity || Date.now() - last.current.at >= HEARTBEAT_MS - 500) send(activity);
  }, [current, send]);

  useEffect(() => {
    send('viewing');
    const heartbeat = window.setInterval(tell, HEARTBEAT_MS);
    return () => {
      window.clearInterval(heartbeat);
      last.current = null;
      send('left');
    };
  }, [send, tell]);
  return tell;
}
