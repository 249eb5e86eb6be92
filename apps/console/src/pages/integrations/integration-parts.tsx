import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { IntegrationInstallation } from './integrations-queries';

/** What a page that sent the browser here wants said (an installation removed). */
export interface IntegrationsNote {
  note?: string;
}

/**
 * The note the page that sent the browser here left, said once: taken out of the history entry,
 * so a reload (after authorizing in another tab) does not say it again, stale.
 */
export function useArrivalNote(): string | undefined {
  const location = useLocation();
  const navigate = useNavigate();
  const [note] = useState(() => (location.state as IntegrationsNote | null)?.note);
  useEffect(() => {
    if (location.state) void navigate(location.pathname, { replace: true, state: null });
  }, [location.pathname, location.state, navigate]);
  return note;
}

/** An installation's state in words, marked when it needs someone (an authorization) or is paused. */
export function InstallationStatusBadge({ status }: { status: IntegrationInstallation['status'] }) {
  const { t } = useTranslation();
  return <span className={`badge ${status === 'active' ? 'mcp-ok' : 'mcp-attention'}`}>{t(`integrations.status.${status}`)}</span>;
}
