/**
 * `q` of `GET /v1/conversations` and `GET /v1/clients` (docs/sending-messages.md › Searching), as
 * SQL over the indexes of Migration20261129100000_search_indexes and
 * Migration20261129150000_conversation_search. Names, emails and message text
 * are folded in SQL (`messaging.search_fold`: lower case, `unaccent`), on both sides, so what the
 * indexes hold and what is asked are folded the same way.
 *
 * A `q` of nothing but digits and the separators people type in phone numbers (spaces, `+`, `-`,
 * `.`, parentheses) is a phone: its digits are looked for anywhere in the stored numbers (E.164
 * without `+`), so `+52 1 77 9500-8212`, `779500` and `(521) 7795008212` all find `5217795008212`.
 * Anything else is words: every word must appear in the name or email (a substring: `mar` finds
 * Marta), or every word must start a word of the conversation's messages (PostgreSQL full-text
 * search; the words may be in different messages).
 */
export type SearchTerms =
  | { kind: 'phone'; digits: string }
  | {
      kind: 'words';
      /** One `like` pattern per word, wildcards escaped, not yet folded. */
      patterns: string[];
      /** The words of the text search (letters and digits only), not yet folded; each must begin a word of the conversation's messages. */
      textWords: string[];
      /**
       * `textWords` as a `tsquery`, folded by PostgreSQL (TEXT_QUERY), read before the search
       * runs; null when no word is left. The search passes it as a parameter: a value the
       * planner estimates from the column's statistics, where the same query computed inside
       * the search would be a guess.
       */
      textQuery?: string | null;
    };

/**
 * A search counts its matches up to here, a workspace at a time: past it the count is the bound
 * ("1,000 or more"), since counting a word found in most conversations reads every one of them.
 */
export const SEARCH_COUNT_CAP = 1_000;

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
 * The words (a JSON array parameter) as the text of a `tsquery` of prefixes, folded: `(word | word:*)
 * & …`. The whole word beside its prefix matches nothing more, but lets the planner estimate
 * it from the column's statistics (a prefix alone it takes as 2% of the rows): a greeting is then
 * known to be in most conversations, and read in the listing's order rather than gathered whole.
 * Folding can turn a letter into tsquery syntax (`unaccent` maps the modifier letter `ʼ` to `'`),
 * so those characters are dropped after folding, and words left empty with them; no word left
 * makes the query null: no message then matches.
 */
export const TEXT_QUERY = `select string_agg('(' || w || ' | ' || w || ':*)', ' & ') as query from
  (select translate(messaging.search_fold(word), '''&|!():*<>\\ ', '') as w from jsonb_array_elements_text(?::jsonb) as word) words where w <> ''`;

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
 * Where the conversations of the workspaces that `terms` matches are, on `messaging.conversation`.
 * Words are one predicate on the conversation's own row (Migration20261129150000_conversation_search):
 * its folded names and email (`search_text`, trigram-indexed), or its messages' words
 * (`search_words`, full-text-indexed), so the planner can read a search matching most
 * conversations in the listing's order and stop at the page. A phone is looked for in the
 * conversations' numbers and their clients', each branch its own indexed lookup.
 */
export function conversationMatch(terms: SearchTerms, workspaceIds: string[]): { sql: string; params: unknown[] } {
  if (terms.kind === 'words') {
    const names = allWordsLike('search_text', terms.patterns);
    if (terms.textWords.length && terms.textQuery === undefined) throw new Error('the search words have no text query yet (TEXT_QUERY)');
    if (!terms.textQuery) return names;
    return {
      sql: `((${names.sql}) or search_words @@ to_tsquery('simple'::regconfig, ?))`,
      params: [...names.params, terms.textQuery],
    };
  }
  const phone = `%${terms.digits}%`;
  return {
    // `= any(array(…))`: the matches are gathered first, then read by index. With `in (…)` the
    // planner, which cannot estimate a `like`'s matches well, hashed them against a scan of every
    // conversation (75 of 187 ms for 40 matches of 100,000).
    sql: `id = any(array(select s.id from messaging.conversation s where s.workspace_id in (?) and s.phone_number like ?
            union select s.id from messaging.conversation s where s.workspace_id in (?) and s.client_id = any(array(
              select cl.id from messaging.client cl where cl.workspace_id in (?) and cl.phone_number like ?))))`,
    params: [workspaceIds, phone, workspaceIds, workspaceIds, phone],
  };
}
