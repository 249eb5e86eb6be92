import { Migration20261121123340_initial } from './Migration20261121123340_initial';
import { Migration20261123150000_campaign_runs } from './Migration20261123150000_campaign_runs';
import { Migration20261127133000_campaign_lists } from './Migration20261127133000_campaign_lists';

/** Campaigns' committed migrations, in order. `main.js migration:create NAME` writes new ones: add them here. */
export const campaignsMigrations = [Migration20261121123340_initial, Migration20261123150000_campaign_runs, Migration20261127133000_campaign_lists];
