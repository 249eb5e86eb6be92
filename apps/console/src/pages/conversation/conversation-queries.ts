import {
  keepPreviousData,
  mutationOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, data } from '../../api/client';
import { newestPagesFirst, tokenPagesQuery } from '../../api/grouped-pages';
import type { RequestBody } from '../../api/schema';
import { liveKeys } from '../../api/live-keys';
import { clientKeys } from '../clients/client-queries';
import { inboxKeys } from '../inbox/inbox-queries';
import { storedMessageId } from './failure';
import type { ConversationDetail } from './types';

/** Messages a page of the timeline (the API's newest first, `GET /v1/conversations/{id}/messages`). */
export const MESSAGES_PAGE_SIZE = 30;
/** The agent's turns read with the conversation: enough for the messages a timeline holds. */
const TURNS_LIMIT = 200;

/**
 * The conversation's query keys. All of a workspace's conversations are under `workspace`, which
 * the event stream marks stale (api/live-updates.ts); a conversation's messages, turns and notes
 * are under its `detail`, so whatever refreshes it refreshes them.
 */
export const conversationKeys = {
  workspace: liveKeys.conversations,
  detail: (workspaceId: string, id: string) => [...conversationKeys.workspace(workspaceId), id] as const,
  messages: (workspaceId: string, id: string) => [...conversationKeys.detail(workspaceId, id), 'messages'] as const,
  turns: (workspaceId: string, id: string, latestMessageId: string | undefined) =>
    [...conversationKeys.detail(workspaceId, id), 'turns', latestMessageId] as const,
  notes: (workspaceId: string, id: string) => [...conversationKeys.detail(workspaceId, id), 'notes'] as const,
  templates: (workspaceId: string, channelId: string) => ['templates', workspaceId, channelId] as const,
};

const scope = (workspaceId: string) => ({ query: { workspace: workspaceId } });

/** One conversation (`GET /v1/conversations/{id}`): the summary with what a person acts on. */
export function conversationQuery(workspaceId: string, id: string, refetchInterval: number | false = false) {
  return queryOptions({
    queryKey: conversationKeys.detail(workspaceId, id),
    queryFn: () => data(api.GET('/v1/conversations/{id}', { params: { ...scope(workspaceId), path: { id } } })),
    select: (answer) => answer.workspaces.flatMap((w) => w.conversations)[0],
    refetchInterval,
  });
}

export function useConversation(workspaceId: string, id: string, refetchInterval: number | false) {
  return useQuery(conversationQuery(workspaceId, id, refetchInterval));
}

/** A conversation's messages read from the newest, a page at a time (docs/sending-messages.md › Reading a conversation). */
export function messagesQuery(workspaceId: string, id: string, refetchInterval: number | false = false) {
  return tokenPagesQuery(
    conversationKeys.messages(workspaceId, id),
    (pageToken) =>
      data(
        api.GET('/v1/conversations/{id}/messages', {
          params: { query: { workspace: workspaceId, limit: MESSAGES_PAGE_SIZE, ...(pageToken ? { pageToken } : {}) }, path: { id } },
        }),
      ),
    refetchInterval,
  );
}

/** The messages read so far, chronological and each once, and `loadOlder` for the page before. */
export function useConversationMessages(workspaceId: string, id: string, refetchInterval: number | false = false) {
  const pages = useInfiniteQuery(messagesQuery(workspaceId, id, refetchInterval));
  return {
    pages,
    messages: newestPagesFirst(pages.data?.pages ?? []),
    loadOlder: () => !pages.isFetchingNextPage && pages.hasNextPage && pages.fetchNextPage(),
  };
}

/** The agent's turns in the conversation (`GET /v1/conversations/{id}/turns`), read again when a new message arrives. */
export function turnsQuery(workspaceId: string, id: string, latestMessageId: string | undefined) {
  return queryOptions({
    queryKey: conversationKeys.turns(workspaceId, id, latestMessageId),
    queryFn: () =>
      data(api.GET('/v1/conversations/{id}/turns', { params: { query: { workspace: workspaceId, limit: TURNS_LIMIT }, path: { id } } })),
    placeholderData: keepPreviousData,
  });
}

export function useTurns(workspaceId: string, id: string, latestMessageId: string | undefined) {
  return useQuery(turnsQuery(workspaceId, id, latestMessageId));
}

/** Marks a conversation read by the signed-in person (POST …/read); the inbox reads its unread counts again. */
export function markRead(queryClient: QueryClient, workspaceId: string) {
  return mutationOptions({
    mutationFn: (id: string) => data(api.POST('/v1/conversations/{id}/read', { params: { ...scope(workspaceId), path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
  });
}

/**
 * Marks the conversation read whenever it shows the person unread customer messages (on opening
 * it, and as messages arrive while it is open): once per conversation and latest message that
 * leaves something unread, not again for each render.
 */
export function useMarkRead(
  workspaceId: string,
  conversation: Pick<ConversationDetail, 'id' | 'unreadCount' | 'lastMessage'> | undefined,
): void {
  const { mutate } = useMutation(markRead(useQueryClient(), workspaceId));
  const unread = conversation?.unreadCount ?? 0;
  const id = conversation?.id;
  const latest = conversation?.lastMessage?.messageId;
  useEffect(() => {
    if (id && unread > 0) mutate(id);
  }, [id, unread, latest, mutate]);
}

type ConversationChange = RequestBody<'conversations_update'>;
/** What the agent is told on a hand-back: read it (`wait`) or act on it now (`resume`). */
export type Instruction = { text: string; mode: 'wait' | 'resume' };

const patchConversation = (workspaceId: string, id: string, body: ConversationChange) =>
  data(api.PATCH('/v1/conversations/{id}', { params: { ...scope(workspaceId), path: { id } }, body }));

/**
 * PATCH /v1/conversations/{id}: take over, hand back, close, reopen, tags, owners, assignee. The
 * conversation is read again whatever the answer (a refusal may say it changed meanwhile), before
 * the caller's own `onSuccess`.
 */
export function updateConversation(queryClient: QueryClient, workspaceId: string, id: string) {
  return mutationOptions({
    mutationFn: (change: ConversationChange) => patchConversation(workspaceId, id, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: conversationKeys.detail(workspaceId, id) }),
  });
}

export function useUpdateConversation(workspaceId: string, id: string) {
  return useMutation(updateConversation(useQueryClient(), workspaceId, id));
}

/** A change of who answers, and on a hand-back with an instruction, that instruction sent after it (the spec's `instruction` message). */
export function changeState(
  queryClient: QueryClient,
  workspaceId: string,
  conversation: Pick<ConversationDetail, 'id' | 'channelId' | 'conversationId'>,
) {
  return mutationOptions({
    mutationFn: async ({ change, instruction }: { change: ConversationChange; instruction?: Instruction }) => {
      const answer = await patchConversation(workspaceId, conversation.id, change);
      if (instruction)
        await data(
          api.POST('/v1/messages', {
            params: scope(workspaceId),
            body: {
              channelId: conversation.channelId,
              conversationId: conversation.conversationId,
              type: 'instruction',
              content: instruction,
            },
          }),
        );
      return answer;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: conversationKeys.detail(workspaceId, conversation.id) }),
  });
}

export function useChangeState(workspaceId: string, conversation: Pick<ConversationDetail, 'id' | 'channelId' | 'conversationId'>) {
  return useMutation(changeState(useQueryClient(), workspaceId, conversation));
}

type Addressed = Pick<ConversationDetail, 'id' | 'channelId' | 'conversationId'>;
export type MessageBody = Omit<RequestBody<'messages_send'>, 'channelId' | 'conversationId'>;
type TemplateMessage = RequestBody<'messages_send_template'>['template'];

/**
 * After a send, the conversation is read again when a message was stored: sent, or failed (the
 * 502 names it, and the timeline shows it with why). Not awaited: the caller's form is cleared at once.
 */
function refreshAfterSend(queryClient: QueryClient, workspaceId: string, conversationId: string) {
  return (_answer: unknown, error: Error | null) => {
    if (error && !storedMessageId(error)) return;
    void queryClient.invalidateQueries({ queryKey: conversationKeys.detail(workspaceId, conversationId) });
  };
}

/** Replying as a person (`POST /v1/messages`, to the conversation's channel and contact). */
export function sendMessage(queryClient: QueryClient, workspaceId: string, conversation: Addressed) {
  return mutationOptions({
    mutationFn: (body: MessageBody) =>
      data(
        api.POST('/v1/messages', {
          params: scope(workspaceId),
          body: { channelId: conversation.channelId, conversationId: conversation.conversationId, ...body },
        }),
      ),
    onSettled: refreshAfterSend(queryClient, workspaceId, conversation.id),
  });
}

export function useSendMessage(workspaceId: string, conversation: Addressed) {
  return useMutation(sendMessage(useQueryClient(), workspaceId, conversation));
}

/** The channel's approved templates (`GET /v1/templates`), for a conversation whose window is closed. */
export function templatesQuery(workspaceId: string, channelId: string) {
  return queryOptions({
    queryKey: conversationKeys.templates(workspaceId, channelId),
    queryFn: () => data(api.GET('/v1/templates', { params: { query: { workspace: workspaceId, channelId, status: 'approved' } } })),
  });
}

export function useTemplates(workspaceId: string, channelId: string) {
  return useQuery(templatesQuery(workspaceId, channelId));
}

/** Sends a template with its parameters (`POST /v1/messages/template`). */
export function sendTemplate(queryClient: QueryClient, workspaceId: string, conversation: Addressed) {
  return mutationOptions({
    mutationFn: (template: TemplateMessage) =>
      data(
        api.POST('/v1/messages/template', {
          params: scope(workspaceId),
          body: { channelId: conversation.channelId, conversationId: conversation.conversationId, template },
        }),
      ),
    onSettled: refreshAfterSend(queryClient, workspaceId, conversation.id),
  });
}

export function useSendTemplate(workspaceId: string, conversation: Addressed) {
  return useMutation(sendTemplate(useQueryClient(), workspaceId, conversation));
}

/** A conversation's private notes (GET /v1/conversations/{id}/notes); the event stream's `conversation.note.*` refreshes them. */
export function notesQuery(workspaceId: string, id: string) {
  return queryOptions({
    queryKey: conversationKeys.notes(workspaceId, id),
    queryFn: () => data(api.GET('/v1/conversations/{id}/notes', { params: { ...scope(workspaceId), path: { id } } })),
  });
}

export function useNotes(workspaceId: string, id: string) {
  return useQuery(notesQuery(workspaceId, id));
}

/** Writes a note (POST), then reads the notes again. */
export function writeNote(queryClient: QueryClient, workspaceId: string, id: string) {
  return mutationOptions({
    mutationFn: (body: RequestBody<'conversation_notes_create'>) =>
      data(api.POST('/v1/conversations/{id}/notes', { params: { ...scope(workspaceId), path: { id } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKeys.notes(workspaceId, id) }),
  });
}

export function useWriteNote(workspaceId: string, id: string) {
  return useMutation(writeNote(useQueryClient(), workspaceId, id));
}

/** Deletes a note (DELETE), then reads the notes again whatever the answer (another may have deleted it). */
export function removeNote(queryClient: QueryClient, workspaceId: string, id: string) {
  return mutationOptions({
    mutationFn: (noteId: string) =>
      data(api.DELETE('/v1/conversations/{id}/notes/{noteId}', { params: { ...scope(workspaceId), path: { id, noteId } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: conversationKeys.notes(workspaceId, id) }),
  });
}

export function useRemoveNote(workspaceId: string, id: string) {
  return useMutation(removeNote(useQueryClient(), workspaceId, id));
}

/**
 * A person flags a customer's message (docs/agents.md › Flagging a customer's message): a strike
 * on the client. The conversation (its status, the message's flag), the inbox's lists and the
 * client's moderation are read again.
 */
export function flagMessage(queryClient: QueryClient, workspaceId: string, conversationId: string, clientId: string) {
  return mutationOptions({
    mutationFn: ({ messageId, ...body }: RequestBody<'conversations_messages_flag'> & { messageId: string }) =>
      data(
        api.POST('/v1/conversations/{id}/messages/{messageId}/flag', {
          params: { ...scope(workspaceId), path: { id: conversationId, messageId } },
          body,
        }),
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: conversationKeys.detail(workspaceId, conversationId) }),
        queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
        queryClient.invalidateQueries({ queryKey: clientKeys.detail(workspaceId, clientId) }),
      ]),
  });
}

export function useFlagMessage(workspaceId: string, conversationId: string, clientId: string) {
  return useMutation(flagMessage(useQueryClient(), workspaceId, conversationId, clientId));
}

/** A reply drafted from the agent's knowledge (`POST /v1/conversations/{id}/reply-draft`): nothing is sent, nothing cached. */
export function draftReply(workspaceId: string, id: string) {
  return mutationOptions({
    mutationFn: () => data(api.POST('/v1/conversations/{id}/reply-draft', { params: { ...scope(workspaceId), path: { id } } })),
  });
}

export function useDraftReply(workspaceId: string, id: string) {
  return useMutation(draftReply(workspaceId, id));
}

/** What the person did with a draft (sent as drafted, edited, or not), for the usage figures; nothing shown changes. */
export function recordDraftOutcome(workspaceId: string, id: string) {
  return mutationOptions({
    mutationFn: ({ draftId, body }: { draftId: string; body: RequestBody<'conversations_reply_draft_outcome'> }) =>
      data(
        api.POST('/v1/conversations/{id}/reply-draft/{draftId}/outcome', {
          params: { ...scope(workspaceId), path: { id, draftId } },
          body,
        }),
      ),
  });
}

export function useRecordDraftOutcome(workspaceId: string, id: string) {
  return useMutation(recordDraftOutcome(workspaceId, id));
}
