import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { RequestBody } from '../../api/schema';
import { fieldIssuesOf } from '../../forms/server-errors';
import { useInviteColleague } from './team-queries';

type InviteBody = RequestBody<'team_invite'>;

/** Invites a colleague; the link the answer holds is shown here once (only in this form's state), to be handed over. */
export function InviteForm({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation();
  const form = useForm<InviteBody>({ defaultValues: { email: '', role: 'agent' } });
  const { errors } = form.formState;
  const [link, setLink] = useState<{ email: string; url: string } | null>(null);
  // The link is in the answer only: not kept in react-query's cache once done (team-queries.ts).
  const invite = useInviteColleague(workspaceId);
  const submit = form.handleSubmit((body) =>
    invite.mutate(
      { ...body, email: body.email.trim() },
      {
        onSuccess: (answer) => {
          form.reset();
          setLink({ email: answer.data.email, url: answer.data.invitationUrl });
        },
        onError: (error) => {
          for (const issue of fieldIssuesOf(error)) {
            if (issue.path[0] === 'email') form.setError('email', { message: issue.message });
          }
        },
      },
    ),
  );
  const unmapped = invite.error && fieldIssuesOf(invite.error).length === 0;

  return (
    <section aria-labelledby="invite-heading">
      <h2 id="invite-heading">{t('team.invite')}</h2>
      {link && (
        <article aria-labelledby="invite-link-heading">
          <h3 id="invite-link-heading">{t('team.link.heading', { email: link.email })}</h3>
          <p>
            <strong>{t('team.link.once')}</strong>
          </p>
          <label>
            {t('team.link.label')}
            <input readOnly value={link.url} onFocus={(event) => event.target.select()} />
          </label>
          <button type="button" className="secondary" onClick={() => setLink(null)}>
            {t('team.link.done')}
          </button>
        </article>
      )}
      <form noValidate onSubmit={(event) => void submit(event)}>
        <div className="grid">
          <div>
            <label htmlFor="invite-email">{t('team.email')}</label>
            <input
              id="invite-email"
              type="email"
              autoComplete="off"
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? 'invite-email-error' : undefined}
              {...form.register('email', { validate: (email) => /^\S+@\S+\.\S+$/.test(email.trim()) || t('team.error.email') })}
            />
            {errors.email && <small id="invite-email-error">{errors.email.message}</small>}
          </div>
          <div>
            <label htmlFor="invite-role">{t('team.role')}</label>
            <select id="invite-role" {...form.register('role')}>
              <option value="agent">{t('keys.role.agent')}</option>
              <option value="admin">{t('keys.role.admin')}</option>
            </select>
          </div>
        </div>
        <button type="submit" disabled={invite.isPending}>
          {t('team.invite.submit')}
        </button>
      </form>
      {unmapped && <p role="alert">{t('common.error', { message: invite.error.message })}</p>}
    </section>
  );
}
