import { useTranslation } from 'react-i18next';
import type { TurnLogEntry } from './types';

type ModelCall = TurnLogEntry['modelCalls'][number];

/** What the runtime did in one agent turn (docs/agents.md › Turn log): outcome, tool calls, delegations, guardrail, model calls. */
export function TurnDetails({ turn, agentNames }: { turn: TurnLogEntry; agentNames: Map<string, string> }) {
  const { t } = useTranslation();
  const guardrail = turn.guardrail;
  return (
    <div className="turn">
      <small className={turn.outcome === 'failed' ? 'failure-text' : undefined}>
        {t('conv.turn.outcome', { outcome: turn.outcome ? t(`conv.outcome.${turn.outcome}`) : t('conv.outcome.running') })}
        {turn.detail && <> · {turn.detail}</>}
        {guardrail?.status === 'violation' && (
          <> · {t('conv.turn.guardrail', { severity: guardrail.severity ?? '', categories: guardrail.categories.join(', ') })}</>
        )}
      </small>
      {(turn.toolCalls.length > 0 || turn.delegations.length > 0) && (
        <ul>
          {turn.toolCalls.map((call) => (
            <li key={call.toolCallId}>
              {t(call.outcome === 'ok' ? 'conv.turn.toolCall' : 'conv.turn.toolCallFailed', {
                name: call.name,
                ms: call.durationMs,
                error: call.error ?? '',
              })}
              {(call.arguments !== null || call.result !== null) && (
                <details className="tool-call">
                  <summary>{t('conv.turn.callDetails')}</summary>
                  {call.arguments !== null && (
                    <>
                      <small>{t('conv.turn.arguments')}</small>
                      <pre>{JSON.stringify(call.arguments, null, 2)}</pre>
                    </>
                  )}
                  {call.result !== null && (
                    <>
                      <small>{t('conv.turn.result')}</small>
                      <pre>{call.result}</pre>
                    </>
                  )}
                </details>
              )}
            </li>
          ))}
          {turn.delegations.map((delegation, index) => (
            <li key={`d${index}`}>
              {t(`conv.turn.delegation.${delegation.kind}`, {
                name:
                  delegation.subagentName ??
                  (delegation.subagentId ? (agentNames.get(delegation.subagentId) ?? delegation.subagentId) : ''),
                note: delegation.note,
              })}
            </li>
          ))}
        </ul>
      )}
      {turn.modelCalls.length > 0 && <ModelCalls calls={turn.modelCalls} />}
    </div>
  );
}

/**
 * The turn's model calls for whoever is on call: folded under a count (open when one failed),
 * one line each with its purpose, model, time, tokens and finish reason, a failure highlighted.
 */
function ModelCalls({ calls }: { calls: ModelCall[] }) {
  const { t } = useTranslation();
  const failed = calls.filter((call) => call.outcome === 'error').length;
  const reported = calls.filter((call) => call.inputTokens !== null || call.outputTokens !== null);
  const tokens = reported.reduce((sum, call) => sum + (call.inputTokens ?? 0) + (call.outputTokens ?? 0), 0);
  return (
    <details className="model-calls" open={failed > 0}>
      <summary>
        {t('conv.modelCalls.summary', { count: calls.length })}
        {failed > 0 && <> · {t('conv.modelCalls.failedCount', { count: failed })}</>}
        {reported.length > 0 && <> · {t('conv.modelCalls.tokens', { tokens })}</>}
      </summary>
      <ul>
        {calls.map((call) => (
          <li key={`${call.purpose}-${call.round}-${call.attempt}-${call.at}`} className={call.outcome === 'error' ? 'flagged' : undefined}>
            <ModelCallLine call={call} />
          </li>
        ))}
      </ul>
    </details>
  );
}

function ModelCallLine({ call }: { call: ModelCall }) {
  const { t } = useTranslation();
  const parts = [
    call.provider ? t('conv.modelCall.modelAt', { model: call.model, provider: call.provider }) : call.model,
    t('conv.modelCall.duration', { ms: call.durationMs }),
  ];
  if (call.outcome === 'ok') {
    parts.push(
      call.inputTokens !== null || call.outputTokens !== null
        ? t('conv.modelCall.usage', { input: call.inputTokens ?? '?', output: call.outputTokens ?? '?' })
        : t('conv.modelCall.noUsage'),
      t('conv.modelCall.finish', { reason: call.finishReason ?? '?' }),
    );
    if (call.toolCallCount > 0) parts.push(t('conv.modelCall.toolCalls', { count: call.toolCallCount }));
  }
  const error = call.error;
  return (
    <>
      <strong>
        {t(`conv.modelCall.purpose.${call.purpose}`)}
        {call.round !== null && <> · {t('conv.modelCall.round', { round: call.round })}</>}
        {call.attempt > 1 && <> · {t('conv.modelCall.attempt', { attempt: call.attempt })}</>}
      </strong>
      : {parts.join(' · ')}
      {error && (
        <>
          {' · '}
          {t('conv.modelCall.failed', {
            error: [error.status, error.code].filter((part) => part !== null).join(' ') || t('conv.modelCall.noStatus'),
            message: error.message,
          })}
        </>
      )}
    </>
  );
}
