import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, data } from './client';

/** Messages a page of the timeline (the API's newest first, `GET /v1/conversations/{id}/messages`). */
export const MESSAGES_PAGE_SIZE = 30;

/**
 * A conversation's messages read from the newest, a page at a time (docs/sending-messages.md ›
 * Reading a conversation): `messages` chronological, each once, and `loadOlder` for the page before.
 * Under the conversation's query key, so whatever refreshes the conversation (a new message's
 * event) reads its loaded pages again.
 */
export function useConversationMessages(workspaceId: string, conversationId: string, refetchInterval: number | false = false) {
  const pages = useInfiniteQuery({
    queryKey: ['conversation', workspaceId, conversationId, 'messages'],
    queryFn: ({ pageParam }) =>
      data(
        api.GET('/v1/conversations/{id}/messages', {
          params: {
            query: { workspace: workspaceId, limit: MESSAGES_PAGE_SIZE, ...(pageParam ? { pageToken: pageParam } : {}) },
            path: { id: conversationId },
          },
        }),
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextPageToken ?? undefined,
    refetchInterval,
  });
  return {
    pages,
    messages: chronological(pages.data?.pages ?? []),
    loadOlder: () => !pages.isFetchingNextPage && pages.hasNextPage && pages.fetchNextPage(),
  };
}

/**
 * The messages of the pages read so far, oldest first, each once: pages come newest first, each
 * chronological within, and a message may be on two pages read at different times (a page read
 * again after a new message pushed one down).
 */
export function chronological<Message extends { id: string }>(pages: readonly { messages: Message[] }[]): Message[] {
  const seen = new Set<string>();
  return [...pages]
    .reverse()
    .flatMap((page) => page.messages)
    .filter((message) => !seen.has(message.id) && Boolean(seen.add(message.id)));
}

/**
 * Marks the conversation read by the signed-in person whenever it shows them unread customer
 * messages (on opening it, and as messages arrive while it is open); the inbox reads its counts again.
 */
export function useMarkRead(
  workspaceId: string,
  conversation: { id: string; unreadCount: number | null; lastMessage: { messageId: string } | null } | undefined,
) {
  const queryClient = useQueryClient();
  const read = useMutation({
    mutationFn: (id: string) =>
      data(api.POST('/v1/conversations/{id}/read', { params: { query: { workspace: workspaceId }, path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['conversations'] }),
  });
  const unread = conversation?.unreadCount ?? 0;
  const id = conversation?.id;
  // Once per conversation and latest message that leaves something unread (not again for each render).
  const latest = conversation?.lastMessage?.messageId;
  const { mutate } = read;
  useEffect(() => {
    if (id && unread > 0) mutate(id);
  }, [id, unread, latest, mutate]);
}

/** The sidebar's counts (`GET /v1/conversations/counts`): by state, the views mine/unassigned/all, and unread. */
export function useConversationCounts(workspaceId: string, refetchInterval: number | false) {
  return useQuery({
    queryKey: ['conversations', 'counts', workspaceId],
    queryFn: () => data(api.GET('/v1/conversations/counts', { params: { query: { workspace: workspaceId } } })),
    select: (answer) => answer.workspaces.find((w) => w.id === workspaceId)?.counts,
    refetchInterval,
  });
}
