import { jsonNestingDepth, textIssuesOf } from './input-text';

describe('textIssuesOf', () => {
  it('names every string, array item and key holding a NUL or a lone surrogate', () => {
    const issues = textIssuesOf(
      { name: 'a\u0000b', tags: ['ok', 'x\udc00y'], nested: { ['k\u0000']: 'fine' }, pair: '😀', count: 3, none: null },
      ['body'],
    );
    expect(issues).toEqual([
      { path: ['body', 'name'], message: 'must not contain a NUL character (U+0000)' },
      { path: ['body', 'tags', 1], message: 'must not contain a lone UTF-16 surrogate' },
      { path: ['body', 'nested', 'k\u0000'], message: 'the field name must not contain a NUL character (U+0000)' },
    ]);
  });

  it('finds nothing in well-formed text, including astral characters and other control characters', () => {
    expect(textIssuesOf({ text: 'hola 👋 \t\n\u0001 ñ', list: [{ a: '\ud83d\ude00' }] })).toEqual([]);
    expect(textIssuesOf('\ud800')).toEqual([{ path: [], message: 'must not contain a lone UTF-16 surrogate' }]);
  });
});

describe('jsonNestingDepth', () => {
  it('counts brackets outside strings, escapes included', () => {
    expect(jsonNestingDepth('{"a":[1,{"b":"[[[{"}]}')).toBe(3);
    expect(jsonNestingDepth('"\\"[[["')).toBe(0);
    expect(jsonNestingDepth('[]')).toBe(1);
  });

  it('stops counting past the bound, without recursion, on very deep text', () => {
    const deep = '['.repeat(1_000_000) + ']'.repeat(1_000_000);
    expect(jsonNestingDepth(deep)).toBe(1_000_000);
    expect(jsonNestingDepth(deep, 64)).toBe(65);
  });
});
