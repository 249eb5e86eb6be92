/**
 * The roots of the query keys the event stream marks stale (live-updates.ts): every conversation
 * list and count of the inbox, and everything read of a workspace's conversations. The inbox's
 * and the conversation's key factories start from them, so the stream names no feature.
 */
export const liveKeys = {
  inbox: ['conversations'] as const,
  conversations: (workspaceId: string) => ['conversation', workspaceId] as const,
};
