import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../forms/server-errors';
import { useUpdateConversation } from './conversation-queries';
import type { ConversationDetail } from './types';

type Fields = { tags: string; owners: string };

/** A comma- or line-separated list, trimmed, without empty entries. */
const split = (text: string) =>
  text
    .split(/[,\n]/)
    .map((item) => item.trim())
    .filter(Boolean);

// The API's own checks (contracts: tags 1-100 characters, at most 50; owners emails of the workspace's users, at most 50).
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The conversation's tags and owners (`PATCH /v1/conversations/{id}`). What the browser can check
 * (lengths, email form) is checked before sending; whether an owner is a user of the workspace
 * only the API knows, and its 400 `details` show beside the field, naming the entry.
 */
export function TagsAndOwners({ workspaceId, conversation }: { workspaceId: string; conversation: ConversationDetail }) {
  const { t } = useTranslation();
  const form = useForm<Fields>({
    values: { tags: conversation.tags.join(', '), owners: conversation.owners.join(', ') },
    resetOptions: { keepDirtyValues: true },
  });
  // Saved, the form takes the conversation as read again (the mutation's refresh comes first).
  const save = useUpdateConversation(workspaceId, conversation.id);
  const apiErrors = fieldErrors(save.error);
  const issuesOf = (field: keyof Fields, values: string[]) =>
    Object.entries(apiErrors)
      .filter(([path]) => path === field || path.startsWith(`${field}.`))
      .map(([path, message]) => {
        const index = Number(path.split('.')[1]);
        return Number.isInteger(index) && values[index] !== undefined && !message.includes(values[index])
          ? `${values[index]}: ${message}`
          : message;
      });
  const sentTags = split(form.getValues('tags'));
  const sentOwners = split(form.getValues('owners'));
  const tagIssues = [form.formState.errors.tags?.message, ...issuesOf('tags', sentTags)].filter(Boolean);
  const ownerIssues = [form.formState.errors.owners?.message, ...issuesOf('owners', sentOwners)].filter(Boolean);

  return (
    <form
      onSubmit={(event) =>
        void form.handleSubmit(({ tags, owners }) =>
          save.mutate({ tags: split(tags), owners: split(owners) }, { onSuccess: () => form.reset() }),
        )(event)
      }
    >
      <h2>{t('conv.tagsAndOwners')}</h2>
      <div className="filters">
        <label>
          {t('conv.tags')}
          <input
            type="text"
            aria-invalid={tagIssues.length ? true : undefined}
            aria-describedby="conv-tags-help"
            {...form.register('tags', {
              validate: (v) => {
                const tags = split(v);
                if (tags.length > 50) return t('conv.tooMany', { max: 50 });
                const long = tags.find((tag) => tag.length > 100);
                return long ? t('conv.tagTooLong', { tag: long }) : true;
              },
            })}
          />
          {/* An error first: Pico colours the small right after an invalid field. */}
          {tagIssues.map((issue) => (
            <small key={issue}>{issue}</small>
          ))}
          <small id="conv-tags-help">{t('conv.commaSeparated')}</small>
        </label>
        <label>
          {t('conv.owners')}
          <input
            type="text"
            aria-invalid={ownerIssues.length ? true : undefined}
            aria-describedby="conv-owners-help"
            {...form.register('owners', {
              validate: (v) => {
                const owners = split(v);
                if (owners.length > 50) return t('conv.tooMany', { max: 50 });
                const bad = owners.find((owner) => !EMAIL.test(owner) || owner.length > 320);
                return bad ? t('conv.notAnEmail', { value: bad }) : true;
              },
            })}
          />
          {ownerIssues.map((issue) => (
            <small key={issue}>{issue}</small>
          ))}
          <small id="conv-owners-help">{t('conv.ownersHelp')}</small>
        </label>
      </div>
      {save.error && <p role="alert">{t('common.error', { message: save.error.message })}</p>}
      {save.isSuccess && !form.formState.isDirty && <p role="status">{t('common.saved')}</p>}
      <button type="submit" className="secondary" disabled={save.isPending}>
        {t('conv.saveTagsAndOwners')}
      </button>
    </form>
  );
}
