import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';

/**
 * `/campaigns`: opens a campaign by its id. The API lists no campaigns (they are seeded through
 * the admin API, and `GET /v1/campaigns/{id}` is the only read), so a person arrives with the id.
 */
export function CampaignsPage() {
  const { t } = useTranslation();
  const { workspaceId = '' } = useParams();
  const navigate = useNavigate();
  const [lookup, setLookup] = useState('');
  const open = (event: FormEvent) => {
    event.preventDefault();
    const id = lookup.trim();
    if (id) void navigate(`/w/${workspaceId}/campaigns/${encodeURIComponent(id)}`);
  };
  return (
    <>
      <h1>{t('campaigns.heading')}</h1>
      <p>{t('campaigns.noList')}</p>
      <form role="search" onSubmit={open}>
        <label>
          {t('campaigns.lookup')}
          <input value={lookup} onChange={(event) => setLookup(event.target.value)} />
        </label>
        <button type="submit">{t('campaigns.open')}</button>
      </form>
    </>
  );
}
