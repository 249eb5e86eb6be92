import { useTranslation } from 'react-i18next';
import { Status } from '../layout';
import { useAgents } from '../agent/agent-queries';
import { useConnections, useModelUsage } from '../models/model-queries';

type Figures = { calls: number; inputTokens: number; outputTokens: number; costUsd: number; unpricedCalls: number };

/**
 * What customers' turns spent on models in the page's range (`GET /v1/usage/models`, docs/usage.md
 * › Model cost): totals, then tokens and money by day, agent and model. A call without a price is
 * said to be one, never shown as $0: a row of only such calls reads "no price", a mixed one its
 * priced cost and how many were not.
 */
export function ModelCost({ workspaceId, range }: { workspaceId: string; range: { startDate?: string; endDate?: string } }) {
  const { t, i18n } = useTranslation();
  const usage = useModelUsage({ workspace: workspaceId, ...range });
  const agents = useAgents(workspaceId);
  const connections = useConnections(workspaceId);
  const number = new Intl.NumberFormat(i18n.language);
  const usd = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD', maximumSignificantDigits: 6 });
  const agentName = (id: string | null) => (id ? (agents.data?.find((a) => a.id === id)?.name ?? id) : t('usage.modelNoAgent'));
  const connectionName = (id: string | null) =>
    id ? (connections.data?.find((c) => c.id === id)?.name ?? t('usage.modelFormerConnection')) : t('usage.modelInstallation');
  const cost = ({ calls, costUsd, unpricedCalls }: Figures) => {
    if (unpricedCalls > 0 && unpricedCalls === calls) return t('usage.modelUnpriced');
    if (unpricedCalls > 0) return t('usage.modelPartlyPriced', { cost: usd.format(costUsd), count: unpricedCalls });
    return usd.format(costUsd);
  };
  // The rows wait for the names of their agents and connections (a row never names the wrong one meanwhile).
  const models = agents.isPending || connections.isPending ? undefined : usage.data;

  return (
    <section aria-labelledby="usage-models-heading">
      <h2 id="usage-models-heading">{t('usage.models')}</h2>
      <Status loading={usage.isPending || !models} error={usage.error} />
      {models && (
        <>
          <p>
            <small>{t('usage.range', { start: models.range.startDate.slice(0, 10), end: models.range.endDate.slice(0, 10) })}</small>
          </p>
          <dl className="facts">
            <div>
              <dt>{t('usage.modelCalls')}</dt>
              <dd>{number.format(models.totals.calls)}</dd>
            </div>
            <div>
              <dt>{t('usage.inputTokens')}</dt>
              <dd>{number.format(models.totals.inputTokens)}</dd>
            </div>
            <div>
              <dt>{t('usage.outputTokens')}</dt>
              <dd>{number.format(models.totals.outputTokens)}</dd>
            </div>
            <div>
              <dt>{t('usage.modelCost')}</dt>
              <dd>{models.totals.calls === 0 ? usd.format(0) : cost(models.totals)}</dd>
            </div>
          </dl>
          {models.totals.unpricedCalls > 0 && <p>{t('usage.modelUnpricedNote', { count: models.totals.unpricedCalls })}</p>}
          {models.rows.length === 0 ? (
            <p>{t('usage.modelNone')}</p>
          ) : (
            // Focusable: a table wider than a phone scrolls by keyboard too.
            <div className="overflow-auto" tabIndex={0} role="group" aria-label={t('usage.modelTable')}>
              <table aria-label={t('usage.modelTable')}>
                <thead>
                  <tr>
                    <th scope="col">{t('usage.day')}</th>
                    <th scope="col">{t('usage.modelAgent')}</th>
                    <th scope="col">{t('usage.modelName')}</th>
                    <th scope="col">{t('usage.modelCalls')}</th>
                    <th scope="col">{t('usage.inputTokens')}</th>
                    <th scope="col">{t('usage.outputTokens')}</th>
                    <th scope="col">{t('usage.modelCost')}</th>
                  </tr>
                </thead>
                <tbody>
                  {models.rows.map((row) => (
                    <tr key={`${row.date}|${row.agentId}|${row.connectionId}|${row.model}`}>
                      <td>{row.date}</td>
                      <td>{agentName(row.agentId)}</td>
                      <td>
                        <code>{row.model}</code> <small>{connectionName(row.connectionId)}</small>
                      </td>
                      <td>{number.format(row.calls)}</td>
                      <td>{number.format(row.inputTokens)}</td>
                      <td>{number.format(row.outputTokens)}</td>
                      <td>{cost(row)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
