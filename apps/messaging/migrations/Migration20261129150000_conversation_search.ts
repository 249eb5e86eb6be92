import { Migration } from '@mikro-orm/migrations';

/** The folded names of a conversation: its contact's and its client's, and the client's email. */
const SEARCH_TEXT = (conversation: string) => `messaging.search_fold(concat_ws(' ', ${conversation}.contact_name,
  (select concat_ws(' ', cl.name, cl.firstname, cl.lastname, cl.email) from messaging.client cl where cl.id = ${conversation}.client_id)))`;
/** The words of messages (not the runtime's system notes), folded, without positions. */
const WORDS = (messages: string) =>
  `strip(to_tsvector('simple'::regconfig, messaging.search_fold(string_agg(${messages}.content, ' ') filter (where ${messages}.role <> 'system'))))`;

/** A trigram index's statement (`%I`: where `pg_trgm` is installed, read when it runs). */
const trigramIndex = (statement: string) => `do $search$
declare
  trgm text := (select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm');
begin
  execute format('${statement.replace(/'/g, "''")}', trgm);
end
$search$;`;

/**
 * Search reads one row a conversation (issue 49 item 2; docs/sending-messages.md › Searching):
 * `search_text` holds its folded names and email, `search_words` the words of its messages, so a
 * search is one predicate on `conversation`, with a trigram and a full-text index, and the
 * listing's own order can be read from its index and filtered, stopping at the page, when a
 * search matches most conversations (a greeting, a common first name). Before, every match was
 * gathered from `message` (~220,000 rows for a word in 22% of 1,000,000 messages) and sorted.
 *
 * Triggers keep both, whichever path writes: a conversation's insert or a change of its contact
 * name or client; a change of a client's names or email; each statement inserting messages adds
 * their words; a statement changing messages' content (an Instagram unsend) reads the
 * conversation's words again, so a deleted message's words are gone. The columns are not in the
 * entity: only search SQL reads them.
 */
export class Migration20261129150000_conversation_search extends Migration {
  override name = 'Migration20261129150000_conversation_search';

  override up(): void | Promise<void> {
    this.addSql(`alter table "messaging"."conversation" add column "search_text" text null, add column "search_words" tsvector null;`);
    this.addSql(`create or replace function messaging.conversation_search_text() returns trigger language plpgsql as $fn$
begin
  new.search_text := ${SEARCH_TEXT('new')};
  return new;
end
$fn$;`);
    this.addSql(`create trigger conversation_search_text before insert or update of contact_name, client_id on messaging.conversation
      for each row execute function messaging.conversation_search_text();`);
    this.addSql(`create or replace function messaging.client_search_text_changed() returns trigger language plpgsql as $fn$
begin
  update messaging.conversation c set search_text = ${SEARCH_TEXT('c')} where c.client_id = new.id;
  return null;
end
$fn$;`);
    this.addSql(`create trigger client_search_text_changed after update of name, firstname, lastname, email on messaging.client
      for each row when (old.name is distinct from new.name or old.firstname is distinct from new.firstname
        or old.lastname is distinct from new.lastname or old.email is distinct from new.email)
      execute function messaging.client_search_text_changed();`);
    this.addSql(`create or replace function messaging.conversation_words_added() returns trigger language plpgsql as $fn$
begin
  update messaging.conversation c set search_words = coalesce(c.search_words, ''::tsvector) || m.words
    from (select m.conversation_ref, ${WORDS('m')} as words from added m group by m.conversation_ref) m
   where c.id = m.conversation_ref and m.words <> ''::tsvector;
  return null;
end
$fn$;`);
    this.addSql(`create trigger conversation_words_added after insert on messaging.message
      referencing new table as added for each statement execute function messaging.conversation_words_added();`);
    this.addSql(`create or replace function messaging.conversation_words_changed() returns trigger language plpgsql as $fn$
begin
  update messaging.conversation c set search_words = (select ${WORDS('m')} from messaging.message m where m.conversation_ref = c.id)
   where c.id in (select a.conversation_ref from after_rows a join before_rows b on b.id = a.id where a.content is distinct from b.content);
  return null;
end
$fn$;`);
    this.addSql(`create trigger conversation_words_changed after update on messaging.message
      referencing old table as before_rows new table as after_rows for each statement execute function messaging.conversation_words_changed();`);
    // The conversations stored before: their names and words, once.
    this.addSql(`update messaging.conversation c set search_text = ${SEARCH_TEXT('c')};`);
    this.addSql(`update messaging.conversation c set search_words = m.words
      from (select m.conversation_ref, ${WORDS('m')} as words from messaging.message m group by m.conversation_ref) m
     where c.id = m.conversation_ref;`);
    this.addSql(trigramIndex('create index "conversation_search_text_index" on "messaging"."conversation" using gin ("search_text" %I.gin_trgm_ops)'));
    this.addSql(`create index "conversation_search_words_index" on "messaging"."conversation" using gin ("search_words");`);
    // Replaced by the two above: a word is no longer looked for message by message, nor a name by expression.
    this.addSql(`drop index if exists "messaging"."message_content_search_index";`);
    this.addSql(`drop index if exists "messaging"."conversation_contact_name_search_index";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists conversation_search_text on messaging.conversation;`);
    this.addSql(`drop trigger if exists client_search_text_changed on messaging.client;`);
    this.addSql(`drop trigger if exists conversation_words_added on messaging.message;`);
    this.addSql(`drop trigger if exists conversation_words_changed on messaging.message;`);
    for (const fn of ['conversation_search_text', 'client_search_text_changed', 'conversation_words_added', 'conversation_words_changed'])
      this.addSql(`drop function if exists messaging.${fn}();`);
    this.addSql(`alter table "messaging"."conversation" drop column if exists "search_text", drop column if exists "search_words";`);
    this.addSql(`create index if not exists "message_content_search_index" on "messaging"."message" using gin (to_tsvector('simple'::regconfig, messaging.search_fold("content"))) where "role" <> 'system';`);
    this.addSql(
      trigramIndex(
        'create index if not exists "conversation_contact_name_search_index" on "messaging"."conversation" using gin (messaging.search_fold("contact_name") %I.gin_trgm_ops)',
      ),
    );
  }
}
