import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Answer } from '../../api/schema';
import { ConfirmPrompt } from '../../components/confirm-prompt';
import { usePageTitle } from '../../components/page-title';
import { Status } from '../layout';
import { useWorkspaces } from '../shell/shell-queries';
import { InviteForm } from './invite-form';
import { useCancelInvitation, useChangeRole, useRemoveMember, useTeam } from './team-queries';

type Member = Answer<'team_list'>['members'][number];
type Role = Member['role'];
const ROLES: Role[] = ['admin', 'agent'];

/**
 * The workspace's people (docs/team.md), an admin's page: invite a colleague (the link shown
 * once), change a role, remove someone (their sessions and keys end at once), cancel an invitation.
 */
export function TeamPage() {
  const { t, i18n } = useTranslation();
  const { workspaceId = '' } = useParams();
  const me = useWorkspaces().data?.user?.id;
  const team = useTeam(workspaceId);
  const [removing, setRemoving] = useState<Member | null>(null);
  const changeRole = useChangeRole(workspaceId);
  const remove = useRemoveMember(workspaceId);
  const cancel = useCancelInvitation(workspaceId);
  const failure = changeRole.error ?? remove.error ?? cancel.error;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  usePageTitle(t('team.heading'));
  return (
    <>
      <h1>{t('team.heading')}</h1>
      <Status loading={team.isPending} error={team.error} />
      {team.data && (
        <>
          <p>{t('team.lead')}</p>
          <InviteForm key={workspaceId} workspaceId={workspaceId} />
          {failure && <p role="alert">{t('common.error', { message: failure.message })}</p>}
          <section aria-labelledby="members-heading">
            <h2 id="members-heading">{t('team.members')}</h2>
            <div className="overflow-auto" tabIndex={0} role="group" aria-labelledby="members-heading">
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('team.name')}</th>
                    <th scope="col">{t('team.email')}</th>
                    <th scope="col">{t('team.role')}</th>
                    <th scope="col">{t('team.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {team.data.members.map((member) => (
                    <tr key={member.userId}>
                      <th scope="row">{member.name ?? member.email}</th>
                      <td>{member.email}</td>
                      <td>
                        <select
                          aria-label={t('team.roleOf', { name: member.name ?? member.email })}
                          value={member.role}
                          disabled={changeRole.isPending}
                          onChange={(event) => {
                            const role = ROLES.find((value) => value === event.target.value);
                            if (role) changeRole.mutate({ userId: member.userId, role });
                          }}
                        >
                          {ROLES.map((role) => (
                            <option key={role} value={role}>
                              {t(`keys.role.${role}`)}
                            </option>
                          ))}
                        </select>
                      </td>
                      <td>
                        {removing?.userId === member.userId ? (
                          <ConfirmPrompt
                            question={t('team.remove.confirm', { name: member.name ?? member.email })}
                            confirmLabel={t('team.remove')}
                            keepLabel={t('team.keep')}
                            pending={remove.isPending}
                            onConfirm={() => remove.mutate(member.userId, { onSuccess: () => setRemoving(null) })}
                            onKeep={() => setRemoving(null)}
                          />
                        ) : (
                          member.userId !== me && (
                            <button
                              type="button"
                              className="secondary"
                              aria-label={t('team.remove.label', { name: member.name ?? member.email })}
                              onClick={() => setRemoving(member)}
                            >
                              {t('team.remove')}
                            </button>
                          )
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <section aria-labelledby="invitations-heading">
            <h2 id="invitations-heading">{t('team.invitations')}</h2>
            {team.data.invitations.length === 0 && <p>{t('team.invitations.none')}</p>}
            <ul>
              {team.data.invitations.map((invitation) => (
                <li key={invitation.id}>
                  {t('team.invitation', {
                    email: invitation.email,
                    role: t(`keys.role.${invitation.role}`),
                    expires: date.format(new Date(invitation.expiresAt)),
                  })}{' '}
                  <button
                    type="button"
                    className="secondary outline"
                    aria-label={t('team.invitation.cancel.label', { email: invitation.email })}
                    disabled={cancel.isPending}
                    onClick={() => cancel.mutate(invitation.id)}
                  >
                    {t('team.invitation.cancel')}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </>
  );
}
