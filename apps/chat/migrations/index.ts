import { Migration20261121123336_initial } from './Migration20261121123336_initial';

/** The committed migrations of chat, in order. `main.js migration:create NAME` writes new ones: add them here. */
export const chatMigrations = [Migration20261121123336_initial];
