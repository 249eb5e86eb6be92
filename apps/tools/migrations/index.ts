import { Migration20261121123338_initial } from './Migration20261121123338_initial';

/** The committed migrations of tools, in order. `main.js migration:create NAME` writes new ones: add them here. */
export const toolsMigrations = [Migration20261121123338_initial];
