/** What the messaging service's worker does for the conversation-expiry workflow; implemented there. */
export interface ConversationExpiryActivities {
  /**
   * Expires what is due now (docs/sending-messages.md › Expiry) and answers how many it
   * expired and how long to wait before the next sweep (the service's setting, read each time).
   */
  expireConversations(): Promise<{ expired: number; nextSweepInMs: number }>;
}

/** One sweeper per deployment (its task queue carries the deployment's prefix). */
export function conversationExpiryWorkflowId(taskQueue: string): string {
  return `conversation-expiry-${taskQueue}`;
}
