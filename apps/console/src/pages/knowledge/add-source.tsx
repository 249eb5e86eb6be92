import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../forms/server-errors';
import { fileAsBase64, useAddSource, type NewSource } from './knowledge-queries';
import { formatBytes } from './source-item';

type Kind = NewSource['kind'];
const KINDS: Kind[] = ['text', 'file', 'website'];
type Language = 'es' | 'en' | '';

/**
 * Adding a source, one kind at a time (radio buttons, then that kind's form): a text or Markdown
 * entry written here, a file read in the browser and sent base64, or a website (a page, a
 * sitemap, or a crawl within a page bound). The API's refusals are said beside the field they
 * name, or above the button (a file too large for the gateway, a type it does not read).
 */
export function AddSource({ workspaceId, baseId }: { workspaceId: string; baseId: string }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind>('text');
  const [added, setAdded] = useState('');
  const add = useAddSource(workspaceId, baseId);
  const submit = (body: NewSource, done: () => void) => {
    setAdded('');
    add.mutate(body, {
      onSuccess: ({ data: source }) => {
        setAdded(t('knowledge.added', { title: source.title }));
        done();
      },
    });
  };
  const choose = (next: Kind) => {
    setKind(next);
    add.reset();
  };
  const props = { submit, error: add.error, pending: add.isPending };
  return (
    <section aria-labelledby="add-source-heading">
      <h2 id="add-source-heading">{t('knowledge.addSource')}</h2>
      <fieldset className="actions">
        <legend>{t('knowledge.kindChoice')}</legend>
        {KINDS.map((value) => (
          <label key={value}>
            <input type="radio" name="source-kind" value={value} checked={kind === value} onChange={() => choose(value)} />
            {t(`knowledge.add.${value}`)}
          </label>
        ))}
      </fieldset>
      {kind === 'text' && <TextEntryForm {...props} />}
      {kind === 'file' && <FileForm {...props} />}
      {kind === 'website' && <WebsiteForm {...props} />}
      {added && <p role="status">{added}</p>}
    </section>
  );
}

interface FormProps {
  submit: (body: NewSource, done: () => void) => void;
  error: Error | null;
  pending: boolean;
}

/** A form of one kind: its fields, the language (the base's by default), the button and the API's refusal not tied to a field. */
function SourceForm({
  label,
  onSubmit,
  language,
  setLanguage,
  error,
  pending,
  fields,
  children,
}: {
  label: string;
  onSubmit: () => void;
  language: Language;
  setLanguage: (value: Language) => void;
  error: Error | null;
  pending: boolean;
  fields: string[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const errors = fieldErrors(error);
  const unplaced = error && !fields.some((field) => errors[field]);
  return (
    <form
      aria-label={label}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <label>
        {t('knowledge.language')}
        <select value={language} onChange={(e) => setLanguage(e.target.value as Language)}>
          <option value="">{t('knowledge.baseLanguage')}</option>
          <option value="es">{t('knowledge.lang.es')}</option>
          <option value="en">{t('knowledge.lang.en')}</option>
        </select>
      </label>
      <button type="submit" disabled={pending} aria-busy={pending}>
        {label}
      </button>
      {unplaced && <p role="alert">{t('knowledge.addFailed', { message: error.message })}</p>}
    </form>
  );
}

/** A field's label, its control and the API's message about it. */
function Field({ label, error, hint, children }: { label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <label>
      {label}
      {children}
      {error ? <small className="field-error">{error}</small> : hint && <small>{hint}</small>}
    </label>
  );
}

function TextEntryForm({ submit, error, pending }: FormProps) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [language, setLanguage] = useState<Language>('');
  const errors = fieldErrors(error);
  return (
    <SourceForm
      label={t('knowledge.addText')}
      fields={['title', 'text']}
      {...{ language, setLanguage, error, pending }}
      onSubmit={() =>
        submit({ kind: 'text', title, text, language: language || undefined }, () => {
          setTitle('');
          setText('');
        })
      }
    >
      <Field label={t('knowledge.entryTitle')} error={errors.title}>
        <input
          type="text"
          required
          maxLength={120}
          value={title}
          aria-invalid={errors.title ? true : undefined}
          onChange={(e) => setTitle(e.target.value)}
        />
      </Field>
      <Field label={t('knowledge.entryText')} error={errors.text} hint={t('knowledge.entryTextHint')}>
        <textarea rows={8} required value={text} aria-invalid={errors.text ? true : undefined} onChange={(e) => setText(e.target.value)} />
      </Field>
    </SourceForm>
  );
}

function FileForm({ submit, error, pending }: FormProps) {
  const { t, i18n } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [readError, setReadError] = useState('');
  const [language, setLanguage] = useState<Language>('');
  const errors = fieldErrors(error);
  const fileError = errors.contentBase64 ?? errors.fileName ?? readError;
  return (
    <SourceForm
      label={t('knowledge.upload')}
      fields={['contentBase64', 'fileName']}
      {...{ language, setLanguage, error, pending }}
      onSubmit={() => {
        if (!file) return;
        setReadError('');
        fileAsBase64(file).then(
          (contentBase64) =>
            submit({ kind: 'file', fileName: file.name, contentBase64, language: language || undefined }, () => {
              setFile(null);
              if (input.current) input.current.value = '';
            }),
          (failure: unknown) =>
            setReadError(t('knowledge.readFailed', { message: failure instanceof Error ? failure.message : String(failure) })),
        );
      }}
    >
      <Field
        label={t('knowledge.file')}
        error={fileError || undefined}
        hint={file ? t('knowledge.fileChosen', { name: file.name, size: formatBytes(file.size, i18n.language) }) : t('knowledge.fileHint')}
      >
        <input
          ref={input}
          type="file"
          required
          accept=".pdf,.docx,.html,.htm,.md,.markdown,.txt,application/pdf,text/html,text/markdown,text/plain"
          aria-invalid={fileError ? true : undefined}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </Field>
    </SourceForm>
  );
}

function WebsiteForm({ submit, error, pending }: FormProps) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [mode, setMode] = useState<'page' | 'sitemap' | 'crawl'>('page');
  const [maxPages, setMaxPages] = useState('50');
  const [recrawl, setRecrawl] = useState('');
  const [language, setLanguage] = useState<Language>('');
  const errors = fieldErrors(error);
  return (
    <SourceForm
      label={t('knowledge.addWebsite')}
      fields={['url', 'mode', 'maxPages', 'recrawlEveryHours']}
      {...{ language, setLanguage, error, pending }}
      onSubmit={() =>
        submit(
          {
            kind: 'website',
            url,
            mode,
            maxPages: Number(maxPages),
            recrawlEveryHours: recrawl ? Number(recrawl) : null,
            language: language || undefined,
          },
          () => setUrl(''),
        )
      }
    >
      <Field label={t('knowledge.url')} error={errors.url} hint={t('knowledge.urlHint')}>
        <input
          type="url"
          required
          maxLength={2000}
          value={url}
          aria-invalid={errors.url ? true : undefined}
          onChange={(e) => setUrl(e.target.value)}
        />
      </Field>
      <Field label={t('knowledge.mode')} error={errors.mode} hint={t(`knowledge.modeHint.${mode}`)}>
        <select value={mode} onChange={(e) => setMode(e.target.value as typeof mode)}>
          <option value="page">{t('knowledge.mode.page')}</option>
          <option value="sitemap">{t('knowledge.mode.sitemap')}</option>
          <option value="crawl">{t('knowledge.mode.crawl')}</option>
        </select>
      </Field>
      <Field label={t('knowledge.maxPages')} error={errors.maxPages} hint={t('knowledge.maxPagesHint')}>
        <input
          type="number"
          required
          min={1}
          max={1000}
          step={1}
          value={maxPages}
          aria-invalid={errors.maxPages ? true : undefined}
          onChange={(e) => setMaxPages(e.target.value)}
        />
      </Field>
      <Field label={t('knowledge.recrawlEvery')} error={errors.recrawlEveryHours} hint={t('knowledge.recrawlHint')}>
        <input
          type="number"
          min={1}
          max={2160}
          step={1}
          value={recrawl}
          aria-invalid={errors.recrawlEveryHours ? true : undefined}
          onChange={(e) => setRecrawl(e.target.value)}
        />
      </Field>
    </SourceForm>
  );
}
