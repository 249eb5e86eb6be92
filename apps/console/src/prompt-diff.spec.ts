import { sideBySide } from './prompt-diff';

describe('sideBySide', () => {
  it('faces unchanged lines, and a replaced line faces its replacement', () => {
    expect(sideBySide('Hello\nBe brief.\nBye', 'Hello\nBe kind.\nBye')).toEqual([
      { left: { line: 1, text: 'Hello', changed: false }, right: { line: 1, text: 'Hello', changed: false } },
      { left: { line: 2, text: 'Be brief.', changed: true }, right: { line: 2, text: 'Be kind.', changed: true } },
      { left: { line: 3, text: 'Bye', changed: false }, right: { line: 3, text: 'Bye', changed: false } },
    ]);
  });

  it('leaves the other side empty for lines only one version has', () => {
    expect(sideBySide('a\nb', 'a\nb\nc\nd')).toEqual([
      { left: { line: 1, text: 'a', changed: false }, right: { line: 1, text: 'a', changed: false } },
      { left: { line: 2, text: 'b', changed: false }, right: { line: 2, text: 'b', changed: false } },
      { left: null, right: { line: 3, text: 'c', changed: true } },
      { left: null, right: { line: 4, text: 'd', changed: true } },
    ]);
    expect(sideBySide('a\nx\ny', 'a')).toEqual([
      { left: { line: 1, text: 'a', changed: false }, right: { line: 1, text: 'a', changed: false } },
      { left: { line: 2, text: 'x', changed: true }, right: null },
      { left: { line: 3, text: 'y', changed: true }, right: null },
    ]);
  });
});
