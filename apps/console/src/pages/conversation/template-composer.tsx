import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../forms/server-errors';
import { useSendTemplate, useTemplates } from './conversation-queries';
import type { ConversationDetail, MessageTemplate } from './types';

type TemplateFields = { params: string[]; file: string; buttons: string[] };

/** The `{{n}}` placeholders of a text, in order of n (as the API counts them). */
function placeholders(text: string | undefined): number[] {
  const found = new Set<number>();
  for (const match of (text ?? '').matchAll(/\{\{\s*(\d+)\s*\}\}/g)) found.add(Number(match[1]));
  return [...found].sort((a, b) => a - b);
}

/** The form fields a template asks for: its text header's placeholders then its body's, a media header's URL, URL buttons' suffixes. */
function fieldsOf(template: MessageTemplate) {
  const header = template.header?.type === 'text' ? placeholders(template.header.text).map((n) => ({ part: 'header' as const, n })) : [];
  const body = placeholders(template.body).map((n) => ({ part: 'body' as const, n }));
  const media = template.header && template.header.type !== 'text' ? template.header.type : null;
  const buttons = template.buttons.flatMap((button, index) =>
    button.type === 'url' && placeholders(button.url).length ? [{ index, button }] : [],
  );
  return { variables: [...header, ...body], media, buttons };
}

/** Picks one of the channel's approved templates and sends it (`POST /v1/messages/template`) with its parameters. */
export function TemplateComposer({ workspaceId, conversation }: { workspaceId: string; conversation: ConversationDetail }) {
  const { t } = useTranslation();
  const templates = useTemplates(workspaceId, conversation.channelId);
  const [chosenId, setChosenId] = useState('');
  const list = templates.data?.templates ?? [];
  const template = list.find((item) => item.id === chosenId) ?? list[0];

  if (templates.error) return <p role="alert">{t('common.error', { message: templates.error.message })}</p>;
  if (templates.isPending) return <p aria-busy="true">{t('common.loading')}</p>;
  if (!template) return <p>{t('conv.noTemplates')}</p>;
  return (
    <>
      <label>
        {t('conv.template')}
        <select value={template.id} onChange={(event) => setChosenId(event.target.value)}>
          {list.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name} ({item.language})
            </option>
          ))}
        </select>
      </label>
      <TemplateForm key={template.id} template={template} workspaceId={workspaceId} conversation={conversation} />
    </>
  );
}

function TemplateForm({
  template,
  workspaceId,
  conversation,
}: {
  template: MessageTemplate;
  workspaceId: string;
  conversation: ConversationDetail;
}) {
  const { t } = useTranslation();
  const { variables, media, buttons } = fieldsOf(template);
  const form = useForm<TemplateFields>({ defaultValues: { params: variables.map(() => ''), file: '', buttons: buttons.map(() => '') } });
  const send = useSendTemplate(workspaceId, conversation);
  const submit = ({ params, file, buttons: suffixes }: TemplateFields) =>
    send.mutate(
      {
        name: template.name,
        language: template.language,
        ...(params.length ? { params: params.map((p) => p.trim()) } : {}),
        ...(media ? { file: file.trim() } : {}),
        ...(buttons.length
          ? {
              buttons: buttons.map(({ index }, i) => ({
                index,
                sub_type: 'url' as const,
                parameters: [{ type: 'text', text: suffixes[i]!.trim() }],
              })),
            }
          : {}),
      },
      // A template Meta refused is stored as failed: the timeline shows it with why; the fields stay, to send it again from here.
      { onSuccess: () => form.reset() },
    );
  const errors = fieldErrors(send.error);
  const required = { required: t('conv.required'), validate: (v: string) => v.trim().length > 0 || t('conv.required') };
  return (
    <form onSubmit={(event) => void form.handleSubmit((fields) => submit(fields))(event)}>
      <blockquote>
        {template.header?.type === 'text' && <strong>{template.header.text}</strong>}
        {template.header && template.header.type !== 'text' && (
          <small>{t('conv.mediaHeader', { type: t(`conv.media.${template.header.type}`) })}</small>
        )}
        <p>{template.body}</p>
        {template.footer && <small>{template.footer}</small>}
      </blockquote>
      {media && (
        <label>
          {t('conv.headerMedia', { type: t(`conv.media.${media}`) })}
          <input
            type="url"
            placeholder="https://"
            aria-invalid={errors['template.file'] || form.formState.errors.file ? true : undefined}
            {...form.register('file', { ...required, validate: (v) => /^https?:\/\/\S+$/.test(v.trim()) || t('conv.urlOnly') })}
          />
          {(errors['template.file'] ?? form.formState.errors.file?.message) && (
            <small>{errors['template.file'] ?? form.formState.errors.file?.message}</small>
          )}
        </label>
      )}
      {variables.map(({ part, n }, i) => (
        <label key={`${part}${n}`}>
          {t(part === 'header' ? 'conv.headerVariable' : 'conv.bodyVariable', { n })}
          <input
            type="text"
            aria-invalid={form.formState.errors.params?.[i] ? true : undefined}
            {...form.register(`params.${i}`, required)}
          />
          {form.formState.errors.params?.[i] && <small>{form.formState.errors.params[i]?.message}</small>}
        </label>
      ))}
      {errors['template.params'] && <small>{errors['template.params']}</small>}
      {buttons.map(({ index, button }, i) => (
        <label key={index}>
          {t('conv.buttonSuffix', { text: button.text, url: button.url ?? '' })}
          <input type="text" {...form.register(`buttons.${i}`, required)} />
          {errors[`template.buttons.${i}.index`] && <small>{errors[`template.buttons.${i}.index`]}</small>}
        </label>
      ))}
      {send.error && <p role="alert">{t('common.error', { message: send.error.message })}</p>}
      <button type="submit" disabled={send.isPending}>
        {t('conv.sendTemplate')}
      </button>
    </form>
  );
}
