import { Migration20261121123341_initial } from './Migration20261121123341_initial';
import { Migration20261121131251_webhooks } from './Migration20261121131251_webhooks';
import { Migration20261127100941_delivery_attempt_response_excerpt } from './Migration20261127100941_delivery_attempt_response_excerpt';
import { Migration20261128082526_deleted_webhook } from './Migration20261128082526_deleted_webhook';

/** The committed migrations of webhook-dispatcher, in order. `main.js migration:create NAME` writes new ones: add them here. */
export const webhookDispatcherMigrations = [
  Migration20261121123341_initial,
  Migration20261121131251_webhooks,
  Migration20261127100941_delivery_attempt_response_excerpt,
  Migration20261128082526_deleted_webhook,
];
