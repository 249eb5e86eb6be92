import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api, data } from '../api/client';
import { useLiveUpdates } from '../api/live-updates';
import { Status } from './layout';

/**
 * One conversation and what a person does with it: take it over from the agent (operation
 * `assistance`), reply as a human, hand it back (`automatic`) and close it (status `finished`).
 */
export function ConversationPage() {
  const { t, i18n } = useTranslation();
  const { workspaceId = '', conversationId = '' } = useParams();
  const queryClient = useQueryClient();
  const scope = { query: { workspace: workspaceId } };
  const { refetchInterval } = useLiveUpdates(workspaceId);
  const conversation = useQuery({
    queryKey: ['conversation', workspaceId, conversationId],
    queryFn: () => data(api.GET('/v1/conversations/{id}', { params: { ...scope, path: { id: conversationId } } })),
    refetchInterval,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['conversation', workspaceId, conversationId] });
  const update = useMutation({
    mutationFn: (body: { status?: 'finished'; operation?: 'automatic' | 'assistance' }) =>
      data(api.PATCH('/v1/conversations/{id}', { params: { ...scope, path: { id: conversationId } }, body })),
    onSuccess: refresh,
  });
  const form = useForm<{ content: string }>({ defaultValues: { content: '' } });
  const current = conversation.data?.workspaces.flatMap((w) => w.conversations)[0];
  const reply = useMutation({
    mutationFn: (content: string) =>
      data(
        api.POST('/v1/messages', {
          params: scope,
          body: { channelId: current!.channelId, conversationId: current!.conversationId, content, type: 'text' },
        }),
      ),
    onSuccess: () => {
      form.reset();
      return refresh();
    },
  });
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const failure = update.error ?? reply.error;

  return (
    <>
      <p>
        <Link to={`/w/${workspaceId}/inbox`}>← {t('conversation.back')}</Link>
      </p>
      <Status loading={conversation.isPending} error={conversation.error} />
      {current && (
        <>
          <hgroup>
            <h1>{current.contactName ?? current.phoneNumber ?? current.conversationId}</h1>
            <p>
              {t(`status.${current.status}`)} · {current.platform} · {current.tags.join(', ')}
            </p>
          </hgroup>
          <p role="status">{current.operation === 'assistance' ? t('conversation.humanMode') : t('conversation.agentMode')}</p>
          <div className="actions">
            {current.operation === 'automatic' ? (
              <button type="button" disabled={update.isPending} onClick={() => update.mutate({ operation: 'assistance' })}>
                {t('conversation.takeOver')}
              </button>
            ) : (
              <button type="button" disabled={update.isPending} onClick={() => update.mutate({ operation: 'automatic' })}>
                {t('conversation.handBack')}
              </button>
            )}
            {current.status !== 'finished' && (
              <button type="button" className="secondary" disabled={update.isPending} onClick={() => update.mutate({ status: 'finished' })}>
                {t('conversation.close')}
              </button>
            )}
          </div>
          {failure && <p role="alert">{t('common.error', { message: failure.message })}</p>}
          <section aria-labelledby="messages-heading">
            <h2 id="messages-heading">{t('conversation.messages')}</h2>
            {current.messages.length === 0 && <p>{t('conversation.empty')}</p>}
            <ol className="messages">
              {current.messages.map((message) => (
                <li key={message.id} className={message.direction}>
                  <small>
                    {t(`conversation.role.${message.role}`)} · {dateTime.format(new Date(message.creationDate))}
                  </small>
                  <p>{message.content}</p>
                </li>
              ))}
            </ol>
          </section>
          <form onSubmit={(event) => void form.handleSubmit(({ content }) => reply.mutate(content))(event)}>
            <h2>{t('conversation.reply')}</h2>
            <label>
              {t('conversation.replyLabel')}
              <textarea rows={3} {...form.register('content', { required: true, validate: (v) => v.trim().length > 0 })} />
            </label>
            <button type="submit" disabled={reply.isPending}>
              {t('conversation.send')}
            </button>
          </form>
        </>
      )}
    </>
  );
}
