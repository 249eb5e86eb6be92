import { Migration } from '@mikro-orm/migrations';

/**
 * The campaign list and a run's recipients (additions, docs/campaigns.md): a workspace's campaigns
 * by creation, a run's recipients by status, and excluded recipients stored as rows without a
 * message id.
 */
export class Migration20261127133000_campaign_lists extends Migration {

  override name = 'Migration20261127133000_campaign_lists';

  override up(): void | Promise<void> {
    this.addSql(`create index "campaign_workspace_created_index" on "campaigns"."campaign" ("workspace_id", "created_at", "id");`);
    this.addSql(`alter table "campaigns"."campaign_recipient" alter column "message_id" drop not null;`);
    this.addSql(`create index "campaign_recipient_status_index" on "campaigns"."campaign_recipient" ("run_id", "status", "position");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "campaigns"."campaign_recipient_status_index";`);
    this.addSql(`delete from "campaigns"."campaign_recipient" where "message_id" is null;`);
    this.addSql(`alter table "campaigns"."campaign_recipient" alter column "message_id" set not null;`);
    this.addSql(`drop index if exists "campaigns"."campaign_workspace_created_index";`);
  }

}
