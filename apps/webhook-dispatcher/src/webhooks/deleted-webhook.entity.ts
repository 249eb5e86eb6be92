import { defineEntity, p } from '@mikro-orm/core';

/**
 * What is left of a deleted webhook: its id and workspace, so that the workspace's later
 * requests for it answer 410 Gone rather than 404 (docs/webhooks.md › Deleted webhooks); another
 * workspace still gets 404.
 */
const DeletedWebhookSchema = defineEntity({
  name: 'DeletedWebhook',
  tableName: 'deleted_webhook',
  properties: {
    id: p.text().primary(),
    workspaceId: p.text(),
    deletedAt: p.datetime(),
  },
});
export class DeletedWebhook extends DeletedWebhookSchema.class {}
DeletedWebhookSchema.setClass(DeletedWebhook);
