import type { GuardrailVerdict, TurnLogGuardrail } from '@platica/contracts';
import type { GeneratedReply, ToolRound } from '@platica/workflows/activities';
import { customerTextOfTurn, evaluateGuardrails, type EvaluatorVerdict } from '../guardrails/evaluator';
import { lexiconMatches } from '../guardrails/lexicon';
import { modelAbortSignal, note, turnRefOf, type GenerateReplyInput, type TurnDeps } from './turn-deps';
import type { TurnSetting } from './turn-setting';

/** Sent on a violation when the agent's guardrails have no `message` of their own. */
export const DEFAULT_GUARDRAIL_MESSAGE = 'Sorry, I cannot help with that.';

export type GuardrailChecks = ReturnType<typeof createGuardrailChecks>;

/**
 * The agent's guardrails over one model call. They judge what the customer said, once per turn
 * (on its first model call): the lexicon before any model call, the evaluator alongside the
 * agent's call. A violation answers instead of the agent.
 */
export function createGuardrailChecks(deps: TurnDeps) {
  function forModelCall(input: GenerateReplyInput, setting: TurnSetting, rounds: ToolRound[]) {
    const { context, seenMessageIds, agentId, agent } = setting;
    const ref = turnRefOf(input.turnId, input);
    const guardrails = agent.guardrails;
    const said = guardrails.enabled && !rounds.length ? customerTextOfTurn(context.history) : '';
    // The turn log records the verdict of the turn's first model call, "no violation" included.
    const logVerdict = (verdict: TurnLogGuardrail) =>
      rounds.length ? Promise.resolve() : setting.logStarted.then(() => note(deps, ref, (r) => deps.turnLog.guardrail(r, verdict)));
    const noViolation = { source: null, ruleIndex: null, severity: null, categories: [], matchedTerms: [] };
    const violation = async (
      verdict: Omit<GuardrailVerdict, 'conversationStrikeThreshold' | 'clientStrikeThreshold'>,
    ): Promise<GeneratedReply> => {
      await logVerdict({ status: 'violation', ...verdict });
      return {
        agentId,
        text: guardrails.message.trim() || DEFAULT_GUARDRAIL_MESSAGE,
        guardrail: {
          ...verdict,
          conversationStrikeThreshold: guardrails.conversationStrikeThreshold,
          clientStrikeThreshold: guardrails.clientStrikeThreshold,
        },
        seenMessageIds,
      };
    };
    return {
      /** The lexicon's violation, before any model call. */
      async lexicon(): Promise<GeneratedReply | undefined> {
        if (!said) return undefined;
        const matchedTerms = lexiconMatches(said, setting.allowedTerms);
        if (!matchedTerms.length) return undefined;
        return violation({ source: 'lexicon', ruleIndex: null, severity: 'high', categories: ['abusive_language'], matchedTerms });
      },
      /** The evaluator's verdict, begun alongside the agent's call. */
      evaluate(): Promise<EvaluatorVerdict | null> {
        return said && guardrails.rules.length
          ? evaluateGuardrails(deps.model.model, guardrails.rules, said, modelAbortSignal(deps.config))
          : Promise.resolve(null);
      },
      /** With the agent's answer: the evaluator's violation, else "no violation" logged. */
      async conclude(verdict: EvaluatorVerdict | null): Promise<GeneratedReply | undefined> {
        if (verdict) return await violation({ source: 'llm_guardrail', ...verdict });
        // Written alongside the rest of the turn: the reply need not wait for it (note() never throws).
        void logVerdict(
          guardrails.enabled ? { status: said ? 'no_violation' : 'skipped', ...noViolation } : { status: 'disabled', ...noViolation },
        );
        return undefined;
      },
    };
  }

  return { forModelCall };
}
