import { lexiconMatches, normalizeTerm } from './lexicon';

describe('guardrails lexicon (@2toad/profanity, English and Spanish)', () => {
  it('finds English and Spanish abusive terms, ignoring case and accents', () => {
    expect(lexiconMatches('You are a BASTARD')).toEqual(['bastard']);
    expect(lexiconMatches('eres un idiota y un cabrón')).toEqual(expect.arrayContaining(['idiota', 'cabron']));
    expect(lexiconMatches('¡Puta mierda!')).toEqual(['puta mierda']);
  });

  it('respects word boundaries: a term inside a longer word is no match', () => {
    expect(lexiconMatches('I live in Scunthorpe and assess classes')).toEqual([]);
    expect(lexiconMatches('Hola, quiero saber el estado de mi pedido')).toEqual([]);
  });

  it('leaves out the workspace’s allowed terms', () => {
    expect(lexiconMatches('idiota', new Set([normalizeTerm('Idiota')]))).toEqual([]);
    expect(lexiconMatches('idiota bastard', new Set(['idiota']))).toEqual(['bastard']);
  });

  it('normalises terms the way texts are compared', () => {
    expect(normalizeTerm('  Cabrón   Grande ')).toBe('cabron grande');
  });
});
