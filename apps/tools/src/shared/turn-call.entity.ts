import { p } from '@mikro-orm/core';

/** Entity properties shared by run logs. Where a recorded tool call came from (custom API runs and integration runs alike): null for a test. */
export const turnCallProperties = {
  agentId: p.text().nullable(),
  conversationId: p.text().nullable(),
  toolCallId: p.text().nullable(),
  createdAt: p.datetime().onCreate(() => new Date()),
};
