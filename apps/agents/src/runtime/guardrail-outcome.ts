import type { Guardrails, GuardrailVerdict, TurnLogGuardrail } from '@platica/contracts';
import { lexiconMatches } from '../guardrails/lexicon';

/** Sent on a violation when the agent's guardrails have no `message` of their own. */
export const DEFAULT_GUARDRAIL_MESSAGE = 'Sorry, I cannot help with that.';

/** A violation as found (by the lexicon or the evaluator), before the agent's thresholds join it. */
export type FoundViolation = Omit<GuardrailVerdict, 'conversationStrikeThreshold' | 'clientStrikeThreshold'>;

/** What the guardrails make of a model call: a violation answers instead of the agent; the turn log records either. */
export type GuardrailOutcome =
  { violation: true; text: string; verdict: GuardrailVerdict; log: TurnLogGuardrail } | { violation: false; log: TurnLogGuardrail };

/** The lexicon's violation in what the customer said (terms of the workspace's whitelist let through), if any. */
export function lexiconViolation(said: string, allowedTerms: ReadonlySet<string>): FoundViolation | null {
  if (!said) return null;
  const matchedTerms = lexiconMatches(said, allowedTerms);
  return matchedTerms.length
    ? { source: 'lexicon', ruleIndex: null, severity: 'high', categories: ['abusive_language'], matchedTerms }
    : null;
}

/**
 * The outcome of the agent's guardrails over one model call: `said` is the customer's text they
 * judged (empty when nothing was judged: a tool round, or guardrails disabled), `found` the
 * violation, if any. A violation's reply is the guardrails' message and carries the agent's
 * strike thresholds; a `high` one on an agent with human assistance on (`assistanceEnabled`)
 * hands the customer to a person (docs/agents.md › Guardrails).
 */
export function guardrailOutcome(
  guardrails: Guardrails,
  said: string,
  found: FoundViolation | null,
  assistanceEnabled = false,
): GuardrailOutcome {
  if (found) {
    return {
      violation: true,
      text: guardrails.message.trim() || DEFAULT_GUARDRAIL_MESSAGE,
      verdict: {
        ...found,
        conversationStrikeThreshold: guardrails.conversationStrikeThreshold,
        clientStrikeThreshold: guardrails.clientStrikeThreshold,
        ...(assistanceEnabled && found.severity === 'high' ? { handOver: true } : {}),
      },
      log: { status: 'violation', ...found },
    };
  }
  const noViolation = { source: null, ruleIndex: null, severity: null, categories: [], matchedTerms: [] };
  return {
    violation: false,
    log: guardrails.enabled ? { status: said ? 'no_violation' : 'skipped', ...noViolation } : { status: 'disabled', ...noViolation },
  };
}
