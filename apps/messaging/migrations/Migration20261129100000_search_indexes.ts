import { Migration } from '@mikro-orm/migrations';

/**
 * Search over conversations, clients and message text (issue 49 item 2; docs/sending-messages.md ›
 * Searching): `pg_trgm` GIN indexes answer `like '%…%'` on names, emails and phone digits, and a
 * GIN index of each message's `tsvector` answers words. Names and text are folded first (lower
 * case, accents removed with `unaccent`): `unaccent` is only STABLE (its dictionary could change),
 * so an IMMUTABLE SQL wrapper naming the dictionary by schema makes it usable in an index, and the
 * planner inlines it, in the index as in the queries, so they match.
 *
 * Both extensions are trusted (a database owner creates them) and shared by the whole database:
 * created only when missing, wherever they are already, and never dropped by `down`.
 */
export class Migration20261129100000_search_indexes extends Migration {

  override name = 'Migration20261129100000_search_indexes';

  override up(): void | Promise<void> {
    // Services' migration Jobs run at once on a new database, and `create extension if not exists`
    // is not safe against itself (both see it missing; one fails on pg_extension's unique name):
    // every migration creating an extension takes this lock first, held to its commit.
    this.addSql(`select pg_advisory_xact_lock(hashtext('platica: create extension'));`);
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create extension if not exists unaccent;`);
    this.addSql(`do $search$
declare
  trgm text := (select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm');
  ua text := (select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'unaccent');
begin
  execute format(
    'create function messaging.search_fold(value text) returns text language sql immutable strict parallel safe as %L',
    format('select lower(%I.unaccent(%L::regdictionary, value))', ua, quote_ident(ua) || '.unaccent'));
  execute 'create function messaging.client_search_text(name text, firstname text, lastname text, email text) returns text '
    || 'language sql immutable parallel safe as '
    || quote_literal('select messaging.search_fold(coalesce(name, '''') || '' '' || coalesce(firstname, '''') || '' '' || coalesce(lastname, '''') || '' '' || coalesce(email, ''''))');
  execute format('create index "conversation_contact_name_search_index" on "messaging"."conversation" using gin (messaging.search_fold("contact_name") %I.gin_trgm_ops)', trgm);
  execute format('create index "conversation_phone_number_search_index" on "messaging"."conversation" using gin ("phone_number" %I.gin_trgm_ops)', trgm);
  execute format('create index "client_search_text_index" on "messaging"."client" using gin (messaging.client_search_text("name", "firstname", "lastname", "email") %I.gin_trgm_ops)', trgm);
  execute format('create index "client_phone_number_search_index" on "messaging"."client" using gin ("phone_number" %I.gin_trgm_ops)', trgm);
end
$search$;`);
    // Words of what people read: instructions and the runtime's notes (role system) are not searched.
    this.addSql(`create index "message_content_search_index" on "messaging"."message" using gin (to_tsvector('simple'::regconfig, messaging.search_fold("content"))) where "role" <> 'system';`);
    // GET /v1/clients: newest first, keyset-paged.
    this.addSql(`create index "client_workspace_created_at_index" on "messaging"."client" ("workspace_id", "created_at", "id");`);
  }

  override down(): void | Promise<void> {
    for (const index of [
      'conversation_contact_name_search_index',
      'conversation_phone_number_search_index',
      'client_search_text_index',
      'client_phone_number_search_index',
      'message_content_search_index',
      'client_workspace_created_at_index',
    ]) {
      this.addSql(`drop index if exists "messaging"."${index}";`);
    }
    this.addSql(`drop function if exists messaging.client_search_text(text, text, text, text);`);
    this.addSql(`drop function if exists messaging.search_fold(text);`);
  }

}
