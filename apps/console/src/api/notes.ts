import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data } from './client';
import type { components, operations } from './openapi';

export type ConversationNote = components['schemas']['ConversationNote'];
export type CannedReply = components['schemas']['CannedReply'];
type NewNote = operations['conversation_notes_create']['requestBody']['content']['application/json'];

/**
 * A conversation's private notes (GET /v1/conversations/{id}/notes), under the conversation's
 * query key so the event stream's `conversation.note.*` refreshes them; `write` and `remove`
 * send POST and DELETE and read them again.
 */
export function useNotes(workspaceId: string, conversationId: string) {
  const queryClient = useQueryClient();
  const key = ['conversation', workspaceId, conversationId, 'notes'];
  const params = { query: { workspace: workspaceId }, path: { id: conversationId } };
  const notes = useQuery({ queryKey: key, queryFn: () => data(api.GET('/v1/conversations/{id}/notes', { params })) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const write = useMutation({
    mutationFn: (body: NewNote) => data(api.POST('/v1/conversations/{id}/notes', { params, body })),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (noteId: string) =>
      data(api.DELETE('/v1/conversations/{id}/notes/{noteId}', { params: { ...params, path: { ...params.path, noteId } } })),
    onSettled: refresh,
  });
  return { notes, write, remove };
}

/** The workspace's canned replies (GET /v1/canned-replies), read once per minute at most: they change seldom. */
export function useCannedReplies(workspaceId: string) {
  return useQuery({
    queryKey: ['canned-replies', workspaceId],
    queryFn: () => data(api.GET('/v1/canned-replies', { params: { query: { workspace: workspaceId } } })),
    staleTime: 60_000,
  });
}
