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

  it('scopes every branch of a conversation search to the workspaces, and passes q only as parameters', () => {
    const match = conversationMatch(searchTerms("Marta'; drop table x --")!, ['ws_1']);
    expect(match.sql).not.toContain('Marta');
    expect(match.sql.match(/workspace_id in \(\?\)/g)).toHaveLength(4);
    expect(match.params.filter((param) => Array.isArray(param))).toEqual([['ws_1'], ['ws_1'], ['ws_1'], ['ws_1']]);
    expect(match.sql.split('?').length - 1).toBe(match.params.length);
  });
});
