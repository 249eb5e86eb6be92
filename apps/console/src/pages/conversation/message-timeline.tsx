import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAgents } from '../agent/agent-queries';
import { useIsAdmin, useWorkspaces } from '../shell/shell-queries';
import { useConversationMessages, useNotes, useRemoveNote, useTurns } from './conversation-queries';
import { NoteItem } from './note-item';
import { DaySeparator } from './day-separator';
import { MessageItem } from './message-item';
import { byDay } from './timeline-window';
import { TurnDetails } from './turn-details';
import type { ConversationDetail, TurnLogEntry } from './types';

/**
 * The conversation's messages, each by who wrote it, with what the agent did in the turn that
 * produced a reply (the turn log: tool calls, delegations, guardrail, outcome) attached to that
 * reply. A turn with no message of its own (a silent one) stands at its time as a system note.
 * The agent's latest turn, when it failed, marks the conversation above them. It scrolls on its own, above the reply box, and opens at the newest message; it follows new
 * messages (and media that finish loading) while it is at its end, and stays put while the person
 * reads older ones. It reads the newest page of messages from the API (`GET
 * /v1/conversations/{id}/messages`): scrolled near its top (or with Show older messages), the page
 * before is read and put above, the scroll moved by its height so the message read stays where it
 * was; a date stands before each day's messages.
 */
export function MessageTimeline({
  workspaceId,
  conversation,
  refetchInterval = false,
}: {
  workspaceId: string;
  conversation: ConversationDetail;
  refetchInterval?: number | false;
}) {
  const { t } = useTranslation();
  // Agents' names are an admin's to read: an `agent` (a person) sees replies labelled by agent id.
  const agents = useAgents(workspaceId, useIsAdmin(workspaceId));
  const { pages, messages, loadOlder } = useConversationMessages(workspaceId, conversation.id, refetchInterval);
  // Under the conversation's key, so whatever refreshes the conversation refreshes its turns; read again when a message arrives.
  const turns = useTurns(workspaceId, conversation.id, messages.at(-1)?.id);
  // Private notes stand among the messages at their time, drawn apart (note-item.tsx).
  const notes = useNotes(workspaceId, conversation.id);
  const remove = useRemoveNote(workspaceId, conversation.id);
  const me = useWorkspaces().data?.user?.id;
  const agentNames = new Map((agents.data ?? []).map((a) => [a.id, a.name]));
  const turnsById = new Map((turns.data?.turns ?? []).map((turn) => [turn.id, turn]));
  const messageIds = new Set(messages.map((m) => m.id));
  // A silent turn or a note older than the oldest message read waits for its page (it would stand above it otherwise).
  const since = pages.hasNextPage && messages[0] ? Date.parse(messages[0].creationDate) : -Infinity;
  const entries = [
    ...messages.map((message) => ({ at: message.creationDate, message, turn: turnsById.get(message.id), note: undefined })),
    ...(turns.data?.turns ?? [])
      .filter((turn) => !messageIds.has(turn.id) && Date.parse(turn.startedAt) >= since)
      .map((turn) => ({ at: turn.startedAt, message: undefined, turn, note: undefined })),
    ...(notes.data?.notes ?? [])
      .filter((note) => Date.parse(note.createdAt) >= since)
      .map((note) => ({ at: note.createdAt, message: undefined, turn: undefined, note })),
  ].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));

  const scroller = useRef<HTMLElement>(null);
  const atEnd = useRef(true);
  const toEnd = () => {
    const element = scroller.current;
    if (element && atEnd.current) element.scrollTop = element.scrollHeight;
  };
  useLayoutEffect(toEnd, [entries.length]);
  // What grows without a new entry (a turn's details read after its message, media drawn) keeps the end in view too.
  const list = useRef<HTMLOListElement>(null);
  useLayoutEffect(() => {
    if (!list.current || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(toEnd);
    observer.observe(list.current);
    return () => observer.disconnect();
  }, []);
  // Where the scroll was before the older page went above it: restored, less nothing, once it is drawn.
  const before = useRef<{ height: number; top: number } | null>(null);
  const showOlder = () => {
    const element = scroller.current;
    if (!pages.hasNextPage || pages.isFetchingNextPage || !element || before.current) return;
    before.current = { height: element.scrollHeight, top: element.scrollTop };
    atEnd.current = false;
    void loadOlder();
  };
  const oldest = messages[0]?.id;
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && before.current) element.scrollTop = before.current.top + element.scrollHeight - before.current.height;
    before.current = null;
  }, [oldest]);
  const days = byDay(entries, (entry) => entry.at);
  // The conversation's latest agent turn; one that failed marks the conversation above its messages.
  const latestTurn = (turns.data?.turns ?? []).reduce<TurnLogEntry | undefined>(
    (latest, turn) => (!latest || Date.parse(turn.startedAt) >= Date.parse(latest.startedAt) ? turn : latest),
    undefined,
  );

  return (
    <>
      <h2 id="messages-heading" className="visually-hidden">
        {t('conversation.messages')}
      </h2>
      {latestTurn?.outcome === 'failed' && (
        <p className="failure turn-failed">
          <strong className="badge failed">{t('conv.turnFailedMark')}</strong> {t('conv.turnFailed')}
          {latestTurn.detail && (
            <>
              {' '}
              <span className="failure-detail">{latestTurn.detail}</span>
            </>
          )}
        </p>
      )}
      {/* Focusable: a region that scrolls must be reachable by the keyboard. */}
      <section
        ref={scroller}
        className="timeline"
        aria-labelledby="messages-heading"
        tabIndex={0}
        onScroll={(event) => {
          const element = event.currentTarget;
          atEnd.current = element.scrollHeight - element.scrollTop - element.clientHeight < 48;
          if (element.scrollTop < 80) showOlder();
        }}
        onLoadCapture={toEnd}
        onLoadedMetadataCapture={toEnd}
      >
        {pages.data && entries.length === 0 && <p>{t('conversation.empty')}</p>}
        {pages.hasNextPage && (
          <p className="load-older">
            <button type="button" className="secondary" onClick={showOlder} aria-busy={pages.isFetchingNextPage}>
              {t('reading.older')}
            </button>
          </p>
        )}
        <ol ref={list} className="messages">
          {days.flatMap(({ day, items }) => [
            <DaySeparator key={`day-${day}`} day={day} />,
            ...items.map(({ message, turn, note }) =>
              note ? (
                <NoteItem key={note.id} note={note} me={me} onDelete={(id) => remove.mutate(id)} deleting={remove.isPending} />
              ) : message ? (
                <MessageItem
                  key={message.id}
                  workspaceId={workspaceId}
                  conversation={conversation}
                  message={message}
                  turn={turn}
                  agentNames={agentNames}
                />
              ) : (
                <li key={turn!.id} className="note">
                  <UnansweredTurn turn={turn!} agentNames={agentNames} />
                </li>
              ),
            ),
          ])}
        </ol>
      </section>
    </>
  );
}

function UnansweredTurn({ turn, agentNames }: { turn: TurnLogEntry; agentNames: Map<string, string> }) {
  const { t } = useTranslation();
  return (
    <>
      <small>{t('conv.author.system')}</small>
      <TurnDetails turn={turn} agentNames={agentNames} />
    </>
  );
}
