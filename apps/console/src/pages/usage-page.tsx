import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DailyChart, daysBetween } from '../components/daily-chart';
import { useUrlFilters } from '../components/url-filters';
import { Status } from './layout';
import { ModelCost } from './usage/model-cost';
import { useUsageActors, useUsageConversations } from './usage/usage-queries';
import { usePageTitle } from '../components/page-title';

const BREAKDOWNS = ['platform', 'agent', 'channel', 'tag'] as const;

/**
 * The workspace's usage (GET /v1/usage/conversations and /v1/usage/actors) over a chosen range
 * (the billing period by default) and breakdown, both in the URL: the conversations' summary
 * and autonomy rate, their daily series as a chart with its table, and the billable messages
 * by actor, and what models cost (GET /v1/usage/models). Every figure is the API's, shown as it answers.
 */
export function UsagePage() {
  const { t, i18n } = useTranslation();
  const { workspaceId = '' } = useParams();
  const { filter, setFilter } = useUrlFilters();
  const breakdown = BREAKDOWNS.find((name) => name === filter('breakdown')) ?? 'platform';
  const range = {
    workspace: workspaceId,
    ...(filter('from') ? { startDate: filter('from') } : {}),
    ...(filter('to') ? { endDate: filter('to') } : {}),
  };
  const conversations = useUsageConversations(range, breakdown);
  const actors = useUsageActors(range);
  const usage = conversations.data;
  const billable = actors.data;
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const day = (iso: string) => iso.slice(0, 10);

  usePageTitle(t('usage.heading'));
  return (
    <>
      <h1>{t('usage.heading')}</h1>
      <form className="filters" onSubmit={(event) => event.preventDefault()}>
        <label>
          {t('usage.from')}
          <input type="date" value={filter('from')} onChange={(event) => setFilter('from', event.target.value)} />
        </label>
        <label>
          {t('usage.to')}
          <input type="date" value={filter('to')} onChange={(event) => setFilter('to', event.target.value)} />
        </label>
        <label>
          {t('usage.breakdown')}
          <select value={breakdown} onChange={(event) => setFilter('breakdown', event.target.value)}>
            {BREAKDOWNS.map((name) => (
              <option key={name} value={name}>
                {t(`usage.breakdown.${name}`)}
              </option>
            ))}
          </select>
        </label>
      </form>
      <Status loading={conversations.isPending} error={conversations.error} />
      {usage && (
        <section aria-labelledby="usage-conversations-heading">
          <h2 id="usage-conversations-heading">{t('usage.conversations')}</h2>
          <p>
            <small>{t('usage.range', { start: day(usage.range.startDate), end: day(usage.range.endDate) })}</small>
          </p>
          <dl className="facts">
            <div>
              <dt>{t('usage.conversationCount')}</dt>
              <dd>{number.format(usage.summary.conversationCount)}</dd>
            </div>
            <div>
              <dt>{t('usage.assisted')}</dt>
              <dd>{number.format(usage.summary.assistedConversationCount)}</dd>
            </div>
            <div>
              <dt>{t('usage.assistanceRequests')}</dt>
              <dd>{number.format(usage.summary.assistanceRequestCount)}</dd>
            </div>
            <div>
              <dt>{t('usage.autonomyRate')}</dt>
              <dd>{number.format(usage.summary.autonomyRate)} %</dd>
            </div>
          </dl>
          <DailyChart
            title={t('usage.daily', { breakdown: t(`usage.breakdown.${breakdown}`) })}
            days={daysBetween(day(usage.range.startDate), day(usage.range.endDate))}
            points={usage.breakdown.series}
          />
        </section>
      )}
      <Status loading={actors.isPending} error={actors.error} />
      {billable && (
        <section aria-labelledby="usage-actors-heading">
          <h2 id="usage-actors-heading">{t('usage.billable')}</h2>
          <dl className="facts">
            <div>
              <dt>{t('usage.totalMessages')}</dt>
              <dd>{number.format(billable.summary.totalMessages)}</dd>
            </div>
            {billable.actorTypes.map((actor) => (
              <div key={actor.actorType}>
                <dt>{t(`usage.actor.${actor.actorType}`)}</dt>
                <dd>{number.format(actor.messages)}</dd>
              </div>
            ))}
          </dl>
          {billable.workspaceUsers.length > 0 && (
            <table aria-label={t('usage.byUser')}>
              <thead>
                <tr>
                  <th scope="col">{t('usage.user')}</th>
                  <th scope="col">{t('usage.messages')}</th>
                </tr>
              </thead>
              <tbody>
                {billable.workspaceUsers.map((user) => (
                  <tr key={user.userId}>
                    <td>{user.email ?? t('usage.formerUser')}</td>
                    <td>{number.format(user.messages)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
      <ModelCost
        workspaceId={workspaceId}
        range={{ ...(filter('from') ? { startDate: filter('from') } : {}), ...(filter('to') ? { endDate: filter('to') } : {}) }}
      />
    </>
  );
}
