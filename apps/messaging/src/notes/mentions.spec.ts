import { DomainError } from '@platica/errors';
import { mentionedEmails, resolveMentions } from './mentions';

const people = [
  { id: 'usr_ana', email: 'ana@example.com' },
  { id: 'usr_ben', email: 'Ben@Example.com' },
];

describe('note mentions', () => {
  it('reads the @emails of a text, lowercased, without the punctuation that ends a sentence', () => {
    expect(mentionedEmails('@Ben@Example.com, can you call? cc (@ana@example.com). mail@x.com is no mention')).toEqual([
      'ben@example.com',
      'ana@example.com',
    ]);
  });

  it('resolves ids and emails to user ids, once each, ignoring @emails of nobody in the text', () => {
    expect(resolveMentions('@ben@example.com and @stranger@example.com', ['usr_ana', 'BEN@example.com'], people)).toEqual([
      'usr_ana',
      'usr_ben',
    ]);
  });

  it('refuses a mention that is not a person of the workspace, naming it', () => {
    let error: unknown;
    try {
      resolveMentions('hi', ['usr_ana', 'zoe@example.com'], people);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).details).toEqual([{ path: ['mentions', 1], message: expect.stringContaining('not a person') }]);
  });
});
