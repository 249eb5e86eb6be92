import { conversationMatch, searchTerms } from './search-terms';

/** How `q` is read (the SQL it becomes runs against real PostgreSQL in search.repository.integration-spec.ts). */
describe('search terms', () => {
  it('reads a phone typed in any format as its digits', () => {
    for (const q of ['+52 1 77 9500-8212', '(521) 779.500.8212', '5217795008212', ' 52 177 95008212 ']) {
      expect(searchTerms(q)).toEqual({ kind: 'phone', digits: '5217795008212' });
    }
    expect(searchTerms('779')).toEqual({ kind: 'phone', digits: '779' });
  });

  it('reads anything else as words: substrings of names with LIKE wildcards escaped, word prefixes for the text search', () => {
    expect(searchTerms('  Marta  López ')).toEqual({ kind: 'words', patterns: ['%Marta%', '%López%'], textWords: ['Marta', 'López'] });
    expect(searchTerms('50%_off\\')).toEqual({ kind: 'words', patterns: ['%50\\%\\_off\\\\%'], textWords: ['50', 'off'] });
    expect(searchTerms('ana@example.test')).toEqual({
      kind: 'words',
      patterns: ['%ana@example.test%'],
      textWords: ['ana', 'example', 'test'],
    });
  });

  it('keeps tsquery syntax out of the text search, and has no text search without a letter or digit', () => {
    expect(searchTerms("pedido' | !roto & (x:*)")?.kind === 'words' && searchTerms("pedido' | !roto & (x:*)")).toMatchObject({
      textWords: ['pedido', 'roto', 'x'],
    });
    expect(searchTerms('¿?')).toEqual({ kind: 'words', patterns: ['%¿?%'], textWords: [] });
  });

  it('is no search when empty or blank', () => {
    expect(searchTerms(undefined)).toBeNull();
    expect(searchTerms('')).toBeNull();
    expect(searchTerms('   ')).toBeNull();
  });

  it("reads words on the conversation's row, and scopes each branch of a phone search to the workspaces; q only as parameters", () => {
    const terms = searchTerms("Marta'; drop table x --");
    if (terms?.kind !== 'words') throw new Error('words expected');
    expect(() => conversationMatch(terms, ['ws_1'])).toThrow(/no text query yet/);
    const words = conversationMatch({ ...terms, textQuery: '(marta | marta:*) & (drop | drop:*)' }, ['ws_1']);
    expect(words.sql).not.toContain('Marta');
    expect(words.sql).toContain('search_text like');
    expect(words.sql).toContain('search_words @@');
    expect(words.sql.split('?').length - 1).toBe(words.params.length);
    expect(words.params.at(-1)).toBe('(marta | marta:*) & (drop | drop:*)');
    // No word left for the text search (null): the names alone.
    expect(conversationMatch({ ...terms, textQuery: null }, ['ws_1']).sql).not.toContain('search_words');
    const phone = conversationMatch(searchTerms('+52 1 55')!, ['ws_1']);
    expect(phone.sql.match(/workspace_id in \(\?\)/g)).toHaveLength(3);
    expect(phone.params).toEqual([['ws_1'], '%52155%', ['ws_1'], ['ws_1'], '%52155%']);
    expect(phone.sql.split('?').length - 1).toBe(phone.params.length);
  });
});
