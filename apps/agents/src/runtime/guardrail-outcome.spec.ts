import type { Guardrails } from '@platica/contracts';
import { DEFAULT_GUARDRAIL_MESSAGE, guardrailOutcome, lexiconViolation, type FoundViolation } from './guardrail-outcome';

const guardrails = (fields: Partial<Guardrails> = {}): Guardrails => ({
  enabled: true,
  rules: ['No medical advice'],
  message: 'No puedo ayudar con eso.',
  conversationStrikeThreshold: 3,
  clientStrikeThreshold: 5,
  ...fields,
});
const noViolation = { source: null, ruleIndex: null, severity: null, categories: [], matchedTerms: [] };
const evaluatorFound: FoundViolation = {
  source: 'llm_guardrail',
  ruleIndex: 0,
  severity: 'medium',
  categories: ['medical'],
  matchedTerms: ['dosis'],
};

/** What the guardrails make of a model call (ARCHITECTURE.md › Agent runtime: guardrails). */
describe('guardrailOutcome', () => {
  it('answers a violation with the guardrails message and the agent’s strike thresholds, and logs it', () => {
    expect(guardrailOutcome(guardrails(), '¿qué dosis tomo?', evaluatorFound)).toEqual({
      violation: true,
      text: 'No puedo ayudar con eso.',
      verdict: { ...evaluatorFound, conversationStrikeThreshold: 3, clientStrikeThreshold: 5 },
      log: { status: 'violation', ...evaluatorFound },
    });
  });

  it('hands a high violation over to a person when the agent has human assistance on; not a lower one, nor without assistance', () => {
    const high = { ...evaluatorFound, severity: 'high' as const };
    const verdictOf = (found: FoundViolation, assistance: boolean) => {
      const outcome = guardrailOutcome(guardrails(), 'x', found, assistance);
      return outcome.violation ? outcome.verdict : null;
    };
    expect(verdictOf(high, true)).toMatchObject({ handOver: true });
    expect(verdictOf(high, false)).not.toHaveProperty('handOver');
    expect(verdictOf(evaluatorFound, true)).not.toHaveProperty('handOver');
  });

  it('falls back to the default message when the guardrails have none (blank counts as none)', () => {
    const outcome = guardrailOutcome(guardrails({ message: '   ' }), 'x', evaluatorFound);
    expect(outcome).toMatchObject({ violation: true, text: DEFAULT_GUARDRAIL_MESSAGE });
  });

  it('logs "no violation" when something was judged, "skipped" when nothing was, "disabled" when the guardrails are off', () => {
    expect(guardrailOutcome(guardrails(), 'hola', null)).toEqual({ violation: false, log: { status: 'no_violation', ...noViolation } });
    expect(guardrailOutcome(guardrails(), '', null)).toEqual({ violation: false, log: { status: 'skipped', ...noViolation } });
    expect(guardrailOutcome(guardrails({ enabled: false }), '', null)).toEqual({
      violation: false,
      log: { status: 'disabled', ...noViolation },
    });
  });
});

describe('lexiconViolation', () => {
  it('finds abusive terms as a high-severity lexicon violation, letting the workspace’s allowed terms through', () => {
    const found = lexiconViolation('eres un idiota', new Set());
    expect(found).toEqual({
      source: 'lexicon',
      ruleIndex: null,
      severity: 'high',
      categories: ['abusive_language'],
      matchedTerms: ['idiota'],
    });
    expect(lexiconViolation('eres un idiota', new Set(found!.matchedTerms))).toBeNull();
  });

  it('judges nothing when nothing was said (a tool round, guardrails disabled) or nothing matches', () => {
    expect(lexiconViolation('', new Set())).toBeNull();
    expect(lexiconViolation('hola, ¿cuánto cuesta?', new Set())).toBeNull();
  });
});
