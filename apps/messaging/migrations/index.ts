import { Migration20261121123335_initial } from './Migration20261121123335_initial';

/** Messaging's committed migrations, in order. `main.js migration:create NAME` writes new ones: add them here. */
export const messagingMigrations = [Migration20261121123335_initial];
