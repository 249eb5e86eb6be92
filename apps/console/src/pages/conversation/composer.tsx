import { useCallback, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShortcuts } from '../../components/shortcuts';
import { useDraftReply, useRecordDraftOutcome, useSendMessage, type MessageBody } from './conversation-queries';
import { ReplyDraftControls, type ReplyDraft } from './reply-draft';
import { focusWhenShown } from './failed-message';
import { storedMessageId } from './failure';
import { fieldErrors } from '../../forms/server-errors';
import { TemplateComposer } from './template-composer';
import { CannedSuggestions } from './canned-suggestions';
import { NoteForm } from './note-form';
import type { ConversationDetail } from './types';

const MEDIA_TYPES = ['image', 'video', 'audio', 'file'] as const;
type MediaType = (typeof MEDIA_TYPES)[number];
type Mode = 'text' | MediaType | 'template';

/**
 * Replying as a person (`POST /v1/messages`, so the API records the signed-in user as the
 * sender): text, media by URL, or on WhatsApp an approved template. Once WhatsApp's 24-hour
 * window is closed (`canSendDirectMessage: false`) only a template can go, and the composer
 * says so; Instagram and Messenger have no templates, so nothing can be sent then. Ctrl/Cmd+Enter
 * sends what the shown form holds; once sent, focus is back in the form's first field for the next reply.
 */
export function Composer({ workspaceId, conversation }: { workspaceId: string; conversation: ConversationDetail }) {
  const { t } = useTranslation();
  const whatsapp = conversation.platform === 'whatsapp';
  const windowOpen = conversation.canSendDirectMessage;
  const [chosen, setChosen] = useState<Mode>('text');
  const [target, setTarget] = useState<'reply' | 'note'>('reply');
  const mode: Mode = windowOpen ? chosen : 'template';
  const modes: Mode[] = ['text', ...MEDIA_TYPES, ...(whatsapp ? (['template'] as const) : [])];
  const section = useRef<HTMLElement>(null);
  useShortcuts({ 'Mod+Enter': () => section.current?.querySelector('form')?.requestSubmit() });

  return (
    <section ref={section} aria-labelledby="reply-heading" className="composer">
      {/* The Reply / Note choice says what the box is for: the heading is for screen readers, so the reply box stays in view at 900 px. */}
      <h2 id="reply-heading" className="visually-hidden">
        {t('conversation.reply')}
      </h2>
      <div className="composer-head">
        <fieldset className="actions composer-target">
          <legend className="visually-hidden">{t('notes.target')}</legend>
          {(['reply', 'note'] as const).map((value) => (
            <label key={value}>
              <input type="radio" name="composer-target" value={value} checked={target === value} onChange={() => setTarget(value)} />
              {t(`notes.target.${value}`)}
            </label>
          ))}
        </fieldset>
        {/* Not in the top bar, which a wider one would wrap onto a second line at 1280 px. */}
        <Link className="composer-link" to={`/w/${workspaceId}/canned-replies`}>
          {t('canned.manage')}
        </Link>
      </div>
      {target === 'note' && <NoteForm workspaceId={workspaceId} conversationId={conversation.id} />}
      {target === 'reply' && !windowOpen && (
        <p className="notice">{whatsapp ? t('conv.windowClosed') : t('conv.windowClosedNoTemplates')}</p>
      )}
      {target === 'reply' && windowOpen && (
        <fieldset className="actions">
          <legend>{t('conv.kindLabel')}</legend>
          {modes.map((m) => (
            <label key={m}>
              <input type="radio" name="composer-kind" value={m} checked={mode === m} onChange={() => setChosen(m)} />
              {t(`conv.kind.${m}`)}
            </label>
          ))}
        </fieldset>
      )}
      {target === 'reply' && mode === 'text' && <TextForm workspaceId={workspaceId} conversation={conversation} />}
      {target === 'reply' && mode !== 'text' && mode !== 'template' && (
        <MediaForm key={mode} type={mode} workspaceId={workspaceId} conversation={conversation} />
      )}
      {target === 'reply' && mode === 'template' && whatsapp && <TemplateComposer workspaceId={workspaceId} conversation={conversation} />}
    </section>
  );
}

/**
 * Sends from one of the forms: sent, `cleared` empties it and puts the focus back in it. A send
 * that did not reach the customer is stored as failed (the 502 names it): the timeline shows it
 * with why (and Retry on a text), and it takes the focus once shown; the form is done with it too.
 */
function useSend(workspaceId: string, conversation: ConversationDetail, cleared: () => void) {
  const send = useSendMessage(workspaceId, conversation);
  const submit = (body: MessageBody) =>
    send.mutate(body, {
      onSuccess: cleared,
      onError: (error) => {
        const stored = storedMessageId(error);
        if (!stored) return;
        focusWhenShown(stored);
        cleared();
      },
    });
  return { send, submit };
}

/** The API's answer, beside the form, unless it is a failed send the timeline shows. */
const unstoredError = (error: Error | null) => (error && !storedMessageId(error) ? error : null);

function TextForm({ workspaceId, conversation }: { workspaceId: string; conversation: ConversationDetail }) {
  const { t } = useTranslation();
  const form = useForm<{ content: string }>({ defaultValues: { content: '' } });
  const [draft, setDraft] = useState<ReplyDraft | null>(null);
  const drafting = useDraftReply(workspaceId, conversation.id);
  const outcome = useRecordDraftOutcome(workspaceId, conversation.id);
  const sentText = useRef('');
  const { send, submit } = useSend(workspaceId, conversation, () => {
    // A draft counts as used once a reply goes out with it: as drafted or edited, the API compares the texts.
    if (draft?.text) outcome.mutate({ draftId: draft.draftId, body: { used: true, sentText: sentText.current } });
    form.reset();
    setDraft(null);
    form.setFocus('content');
  });
  const errors = fieldErrors(send.error);
  const failure = unstoredError(send.error);
  const field = useRef<HTMLTextAreaElement | null>(null);
  const { ref, ...content } = form.register('content', { required: true, validate: (v) => v.trim().length > 0 });
  const insert = useCallback(
    (text: string, caret: number) => {
      // react-hook-form writes the field's value at once: the caret goes after the insert before another key is typed.
      form.setValue('content', text, { shouldDirty: true });
      field.current?.setSelectionRange(caret, caret);
    },
    [form],
  );
  const draftReply = () =>
    drafting.mutate(undefined, {
      onSuccess: (drafted) => {
        setDraft(drafted);
        if (drafted.text) insert(drafted.text, drafted.text.length);
        form.setFocus('content');
      },
    });
  const dropDraft = () => {
    if (draft) outcome.mutate({ draftId: draft.draftId, body: { used: false } });
    setDraft(null);
    form.reset();
    form.setFocus('content');
  };
  const sendText = ({ content }: { content: string }) => {
    sentText.current = content;
    submit({ type: 'text', content });
  };
  return (
    <form onSubmit={(event) => void form.handleSubmit(sendText)(event)}>
      <label>
        {t('conversation.replyLabel')}
        <textarea
          rows={2}
          aria-invalid={errors.content ? true : undefined}
          placeholder={t('canned.hint')}
          aria-describedby={errors.content ? 'reply-error' : undefined}
          ref={(element) => {
            ref(element);
            field.current = element;
          }}
          {...content}
        />
        {errors.content && <small id="reply-error">{errors.content}</small>}
      </label>
      <CannedSuggestions workspaceId={workspaceId} conversation={conversation} field={field} onInsert={insert} />
      <ReplyDraftControls draft={draft} pending={drafting.isPending} error={drafting.error} onDraft={draftReply} onDrop={dropDraft} />
      {failure && !errors.content && <p role="alert">{t('common.error', { message: failure.message })}</p>}
      <button type="submit" disabled={send.isPending}>
        {t('conversation.send')}
      </button>
    </form>
  );
}

type MediaFields = { url: string; caption: string; filename: string };

/** An image, video, audio or document by its public https URL; a caption except on audio (no channel carries one there). */
function MediaForm({ type, workspaceId, conversation }: { type: MediaType; workspaceId: string; conversation: ConversationDetail }) {
  const { t } = useTranslation();
  const form = useForm<MediaFields>({ defaultValues: { url: '', caption: '', filename: '' } });
  const { send, submit: sendMedia } = useSend(workspaceId, conversation, () => {
    form.reset();
    form.setFocus('url');
  });
  const errors = fieldErrors(send.error);
  const issue = (field: keyof MediaFields) => errors[`content.${type}.${field}`] ?? form.formState.errors[field]?.message;
  const submit = ({ url, caption, filename }: MediaFields) => {
    const media: Record<string, string> = { url: url.trim() };
    if (type !== 'audio' && caption.trim()) media.caption = caption.trim();
    if (type === 'file' && filename.trim()) media.filename = filename.trim();
    sendMedia({ type, content: { [type]: media } });
  };
  const known = Object.keys(errors).some((key) => key.startsWith(`content.${type}.`));
  const failure = unstoredError(send.error);
  return (
    <form onSubmit={(event) => void form.handleSubmit(submit)(event)}>
      <label>
        {t('conv.mediaUrl', { type: t(`conv.kind.${type}`) })}
        <input
          type="url"
          placeholder="https://"
          aria-invalid={issue('url') ? true : undefined}
          {...form.register('url', {
            required: t('conv.required'),
            validate: (v) => /^https:\/\/\S+$/.test(v.trim()) || t('conv.httpsOnly'),
          })}
        />
        {issue('url') && <small>{issue('url')}</small>}
      </label>
      {type !== 'audio' && (
        <label>
          {t('conv.caption')}
          <input type="text" aria-invalid={issue('caption') ? true : undefined} {...form.register('caption')} />
          {issue('caption') && <small>{issue('caption')}</small>}
        </label>
      )}
      {type === 'file' && (
        <label>
          {t('conv.filename')}
          <input type="text" {...form.register('filename')} />
        </label>
      )}
      {failure && !known && <p role="alert">{t('common.error', { message: failure.message })}</p>}
      <button type="submit" disabled={send.isPending}>
        {t('conv.sendMedia', { type: t(`conv.kind.${type}`) })}
      </button>
    </form>
  );
}
