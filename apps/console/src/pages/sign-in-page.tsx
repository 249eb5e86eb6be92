import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LanguagePicker } from './layout';
import { usePageTitle } from '../components/page-title';

/** Signing in happens on the authorization server's own page: this only explains and sends the browser there. */
export function SignInPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const returnTo = params.get('returnTo');
  const login = `/console/login${returnTo?.startsWith('/console/') ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`;
  const failure = params.get('signin');
  usePageTitle(t('signIn.title'));
  return (
    <main className="container signin">
      <header className="topbar">
        <strong>{t('app.title')}</strong>
        <LanguagePicker />
      </header>
      <article>
        <h1>{t('signIn.heading')}</h1>
        {params.has('expired') && <p role="alert">{t('signIn.expired')}</p>}
        {params.has('signedout') && <p role="status">{t('signIn.signedOut')}</p>}
        {failure && <p role="alert">{t('signIn.failed', { reason: failure })}</p>}
        <p>{t('signIn.lead')}</p>
        <a href={login} role="button">
          {t('signIn.button')}
        </a>
      </article>
    </main>
  );
}
