import { entryText } from './knowledge-proposals.service';

describe('an accepted proposal’s entry', () => {
  it('is the question as a heading and the answer beneath it, so it is chunked and found like any Markdown entry', () => {
    expect(entryText({ question: '¿Envían a\nCanarias?', answer: ' Sí, en 5 días hábiles; cuesta 9 €.\n' })).toBe(
      '## ¿Envían a Canarias?\n\nSí, en 5 días hábiles; cuesta 9 €.\n',
    );
  });
});
