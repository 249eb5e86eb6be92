import { Context } from '@temporalio/activity';
import type { TurnLogGuardrail } from '@platica/contracts';
import { moderationChecks } from '@platica/platform';
import type { GeneratedReply, ToolRound } from '@platica/workflows/activities';
import { customerMessagesOfTurn, evaluateGuardrails, type EvaluatorVerdict } from '../guardrails/evaluator';
import type { ModerationEndpoint } from '../guardrails/moderation-endpoint';
import { guardrailOutcome, lexiconViolation, type FoundViolation } from './guardrail-outcome';
import { turnModel } from './model-call-records';
import { modelAbortSignal, note, turnRefOf, type GenerateReplyInput, type TurnDeps } from './turn-deps';
import type { TurnSetting } from './turn-setting';

export type GuardrailChecks = ReturnType<typeof createGuardrailChecks>;

/** The moderation endpoint's answer on the turn's customer messages (`failed`: the turn goes on without it). */
export type ModerationCheck = { status: 'flagged'; found: FoundViolation } | { status: 'passed' } | { status: 'failed' };

/** What the judges run alongside the agent's call found: the evaluator's verdict, and the moderation endpoint's when it was asked. */
export interface Judgement {
  verdict: EvaluatorVerdict | null;
  moderation?: ModerationCheck;
}

/**
 * The agent's guardrails over one model call. They judge what the customer said, once per turn
 * (on its first model call): the lexicon before any model call; the evaluator and, with
 * `moderationEnabled` and an endpoint configured, the moderation endpoint alongside the agent's
 * call. A violation answers instead of the agent; the moderation endpoint's comes before the
 * evaluator's when both flag.
 */
export function createGuardrailChecks(deps: TurnDeps, moderationEndpoint: ModerationEndpoint | null) {
  function forModelCall(input: GenerateReplyInput, setting: TurnSetting, rounds: ToolRound[]) {
    const { context, seenMessageIds, agentId, agent } = setting;
    const ref = turnRefOf(input.turnId, input);
    const guardrails = agent.guardrails;
    const messages = guardrails.enabled && !rounds.length ? customerMessagesOfTurn(context.history) : [];
    const said = messages.join('\n');
    const moderation = said && guardrails.moderationEnabled ? moderationEndpoint : null;
    // The turn log records the verdict of the turn's first model call, "no violation" included.
    const logVerdict = (verdict: TurnLogGuardrail) =>
      rounds.length ? Promise.resolve() : setting.logStarted.then(() => note(deps, ref, (r) => deps.turnLog.guardrail(r, verdict)));
    /** A violation's reply; "no violation" logged alongside the rest of the turn (note() never throws). */
    const outcome = async (found: FoundViolation | null, moderated?: ModerationCheck['status']): Promise<GeneratedReply | undefined> => {
      const decided = guardrailOutcome(guardrails, said, found, agent.assistanceEnabled);
      const log = moderated ? { ...decided.log, moderation: moderated } : decided.log;
      if (!decided.violation) {
        void logVerdict(log);
        return undefined;
      }
      await logVerdict(log);
      return { agentId, text: decided.text, guardrail: decided.verdict, seenMessageIds };
    };
    return {
      /** The lexicon's violation, before any model call. */
      async lexicon(): Promise<GeneratedReply | undefined> {
        const found = lexiconViolation(said, setting.allowedTerms);
        return found ? outcome(found) : undefined;
      },
      /** The evaluator's and the moderation endpoint's verdicts, begun alongside the agent's call. */
      async evaluate(): Promise<Judgement> {
        const [verdict, moderated] = await Promise.all([
          said && guardrails.rules.length
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
            : null,
          moderation ? moderate(moderation, messages, input.turnId) : undefined,
        ]);
        return moderated ? { verdict, moderation: moderated } : { verdict };
      },
      /** With the agent's answer: the moderation endpoint's or the evaluator's violation, else "no violation" logged. */
      conclude({ verdict, moderation: moderated }: Judgement): Promise<GeneratedReply | undefined> {
        const found = moderated?.status === 'flagged' ? moderated.found : verdict && ({ source: 'llm_guardrail', ...verdict } as const);
        return outcome(found, moderated?.status);
      },
    };
  }

  /**
   * The customer's messages judged by the moderation endpoint. Its failure (an error answer, a
   * time-out, an answer outside the protocol) must not stop the conversation: the turn goes on
   * without its verdict (fail-open), logged and counted (`platica_moderation_checks_total{outcome="failed"}`).
   */
  async function moderate(endpoint: ModerationEndpoint, messages: string[], turnId: string | undefined): Promise<ModerationCheck> {
    try {
      const finding = await endpoint.check(messages, Context.current().cancellationSignal);
      moderationChecks.inc({ outcome: finding ? 'flagged' : 'passed' });
      if (!finding) return { status: 'passed' };
      return { status: 'flagged', found: { source: 'openai', ruleIndex: null, matchedTerms: [], ...finding } };
    } catch (error) {
      moderationChecks.inc({ outcome: 'failed' });
      deps.logger.warn({ msg: 'the moderation endpoint failed: the turn goes on without its verdict', turnId, error: String(error) });
      return { status: 'failed' };
    }
  }

  return { forModelCall };
}
