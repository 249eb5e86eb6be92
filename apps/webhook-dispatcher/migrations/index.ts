import { Migration20261121123341_initial } from './Migration20261121123341_initial';

/** The committed migrations of webhook-dispatcher, in order. `main.js migration:create NAME` writes new ones: add them here. */
export const webhookDispatcherMigrations = [Migration20261121123341_initial];
