import { Migration20261121123334_initial } from './Migration20261121123334_initial';

/** The gateway's committed migrations, in order. `main.js migration:create NAME` writes new ones: add them here. */
export const gatewayMigrations = [Migration20261121123334_initial];
