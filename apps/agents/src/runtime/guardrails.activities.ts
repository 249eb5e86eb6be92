import type { TurnLogGuardrail } from '@platica/contracts';
import type { GeneratedReply, ToolRound } from '@platica/workflows/activities';
import { customerTextOfTurn, evaluateGuardrails, type EvaluatorVerdict } from '../guardrails/evaluator';
import { guardrailOutcome, lexiconViolation, type FoundViolation } from './guardrail-outcome';
import { turnModel } from './model-call-records';
import { modelAbortSignal, note, turnRefOf, type GenerateReplyInput, type TurnDeps } from './turn-deps';
import type { TurnSetting } from './turn-setting';

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
    /** A violation's reply; "no violation" logged alongside the rest of the turn (note() never throws). */
    const outcome = async (found: FoundViolation | null): Promise<GeneratedReply | undefined> => {
      const decided = guardrailOutcome(guardrails, said, found, agent.assistanceEnabled);
      if (!decided.violation) {
        void logVerdict(decided.log);
        return undefined;
      }
      await logVerdict(decided.log);
      return { agentId, text: decided.text, guardrail: decided.verdict, seenMessageIds };
    };
    return {
      /** The lexicon's violation, before any model call. */
      async lexicon(): Promise<GeneratedReply | undefined> {
        const found = lexiconViolation(said, setting.allowedTerms);
        return found ? outcome(found) : undefined;
      },
      /** The evaluator's verdict, begun alongside the agent's call. */
      evaluate(): Promise<EvaluatorVerdict | null> {
        return said && guardrails.rules.length
          ? evaluateGuardrails(
              turnModel(
                deps,
                ref,
                { purpose: 'guardrail', round: 0, id: 0 },
                { workspaceId: agent.workspaceId, agentId: agent.id, models: agent.models ?? null, slot: 'guardrail' },
              ),
              guardrails.rules,
              said,
              modelAbortSignal(deps.config),
            )
          : Promise.resolve(null);
      },
      /** With the agent's answer: the evaluator's violation, else "no violation" logged. */
      conclude(verdict: EvaluatorVerdict | null): Promise<GeneratedReply | undefined> {
        return outcome(verdict && { source: 'llm_guardrail', ...verdict });
      },
    };
  }

  return { forModelCall };
}
