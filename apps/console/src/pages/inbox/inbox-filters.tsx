import { useTranslation } from 'react-i18next';
import type { Schema } from '../../api/schema';
import { useUrlFilters } from '../../components/url-filters';
import { useAgents } from '../agent/agent-queries';
import { useIsAdmin } from '../shell/shell-queries';

type Conversation = Schema<'ConversationSummary'>;
export const STATUSES: Conversation['status'][] = ['initiated', 'active', 'finished', 'spam', 'expired'];
export const STATES: Conversation['state'][] = ['ai', 'waiting', 'human', 'closed'];

/** The URL's filters this form sets (the search and the views by assignee are set elsewhere). */
const FORM_FILTERS = ['channel', 'agent', 'status', 'state', 'tags', 'from', 'to', 'human'];

/** How many of the form's filters the URL sets: shown on the button that unfolds them. */
export function useActiveFilterCount(): number {
  const { has } = useUrlFilters();
  return FORM_FILTERS.filter((name) => has(name)).length;
}

/**
 * The inbox's filters, each the API's (GET /v1/conversations) and kept in the URL (useUrlFilters),
 * behind the inbox's Filters button (`id` is what it controls), so the list comes first.
 */
export function InboxFilters({ workspaceId, id, hidden }: { workspaceId: string; id: string; hidden: boolean }) {
  const { t } = useTranslation();
  const { filter, has, setFilter, clearFilters } = useUrlFilters();
  // The agent filter lists agents by name, which only an admin may read.
  const isAdmin = useIsAdmin(workspaceId);
  const agents = useAgents(workspaceId, isAdmin);
  const from = filter('from');
  const to = filter('to');
  return (
    <form id={id} hidden={hidden} className="filters" onSubmit={(event) => event.preventDefault()}>
      <label>
        {t('inbox.channel')}
        <input value={filter('channel')} onChange={(event) => setFilter('channel', event.target.value.trim())} />
      </label>
      {isAdmin && (
        <SelectFilter name="agent" label={t('inbox.agent')} options={(agents.data ?? []).map((agent) => [agent.id, agent.name])} />
      )}
      <SelectFilter name="status" label={t('inbox.status')} options={STATUSES.map((status) => [status, t(`status.${status}`)])} />
      <SelectFilter name="state" label={t('inbox.state')} options={STATES.map((value) => [value, t(`state.${value}`)])} />
      <label>
        {t('inbox.tags')}
        <input value={filter('tags')} onChange={(event) => setFilter('tags', event.target.value)} />
      </label>
      <label>
        {t('inbox.from')}
        <input type="date" value={from} onChange={(event) => setFilter('from', event.target.value)} />
      </label>
      <label>
        {t('inbox.to')}
        <input type="date" value={to} onChange={(event) => setFilter('to', event.target.value)} />
      </label>
      <label>
        <input
          type="checkbox"
          role="switch"
          checked={has('human')}
          onChange={(event) => setFilter('human', event.target.checked ? '1' : '')}
        />
        {t('inbox.needsHuman')}
      </label>
      <button type="button" className="secondary outline" onClick={clearFilters}>
        {t('inbox.clear')}
      </button>
    </form>
  );
}

/** One of the filters chosen from a list (`options`: value and words), "All" first: the URL's `name`. */
function SelectFilter({ name, label, options }: { name: string; label: string; options: [string, string][] }) {
  const { t } = useTranslation();
  const { filter, setFilter } = useUrlFilters();
  return (
    <label>
      {label}
      <select value={filter(name)} onChange={(event) => setFilter(name, event.target.value)}>
        <option value="">{t('common.all')}</option>
        {options.map(([value, words]) => (
          <option key={value} value={value}>
            {words}
          </option>
        ))}
      </select>
    </label>
  );
}
