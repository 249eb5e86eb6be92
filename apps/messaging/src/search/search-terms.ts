/**
 * `q` of `GET /v1/conversations` and `GET /v1/clients` (docs/sending-messages.md › Searching), as
 * SQL over the indexes of Migration20261129100000_search_indexes. Names, emails and message text
 * are folded in SQL (`messaging.search_fold`: lower case, `unaccent`), on both sides, so what the
 * indexes hold and what is asked are folded the same way.
 *
 * A `q` of nothing but digits and the separators people type in phone numbers (spaces, `+`, `-`,
 * `.`, parentheses) is a phone: its digits are looked for anywhere in the stored numbers (E.164
 * without `+`), so `+52 1 77 9500-8212`, `779500` and `(521) 7795008212` all find `5217795008212`.
 * Anything else is words: every word must appear in the name or email (a substring: `mar` finds
 * Marta), or every word must start a word of one message (PostgreSQL full-text search).
 */
export type SearchTerms =
  | { kind: 'phone'; digits: string }
  | {
      kind: 'words';
      /** One `like` pattern per word, wildcards escaped, not yet folded. */
      patterns: string[];
      /** The words of the text search (letters and digits only), not yet folded; each must begin a word of one message. */
      textWords: string[];
    };

const PHONE = /^[\d\s+\-.()]+$/;
/** Words beyond these narrow nothing a person types in a search box; the rest are ignored. */
const MAX_WORDS = 8;

export function searchTerms(q: string | undefined): SearchTerms | null {
  const text = q?.trim();
  if (!text) return null;
  if (PHONE.test(text) && /\d/.test(text)) return { kind: 'phone', digits: text.replace(/\D/g, '') };
  const words = text.split(/\s+/).slice(0, MAX_WORDS);
  // The text search's own tokens: letters and digits only, so nothing in q is read as tsquery syntax.
  const tokens = text
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
  return {
    kind: 'words',
    patterns: words.map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
    textWords: tokens,
  };
}

/**
 * The words (a JSON array parameter) as a `to_tsquery` of prefixes, `word:* & …`, folded in SQL.
 * Folding can turn a letter into tsquery syntax (`unaccent` maps the modifier letter `ʼ` to `'`),
 * so those characters are dropped after folding, and words left empty with them; no word left
 * makes the query null, which matches nothing.
 */
const PREFIX_QUERY = `(select string_agg(w || ':*', ' & ') from
  (select translate(messaging.search_fold(word), '''&|!():*<>\\ ', '') as w from jsonb_array_elements_text(?::jsonb) as word) words where w <> '')`;

/** `search_fold(<column>) like search_fold(?)` for every pattern (ANDed), and their parameters. */
function allWordsLike(folded: string, patterns: string[]): { sql: string; params: unknown[] } {
  return { sql: patterns.map(() => `${folded} like messaging.search_fold(?)`).join(' and '), params: patterns };
}

/** Where the clients of the workspaces that `terms` matches are, on `messaging.client` as `alias`. */
export function clientMatch(terms: SearchTerms, alias: string): { sql: string; params: unknown[] } {
  if (terms.kind === 'phone') return { sql: `${alias}.phone_number like ?`, params: [`%${terms.digits}%`] };
  return allWordsLike(`messaging.client_search_text(${alias}.name, ${alias}.firstname, ${alias}.lastname, ${alias}.email)`, terms.patterns);
}

/**
 * `id = any(…)`: the conversations of the workspaces that `terms` matches, by their contact's name
 * or phone, their client's name, phone or email, or a word of one of their messages. Each branch
 * is its own indexed lookup; the union is then joined to the listing's other filters.
 */
export function conversationMatch(terms: SearchTerms, workspaceIds: string[]): { sql: string; params: unknown[] } {
  const client = clientMatch(terms, 'cl');
  const byClient = {
    sql: `select s.id from messaging.conversation s where s.client_id = any(array(
            select cl.id from messaging.client cl where cl.workspace_id in (?) and ${client.sql})) and s.workspace_id in (?)`,
    params: [workspaceIds, ...client.params, workspaceIds],
  };
  const branches = [byClient];
  if (terms.kind === 'phone') {
    branches.push({
      sql: 'select s.id from messaging.conversation s where s.workspace_id in (?) and s.phone_number like ?',
      params: [workspaceIds, `%${terms.digits}%`],
    });
  } else {
    const name = allWordsLike('messaging.search_fold(s.contact_name)', terms.patterns);
    branches.push({
      sql: `select s.id from messaging.conversation s where s.workspace_id in (?) and ${name.sql}`,
      params: [workspaceIds, ...name.params],
    });
    if (terms.textWords.length) {
      branches.push({
        sql: `select m.conversation_ref from messaging.message m where m.workspace_id in (?) and m.role <> 'system'
                and to_tsvector('simple'::regconfig, messaging.search_fold(m.content)) @@ to_tsquery('simple'::regconfig, ${PREFIX_QUERY})`,
        params: [workspaceIds, JSON.stringify(terms.textWords)],
      });
    }
  }
  return {
    // `= any(array(…))`, here and for the clients' conversations: the matches are gathered first, then
    // read by index. With `in (…)` the planner, which cannot estimate a word's matches well, hashed
    // them against a scan of every conversation (75 of 187 ms for a word in 40 conversations of 100,000).
    sql: `id = any(array(${branches.map((branch) => branch.sql).join(' union ')}))`,
    params: branches.flatMap((branch) => branch.params),
  };
}
