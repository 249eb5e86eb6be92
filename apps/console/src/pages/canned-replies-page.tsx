import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { RequestBody } from '../api/schema';
import { ConfirmPrompt } from '../components/confirm-prompt';
import { usePageTitle } from '../components/page-title';
import { fieldErrors } from '../forms/server-errors';
import { Status } from './layout';
import { useCannedReplies, useRemoveCannedReply, useSaveCannedReply, type CannedReply } from './canned-replies/canned-reply-queries';
import { VARIABLE_NAMES } from './conversation/composer-text';

/** The form's fields: what POST /v1/canned-replies takes. */
type Fields = RequestBody<'canned_replies_create'>;

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
  const remove = useRemoveCannedReply(workspaceId);
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
                      onConfirm={() => remove.mutate(reply.id, { onSettled: () => setDeleting(null) })}
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
  const form = useForm<Fields>({ defaultValues: { shortcut: editing?.shortcut ?? '', text: editing?.text ?? '' } });
  const save = useSaveCannedReply(workspaceId, editing?.id);
  const done = () => {
    form.reset({ shortcut: '', text: '' });
    onDone();
  };
  const errors = fieldErrors(save.error);
  const issue = (name: keyof Fields) => errors[name] ?? form.formState.errors[name]?.message;
  return (
    <form className="canned-form" onSubmit={(event) => void form.handleSubmit((values) => save.mutate(values, { onSuccess: done }))(event)}>
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
