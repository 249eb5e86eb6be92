import { Migration } from '@mikro-orm/migrations';

const BUCKET = (column: string) => `date_bin('15 minutes', ${column}, timestamptz '2000-01-01 00:00:00+00')`;

/**
 * Assignment (issue 50 item 3; docs/sending-messages.md › Assignment): a conversation's assignee
 * and each workspace's assignment setting. And usage counts people (item 8; docs/usage.md): a
 * conversation a person took over (`conversation.operation.updated` to `assistance`, which a
 * person's reply records too) counts as assisted beside the agent's requests for a person; the
 * conversations people took over or wrote in before this migration are counted once, here.
 */
export class Migration20261129120000_assignment extends Migration {
  override name = 'Migration20261129120000_assignment';

  override up(): void | Promise<void> {
    this.addSql(`alter table "messaging"."conversation" add column "assignee_id" text null;`);
    this.addSql(`create index "conversation_workspace_assignee_index" on "messaging"."conversation" ("workspace_id", "assignee_id");`);
    this.addSql(`create table "messaging"."assignment_setting" ("workspace_id" text not null, "mode" text not null, "available" jsonb not null, "last_assignee" text null, "updated_at" timestamptz not null, primary key ("workspace_id"));`);
    this.addSql(`create or replace function messaging.usage_assistance_requested() returns trigger language plpgsql as $fn$
begin
  insert into messaging.usage_assisted_conversation as a (conversation_ref, workspace_id, bucket, requests)
    select c.id, c.workspace_id, ${BUCKET('c.created_at')}, case when new.type = 'conversation.assistance.requested' then 1 else 0 end
      from messaging.conversation c where c.id = new.data -> 'conversation' ->> 'id'
    on conflict (conversation_ref) do update set requests = a.requests + excluded.requests;
  return null;
end
$fn$;`);
    this.addSql(`drop trigger if exists usage_assistance_requested on messaging.outbox_event;`);
    this.addSql(`create trigger usage_assistance_requested after insert on messaging.outbox_event for each row
    when (new.type = 'conversation.assistance.requested' or (new.type = 'conversation.operation.updated' and new.data ->> 'operation' = 'assistance'))
    execute function messaging.usage_assistance_requested();`);
    this.addSql(`insert into messaging.usage_assisted_conversation (conversation_ref, workspace_id, bucket, requests)
    select c.id, c.workspace_id, ${BUCKET('c.created_at')}, 0 from messaging.conversation c
     where (c.operation = 'assistance' and c.operation_changed_by is not null)
        or exists (select 1 from messaging.message m where m.conversation_ref = c.id and m.actor_type = 'user')
    on conflict (conversation_ref) do nothing;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists usage_assistance_requested on messaging.outbox_event;`);
    this.addSql(`create trigger usage_assistance_requested after insert on messaging.outbox_event for each row
    when (new.type = 'conversation.assistance.requested') execute function messaging.usage_assistance_requested();`);
    this.addSql(`drop table if exists "messaging"."assignment_setting" cascade;`);
    this.addSql(`drop index if exists "messaging"."conversation_workspace_assignee_index";`);
    this.addSql(`alter table "messaging"."conversation" drop column if exists "assignee_id";`);
  }
}
