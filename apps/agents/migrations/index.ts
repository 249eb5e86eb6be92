import { Migration20261121123337_initial } from './Migration20261121123337_initial';

/** The committed migrations of agents, in order. `main.js migration:create NAME` writes new ones: add them here. */
export const agentsMigrations = [Migration20261121123337_initial];
