import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api, data } from '../api/client';
import { useCannedReplies, type CannedReply } from '../api/notes';
import type { operations } from '../api/openapi';
import { ConfirmPrompt } from '../components/confirm-prompt';
import { usePageTitle } from '../components/page-title';
import { fieldErrors } from '../forms/server-errors';
import { Status } from './layout';
import { VARIABLE_NAMES } from './conversation/composer-text';

/** The form's fields: what POST /v1/canned-replies takes. */
type Fields = operations['canned_replies_create']['requestBody']['content']['application/json'];

/**
 * The workspace's canned replies (docs/console.md › Canned replies): each shortcut with its text,
 * added, changed and deleted here (`/v1/canned-replies`); typed as `/shortcut` in a conversation's
 * reply box, with variables such as `{{contact.firstname}}` filled there.
 */
export function CannedRepliesPage() {
  const { t } = useTranslation();
  const { workspaceId = '' } = useParams();
  usePageTitle(t('canned.heading'));
  const replies = useCannedReplies(workspaceId);
  const [editing, setEditing] = useState<CannedReply | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['canned-replies', workspaceId] });
  const params = { query: { workspace: workspaceId } };
  const remove = useMutation({
    mutationFn: (id: string) => data(api.DELETE('/v1/canned-replies/{id}', { params: { ...params, path: { id } } })),
    onSettled: () => {
      setDeleting(null);
      return refresh();
    },
  });
  const rows = replies.data?.cannedReplies ?? [];
  return (
    <>
      <h1>{t('canned.heading')}</h1>
      <p>{t('canned.intro')}</p>
      <ReplyForm key={editing?.id ?? 'new'} workspaceId={workspaceId} editing={editing} onDone={() => setEditing(null)} />
      <Status loading={replies.isPending} error={replies.error ?? remove.error} />
      {replies.data && rows.length === 0 && <p>{t('canned.empty')}</p>}
      {rows.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('canned.shortcut')}</th>
              <th scope="col">{t('canned.text')}</th>
              <th scope="col">{t('canned.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((reply) => (
              <tr key={reply.id}>
                <td>/{reply.shortcut}</td>
                <td className="canned-text">{reply.text}</td>
                <td>
                  {deleting === reply.id ? (
                    <ConfirmPrompt
                      question={t('canned.deleteQuestion', { shortcut: reply.shortcut })}
                      confirmLabel={t('canned.delete')}
                      keepLabel={t('canned.keep')}
                      pending={remove.isPending}
                      onConfirm={() => remove.mutate(reply.id)}
                      onKeep={() => setDeleting(null)}
                    />
                  ) : (
                    <div className="actions">
                      <button type="button" className="secondary" onClick={() => setEditing(reply)}>
                        {t('canned.edit', { shortcut: reply.shortcut })}
                      </button>
                      <button type="button" className="secondary outline" onClick={() => setDeleting(reply.id)}>
                        {t('canned.deleteOne', { shortcut: reply.shortcut })}
                      </button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** A new canned reply, or the one being edited: the API's 400 and 409 shown beside the field they name. */
function ReplyForm({ workspaceId, editing, onDone }: { workspaceId: string; editing: CannedReply | null; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<Fields>({ defaultValues: { shortcut: editing?.shortcut ?? '', text: editing?.text ?? '' } });
  const params = { query: { workspace: workspaceId } };
  const save = useMutation({
    mutationFn: (body: Fields) =>
      editing
        ? data(api.PATCH('/v1/canned-replies/{id}', { params: { ...params, path: { id: editing.id } }, body }))
        : data(api.POST('/v1/canned-replies', { params, body })),
    onSuccess: async () => {
      form.reset({ shortcut: '', text: '' });
      onDone();
      await queryClient.invalidateQueries({ queryKey: ['canned-replies', workspaceId] });
    },
  });
  const errors = fieldErrors(save.error);
  const issue = (name: keyof Fields) => errors[name] ?? form.formState.errors[name]?.message;
  return (
    <form className="canned-form" onSubmit={(event) => void form.handleSubmit((values) => save.mutate(values))(event)}>
      <h2>{editing ? t('canned.editHeading', { shortcut: editing.shortcut }) : t('canned.addHeading')}</h2>
      <label>
        {t('canned.shortcut')}
        <input
          type="text"
          aria-invalid={issue('shortcut') ? true : undefined}
          {...form.register('shortcut', { required: t('conv.required') })}
        />
        {issue('shortcut') && <small>{issue('shortcut')}</small>}
      </label>
      <label>
        {t('canned.text')}
        <textarea
          rows={3}
          aria-invalid={issue('text') ? true : undefined}
          aria-describedby="canned-variables"
          {...form.register('text', { required: t('conv.required') })}
        />
        <small id="canned-variables">{issue('text') ?? t('canned.variables', { list: VARIABLE_NAMES.join(', ') })}</small>
      </label>
      {save.error && !errors.shortcut && !errors.text && <p role="alert">{t('common.error', { message: save.error.message })}</p>}
      <div className="actions">
        <button type="submit" disabled={save.isPending}>
          {editing ? t('canned.save') : t('canned.add')}
        </button>
        {editing && (
          <button type="button" className="secondary outline" onClick={onDone}>
            {t('canned.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
