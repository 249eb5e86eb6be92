import { defineEntity, p } from '@mikro-orm/core';

// Usage figures kept as aggregates (ARCHITECTURE.md › Usage figures): per workspace and
// 15-minute bucket (UTC-aligned; every timezone's offset is a multiple of 15 minutes, so any
// workspace's days are whole buckets). Triggers of the migration `usage_aggregates` keep them in
// the same transaction as the rows they count, whichever code path writes those rows; nothing in
// the services writes them. `''` stands for "none" in key columns (part of the primary key).

/** Conversations created, by their current platform, channel and agent. */
const UsageConversationBucketSchema = defineEntity({
  name: 'UsageConversationBucket',
  tableName: 'usage_conversation_bucket',
  properties: {
    workspaceId: p.text().primary(),
    bucket: p.datetime().primary(),
    platform: p.text().primary(),
    channelId: p.text().primary(),
    agentId: p.text().primary(),
    conversations: p.integer(),
  },
});
export class UsageConversationBucket extends UsageConversationBucketSchema.class {}
UsageConversationBucketSchema.setClass(UsageConversationBucket);

/** Conversations created, by each of their current tags (`''`: untagged). */
const UsageTagBucketSchema = defineEntity({
  name: 'UsageTagBucket',
  tableName: 'usage_tag_bucket',
  properties: {
    workspaceId: p.text().primary(),
    bucket: p.datetime().primary(),
    tag: p.text().primary(),
    conversations: p.integer(),
  },
});
export class UsageTagBucket extends UsageTagBucketSchema.class {}
UsageTagBucketSchema.setClass(UsageTagBucket);

/** Each conversation that requested human assistance, its requests, and its creation bucket. */
const UsageAssistedConversationSchema = defineEntity({
  name: 'UsageAssistedConversation',
  tableName: 'usage_assisted_conversation',
  properties: {
    conversationRef: p.text().primary(),
    workspaceId: p.text(),
    bucket: p.datetime(),
    requests: p.integer(),
  },
  indexes: [{ properties: ['workspaceId', 'bucket'], name: 'usage_assisted_conversation_workspace_bucket_index' }],
});
export class UsageAssistedConversation extends UsageAssistedConversationSchema.class {}
UsageAssistedConversationSchema.setClass(UsageAssistedConversation);

/**
 * Billable messages (outgoing, accepted by the channel) by actor type and, for `user`, the user;
 * each bucket in shards, one chosen by the writing connection, so concurrent sends of a workspace
 * do not queue on one row's lock until they commit. Reads sum the shards.
 */
const UsageMessageBucketSchema = defineEntity({
  name: 'UsageMessageBucket',
  tableName: 'usage_message_bucket',
  properties: {
    workspaceId: p.text().primary(),
    bucket: p.datetime().primary(),
    actorType: p.text().primary(),
    actorId: p.text().primary(),
    shard: p.smallint().primary(),
    messages: p.integer(),
  },
});
export class UsageMessageBucket extends UsageMessageBucketSchema.class {}
UsageMessageBucketSchema.setClass(UsageMessageBucket);
