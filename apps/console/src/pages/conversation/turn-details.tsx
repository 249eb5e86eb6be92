import { useTranslation } from 'react-i18next';
import type { TurnLogEntry } from './types';

/** What the runtime did in one agent turn (docs/agents.md › Turn log): outcome, tool calls, delegations, guardrail. */
export function TurnDetails({ turn, agentNames }: { turn: TurnLogEntry; agentNames: Map<string, string> }) {
  const { t } = useTranslation();
  const guardrail = turn.guardrail;
  return (
    <div className="turn">
      <small>
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
    </div>
  );
}
