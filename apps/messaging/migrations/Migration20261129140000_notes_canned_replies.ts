import { Migration } from '@mikro-orm/migrations';

/**
 * Private notes and canned replies (issue 50 items 5-6; docs/sending-messages.md › Notes, Canned
 * replies): tables of their own beside `message`, so no send, count or listing of messages sees a note.
 */
export class Migration20261129140000_notes_canned_replies extends Migration {
  override name = 'Migration20261129140000_notes_canned_replies';

  override up(): void | Promise<void> {
    this.addSql(`create table "messaging"."conversation_note" ("id" text not null, "workspace_id" text not null, "conversation_ref" text not null, "text" text not null, "author_type" text not null, "author_id" text not null, "mentions" jsonb not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "conversation_note_conversation_created_at_index" on "messaging"."conversation_note" ("conversation_ref", "created_at");`);
    this.addSql(`create table "messaging"."canned_reply" ("id" text not null, "workspace_id" text not null, "shortcut" text not null, "text" text not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "messaging"."canned_reply" add constraint "canned_reply_workspace_shortcut_unique" unique ("workspace_id", "shortcut");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "messaging"."canned_reply" cascade;`);
    this.addSql(`drop table if exists "messaging"."conversation_note" cascade;`);
  }
}
