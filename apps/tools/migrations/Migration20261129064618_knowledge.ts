import { Migration } from '@mikro-orm/migrations';

/**
 * Knowledge bases (docs/knowledge.md): bases, sources, website pages (one per source and URL)
 * and chunks. A chunk's `search` tsvector is written with it, in its source's language, from
 * its text folded by `tools.knowledge_fold` (accents removed with `unaccent`, wrapped as
 * IMMUTABLE naming its dictionary by schema, as messaging's search_fold; the extension is
 * trusted, created only when missing and never dropped). Deleting a base or a source deletes
 * what hangs from it (foreign keys on cascade).
 */
export class Migration20261129064618_knowledge extends Migration {

  override name = 'Migration20261129064618_knowledge';

  override up(): void | Promise<void> {
    this.addSql(`create table "tools"."knowledge_base" ("id" text not null, "workspace_id" text not null, "name" text not null, "description" text not null, "language" text not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "tools"."knowledge_base" add constraint "knowledge_base_workspace_name_unique" unique ("workspace_id", "name");`);

    this.addSql(`create table "tools"."knowledge_chunk" ("id" text not null, "workspace_id" text not null, "base_id" text not null, "source_id" text not null, "page_id" text null, "ordinal" int not null, "title" text not null, "title_path" jsonb not null, "url" text null, "text" text not null, "search" tsvector not null, "embedding" real[] null, "embedding_model" text null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "knowledge_chunk_source_index" on "tools"."knowledge_chunk" ("source_id", "page_id");`);
    this.addSql(`create index "knowledge_chunk_base_index" on "tools"."knowledge_chunk" ("base_id");`);

    this.addSql(`create table "tools"."knowledge_page" ("id" text not null, "workspace_id" text not null, "source_id" text not null, "url" text not null, "title" text not null, "status" text not null, "error" text null, "content_hash" text null, "crawl_generation" int not null, "index_count" int not null, "fetched_at" timestamptz not null, "indexed_at" timestamptz null, primary key ("id"));`);
    this.addSql(`alter table "tools"."knowledge_page" add constraint "knowledge_page_source_url_unique" unique ("source_id", "url");`);

    this.addSql(`create table "tools"."knowledge_source" ("id" text not null, "workspace_id" text not null, "base_id" text not null, "kind" text not null, "title" text not null, "status" text not null, "error" text null, "content_hash" text null, "language" text not null, "text" text null, "content" bytea null, "file_type" text null, "byte_size" int null, "website" jsonb null, "next_crawl_at" timestamptz null, "generation" int not null, "chunk_count" int not null, "page_count" int not null, "indexed_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "knowledge_source_base_index" on "tools"."knowledge_source" ("base_id", "created_at");`);

    this.addSql(`alter table "tools"."catalog_tool" add "knowledge_base_id" text null;`);

    this.addSql(`alter table "tools"."knowledge_source" add constraint "knowledge_source_base_fk" foreign key ("base_id") references "tools"."knowledge_base" ("id") on delete cascade;`);
    this.addSql(`alter table "tools"."knowledge_page" add constraint "knowledge_page_source_fk" foreign key ("source_id") references "tools"."knowledge_source" ("id") on delete cascade;`);
    this.addSql(`alter table "tools"."knowledge_chunk" add constraint "knowledge_chunk_source_fk" foreign key ("source_id") references "tools"."knowledge_source" ("id") on delete cascade;`);
    this.addSql(`alter table "tools"."knowledge_chunk" add constraint "knowledge_chunk_page_fk" foreign key ("page_id") references "tools"."knowledge_page" ("id") on delete cascade;`);
    this.addSql(`create index "knowledge_chunk_search_index" on "tools"."knowledge_chunk" using gin ("search");`);
    this.addSql(`create index "knowledge_source_next_crawl_index" on "tools"."knowledge_source" ("next_crawl_at") where "next_crawl_at" is not null;`);
    // Services' migration Jobs run at once on a new database, and `create extension if not exists`
    // is not safe against itself (both see it missing; one fails on pg_extension's unique name):
    // every migration creating an extension takes this lock first, held to its commit.
    this.addSql(`select pg_advisory_xact_lock(hashtext('platica: create extension'));`);
    this.addSql(`create extension if not exists unaccent;`);
    this.addSql(`do $fold$
declare
  ua text := (select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'unaccent');
begin
  execute format(
    'create function tools.knowledge_fold(value text) returns text language sql immutable strict parallel safe as %L',
    format('select lower(%I.unaccent(%L::regdictionary, value))', ua, quote_ident(ua) || '.unaccent'));
end
$fold$;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop function if exists tools.knowledge_fold(text);`);
    this.addSql(`drop table if exists "tools"."knowledge_base" cascade;`);
    this.addSql(`drop table if exists "tools"."knowledge_chunk" cascade;`);
    this.addSql(`drop table if exists "tools"."knowledge_page" cascade;`);
    this.addSql(`drop table if exists "tools"."knowledge_source" cascade;`);

    this.addSql(`alter table "tools"."catalog_tool" drop column "knowledge_base_id";`);
  }

}
